// Package audit writes the audit log: who changed what, when, in which
// facility, with the record before and after. Callers write it in the same
// transaction as the change so neither exists without the other.
package audit

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/db"
)

// Entry is one audit row.
type Entry struct {
	TenantID string // empty for platform-level changes
	ActorID  string // empty for the system or an anonymous caller
	Action   string // e.g. "password.change"
	Entity   string // e.g. "user"
	EntityID string
	Before   any
	After    any
}

// Write inserts e using q (normally the change's transaction).
func Write(ctx context.Context, q db.Querier, e Entry) error {
	id, err := uuid.NewV7()
	if err != nil {
		return fmt.Errorf("audit: entry id: %w", err)
	}
	before, err := marshal(e.Before)
	if err != nil {
		return err
	}
	after, err := marshal(e.After)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `INSERT INTO audit_log (id, tenant_id, actor_id, action, entity, entity_id, before_json, after_json, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		id.String(), nullable(e.TenantID), nullable(e.ActorID), e.Action, e.Entity, e.EntityID, before, after, time.Now().UnixMilli())
	if err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	return nil
}

func marshal(v any) (any, error) {
	if v == nil {
		return nil, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}
	return string(b), nil
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}
