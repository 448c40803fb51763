package medication

import (
	"context"
	"strconv"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/jobs"
	"hearth/shared"
)

// The eMAR's periodic jobs (cloud/platform/jobs: one replica runs them, a
// failed run is retried a little and the next period runs anyway). Both are
// sweeps of what is due by the service's clock, idempotent: a missed or
// repeated run does no harm, and reads never depend on them (statuses come
// from the clock).
const (
	// HorizonEvery: each facility's new day gets its passes within the hour
	// after its midnight, a day before it is needed.
	HorizonEvery = time.Hour
	// WarnEvery: the overdue warnings go out within a minute of a pass's warning time.
	WarnEvery = time.Minute
	// warnBatch bounds the passes one warning run looks at.
	warnBatch = 500
)

// RegisterJobs makes the horizon and the warnings periodic jobs on q.
func (s *Service) RegisterJobs(q *jobs.Queue) {
	jobs.Periodic(q, "medication_extend_horizon", HorizonEvery, func(ctx context.Context) error {
		n, err := s.ExtendHorizon(ctx, s.now())
		if n > 0 {
			s.log.InfoContext(ctx, "medication horizon extended", "orders", n)
		}
		return err
	})
	jobs.Periodic(q, "medication_warn_overdue", WarnEvery, func(ctx context.Context) error {
		n, err := s.WarnOverdue(ctx, s.now())
		if n > 0 {
			s.log.InfoContext(ctx, "medication passes warned", "count", n)
		}
		return err
	})
	// PRN effect checks falling due, to the people on shift (prncheck.go).
	jobs.Periodic(q, "medication_prn_check_due", WarnEvery, func(ctx context.Context) error {
		_, err := s.AnnouncePrnChecks(ctx, s.now())
		return err
	})
}

// WarnOverdue tells the people on shift of each pass that becomes overdue
// in 30 minutes (spec 001 §9: due + 30 minutes, not logged, not on hold, of
// a resident who lives there), once: the pass is marked warned by a
// conditional UPDATE in the same transaction as its notifications, so of
// two runs at once (replicas, a retried job) one warns; the notification's
// dedupe key makes a retried notify harmless too. Each person told also
// reads it in their Hearth chat (chat.go), in the same transaction. When
// nobody of the facility is clocked in, its owners and admins are told instead. A pass
// whose warning time passed while no run came (it is overdue now) is not
// warned late: it is red, and counted. Returns how many passes were warned.
func (s *Service) WarnOverdue(ctx context.Context, now time.Time) (int, error) {
	ms := now.UnixMilli()
	due, err := s.store.ToWarn(ctx, s.db, ms-(window-warnLead), ms-window+1, warnBatch)
	if err != nil {
		return 0, err
	}
	warned := 0
	for start := 0; start < len(due); {
		end := start
		for end < len(due) && due[end].TenantID == due[start].TenantID {
			end++
		}
		n, err := s.warnFacility(ctx, due[start].TenantID, due[start:end], ms)
		warned += n
		if err != nil {
			return warned, err
		}
		start = end
	}
	return warned, nil
}

// warnFacility warns one facility's people of its passes.
func (s *Service) warnFacility(ctx context.Context, tenantID string, passes []toWarn, now int64) (int, error) {
	people, err := s.onShift.OnShift(ctx, tenantID)
	if err != nil {
		return 0, err
	}
	if len(people) == 0 {
		if people, err = s.store.Managers(ctx, s.db, tenantID); err != nil {
			return 0, err
		}
	}
	warned := 0
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		for _, w := range passes {
			ok, err := s.store.MarkWarned(ctx, tx, tenantID, w.ID, now)
			if err != nil {
				return err
			}
			if !ok {
				continue // another run warned of it
			}
			warned++
			err = s.notify.Notify(ctx, tx, tenantID, people, shared.NotificationDraft{
				Kind: shared.NotificationMedication, TitleKey: shared.NotifyMedicationOverdueSoonTitle,
				BodyKey: shared.NotifyMedicationOverdueSoonBody,
				Params:  map[string]string{"resident": w.ResidentName, "medication": w.MedName, "dueAt": strconv.FormatInt(w.DueAt, 10)},
				Link:    "/emars", DedupeKey: "medpass-overdue-soon:" + w.ID,
			})
			if err != nil {
				return err
			}
			if err := s.chatOverdueSoon(ctx, tx, tenantID, people, w, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return warned, nil
}
