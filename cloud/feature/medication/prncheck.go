package medication

import (
	"context"
	"strconv"
	"time"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// PRN effect checks falling due (issue 34): when a PRN dose's effectiveness
// check is due (shared.PrnFollowUpMinutes after the dose) and not documented,
// the people on shift are told, in the app and so on their phones (Web Push
// repeats this notification). A sweep each minute (the warnings' job) over
// the checks that fell due in the last PrnCheckLate; the notification's
// dedupe key makes a second sweep, a retried job or another replica add nothing.
const (
	// PrnCheckLate: a check that fell due longer ago than this (the server was
	// down) is not announced late: it is yellow, then red, on the eMAR already.
	PrnCheckLate = 15 * time.Minute
)

// prnDue is one PRN dose whose check is due.
type prnDue struct {
	ID, TenantID, ResidentName, MedName string
	GivenAt, DueAt                      int64
}

// PrnChecksDue lists, across facilities, the PRN doses of residents who live
// there whose check fell due in (since, until] and is not documented.
func (Store) PrnChecksDue(ctx context.Context, q db.Querier, since, until int64, limit int) ([]prnDue, error) {
	rows, err := q.QueryContext(ctx, `SELECT p.id, p.tenant_id, r.first_name || ' ' || r.last_name, m.name, COALESCE(p.given_at, 0), p.follow_up_due
		FROM medication_passes p JOIN medications m ON m.id = p.medication_id JOIN residents r ON r.id = p.resident_id
		WHERE p.kind = 'PRN' AND p.follow_up_at IS NULL AND p.follow_up_due > ? AND p.follow_up_due <= ?
		AND r.status IN ('NORMAL', 'GOING_OUT')
		ORDER BY p.tenant_id, p.follow_up_due, p.id LIMIT ?`, since, until, limit)
	if err != nil {
		return nil, db.Wrap("medication: prn checks due", err)
	}
	defer rows.Close()
	var out []prnDue
	for rows.Next() {
		var w prnDue
		if err := rows.Scan(&w.ID, &w.TenantID, &w.ResidentName, &w.MedName, &w.GivenAt, &w.DueAt); err != nil {
			return nil, db.Wrap("medication: prn checks due", err)
		}
		out = append(out, w)
	}
	return out, db.Wrap("medication: prn checks due", rows.Err())
}

// AnnouncePrnChecks tells the people on shift of each PRN check that fell
// due by now (the facility's owners and admins when nobody is clocked in);
// answers how many checks it announced (again or not: Notify dedupes).
func (s *Service) AnnouncePrnChecks(ctx context.Context, now time.Time) (int, error) {
	ms := now.UnixMilli()
	due, err := s.store.PrnChecksDue(ctx, s.db, ms-PrnCheckLate.Milliseconds(), ms, warnBatch)
	if err != nil {
		return 0, err
	}
	n := 0
	for start := 0; start < len(due); {
		end := start
		for end < len(due) && due[end].TenantID == due[start].TenantID {
			end++
		}
		tenantID := due[start].TenantID
		people, err := s.onShift.OnShift(ctx, tenantID)
		if err != nil {
			return n, err
		}
		if len(people) == 0 {
			if people, err = s.store.Managers(ctx, s.db, tenantID); err != nil {
				return n, err
			}
		}
		err = s.db.InTx(ctx, func(tx *db.Tx) error {
			for _, w := range due[start:end] {
				err := s.notify.Notify(ctx, tx, tenantID, people, shared.NotificationDraft{
					Kind: shared.NotificationMedication, TitleKey: shared.NotifyPrnCheckDueTitle, BodyKey: shared.NotifyPrnCheckDueBody,
					Params: map[string]string{"resident": w.ResidentName, "medication": w.MedName,
						"givenAt": strconv.FormatInt(w.GivenAt, 10), "dueAt": strconv.FormatInt(w.DueAt, 10)},
					Link: "/emars", DedupeKey: "prn-check-due:" + w.ID,
				})
				if err != nil {
					return err
				}
				n++
			}
			return nil
		})
		if err != nil {
			return n, err
		}
		start = end
	}
	return n, nil
}
