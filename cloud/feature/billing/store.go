package billing

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// plan is a subscription_plans row.
type plan struct {
	ID, TenantID, PackageID, Name string
	PaidCents                     int64 // what the current term cost
	Currency                      string
	ExtraResidents                int
	StartAt, ExpireAt             int64
	Status                        shared.PlanStatus
	AutoRenewal                   bool
	NextPackageID, PromotionCode  string
	GraceUntil                    int64
}

const planColumns = `id, tenant_id, package_id, name, price_cents, currency, extra_residents, start_at, expire_at, status, auto_renewal,
	next_package_id, promotion_code, grace_until`

func scanPlan(sc interface{ Scan(...any) error }) (*plan, error) {
	var p plan
	err := sc.Scan(&p.ID, &p.TenantID, &p.PackageID, &p.Name, &p.PaidCents, &p.Currency, &p.ExtraResidents, &p.StartAt, &p.ExpireAt,
		&p.Status, &p.AutoRenewal, &p.NextPackageID, &p.PromotionCode, &p.GraceUntil)
	return &p, err //nolint:wrapcheck // the callers wrap
}

// currentPlan is the home's active plan, nil when it has none of its own
// (the package the super admin gave it, or the free default).
func currentPlan(ctx context.Context, q db.Querier, tenantID string) (*plan, error) {
	p, err := scanPlan(q.QueryRowContext(ctx, `SELECT `+planColumns+` FROM subscription_plans
		WHERE tenant_id = ? AND status = 'active' ORDER BY start_at DESC LIMIT 1`, tenantID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return p, db.Wrap("billing: current plan", err)
}

// home is what billing needs of a home.
type home struct {
	name, packageID       string
	plan                  shared.Plan
	residents, caregivers int
	lockedAt              int64
}

func homeOf(ctx context.Context, q db.Querier, tenantID string) (*home, error) {
	var h home
	var pkg, plan sql.NullString
	err := q.QueryRowContext(ctx, `SELECT t.facility_name, t.package_id, t.subscription_plan, t.billing_locked_at,
		(SELECT COUNT(*) FROM residents r WHERE r.tenant_id = t.id AND r.status IN (?, ?)),
		(SELECT COUNT(*) FROM caregivers c JOIN memberships m ON m.tenant_id = c.tenant_id AND m.user_id = c.user_id
			WHERE c.tenant_id = t.id AND c.deleted_at IS NULL AND m.role = ?)
		FROM tenants t WHERE t.id = ? AND t.deleted_at IS NULL`, string(shared.ResidentNormal), string(shared.ResidentGoingOut),
		string(shared.RoleCaregiverStaff), tenantID).Scan(&h.name, &pkg, &plan, &h.lockedAt, &h.residents, &h.caregivers)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNoTenant
	}
	h.packageID, h.plan = pkg.String, shared.Plan(plan.String)
	return &h, db.Wrap("billing: home", err)
}

// getPackage reads a service package (cloud/feature/svcpkg's table).
func getPackage(ctx context.Context, q db.Querier, id string) (*shared.ServicePackage, error) {
	var p shared.ServicePackage
	err := q.QueryRowContext(ctx, `SELECT id, name, role, price_cents, validity_period, validity_unit, currency, description, status,
		max_residents, max_caregivers, max_incident_reports, max_shift_reports, extra_resident_quantity, max_upload_files, max_file_mb,
		max_total_file_mb, updated_at FROM service_packages WHERE id = ?`, id).Scan(&p.ID, &p.Name, &p.Role, &p.PriceCents, &p.ValidityPeriod,
		&p.ValidityUnit, &p.Currency, &p.Description, &p.Status, &p.Limits.MaxResidents, &p.Limits.MaxCaregivers, &p.Limits.MaxIncidentReports,
		&p.Limits.MaxShiftReports, &p.Limits.ExtraResidentQuantity, &p.Limits.MaxUploadFiles, &p.Limits.MaxFileMB, &p.Limits.MaxTotalFileMB, &p.UpdateTime)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNoPackage
	}
	if err != nil {
		return nil, db.Wrap("billing: package", err)
	}
	return &p, nil
}

// order is a billing_orders row.
type order struct {
	shared.BillingOrder
	StripeInvoiceID string
}

const orderColumns = `o.id, o.order_no, o.tenant_id, t.facility_name, o.plan_id, o.package_id, COALESCE(p.name, ''), o.business_type, o.status,
	o.payment_type, o.payment_method, o.periods, o.extra_residents, o.subtotal_cents, o.credit_cents, o.discount_cents, o.total_cents,
	o.currency, o.promotion_code, COALESCE(u.name, ''), o.created_at, o.paid_at, o.stripe_invoice_id, o.refunded_cents,
	COALESCE((SELECT r.amount_cents FROM billing_refunds r WHERE r.order_id = o.id AND r.status <> 'failed' ORDER BY r.created_at DESC, r.id DESC LIMIT 1), 0),
	COALESCE((SELECT r.reason FROM billing_refunds r WHERE r.order_id = o.id AND r.status <> 'failed' ORDER BY r.created_at DESC, r.id DESC LIMIT 1), '')
	FROM billing_orders o JOIN tenants t ON t.id = o.tenant_id LEFT JOIN service_packages p ON p.id = o.package_id
	LEFT JOIN users u ON u.id = o.created_by`

