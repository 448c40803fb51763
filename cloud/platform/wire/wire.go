// Package wire checks a feature's collaborators when the server is put
// together: a feature takes what it needs in a Deps struct, and its
// constructor refuses a Deps with a required collaborator missing, so a
// server wired without one does not start (server.New returns the error).
package wire

import (
	"fmt"
	"reflect"
	"strings"
)

// Check names the collaborators missing from deps, a struct (or a pointer
// to one) of a feature's constructor: every field of interface, pointer,
// func, map or channel kind that is nil, unless its name is in optional.
// An interface holding a nil pointer counts as missing. It returns nil
// when all are there, otherwise an error like
// "medication: missing collaborators Chart, Chat".
func Check(feature string, deps any, optional ...string) error {
	v := reflect.ValueOf(deps)
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return fmt.Errorf("%s: no Deps", feature)
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return fmt.Errorf("%s: Deps is a %s, not a struct", feature, v.Kind())
	}
	var missing []string
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() || contains(optional, f.Name) {
			continue
		}
		if isNil(v.Field(i)) {
			missing = append(missing, f.Name)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	return fmt.Errorf("%s: missing collaborators %s", feature, strings.Join(missing, ", "))
}

func isNil(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			return true
		}
		return isNil(v.Elem())
	case reflect.Pointer, reflect.Func, reflect.Map, reflect.Chan:
		return v.IsNil()
	}
	return false
}

func contains(names []string, name string) bool {
	for _, n := range names {
		if n == name {
			return true
		}
	}
	return false
}
