// Package people is the one lookup of who a user is, for every feature that
// shows or writes a person's name (a note's author, a chat sender, the
// caregiver who gave a dose). Accounts belong to iam; names are read here so
// that no feature queries the users table for them on its own.
package people

import (
	"context"
	"errors"
	"fmt"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// Person is what features show of a user.
type Person struct {
	ID       string
	Name     string
	Language shared.Language
}

// Name is a user's name, "" for an id no account has (a removed user's
// records still show, without a name).
func Name(ctx context.Context, q db.Querier, userID string) (string, error) {
	p, err := Get(ctx, q, userID)
	if errors.Is(err, db.ErrNotFound) {
		return "", nil
	}
	return p.Name, err
}

// Get is one user, db.ErrNotFound when no account has that id.
func Get(ctx context.Context, q db.Querier, userID string) (Person, error) {
	p := Person{ID: userID}
	err := q.QueryRowContext(ctx, `SELECT name, language FROM users WHERE id = ?`, userID).Scan(&p.Name, &p.Language)
	if err != nil {
		return Person{}, db.NotFound("people: get", err)
	}
	return p, nil
}

// Names maps each given user id that has an account to its name, in one
// query. Ids without an account are left out; duplicates and "" are fine.
func Names(ctx context.Context, q db.Querier, userIDs ...string) (map[string]string, error) {
	ids := make([]any, 0, len(userIDs))
	seen := make(map[string]bool, len(userIDs))
	for _, id := range userIDs {
		if id != "" && !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	out := make(map[string]string, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := q.QueryContext(ctx, `SELECT id, name FROM users WHERE id IN (`+db.Marks(len(ids))+`)`, ids...)
	if err != nil {
		return nil, fmt.Errorf("people: names: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, name string
		if err := rows.Scan(&id, &name); err != nil {
			return nil, fmt.Errorf("people: names: %w", err)
		}
		out[id] = name
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("people: names: %w", err)
	}
	return out, nil
}

// Fill sets a name on each row from the user id it holds, with one Names
// lookup for all the rows (a page of punches, tickets, kiosks).
func Fill[T any](ctx context.Context, q db.Querier, rows []T, id func(*T) string, set func(*T, string)) error {
	ids := make([]string, len(rows))
	for i := range rows {
		ids[i] = id(&rows[i])
	}
	names, err := Names(ctx, q, ids...)
	if err != nil {
		return err
	}
	for i := range rows {
		set(&rows[i], names[ids[i]])
	}
	return nil
}

// Facility is a home's name and licence number, for the letterhead of a printed report.
func Facility(ctx context.Context, q db.Querier, tenantID string) (name, licence string, err error) {
	err = q.QueryRowContext(ctx, `SELECT facility_name, licence_number FROM tenants WHERE id = ?`, tenantID).Scan(&name, &licence)
	return name, licence, db.NotFound("people: facility", err)
}
