package billing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/billing"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

func newID() string { return uuid.Must(uuid.NewV7()).String() }

// Current is /my-subscription's plan: the home's own plan, or the package
// the super admin gave it (permanent until it buys one).
func (s *Service) Current(ctx context.Context, tenantID string) (*shared.Subscription, error) {
	h, err := homeOf(ctx, s.db, tenantID)
	if err != nil {
		return nil, err
	}
	out := &shared.Subscription{Mode: s.Mode(), Status: shared.PlanActive, Currency: string(shared.CurrencyUSD), Residents: h.residents,
		Locked: h.lockedAt > 0}
	if h.packageID != "" {
		pkg, err := getPackage(ctx, s.db, h.packageID)
		if err != nil && !errors.Is(err, ErrNoPackage) {
			return nil, err
		}
		if pkg != nil {
			out.Package, out.PriceCents = *pkg, pkg.PriceCents
		}
	}
	cur, err := currentPlan(ctx, s.db, tenantID)
	if err != nil {
		return nil, err
	}
	if cur != nil {
		out.PlanID, out.PriceCents, out.StartTime, out.ExpireTime = cur.ID, cur.PaidCents, cur.StartAt, cur.ExpireAt
		out.AutoRenewal, out.ExtraResidents, out.GraceUntil = cur.AutoRenewal, cur.ExtraResidents, cur.GraceUntil
		if cur.ExpireAt > 0 && cur.AutoRenewal {
			out.NextBillingTime = cur.ExpireAt
		}
		if cur.NextPackageID != "" {
			if next, err := getPackage(ctx, s.db, cur.NextPackageID); err == nil {
				out.NextPackage = &shared.PackageRef{ID: next.ID, Name: next.Name, Role: next.Role}
			}
		}
	}
	if h.lockedAt > 0 {
		out.Status = shared.PlanExpired
	}
	pending, err := pendingOrder(ctx, s.db, tenantID)
	if err != nil {
		return nil, err
	}
	if pending != nil {
		out.PendingOrder = &pending.BillingOrder
	}
	card, err := defaultCard(ctx, s.db, tenantID)
	if err != nil {
		return nil, err
	}
	out.HasCard = card != nil
	return out, nil
}

// Checkout orders a package for the caller's home. A downgrade is kept as
// the plan's next package and starts at the term's end; a free order is paid
// at once; otherwise Stripe charges the default card (a card that needs 3-D
// Secure or is declined leaves the order waiting, with Stripe's hosted page
// to finish it), or, under manual billing, the order waits for the super
// admin to record the payment.
func (s *Service) Checkout(ctx context.Context, who *auth.Principal, in shared.CostRequest) (*shared.BillingOrder, error) {
	var o *order
	var charge *billing.Charge
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := db.LockTenant(ctx, tx, who.TenantID); err != nil {
			return err
		}
		if p, err := pendingOrder(ctx, tx, who.TenantID); err != nil || p != nil {
			if err == nil {
				err = ErrPending.With(map[string]any{"orderNo": p.OrderNo})
			}
			return err
		}
		q, err := s.quote(ctx, tx, who.TenantID, in, 0, false)
		if err != nil {
			return err
		}
		if q.Downgrade && q.current != nil && q.current.ExpireAt > s.now().UnixMilli() {
			// Nothing is charged now: the smaller package starts at the term's end (the renewal charges it).
			if _, err := tx.ExecContext(ctx, `UPDATE subscription_plans SET next_package_id = ?, updated_at = ? WHERE id = ?`,
				q.pkg.ID, s.now().UnixMilli(), q.current.ID); err != nil {
				return db.Wrap("billing: schedule downgrade", err)
			}
			return audit.Write(ctx, tx, audit.Entry{TenantID: who.TenantID, ActorID: who.UserID, Action: "subscription.downgrade",
				Entity: "subscriptionPlan", EntityID: q.current.ID, After: map[string]any{"nextPackageId": q.pkg.ID}})
		}
		payment := shared.PaymentManual
		var card *cardRow
		if s.Mode() == shared.BillingStripe && q.TotalCents > 0 {
			if card, err = defaultCard(ctx, tx, who.TenantID); err != nil {
				return err
			}
			if card == nil {
				return ErrNoCard
			}
			payment = shared.PaymentCard
		}
		if o, err = s.insertOrder(ctx, tx, who.TenantID, who.UserID, q, payment, false); err != nil {
			return err
		}
		if q.TotalCents == 0 {
			return s.applyPaid(ctx, tx, o, paidBy{by: who.UserID, remark: "free"})
		}
		if payment == shared.PaymentCard {
			acct, err := s.account(ctx, tx, who.TenantID)
			if err != nil {
				return err
			}
			charge = &billing.Charge{CustomerID: acct.stripeCustomerID, PaymentMethodID: card.StripeID, AmountCents: q.SubtotalCents - q.CreditCents,
				Currency: q.Currency, Description: fmt.Sprintf("%s × %d", q.pkg.Name, q.periods), OrderID: o.ID, TenantID: who.TenantID}
			if q.promo != nil {
				charge.CouponID = q.promo.couponID
			}
			if charge.CouponID == "" { // a code kept before Stripe was on: the line carries its discount
				charge.AmountCents = q.TotalCents
			}
			return nil
		}
		return s.insertInvoice(ctx, tx, o, shared.InvoiceOpen, billing.Invoice{}, h(ctx, tx, who.TenantID))
	})
	if err != nil {
		return nil, err
	}
	if o == nil { // a downgrade kept for later
		return &shared.BillingOrder{Status: shared.OrderPendingPayment, PackageID: in.PackageID}, nil
	}
	if charge != nil {
		inv, err := s.pay.Pay(ctx, *charge)
		if err != nil {
			s.log.ErrorContext(ctx, "billing: charge", "order", o.ID, "err", err)
			_ = s.db.InTx(ctx, func(tx *db.Tx) error { return s.failOrder(ctx, tx, o.ID, "") })
			return nil, ErrPaymentFailed
		}
		if err := s.db.InTx(ctx, func(tx *db.Tx) error { return s.applyInvoice(ctx, tx, o.ID, inv, false) }); err != nil {
			return nil, err
		}
	}
	got, err := getOrder(ctx, s.db, who.TenantID, o.ID)
	if err != nil {
		return nil, err
	}
	return &got.BillingOrder, nil
}

