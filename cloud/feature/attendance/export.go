package attendance

import (
	"context"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Export is caregiverClockInRecord/export (owners and admins): the attendance
// summary of a range as CSV, a row per caregiver and day worked and a total
// per caregiver, the header in the caller's language; named after the home
// and the period. The rows are the summary's (same rules, same range limit),
// streamed as they are written.
func (s *Service) Export(ctx context.Context, p *auth.Principal, q shared.AttendanceExportQuery) (*web.File, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	sum, err := s.Summary(ctx, p, shared.AttendanceSummaryRequest{StartDate: q.StartDate, EndDate: q.EndDate})
	if err != nil {
		return nil, err
	}
	var home string
	if err := s.db.QueryRowContext(ctx, `SELECT facility_name FROM tenants WHERE id = ?`, p.TenantID).Scan(&home); err != nil {
		return nil, db.NotFound("attendance: home name", err)
	}
	lang := msg.Language(ctx)
	name := shared.ExportFileName("attendance", home, sum.StartDate, sum.EndDate)
	return web.CSVFile(name, func(w *web.CSV) error {
		if err := w.Row(msg.T(lang, "attendance.csv.caregiver", nil), msg.T(lang, "attendance.csv.date", nil),
			msg.T(lang, "attendance.csv.hours", nil), msg.T(lang, "attendance.csv.open", nil)); err != nil {
			return err
		}
		total := msg.T(lang, "attendance.csv.total", nil)
		open := msg.T(lang, "attendance.csv.openYes", nil)
		for _, c := range sum.Caregivers {
			for _, d := range c.Days {
				if d.Minutes > 0 {
					if err := w.Row(c.CaregiverName, d.Date, shared.DecimalHours(d.Minutes), ""); err != nil {
						return err
					}
				}
			}
			flag := ""
			if c.OpenShift {
				flag = open
			}
			if err := w.Row(c.CaregiverName, total, shared.DecimalHours(c.TotalMinutes), flag); err != nil {
				return err
			}
		}
		return nil
	}), nil
}
