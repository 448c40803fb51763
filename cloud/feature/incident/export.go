package incident

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/param"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// exportColumns are the export's columns: message keys of the header.
var exportColumns = []string{"number", "occurred", "discovered", "resident", "type", "state", "reportedBy", "submitted",
	"dshsReported", "dshsReference", "injuries", "description"}

// exportBatch is how many reports one query of an export reads.
const exportBatch = 100

// descriptionMax is how much of the narrative the export's short description
// keeps (the whole report is one print away).
const descriptionMax = 200

// Export is incidentReport/export (owners and admins): the reports the
// list's filters select, found in a period of the facility's days, as CSV in
// the caller's language, newest found first, named after the home and the
// period. It reads only. The rows are the list's (the same visibility: every
// submitted report and the caller's own drafts); none or more than the
// parameter report.printMaxRecords is refused (spec 001 §5), never cut short.
func (s *Service) Export(ctx context.Context, p *auth.Principal, q shared.IncidentExportQuery) (*web.File, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	loc, _, err := zone.Facility(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	from, to, err := web.ExportPeriod(q.StartDate, q.EndDate, loc)
	if err != nil {
		return nil, err
	}
	if id := strings.TrimSpace(q.ResidentID); id != "" {
		_, _, ok, err := s.store.Resident(ctx, s.db, p.TenantID, id)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, problem.Invalid("residentId", "ofFacility", "incident.residentUnknown", nil)
		}
		q.ResidentID = id
	}
	f := filter{tenantID: p.TenantID, viewerID: p.UserID, manager: true, IncidentFilter: shared.IncidentFilter{
		ResidentID: q.ResidentID, Type: q.Type, State: q.State, From: from, To: to}}
	_, total, err := s.store.List(ctx, s.db, f, 0, 0)
	if err != nil {
		return nil, err
	}
	max := int(s.params.Int(ctx, param.PrintMaxRecords))
	if err := web.CheckExportRows("endDate", int(total), max); err != nil {
		return nil, err
	}
	home, _, _, err := s.store.Facility(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	lang := msg.Language(ctx)
	t := func(key string) string { return msg.T(lang, key, nil) }
	at := func(ms int64) string {
		if ms <= 0 {
			return ""
		}
		return time.UnixMilli(ms).In(loc).Format("2006-01-02 15:04")
	}
	facility := t("incident.csv.facility")
	name := shared.ExportFileName("incidents", home, q.StartDate, q.EndDate)
	return web.CSVFile(name, func(w *web.CSV) error {
		head := make([]string, len(exportColumns))
		for i, c := range exportColumns {
			head[i] = t("incident.csv." + c)
		}
		if err := w.Row(head...); err != nil {
			return err
		}
		for written := 0; written < max; {
			rows, _, err := s.store.List(ctx, s.db, f, min(exportBatch, max-written), written)
			if err != nil {
				return err
			}
			for _, r := range rows {
				resident := r.ResidentName
				if r.ResidentID == "" {
					resident = facility
				}
				reported, reference := "", ""
				for _, d := range r.Duties {
					if d.Code == shared.DutyDSHSHotline && d.DoneAt > 0 {
						reported, reference = at(d.DoneAt), d.Reference
					}
				}
				if err := w.Row(r.ID, at(r.OccurredAt), at(r.DiscoveredAt), resident, t("incident.type."+string(r.Type)),
					t("incident.state."+string(r.State)), r.AuthorName, at(r.SubmittedAt), reported, reference,
					r.Body.Injuries, short(r.Body.Narrative)); err != nil {
					return err
				}
			}
			written += len(rows)
			if len(rows) < exportBatch {
				break
			}
		}
		return nil
	}), nil
}

// short is the first descriptionMax characters of a narrative on one line.
func short(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= descriptionMax {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:descriptionMax])) + "…"
}
