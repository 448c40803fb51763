package audit

import (
	"context"
	"net/http"
	"time"

	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Routes mounts the audit log's reading calls under /api/system/auditLog (the
// super admin's). No call changes or removes a row (migration 00040's triggers
// refuse it in the database too).
func Routes(api *web.API, r *Reader) {
	op := func(method, path, summary string) web.Op {
		return web.Op{Service: web.System, Method: method, Path: "/auditLog" + path, Summary: summary, Access: web.SignedIn,
			Roles: shared.SuperAdmins, Function: web.AnyPlan}
	}
	web.Handle(api, op(http.MethodPost, "/list", "A page of the audit log, newest first, after the previous page's next (keyset paging)"),
		func(ctx context.Context, in *web.Body[shared.AuditLogPageRequest]) (*shared.AuditLogPage, error) {
			return r.Page(ctx, in.Body)
		})
	web.Handle(api, op(http.MethodGet, "/get", "One audit row with the record before and after"),
		func(ctx context.Context, in *shared.AuditLogIDQuery) (*shared.AuditLogEntry, error) {
			return r.Get(ctx, in.ID)
		})
	web.HandleFile(api, op(http.MethodGet, "/export", "The audit rows of a filter as CSV, newest first, streamed"),
		func(ctx context.Context, in *shared.AuditLogExportQuery) (*web.File, error) {
			f := shared.AuditLogFilter{TenantID: in.TenantID, UserID: in.UserID, Action: in.Action, Entity: in.Entity, EntityID: in.EntityID,
				From: in.From, To: in.To}
			name := "audit-log-" + time.Now().UTC().Format("20060102-150405") + ".csv"
			return web.CSVFile(name, func(w *web.CSV) error { return r.Export(ctx, w, f, 0) }), nil
		})
}