func scanOrder(sc interface{ Scan(...any) error }) (*order, error) {
	var o order
	b := &o.BillingOrder
	err := sc.Scan(&b.ID, &b.OrderNo, &b.TenantID, &b.FacilityName, &b.PlanID, &b.PackageID, &b.PackageName, &b.Business, &b.Status,
		&b.PaymentType, &b.PaymentMethod, &b.Periods, &b.ExtraResidents, &b.SubtotalCents, &b.CreditCents, &b.DiscountCents, &b.TotalCents,
		&b.Currency, &b.PromotionCode, &b.Creator, &b.CreateTime, &b.PaymentTime, &o.StripeInvoiceID, &b.RefundedCents, &b.RefundCents,
		&b.RefundReason)
	return &o, err //nolint:wrapcheck // the callers wrap
}

// getOrder reads an order; tenantID "" reads any home's (the super admin).
func getOrder(ctx context.Context, q db.Querier, tenantID, id string) (*order, error) {
	query, args := `SELECT `+orderColumns+` WHERE o.id = ?`, []any{id}
	if tenantID != "" {
		query, args = query+` AND o.tenant_id = ?`, append(args, tenantID)
	}
	o, err := scanOrder(q.QueryRowContext(ctx, query, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, problem.NotFound
	}
	return o, db.Wrap("billing: order", err)
}

// pendingOrder is the home's order waiting for payment, nil when none.
func pendingOrder(ctx context.Context, q db.Querier, tenantID string) (*order, error) {
	o, err := scanOrder(q.QueryRowContext(ctx, `SELECT `+orderColumns+` WHERE o.tenant_id = ? AND o.status = ?
		ORDER BY o.created_at DESC LIMIT 1`, tenantID, string(shared.OrderPendingPayment)))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return o, db.Wrap("billing: pending order", err)
}

// where builds a filter's WHERE clause over the orders or charges (alias a).
func where(alias, tenantID string, f shared.BillingFilter) (string, []any) {
	var conds []string
	var args []any
	if tenantID != "" {
		conds, args = append(conds, alias+".tenant_id = ?"), append(args, tenantID)
	} else if f.TenantID != "" {
		conds, args = append(conds, alias+".tenant_id = ?"), append(args, f.TenantID)
	}
	if f.Status != "" {
		conds, args = append(conds, alias+".status = ?"), append(args, f.Status)
	}
	if len(conds) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

// listOrders is a page of orders, the newest first.
func listOrders(ctx context.Context, q db.Querier, tenantID string, f shared.BillingFilter, size, offset int) ([]shared.BillingOrder, int64, error) {
	w, args := where("o", tenantID, f)
	var total int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM billing_orders o`+w, args...).Scan(&total); err != nil {
		return nil, 0, db.Wrap("billing: count orders", err)
	}
	rows, err := q.QueryContext(ctx, `SELECT `+orderColumns+w+` ORDER BY o.created_at DESC, o.order_no DESC LIMIT ? OFFSET ?`,
		append(args, size, offset)...)
	if err != nil {
		return nil, 0, db.Wrap("billing: orders", err)
	}
	defer rows.Close()
	out := []shared.BillingOrder{}
	for rows.Next() {
		o, err := scanOrder(rows)
		if err != nil {
			return nil, 0, db.Wrap("billing: orders", err)
		}
		out = append(out, o.BillingOrder)
	}
	return out, total, db.Wrap("billing: orders", rows.Err())
}

// listCharges is a page of charge records, the newest first.
func listCharges(ctx context.Context, q db.Querier, tenantID string, f shared.BillingFilter, size, offset int) ([]shared.ChargeRecord, int64, error) {
	w, args := where("c", tenantID, f)
	var total int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM charge_records c`+w, args...).Scan(&total); err != nil {
		return nil, 0, db.Wrap("billing: count charges", err)
	}
	rows, err := q.QueryContext(ctx, `SELECT c.id, c.tenant_id, t.facility_name, c.order_id, o.order_no, c.plan_id, c.amount_cents, c.currency,
		c.status, c.card_type, c.payment_method_id, c.remark, COALESCE(u.name, ''), c.payment_time, o.status, o.total_cents
		FROM charge_records c JOIN tenants t ON t.id = c.tenant_id JOIN billing_orders o ON o.id = c.order_id
		LEFT JOIN users u ON u.id = c.created_by`+w+` ORDER BY c.created_at DESC, c.id DESC LIMIT ? OFFSET ?`, append(args, size, offset)...)
	if err != nil {
		return nil, 0, db.Wrap("billing: charges", err)
	}
	defer rows.Close()
	out := []shared.ChargeRecord{}
	for rows.Next() {
		var c shared.ChargeRecord
		if err := rows.Scan(&c.ID, &c.TenantID, &c.FacilityName, &c.OrderID, &c.OrderNo, &c.PlanID, &c.AmountCents, &c.Currency, &c.Status,
			&c.CardType, &c.PaymentMethodID, &c.Remark, &c.Creator, &c.PaymentTime, &c.OrderStatus, &c.OrderTotalCents); err != nil {
			return nil, 0, db.Wrap("billing: charges", err)
		}
		out = append(out, c)
	}
	return out, total, db.Wrap("billing: charges", rows.Err())
}

// listInvoices is the home's invoices, the newest first.
func listInvoices(ctx context.Context, q db.Querier, tenantID string, size, offset int) ([]shared.Invoice, int64, error) {
	var total int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM invoices WHERE tenant_id = ?`, tenantID).Scan(&total); err != nil {
		return nil, 0, db.Wrap("billing: count invoices", err)
	}
	rows, err := q.QueryContext(ctx, `SELECT id, order_id, number, amount_due, amount_paid, currency, status, customer_name, hosted_url, pdf_url,
		created_at FROM invoices WHERE tenant_id = ? ORDER BY created_at DESC, number DESC LIMIT ? OFFSET ?`, tenantID, size, offset)
	if err != nil {
		return nil, 0, db.Wrap("billing: invoices", err)
	}
	defer rows.Close()
	out := []shared.Invoice{}
	for rows.Next() {
		var i shared.Invoice
		if err := rows.Scan(&i.ID, &i.OrderID, &i.Number, &i.AmountDue, &i.AmountPaid, &i.Currency, &i.Status, &i.CustomerName, &i.HostedURL,
			&i.PDFURL, &i.CreateTime); err != nil {
			return nil, 0, db.Wrap("billing: invoices", err)
		}
		out = append(out, i)
	}
	return out, total, db.Wrap("billing: invoices", rows.Err())
}

// promoRow is a promotion_codes row.
type promoRow struct {
	shared.PromotionCode
	validFrom, validTo int64
	couponID           string
}

const promoColumns = `id, code, description, currency, discount_type, value, valid_from, valid_to, status, max_uses, uses,
	stripe_coupon_id, stripe_promotion_code_id`

func scanPromo(sc interface{ Scan(...any) error }) (*promoRow, error) {
	var p promoRow
	err := sc.Scan(&p.ID, &p.Code, &p.Description, &p.Currency, &p.DiscountType, &p.Value, &p.validFrom, &p.validTo, &p.Status,
		&p.MaxUses, &p.Uses, &p.couponID, &p.StripeID)
	p.ValidFrom, p.ValidTo = dayOf(p.validFrom), dayOf(p.validTo)
	return &p, err //nolint:wrapcheck // the callers wrap
}

// listPlans is a page of the homes' subscription plans, the newest first (the super admin's).
func listPlans(ctx context.Context, q db.Querier, f shared.BillingFilter, size, offset int) ([]shared.TenantSubscription, int64, error) {
	w, args := where("sp", "", f)
	var total int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM subscription_plans sp`+w, args...).Scan(&total); err != nil {
		return nil, 0, db.Wrap("billing: count plans", err)
	}
	rows, err := q.QueryContext(ctx, `SELECT sp.id, sp.tenant_id, t.facility_name, sp.package_id, sp.name, sp.price_cents, sp.currency,
		sp.extra_residents, sp.start_at, sp.expire_at, sp.status, sp.auto_renewal, sp.next_package_id, sp.grace_until, t.billing_locked_at
		FROM subscription_plans sp JOIN tenants t ON t.id = sp.tenant_id`+w+` ORDER BY sp.start_at DESC, sp.id LIMIT ? OFFSET ?`,
		append(args, size, offset)...)
	if err != nil {
		return nil, 0, db.Wrap("billing: plans", err)
	}
	defer rows.Close()
	out := []shared.TenantSubscription{}
	for rows.Next() {
		var p shared.TenantSubscription
		var locked int64
		if err := rows.Scan(&p.ID, &p.TenantID, &p.FacilityName, &p.PackageID, &p.PackageName, &p.PriceCents, &p.Currency, &p.ExtraResidents,
			&p.StartTime, &p.ExpireTime, &p.Status, &p.AutoRenewal, &p.NextPackageID, &p.GraceUntil, &locked); err != nil {
			return nil, 0, db.Wrap("billing: plans", err)
		}
		p.Locked = locked > 0
		out = append(out, p)
	}
	return out, total, db.Wrap("billing: plans", rows.Err())
}
