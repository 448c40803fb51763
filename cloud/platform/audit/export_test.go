package audit

import "hearth/shared"

// ListSQL is the query of a page after the row at (at, id) (for the plan test).
func ListSQL(f shared.AuditLogFilter, at int64, id string, limit int) (string, []any) {
	return listSQL(f, nil, &cursor{at: at, id: id}, limit)
}
