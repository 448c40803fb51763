package tenant

// The hard purge of a deleted home (issue 30; docs/operations.md "Records
// kept, and for how long"). A home the super admin deleted keeps every row
// while the law keeps its records: a resident's for retention.residentYears
// after the resident left or died (WAC 388-76-10315(1)(f): 3 years), a staff
// member's personnel file for retention.personnelYears after the employment
// ended (employment plus 2 years). From the latest of those dates the super
// admin may purge it, typing the home's name: every row of the home in every
// tenant-scoped table goes in one transaction, then its stored files. Its
// audit rows stay (legal evidence no call deletes), a new one says who purged
// which home and how many rows each table lost, and the tenants row stays,
// marked purged_at, so the audit log still names the home and the purge is
// not done twice. People's accounts are not tenant rows: an account keeps its
// name and e-mail (the audit rows name it as an actor) but loses its
// membership of the home.

import (
	"context"
	"time"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/param"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// PurgedTables are the tables a purge empties of the home's rows, children
// before the parents their foreign keys name. list_versions and
// care_versions are last: the deletes of the others bump them through their
// triggers. Every table with a
// tenant_id column is here or in KeptTables; purge_test.go reads the database
// catalogue on both engines and fails when a new one is in neither.
var PurgedTables = []string{
	"verify_challenges", "sessions",
	"task_rule_firings", "task_records", "task_digests",
	"support_ticket_replies", "support_tickets",
	"shift_report_reads", "shift_reports", "shift_assignments", "shift_schedules", "shift_types",
	"resident_move_ins", "resident_files", "resident_contacts",
	"progress_note_reads", "progress_note_addenda", "progress_notes",
	"notifications", "push_subscriptions", "push_preferences",
	"medication_passes", "medication_disposal_changes", "medication_disposals", "tasks",
	"medication_changes", "medications", "medication_assistance",
	"kiosk_pin_verifiers", "incident_reports", "health_readings", "health_normal_ranges",
	"function_usage", "file_variants", "facility_routines", "clock_punches", "kiosk_devices",
	"chat_translations", "chat_message_hidden", "chat_messages", "chat_members", "chat_files", "chats",
	"smart_setup_jobs", "smart_setup_files", "smart_setup_groups", "smart_setup_batches",
	"facility_doc_analyses", "facility_doc_signatures", "facility_documents", "files",
	"caregiver_credentials", "caregivers", "caregiver_clocks",
	"care_records", "residents",
	"application_forms", "ai_usage", "ai_rate_windows",
	// The home's cards at Stripe and its billing contact: nothing is charged again.
	"payment_methods", "billing_accounts",
	"inspector_sessions", "inspector_codes", "inspector_links",
	"memberships",
	"list_versions", "care_versions",
}

// KeptTables have a tenant_id but keep the home's rows after a purge: the
// audit log is legal evidence, and no call deletes it; what the platform sold
// the home and charged it (plans, orders, charges, invoices, refunds) are the
// platform's own accounts, which a seller keeps for the tax years whatever
// becomes of the customer (the tenants row they name stays, marked purged).
var KeptTables = []string{"audit_log", "subscription_plans", "billing_orders", "charge_records", "invoices", "billing_refunds"}

// Problems of the purge.
var (
	ErrPurgeName  = problem.New(shared.CodeConflict, "tenant.purge.name")
	ErrPurgeEarly = problem.New(shared.CodeConflict, "tenant.purge.early")
)

// dayLayout names a day in a message (the same in every language).
const dayLayout = "2006-01-02"

// purgeFrom is when a home deleted at deletedAt may be purged: the latest of
// deletedAt, each resident's leaving (moved out or died; one still living
// there counts from deletedAt) plus residentYears, and each staff member's
// end of employment (removed, or deletedAt if still employed; a member with
// no staff profile, such as the owner, counts as employed) plus
// personnelYears. It is rounded up to the next 00:00 UTC, so the day a
// message names is the first on which the purge is allowed.
func purgeFrom(ctx context.Context, q db.Querier, tenantID string, deletedAt int64, residentYears, personnelYears int) (time.Time, error) {
	var residentEnd, staffEnd int64
	if err := q.QueryRowContext(ctx, `SELECT COALESCE(MAX(CASE WHEN status IN ('MOVED_OUT', 'DECEASED') THEN status_at ELSE ? END), 0)
		FROM residents WHERE tenant_id = ?`, deletedAt, tenantID).Scan(&residentEnd); err != nil {
		return time.Time{}, db.Wrap("tenant: residents' retention", err)
	}
	if err := q.QueryRowContext(ctx, `SELECT COALESCE(MAX(COALESCE(deleted_at, ?)), 0) FROM caregivers WHERE tenant_id = ?`,
		deletedAt, tenantID).Scan(&staffEnd); err != nil {
		return time.Time{}, db.Wrap("tenant: personnel retention", err)
	}
	var members int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM memberships m WHERE m.tenant_id = ?
		AND NOT EXISTS (SELECT 1 FROM caregivers c WHERE c.tenant_id = m.tenant_id AND c.user_id = m.user_id)`, tenantID).Scan(&members); err != nil {
		return time.Time{}, db.Wrap("tenant: personnel retention", err)
	}
	if members > 0 {
		staffEnd = max(staffEnd, deletedAt)
	}
	from := time.UnixMilli(deletedAt).UTC()
	if residentEnd > 0 {
		if t := time.UnixMilli(residentEnd).UTC().AddDate(residentYears, 0, 0); t.After(from) {
			from = t
		}
	}
	if staffEnd > 0 {
		if t := time.UnixMilli(staffEnd).UTC().AddDate(personnelYears, 0, 0); t.After(from) {
			from = t
		}
	}
	day := time.Date(from.Year(), from.Month(), from.Day(), 0, 0, 0, 0, time.UTC)
	if day.Before(from) {
		day = day.AddDate(0, 0, 1)
	}
	return day, nil
}

func (s *Service) years(ctx context.Context) (resident, personnel int) {
	return int(s.params.Int(ctx, param.ResidentYears)), int(s.params.Int(ctx, param.PersonnelYears))
}

// PurgeDate answers when a deleted home may be purged (the super admin's tenant page shows it).
func (s *Service) PurgeDate(ctx context.Context, p *auth.Principal, tenantID string) (*shared.TenantPurgeDate, error) {
	if !p.IsSuperAdmin() {
		return nil, problem.Forbidden
	}
	r, err := s.row(ctx, s.db, tenantID)
	if err != nil {
		return nil, err
	}
	ry, py := s.years(ctx)
	out := &shared.TenantPurgeDate{TenantID: r.TenantID, DeletedAt: r.DeletedAt, PurgedAt: r.PurgedAt, ResidentYears: ry, PersonnelYears: py}
	if r.DeletedAt == 0 || r.PurgedAt != 0 {
		return out, nil
	}
	from, err := purgeFrom(ctx, s.db, tenantID, r.DeletedAt, ry, py)
	if err != nil {
		return nil, err
	}
	out.PurgeFrom = from.UnixMilli()
	out.Allowed = !s.now().Before(from)
	return out, nil
}

// Purge removes a deleted home's rows and stored files for good, once the
// retention has passed; the confirmation must be the home's name exactly.
func (s *Service) Purge(ctx context.Context, p *auth.Principal, req shared.PurgeTenantRequest) (*shared.TenantPurgeResult, error) {
	if !p.IsSuperAdmin() {
		return nil, problem.Forbidden
	}
	ry, py := s.years(ctx)
	out := &shared.TenantPurgeResult{TenantID: req.TenantID, Rows: map[string]int64{}}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		r, err := s.row(ctx, tx, req.TenantID)
		if err != nil {
			return err
		}
		switch {
		case r.DeletedAt == 0:
			return ErrNotDeleted
		case r.PurgedAt != 0:
			return ErrPurged
		case req.ConfirmName != r.FacilityName:
			return ErrPurgeName
		}
		now := s.now()
		// The row is marked first: on PostgreSQL this locks it against a restore
		// or a second purge at the same time, which then answer ErrPurged.
		marked, err := db.Affected(tx.ExecContext(ctx, `UPDATE tenants SET purged_at = ?, updated_at = ? WHERE id = ? AND deleted_at IS NOT NULL AND purged_at IS NULL`,
			now.UnixMilli(), now.UnixMilli(), req.TenantID))
		if err != nil {
			return db.Wrap("tenant: mark purged", err)
		}
		if !marked {
			return ErrPurged
		}
		from, err := purgeFrom(ctx, tx, req.TenantID, r.DeletedAt, ry, py)
		if err != nil {
			return err
		}
		if now.Before(from) {
			return ErrPurgeEarly.With(map[string]any{"date": from.Format(dayLayout), "residentYears": ry, "personnelYears": py})
		}
		var total int64
		for _, table := range PurgedTables {
			res, err := tx.ExecContext(ctx, `DELETE FROM `+table+` WHERE tenant_id = ?`, req.TenantID)
			if err != nil {
				return db.Wrap("tenant: purge "+table, err)
			}
			n, err := res.RowsAffected()
			if err != nil {
				return db.Wrap("tenant: purge "+table, err)
			}
			if n > 0 {
				out.Rows[table] = n
				total += n
			}
		}
		out.FacilityName, out.PurgedAt = r.FacilityName, now.UnixMilli()
		return audit.Write(ctx, tx, audit.Entry{TenantID: req.TenantID, ActorID: p.UserID, Action: "tenant.purge", Entity: "tenant", EntityID: req.TenantID,
			Before: map[string]any{"facilityName": r.FacilityName, "businessLicense": r.LicenceNumber, "state": r.State, "deletedAt": r.DeletedAt},
			After: map[string]any{"purgedAt": out.PurgedAt, "purgeFrom": from.UnixMilli(), "residentYears": ry, "personnelYears": py,
				"rows": out.Rows, "totalRows": total}})
	})
	if err != nil {
		return nil, err
	}
	out.Files = s.removeFiles(ctx, req.TenantID)
	s.log.InfoContext(ctx, "tenant purged", "tenant_id", req.TenantID, "by", p.UserID, "rows", out.Rows, "files", out.Files)
	return out, nil
}

// removeFiles deletes the home's stored files (its folder of the file store:
// every file, resized copy and left-over upload) after the rows are gone. A
// file that cannot be deleted is logged and left: its row is gone, so nothing
// reaches it.
func (s *Service) removeFiles(ctx context.Context, tenantID string) int {
	ctx = context.WithoutCancel(ctx) // the rows are gone: finish even if the caller left
	keys, err := s.blobs.List(ctx, tenantID+"/")
	if err != nil {
		s.log.ErrorContext(ctx, "tenant purge: list stored files", "tenant_id", tenantID, "err", err)
		return 0
	}
	removed := 0
	for _, k := range keys {
		if err := s.blobs.Delete(ctx, k); err != nil {
			s.log.ErrorContext(ctx, "tenant purge: remove stored file", "tenant_id", tenantID, "key", k, "err", err)
			continue
		}
		removed++
	}
	return removed
}
