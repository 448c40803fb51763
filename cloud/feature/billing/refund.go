package billing

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/billing"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// Refusals of a refund (messages/*.json).
var (
	ErrNotRefundable = problem.New(shared.CodeConflict, "billing.notRefundable")
	ErrRefundTooMuch = problem.Invalid("amountCents", "maximum", "billing.refundTooMuch", nil)
	ErrRefundFailed  = problem.New(shared.CodeValidation, "billing.refundFailed")
)

// Refund states (billing_refunds.status).
const (
	refundPending   = "pending"
	refundSucceeded = "succeeded"
	refundFailed    = "failed"
)

// refundRow is a billing_refunds row.
type refundRow struct {
	id, tenantID, orderID, reason, status, stripeID, createdBy string
	amount                                                     int64
}

func getRefund(ctx context.Context, q db.Querier, where string, arg any) (*refundRow, error) {
	var r refundRow
	err := q.QueryRowContext(ctx, `SELECT id, tenant_id, order_id, reason, status, stripe_refund_id, created_by, amount_cents
		FROM billing_refunds WHERE `+where+` ORDER BY created_at DESC LIMIT 1`, arg).
		Scan(&r.id, &r.tenantID, &r.orderID, &r.reason, &r.status, &r.stripeID, &r.createdBy, &r.amount)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return &r, db.Wrap("billing: refund", err)
}