// h is the home's billing name (its billing details' name, or the facility's).
func h(ctx context.Context, q db.Querier, tenantID string) string {
	var name string
	_ = q.QueryRowContext(ctx, `SELECT COALESCE(NULLIF(a.name, ''), t.facility_name) FROM tenants t
		LEFT JOIN billing_accounts a ON a.tenant_id = t.id WHERE t.id = ?`, tenantID).Scan(&name)
	return name
}

func (s *Service) insertOrder(ctx context.Context, tx *db.Tx, tenantID, by string, q *quote, payment shared.PaymentType, contract bool) (*order, error) {
	now := s.now()
	no, err := orderNo(ctx, tx, now)
	if err != nil {
		return nil, err
	}
	business := q.Business
	if contract {
		business = shared.BusinessTenantPlan
	}
	o := &order{BillingOrder: shared.BillingOrder{ID: newID(), OrderNo: no, TenantID: tenantID, PackageID: q.pkg.ID, PackageName: q.pkg.Name,
		Business: business, Status: shared.OrderPendingPayment, PaymentType: payment, Periods: q.periods, ExtraResidents: q.ExtraResidents,
		SubtotalCents: q.SubtotalCents, CreditCents: q.CreditCents, DiscountCents: q.DiscountCents, TotalCents: q.TotalCents,
		Currency: q.Currency, PromotionCode: q.PromotionCode, CreateTime: now.UnixMilli()}}
	if q.current != nil {
		o.PlanID = q.current.ID
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO billing_orders (id, order_no, tenant_id, plan_id, package_id, business_type, status,
		payment_type, periods, extra_residents, subtotal_cents, credit_cents, discount_cents, total_cents, currency, promotion_code,
		created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		o.ID, o.OrderNo, tenantID, o.PlanID, o.PackageID, string(o.Business), string(o.Status), string(payment), o.Periods, o.ExtraResidents,
		o.SubtotalCents, o.CreditCents, o.DiscountCents, o.TotalCents, o.Currency, o.PromotionCode, by, o.CreateTime, o.CreateTime); err != nil {
		return nil, db.Wrap("billing: add order", err)
	}
	return o, audit.Write(ctx, tx, audit.Entry{TenantID: tenantID, ActorID: by, Action: "billingOrder.create", Entity: "billingOrder",
		EntityID: o.ID, After: o.BillingOrder})
}

// insertInvoice keeps an invoice of the order: Stripe's (inv) or Hearth's own (manual).
func (s *Service) insertInvoice(ctx context.Context, tx db.Querier, o *order, status shared.InvoiceStatus, inv billing.Invoice, customer string) error {
	now := s.now().UnixMilli()
	number := inv.Number
	if number == "" {
		number = "INV-" + o.OrderNo
	}
	due := o.TotalCents
	if inv.ID != "" {
		due, status = inv.AmountDue, inv.Status
	}
	paid := int64(0)
	if status == shared.InvoicePaid {
		paid = max(inv.AmountPaid, due)
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO invoices (id, tenant_id, order_id, number, amount_due, amount_paid, currency, status, customer_name,
		hosted_url, pdf_url, stripe_invoice_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		newID(), o.TenantID, o.ID, number, due, paid, o.Currency, string(status), customer, inv.HostedURL, inv.PDFURL, inv.ID, now, now)
	return db.Wrap("billing: add invoice", err)
}

// paidBy says who recorded a payment and how.
type paidBy struct {
	by, remark, card, cardID string
}

// applyPaid makes a paid order count, once: the order PAID with a charge
// record, its invoice paid, the plan started (or renewed), the home put on
// the package and unlocked, the promotion code's use counted.
func (s *Service) applyPaid(ctx context.Context, tx *db.Tx, o *order, by paidBy) error {
	if o.Status == shared.OrderPaid {
		return nil // already counted: a replayed event or a second click changes nothing
	}
	pkg, err := getPackage(ctx, tx, o.PackageID)
	if err != nil {
		return err
	}
	now := s.now()
	res, err := tx.ExecContext(ctx, `UPDATE billing_orders SET status = ?, paid_at = ?, payment_method = ?, updated_at = ?
		WHERE id = ? AND status <> ?`, string(shared.OrderPaid), now.UnixMilli(), by.card, now.UnixMilli(), o.ID, string(shared.OrderPaid))
	if changed, err := db.Affected(res, err); err != nil || !changed {
		return db.Wrap("billing: pay order", err)
	}
	cur, err := currentPlan(ctx, tx, o.TenantID)
	if err != nil {
		return err
	}
	planID := newID()
	if o.Business == shared.BusinessRenew && cur != nil && cur.PackageID == o.PackageID {
		planID = cur.ID
		start := max(cur.ExpireAt, now.UnixMilli())
		if cur.GraceUntil > 0 || cur.ExpireAt < now.UnixMilli() {
			start = now.UnixMilli() // a term paid late starts when it is paid
		}
		if _, err := tx.ExecContext(ctx, `UPDATE subscription_plans SET start_at = ?, expire_at = ?, price_cents = ?, extra_residents = ?,
			grace_until = 0, promotion_code = ?, status = 'active', updated_at = ? WHERE id = ?`,
			start, termEnd(pkg, time.UnixMilli(start), o.Periods), o.TotalCents, o.ExtraResidents, o.PromotionCode, now.UnixMilli(), cur.ID); err != nil {
			return db.Wrap("billing: renew plan", err)
		}
	} else {
		auto := true
		if cur != nil {
			auto = cur.AutoRenewal
			if _, err := tx.ExecContext(ctx, `UPDATE subscription_plans SET status = ?, updated_at = ? WHERE tenant_id = ? AND status = 'active'`,
				string(shared.PlanCancelled), now.UnixMilli(), o.TenantID); err != nil {
				return db.Wrap("billing: end plan", err)
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO subscription_plans (id, tenant_id, package_id, name, price_cents, currency, extra_residents,
			start_at, expire_at, status, auto_renewal, promotion_code, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			planID, o.TenantID, pkg.ID, pkg.Name, o.TotalCents, o.Currency, o.ExtraResidents, now.UnixMilli(), termEnd(pkg, now, o.Periods),
			string(shared.PlanActive), auto, o.PromotionCode, by.by, now.UnixMilli(), now.UnixMilli()); err != nil {
			return db.Wrap("billing: start plan", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `UPDATE billing_orders SET plan_id = ? WHERE id = ?`, planID, o.ID); err != nil {
		return db.Wrap("billing: order plan", err)
	}
	was, err := homeOf(ctx, tx, o.TenantID)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE tenants SET package_id = ?, subscription_plan = ?, billing_locked_at = 0, updated_at = ? WHERE id = ?`,
		pkg.ID, string(pkg.Role), now.UnixMilli(), o.TenantID); err != nil {
		return db.Wrap("billing: put the home on its package", err)
	}
	if was.plan != pkg.Role {
		if err := s.plans.PlanChanged(ctx, tx, o.TenantID, pkg.Role); err != nil {
			return err
		}
	}
	if o.TotalCents > 0 {
		if _, err := tx.ExecContext(ctx, `INSERT INTO charge_records (id, tenant_id, order_id, plan_id, amount_cents, currency, status, card_type,
			payment_method_id, remark, created_by, payment_time, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			newID(), o.TenantID, o.ID, planID, o.TotalCents, o.Currency, string(shared.ChargePaid), by.card, by.cardID, by.remark, by.by,
			now.UnixMilli(), now.UnixMilli()); err != nil {
			return db.Wrap("billing: charge record", err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE invoices SET status = ?, amount_paid = amount_due, updated_at = ? WHERE order_id = ? AND status <> ?`,
			string(shared.InvoicePaid), now.UnixMilli(), o.ID, string(shared.InvoicePaid)); err != nil {
			return db.Wrap("billing: invoice paid", err)
		}
	}
	if o.PromotionCode != "" {
		if _, err := tx.ExecContext(ctx, `UPDATE promotion_codes SET uses = uses + 1,
			status = CASE WHEN max_uses > 0 AND uses + 1 >= max_uses THEN ? ELSE status END, updated_at = ? WHERE code = ?`,
			string(shared.PromoUsed), now.UnixMilli(), o.PromotionCode); err != nil {
			return db.Wrap("billing: count the code", err)
		}
	}
	return audit.Write(ctx, tx, audit.Entry{TenantID: o.TenantID, ActorID: by.by, Action: "billingOrder.paid", Entity: "billingOrder",
		EntityID: o.ID, After: map[string]any{"packageId": pkg.ID, "plan": pkg.Role, "totalCents": o.TotalCents, "remark": by.remark}})
}

// failOrder marks an order's payment failed (a declined card); a renewal's
// failure starts the grace period.
func (s *Service) failOrder(ctx context.Context, tx *db.Tx, orderID, reason string) error {
	o, err := getOrder(ctx, tx, "", orderID)
	if err != nil || o.Status != shared.OrderPendingPayment {
		return err
	}
	now := s.now().UnixMilli()
	if _, err := tx.ExecContext(ctx, `UPDATE billing_orders SET status = ?, updated_at = ? WHERE id = ?`,
		string(shared.OrderPaymentFailed), now, o.ID); err != nil {
		return db.Wrap("billing: fail order", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO charge_records (id, tenant_id, order_id, plan_id, amount_cents, currency, status, remark,
		created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, newID(), o.TenantID, o.ID, o.PlanID, o.TotalCents, o.Currency,
		string(shared.ChargeUnpaid), reason, now); err != nil {
		return db.Wrap("billing: unpaid charge", err)
	}
	if o.Business == shared.BusinessRenew {
		return s.startGrace(ctx, tx, o.TenantID)
	}
	return nil
}

// applyInvoice brings an order in line with its Stripe invoice's state
// (read from Stripe, never taken from an event's copy, so events that come
// late or out of order change nothing wrongly).
func (s *Service) applyInvoice(ctx context.Context, tx *db.Tx, orderID string, inv billing.Invoice, failed bool) error {
	o, err := getOrder(ctx, tx, "", orderID)
	if err != nil {
		return err
	}
	now := s.now().UnixMilli()
	if o.StripeInvoiceID == "" {
		if _, err := tx.ExecContext(ctx, `UPDATE billing_orders SET stripe_invoice_id = ?, updated_at = ? WHERE id = ?`, inv.ID, now, o.ID); err != nil {
			return db.Wrap("billing: order invoice", err)
		}
		if err := s.insertInvoice(ctx, tx, o, inv.Status, inv, h(ctx, tx, o.TenantID)); err != nil {
			return err
		}
	} else if _, err := tx.ExecContext(ctx, `UPDATE invoices SET status = ?, amount_due = ?, amount_paid = ?, hosted_url = ?, pdf_url = ?,
		number = CASE WHEN ? <> '' THEN ? ELSE number END, updated_at = ? WHERE order_id = ?`, string(inv.Status), inv.AmountDue, inv.AmountPaid,
		inv.HostedURL, inv.PDFURL, inv.Number, inv.Number, now, o.ID); err != nil {
		return db.Wrap("billing: invoice", err)
	}
	switch {
	case inv.Paid():
		card, err := defaultCard(ctx, tx, o.TenantID)
		if err != nil {
			return err
		}
		by := paidBy{by: "", remark: "stripe " + inv.ID}
		if card != nil {
			by.card, by.cardID = card.Brand+" •••• "+card.Last4, card.StripeID
		}
		return s.applyPaid(ctx, tx, o, by)
	case inv.Status == shared.InvoiceVoid || inv.Status == shared.InvoiceUncollectible:
		_, err := tx.ExecContext(ctx, `UPDATE billing_orders SET status = ?, updated_at = ? WHERE id = ? AND status = ?`,
			string(shared.OrderClosed), now, o.ID, string(shared.OrderPendingPayment))
		return db.Wrap("billing: close order", err)
	case failed:
		return s.failOrder(ctx, tx, o.ID, "stripe "+inv.ID)
	}
	return nil
}

// CancelOrder cancels the caller's order that waits for payment.
func (s *Service) CancelOrder(ctx context.Context, who *auth.Principal, id string) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		o, err := getOrder(ctx, tx, who.TenantID, id)
		if err != nil {
			return err
		}
		if o.Status != shared.OrderPendingPayment {
			return ErrNotPending
		}
		now := s.now().UnixMilli()
		if _, err := tx.ExecContext(ctx, `UPDATE billing_orders SET status = ?, updated_at = ? WHERE id = ?`, string(shared.OrderCancelled), now, o.ID); err != nil {
			return db.Wrap("billing: cancel order", err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE invoices SET status = ?, updated_at = ? WHERE order_id = ? AND status IN ('draft', 'open')`,
			string(shared.InvoiceVoid), now, o.ID); err != nil {
			return db.Wrap("billing: void invoice", err)
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: o.TenantID, ActorID: who.UserID, Action: "billingOrder.cancel", Entity: "billingOrder", EntityID: o.ID})
	})
}

// SetAutoRenewal turns the plan's renewal on or off.
func (s *Service) SetAutoRenewal(ctx context.Context, who *auth.Principal, on bool) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := currentPlan(ctx, tx, who.TenantID)
		if err != nil {
			return err
		}
		if cur == nil {
			return problem.NotFound
		}
		if _, err := tx.ExecContext(ctx, `UPDATE subscription_plans SET auto_renewal = ?, updated_at = ? WHERE id = ?`, on, s.now().UnixMilli(), cur.ID); err != nil {
			return db.Wrap("billing: auto renewal", err)
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: who.TenantID, ActorID: who.UserID, Action: "subscription.autoRenewal",
			Entity: "subscriptionPlan", EntityID: cur.ID, After: map[string]any{"autoRenewal": on}})
	})
}

