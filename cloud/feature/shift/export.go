package shift

import (
	"context"
	"strconv"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// hoursColumns are the export's columns: message keys of the header.
var hoursColumns = []string{"caregiver", "scheduled", "scheduledSoFar", "worked", "difference", "shifts", "late", "early", "noShows", "unscheduled"}

// HoursExport is shiftHours/export: the scheduled versus worked report of a
// range as CSV, one row per caregiver and a total, the header in the caller's
// language; named after the home and the period. The rows are the report's
// (the same rules and range limit) and are streamed as they are written.
func (s *Service) HoursExport(ctx context.Context, p *auth.Principal, q shared.HoursExportQuery) (*web.File, error) {
	rep, err := s.Hours(ctx, p, shared.HoursReportRequest{StartDate: q.StartDate, EndDate: q.EndDate})
	if err != nil {
		return nil, err
	}
	home, err := s.store.HomeName(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	lang := msg.Language(ctx)
	hours := shared.DecimalHours
	return web.CSVFile(shared.ExportFileName("scheduled-vs-worked", home, rep.StartDate, rep.EndDate), func(w *web.CSV) error {
		head := make([]string, len(hoursColumns))
		for i, c := range hoursColumns {
			head[i] = msg.T(lang, "shift.csv."+c, nil)
		}
		if err := w.Row(head...); err != nil {
			return err
		}
		for _, c := range rep.Caregivers {
			if err := w.Row(c.Name, hours(c.ScheduledMinutes), hours(c.ScheduledSoFarMinutes), hours(c.WorkedMinutes),
				hours(c.DifferenceMinutes), strconv.Itoa(c.ScheduledShifts), strconv.Itoa(c.LateArrivals), strconv.Itoa(c.EarlyLeaves),
				strconv.Itoa(c.NoShows), hours(c.UnscheduledMinutes)); err != nil {
				return err
			}
		}
		return w.Row(msg.T(lang, "shift.csv.total", nil), hours(rep.TotalScheduled), hours(rep.TotalScheduledSoFar),
			hours(rep.TotalWorked), hours(rep.TotalWorked-rep.TotalScheduledSoFar), "", "", "", "", "")
	}), nil
}

// HomeName is the facility's name (export file names).
func (Store) HomeName(ctx context.Context, q db.Querier, tenantID string) (string, error) {
	var name string
	if err := q.QueryRowContext(ctx, `SELECT facility_name FROM tenants WHERE id = ?`, tenantID).Scan(&name); err != nil {
		return "", db.NotFound("shift: home name", err)
	}
	return name, nil
}
