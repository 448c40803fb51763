package task

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// DemoOccurrence is an occurrence of the demonstration data, offered to the
// seed's choice of who did it.
type DemoOccurrence struct {
	ResidentID, Title string
	Type              shared.TaskType
	Area              shared.CareArea
	Day               string
	DueStart, DueEnd  time.Time
}

// DemoCompletion is how a demo occurrence was done (At at or after its
// window's end makes it late, with LateReason).
type DemoCompletion struct {
	By         string
	At         time.Time
	Comment    string
	LateReason shared.LateReason
	Remark     string
}

// InsertDemo writes the demo tasks of a facility (cloud/feature/demo) in the
// seed's transaction, dated by now, through the checks of createTask: each
// began on its StartDate, which may be in the past as an older care plan's
// would. Occurrences are made from the day before yesterday to the horizon;
// done decides which of those that have opened by now were completed (nil:
// not done), and those whose window closed undone expire, so the task page
// shows a day in progress.
func InsertDemo(ctx context.Context, tx *db.Tx, tenantID, actorID string, reqs []shared.SaveTaskRequest, now time.Time,
	done func(DemoOccurrence) *DemoCompletion) error {
	s := &Service{log: slog.Default(), now: func() time.Time { return now }}
	f, err := s.facilityOf(ctx, tx, tenantID)
	if err != nil {
		return err
	}
	today := civil(now, f.loc)
	from := today.AddDate(0, 0, -2)
	for _, req := range reqs {
		start, _ := parseDate(req.StartDate)
		t, _, err := s.check(ctx, tx, tenantID, req, start, nil)
		if err != nil {
			return fmt.Errorf("demo task %q: %w", req.Title, err)
		}
		t.ID = uuid.Must(uuid.NewV7()).String()
		t.BusinessType, t.CreatedBy = shared.BusinessCarePlan, db.NullString(actorID)
		t.CreatedAt = at(start, 0, 0, f.loc).Add(-24 * time.Hour).UnixMilli()
		t.UpdatedAt = t.CreatedAt
		if err := s.store.InsertTask(ctx, tx, t); err != nil {
			return err
		}
		if !t.live() {
			continue
		}
		if err := s.materialize(ctx, tx, t, f, from, horizon(today), at(from, 1, 0, f.loc)); err != nil {
			return err
		}
		if err := s.store.SetGenerated(ctx, tx, t.ID, formatDate(horizon(today))); err != nil {
			return err
		}
	}
	recs, err := s.store.Records(ctx, tx, recordFilter{tenantID: tenantID, from: formatDate(from), to: formatDate(today)})
	if err != nil {
		return err
	}
	for _, r := range recs {
		if r.Status != shared.RecordPending || r.DueStart > now.UnixMilli() {
			continue
		}
		c := done(DemoOccurrence{ResidentID: r.ResidentID.String, Title: r.Title, Type: r.Type, Area: r.Area, Day: r.Day,
			DueStart: time.UnixMilli(r.DueStart), DueEnd: time.UnixMilli(r.DueEnd)})
		if c == nil || c.At.After(now) {
			continue
		}
		comp := completion{by: c.By, at: c.At.UnixMilli(), comment: c.Comment, remark: c.Remark}
		if comp.at >= r.DueEnd {
			comp.late, comp.lateReason = true, c.LateReason
		}
		if _, err := s.store.Complete(ctx, tx, tenantID, r.ID, comp); err != nil {
			return err
		}
	}
	for {
		n, err := s.store.ExpireBatch(ctx, tx, "", now.UnixMilli(), expireBatch) // the portable form: the demo is small
		if err != nil || n < expireBatch {
			return err
		}
	}
}