// RecordPayment is the super admin's record of a payment taken by hand: the
// order becomes PAID with a charge record carrying the remark.
func (s *Service) RecordPayment(ctx context.Context, who *auth.Principal, in shared.RecordPaymentRequest) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		o, err := getOrder(ctx, tx, "", in.OrderID)
		if err != nil {
			return err
		}
		if o.Status != shared.OrderPendingPayment && o.Status != shared.OrderPaymentFailed {
			return ErrNotPending
		}
		o.Status = shared.OrderPendingPayment
		return s.applyPaid(ctx, tx, o, paidBy{by: who.UserID, remark: in.Remark, card: "manual"})
	})
}

// TenantPlan is the super admin's plan for a home at a contract price: an
// order (with its invoice) waiting for payment, or recorded as paid.
func (s *Service) TenantPlan(ctx context.Context, who *auth.Principal, in shared.TenantPlanRequest) (*shared.BillingOrder, error) {
	var o *order
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		q, err := s.quote(ctx, tx, in.TenantID, shared.CostRequest{PackageID: in.PackageID, Periods: in.Periods}, in.PriceCents, true)
		if err != nil {
			return err
		}
		q.Downgrade = false // the super admin's plan starts now
		if o, err = s.insertOrder(ctx, tx, in.TenantID, who.UserID, q, shared.PaymentManual, true); err != nil {
			return err
		}
		if in.Paid || o.TotalCents == 0 {
			if err := s.insertInvoice(ctx, tx, o, shared.InvoiceOpen, billing.Invoice{}, h(ctx, tx, in.TenantID)); err != nil {
				return err
			}
			return s.applyPaid(ctx, tx, o, paidBy{by: who.UserID, remark: in.Remark, card: "manual"})
		}
		return s.insertInvoice(ctx, tx, o, shared.InvoiceOpen, billing.Invoice{}, h(ctx, tx, in.TenantID))
	})
	if err != nil {
		return nil, err
	}
	got, err := getOrder(ctx, s.db, "", o.ID)
	if err != nil {
		return nil, err
	}
	return &got.BillingOrder, nil
}