// Refund is the super admin's refund of a PAID order, once, in full or in
// part, with a reason (audited).
//
// An order paid by hand (manual billing, or a plan the super admin recorded
// as paid) is refunded by hand: the refund is recorded at once — the order
// REFUNDED, a REFUND charge record with the reason. An order paid by card is
// refunded at Stripe: a Refund of that amount against the payment intent of
// the order's invoice; the order is REFUNDING until Stripe's charge.refunded
// or refund.updated webhook says the refund succeeded (then as above) or
// failed (the order is PAID again and may be refunded anew).
//
// The plan rule (docs/api.md "Refunds"): a full refund of the order that
// paid the home's current period ends that period — the plan is cancelled
// and the home goes back to the default free package at once (its limits and
// menus on the next call; chat sockets a free plan has no chat for are
// knocked out). A partial refund, or a refund of an earlier period's order,
// leaves the plan as it is: the money is a goodwill credit, not a cancellation.
func (s *Service) Refund(ctx context.Context, who *auth.Principal, in shared.RefundRequest) (*shared.BillingOrder, error) {
	var o *order
	rf := &refundRow{id: newID(), reason: in.Reason, amount: in.AmountCents, createdBy: who.UserID}
	atStripe := false
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if o, err = getOrder(ctx, tx, "", in.OrderID); err != nil {
			return err
		}
		if o.Status != shared.OrderPaid || o.TotalCents == 0 {
			return ErrNotRefundable.With(map[string]any{"orderNo": o.OrderNo})
		}
		if in.AmountCents > o.TotalCents {
			return ErrRefundTooMuch.With(map[string]any{"max": fmt.Sprintf("$%d.%02d", o.TotalCents/100, o.TotalCents%100)})
		}
		atStripe = o.PaymentType == shared.PaymentCard && o.StripeInvoiceID != ""
		if atStripe && s.Mode() != shared.BillingStripe {
			return ErrRefundFailed // paid by card, but Stripe is no longer configured
		}
		now := s.now().UnixMilli()
		// The guard makes one refund of a PAID order: a second click, or another super admin at once, finds it no longer PAID.
		res, err := tx.ExecContext(ctx, `UPDATE billing_orders SET status = ?, updated_at = ? WHERE id = ? AND status = ?`,
			string(shared.OrderRefunding), now, o.ID, string(shared.OrderPaid))
		if changed, err := db.Affected(res, err); err != nil || !changed {
			if err == nil {
				err = ErrNotRefundable.With(map[string]any{"orderNo": o.OrderNo})
			}
			return db.Wrap("billing: refunding", err)
		}
		rf.tenantID, rf.orderID, rf.status = o.TenantID, o.ID, refundPending
		if _, err := tx.ExecContext(ctx, `INSERT INTO billing_refunds (id, tenant_id, order_id, amount_cents, currency, reason, status,
			created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, rf.id, o.TenantID, o.ID, rf.amount, o.Currency,
			rf.reason, refundPending, who.UserID, now, now); err != nil {
			return db.Wrap("billing: add refund", err)
		}
		if err := audit.Write(ctx, tx, audit.Entry{TenantID: o.TenantID, ActorID: who.UserID, Action: "billingOrder.refund", Entity: "billingOrder",
			EntityID: o.ID, After: map[string]any{"amountCents": rf.amount, "reason": rf.reason, "stripe": atStripe}}); err != nil {
			return err
		}
		if atStripe {
			return nil
		}
		return s.finishRefund(ctx, tx, rf, "manual")
	})
	if err != nil {
		return nil, err
	}
	if atStripe {
		got, err := s.pay.Refund(ctx, billing.RefundCharge{InvoiceID: o.StripeInvoiceID, AmountCents: rf.amount, RefundID: rf.id,
			OrderID: o.ID, TenantID: o.TenantID})
		if err != nil {
			s.log.ErrorContext(ctx, "billing: refund", "order", o.ID, "err", err)
			_ = s.db.InTx(ctx, func(tx *db.Tx) error { return s.failRefund(ctx, tx, rf, err.Error()) })
			return nil, ErrRefundFailed
		}
		if err := s.db.InTx(ctx, func(tx *db.Tx) error {
			_, err := tx.ExecContext(ctx, `UPDATE billing_refunds SET stripe_refund_id = ?, payment_intent_id = ?, updated_at = ? WHERE id = ?`,
				got.ID, got.PaymentIntentID, s.now().UnixMilli(), rf.id)
			return db.Wrap("billing: refund at stripe", err)
		}); err != nil {
			return nil, err
		}
	}
	out, err := getOrder(ctx, s.db, "", o.ID)
	if err != nil {
		return nil, err
	}
	return &out.BillingOrder, nil
}

// finishRefund completes a pending refund, once: the order REFUNDED with
// what was given back, a REFUND charge record carrying the reason, and the
// plan rule of Refund.
func (s *Service) finishRefund(ctx context.Context, tx *db.Tx, rf *refundRow, card string) error {
	now := s.now().UnixMilli()
	res, err := tx.ExecContext(ctx, `UPDATE billing_refunds SET status = ?, updated_at = ? WHERE id = ? AND status = ?`,
		refundSucceeded, now, rf.id, refundPending)
	if changed, err := db.Affected(res, err); err != nil || !changed {
		return db.Wrap("billing: refund done", err) // already done: a replayed or late event changes nothing
	}
	o, err := getOrder(ctx, tx, "", rf.orderID)
	if err != nil {
		return err
	}
	ends, err := s.paidCurrentPeriod(ctx, tx, o)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE billing_orders SET status = ?, refunded_cents = refunded_cents + ?, updated_at = ? WHERE id = ?`,
		string(shared.OrderRefunded), rf.amount, now, o.ID); err != nil {
		return db.Wrap("billing: refunded", err)
	}
	if o.PaymentMethod != "" {
		card = o.PaymentMethod
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO charge_records (id, tenant_id, order_id, plan_id, amount_cents, currency, status, card_type,
		remark, created_by, payment_time, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, newID(), o.TenantID, o.ID, o.PlanID, rf.amount,
		o.Currency, string(shared.ChargeRefund), card, rf.reason, rf.createdBy, now, now); err != nil {
		return db.Wrap("billing: refund charge record", err)
	}
	if err := audit.Write(ctx, tx, audit.Entry{TenantID: o.TenantID, ActorID: rf.createdBy, Action: "billingOrder.refunded", Entity: "billingOrder",
		EntityID: o.ID, After: map[string]any{"amountCents": rf.amount, "reason": rf.reason, "endsPeriod": ends && rf.amount == o.TotalCents}}); err != nil {
		return err
	}
	if !ends || rf.amount != o.TotalCents {
		return nil // a partial refund or an earlier period's: the plan stays
	}
	return s.endPeriod(ctx, tx, o)
}

// paidCurrentPeriod reports whether o paid the home's current period: its
// plan is the active one and no later paid order of that plan (a renewal)
// paid a newer period.
func (s *Service) paidCurrentPeriod(ctx context.Context, q db.Querier, o *order) (bool, error) {
	cur, err := currentPlan(ctx, q, o.TenantID)
	if err != nil || cur == nil || cur.ID != o.PlanID {
		return false, err
	}
	var later int
	err = q.QueryRowContext(ctx, `SELECT COUNT(*) FROM billing_orders WHERE plan_id = ? AND id <> ? AND paid_at > ? AND status IN (?, ?)`,
		cur.ID, o.ID, o.PaymentTime, string(shared.OrderPaid), string(shared.OrderRefunding)).Scan(&later)
	return later == 0, db.Wrap("billing: later orders", err)
}

// endPeriod ends the home's current paid period after its order was given
// back in full: the plan cancelled (no renewal), the home on the default
// free package now.
func (s *Service) endPeriod(ctx context.Context, tx *db.Tx, o *order) error {
	now := s.now().UnixMilli()
	free, err := getPackage(ctx, tx, shared.DefaultPackageID)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE subscription_plans SET status = ?, expire_at = ?, auto_renewal = ?, next_package_id = '',
		grace_until = 0, updated_at = ? WHERE id = ? AND status = 'active'`, string(shared.PlanCancelled), now, false, now, o.PlanID); err != nil {
		return db.Wrap("billing: end refunded plan", err)
	}
	was, err := homeOf(ctx, tx, o.TenantID)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE tenants SET package_id = ?, subscription_plan = ?, updated_at = ? WHERE id = ?`,
		free.ID, string(free.Role), now, o.TenantID); err != nil {
		return db.Wrap("billing: home back on the free package", err)
	}
	if was.plan != free.Role {
		if err := s.plans.PlanChanged(ctx, tx, o.TenantID, free.Role); err != nil {
			return err
		}
	}
	return audit.Write(ctx, tx, audit.Entry{TenantID: o.TenantID, Action: "subscription.refunded", Entity: "subscriptionPlan", EntityID: o.PlanID,
		Before: map[string]any{"packageId": was.packageID}, After: map[string]any{"packageId": free.ID, "orderId": o.ID}})
}

