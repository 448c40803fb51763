package resident

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/param"
	"hearth/cloud/platform/web"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// auditRecords are the resident's records whose audit rows name the record,
// not the resident: each entity (as the features write it) and the table that
// says whose record it is (by resident_id). Rows of entity "resident" name
// the resident themself (the profile, status changes, files, vital signs'
// ranges, medication assistance, cleared tasks).
var auditRecords = []struct{ entity, table string }{
	{"resident_contact", "resident_contacts"},
	{"medication", "medications"},
	{"medication_pass", "medication_passes"},
	{"medicationDisposal", "medication_disposals"},
	{"progress_note", "progress_notes"},
	{"care_record", "care_records"},
	{"task", "tasks"},
	{"task_record", "task_records"},
	{"incident_report", "incident_reports"},
}

// auditSubject is the audit rows about resident id of tenant: its own and its
// records' (every subquery scoped to the tenant).
func auditSubject(tenantID, id string) *audit.Subject {
	conds := []string{"(entity = 'resident' AND entity_id = ?)"}
	args := []any{id}
	for _, r := range auditRecords {
		conds = append(conds, "(entity = '"+r.entity+"' AND entity_id IN (SELECT id FROM "+r.table+" WHERE tenant_id = ? AND resident_id = ?))")
		args = append(args, tenantID, id)
	}
	return &audit.Subject{SQL: "(" + strings.Join(conds, " OR ") + ")", Args: args}
}

// auditColumns are the audit trail's columns: message keys of the header.
var auditColumns = []string{"time", "who", "action", "entity", "entityId", "changes"}

// AuditExport is resident/auditExport (owners and admins): the audit trail of
// one resident of the caller's facility in a period of the facility's days,
// as CSV in the caller's language, newest first, times in the facility's
// zone, named after the home, the resident and the period. The facility is
// the caller's token's: another home's resident is not found. None or more
// than the parameter report.printMaxRecords rows is refused (spec 001 §5).
func (s *Service) AuditExport(ctx context.Context, p *auth.Principal, q shared.ResidentAuditExportQuery) (*web.File, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	r, err := s.found(ctx, s.db, p, q.ResidentID)
	if err != nil {
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
	reader := audit.NewReader(s.db)
	f := shared.AuditLogFilter{TenantID: p.TenantID, From: from, To: to}
	subject := auditSubject(p.TenantID, r.ID)
	n, err := reader.Count(ctx, f, subject)
	if err != nil {
		return nil, fmt.Errorf("resident: audit trail: %w", err)
	}
	max := int(s.params.Int(ctx, param.PrintMaxRecords))
	if err := web.CheckExportRows("endDate", n, max); err != nil {
		return nil, err
	}
	var home string
	if err := s.db.QueryRowContext(ctx, `SELECT facility_name FROM tenants WHERE id = ?`, p.TenantID).Scan(&home); err != nil {
		return nil, fmt.Errorf("resident: home name: %w", err)
	}
	lang := msg.Language(ctx)
	head := make([]string, len(auditColumns))
	for i, c := range auditColumns {
		head[i] = msg.T(lang, "resident.auditCsv."+c, nil)
	}
	system, none := msg.T(lang, "resident.auditCsv.system", nil), msg.T(lang, "resident.auditCsv.none", nil)
	name := shared.ExportFileName("audit-trail", home+" "+r.FirstName+" "+r.LastName, q.StartDate, q.EndDate)
	return web.CSVFile(name, func(w *web.CSV) error {
		return reader.ExportAs(ctx, w, f, subject, max, head, func(e shared.AuditLogEntry) []string { //nolint:wrapcheck // audit says what failed
			who := e.ActorName
			if e.ActorID == "" {
				who = system
			}
			return []string{time.UnixMilli(e.CreateTime).In(loc).Format("2006-01-02 15:04:05"), who, e.Action, e.Entity, e.EntityID,
				changes(e.Before, e.After, none)}
		})
	}), nil
}

// changes says what a row changed, one "field: before → after" a line: the
// fields that differ when both sides are objects, else each side as it was
// written ("field: value" for a record made, "field: value → none" for one
// removed); none is the caller's word for no value.
func changes(before, after, none string) string {
	b, bok := object(before)
	a, aok := object(after)
	if !bok || !aok {
		switch {
		case before == "" && after == "":
			return ""
		case before == "":
			if aok {
				return fields(a, "")
			}
			return after
		case after == "":
			if bok {
				return fields(b, " → "+none)
			}
			return before + " → " + none
		}
		return before + " → " + after
	}
	keys := make([]string, 0, len(a)+len(b))
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	var lines []string
	for _, k := range keys {
		bv, av := value(b[k]), value(a[k])
		if bv != av {
			lines = append(lines, k+": "+orNone(bv, none)+" → "+orNone(av, none))
		}
	}
	return strings.Join(lines, "\n")
}

// object reads a JSON object (false for anything else, "" included).
func object(s string) (map[string]json.RawMessage, bool) {
	if s == "" {
		return nil, false
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(s), &m); err != nil || m == nil {
		return nil, false
	}
	return m, true
}

// fields lists an object's fields with a value, sorted, each followed by tail.
func fields(m map[string]json.RawMessage, tail string) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var lines []string
	for _, k := range keys {
		if v := value(m[k]); v != "" {
			lines = append(lines, k+": "+v+tail)
		}
	}
	return strings.Join(lines, "\n")
}

// value is a JSON value as a person reads it: a string without quotes, null
// and empty as nothing, anything else as written.
func value(raw json.RawMessage) string {
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s
	}
	switch string(raw) {
	case "[]", "{}", `""`:
		return ""
	}
	return string(raw)
}

func orNone(s, none string) string {
	if s == "" {
		return none
	}
	return s
}
