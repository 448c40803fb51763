package jobs

import (
	"context"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// Event is a business event another feature reacts to (a resident moved in, a
// caregiver was created). The feature where it happens enqueues it in the
// transaction of that write; the feature that reacts registers the one worker
// for it (Register[jobs.Event]) and looks at Type. Workers must be idempotent:
// River may deliver an event again after a crash or a failed attempt.
type Event struct {
	// Type says what happened; the task creation rules use the business types
	// of shared.TaskBusinessType (RESIDENT, CREATE_CAREGIVER, ...).
	Type      string `json:"type"`
	TenantID  string `json:"tenantId"`
	SubjectID string `json:"subjectId"` // the resident, caregiver, report ... it is about
	ActorID   string `json:"actorId"`   // the user whose action it was
}

// EventKind is Event's job kind.
const EventKind = "business_event"

// Kind is River's job kind.
func (Event) Kind() string { return EventKind }

// Announce enqueues a business event in tx, the transaction of the write that
// caused it: what a feature with events to tell takes (Queue.Announce is one).
type Announce func(ctx context.Context, tx *db.Tx, event shared.TaskBusinessType, tenantID, subjectID, actorID string) error

// Announce enqueues event as an Event in tx.
func (q *Queue) Announce(ctx context.Context, tx *db.Tx, event shared.TaskBusinessType, tenantID, subjectID, actorID string) error {
	return q.Enqueue(ctx, tx, Event{Type: string(event), TenantID: tenantID, SubjectID: subjectID, ActorID: actorID}, nil)
}