// failRefund gives up a pending refund (Stripe refused or failed it): the
// order is PAID again and may be refunded anew.
func (s *Service) failRefund(ctx context.Context, tx *db.Tx, rf *refundRow, why string) error {
	now := s.now().UnixMilli()
	res, err := tx.ExecContext(ctx, `UPDATE billing_refunds SET status = ?, updated_at = ? WHERE id = ? AND status = ?`,
		refundFailed, now, rf.id, refundPending)
	if changed, err := db.Affected(res, err); err != nil || !changed {
		return db.Wrap("billing: refund failed", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE billing_orders SET status = ?, updated_at = ? WHERE id = ? AND status = ?`,
		string(shared.OrderPaid), now, rf.orderID, string(shared.OrderRefunding)); err != nil {
		return db.Wrap("billing: refund failed", err)
	}
	return audit.Write(ctx, tx, audit.Entry{TenantID: rf.tenantID, Action: "billingOrder.refundFailed", Entity: "billingOrder",
		EntityID: rf.orderID, After: map[string]any{"amountCents": rf.amount, "why": why}})
}

// refundEvents are Stripe's events about a refund Hearth acts on; the value
// says the object is a charge (charge.refunded) rather than a refund.
var refundEvents = map[string]bool{
	"charge.refunded": true, "refund.created": false, "refund.updated": false, "refund.failed": false,
	"charge.refund.updated": false,
}

// processRefundEvent brings Hearth's pending refunds in line with Stripe's
// refunds as they are now (read back, never taken from the event's copy): a
// refund event names the refund; charge.refunded names the charge, whose
// payment intent names Hearth's refunds of it.
func (s *Service) processRefundEvent(ctx context.Context, object string, isCharge bool) error {
	ids := []string{object}
	if isCharge {
		intent, err := s.pay.ChargeIntent(ctx, object)
		if err != nil {
			return err
		}
		if ids, err = pendingRefundsOf(ctx, s.db, intent); err != nil {
			return err
		}
	}
	for _, id := range ids {
		got, err := s.pay.RefundState(ctx, id)
		if err != nil {
			return err
		}
		rf, err := getRefund(ctx, s.db, "stripe_refund_id = ?", got.ID)
		if err == nil && rf == nil && got.RefundID != "" { // the event came before Hearth kept Stripe's id
			rf, err = getRefund(ctx, s.db, "id = ?", got.RefundID)
		}
		if err != nil {
			return err
		}
		if rf == nil || rf.status != refundPending {
			continue
		}
		switch got.Status {
		case "succeeded":
			err = s.db.InTx(ctx, func(tx *db.Tx) error { return s.finishRefund(ctx, tx, rf, "") })
		case "failed", "canceled":
			err = s.db.InTx(ctx, func(tx *db.Tx) error {
				return s.failRefund(ctx, tx, rf, fmt.Sprintf("stripe %s %s", got.ID, got.Status))
			})
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func pendingRefundsOf(ctx context.Context, q db.Querier, intent string) ([]string, error) {
	if intent == "" {
		return nil, nil
	}
	rows, err := q.QueryContext(ctx, `SELECT stripe_refund_id FROM billing_refunds WHERE payment_intent_id = ? AND status = ? AND stripe_refund_id <> ''`,
		intent, refundPending)
	if err != nil {
		return nil, db.Wrap("billing: refunds of a charge", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, db.Wrap("billing: refunds of a charge", err)
		}
		out = append(out, id)
	}
	return out, db.Wrap("billing: refunds of a charge", rows.Err())
}
