package core

import (
	"database/sql"
	"errors"
	"fmt"
)

// errNotFound: what was asked for is not kept on this computer. A local
// lookup answers it wrapped (notFound), never a nil row with a nil error;
// callers test errors.Is(err, errNotFound).
var errNotFound = errors.New("not found")

// wrap says what was being done when an error from outside (database/sql,
// encoding/json, net/http …) entered; nil stays nil.
func wrap(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", what, err)
}

// notFound is wrap(what, err), with sql.ErrNoRows turned into errNotFound.
func notFound(what string, err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%s: %w", what, errNotFound)
	}
	return wrap(what, err)
}
