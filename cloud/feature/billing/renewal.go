package billing

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/billing"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/jobs"
	"hearth/cloud/platform/mail"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/param"
	"hearth/shared"
)

// RegisterJobs adds the webhook events' worker and the hourly renewal sweep.
func (s *Service) RegisterJobs(q *jobs.Queue) {
	jobs.Register(q, &eventWorker{s: s})
	jobs.Periodic(q, "billing_renewals", time.Hour, s.Sweep)
}

// Webhook takes a Stripe event: its signature verified with the endpoint's
// secret (a forged or missing one is refused with HTTP 400 and changes
// nothing), kept once by its id (a replayed or concurrent duplicate finds its
// row and changes nothing), and processed by a job with retries, so the
// endpoint answers at once.
func (s *Service) Webhook(ctx context.Context, payload []byte, signature string) error {
	ev, err := s.pay.Event(payload, signature)
	if err != nil {
		s.log.WarnContext(ctx, "billing: webhook refused", "err", err)
		return ErrBadSignature
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO billing_events (id, type, object_id, received_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (id) DO NOTHING`, ev.ID, ev.Type, ev.ObjectID, s.now().UnixMilli())
		added, err := db.Affected(res, err)
		if err != nil || !added {
			return db.Wrap("billing: keep event", err)
		}
		return s.queue.Enqueue(ctx, tx, EventArgs{EventID: ev.ID}, &river.InsertOpts{MaxAttempts: 10})
	})
}

// EventArgs is the job of one Stripe event.
type EventArgs struct {
	EventID string `json:"eventId"`
}

// Kind names the job.
func (EventArgs) Kind() string { return "billing_stripe_event" }

type eventWorker struct {
	river.WorkerDefaults[EventArgs]
	s *Service
}

func (w *eventWorker) Work(ctx context.Context, j *river.Job[EventArgs]) error {
	return w.s.processEvent(ctx, j.Args.EventID)
}

// invoiceEvents are the events about an invoice Hearth acts on; failed says
// the payment failed.
var invoiceEvents = map[string]bool{
	"invoice.paid": false, "invoice.payment_succeeded": false, "invoice.finalized": false, "invoice.voided": false,
	"invoice.marked_uncollectible": false, "invoice.payment_failed": true, "invoice.payment_action_required": false,
}

func (s *Service) processEvent(ctx context.Context, id string) error {
	var typ, object string
	var done int64
	err := s.db.QueryRowContext(ctx, `SELECT type, object_id, processed_at FROM billing_events WHERE id = ?`, id).Scan(&typ, &object, &done)
	if errors.Is(err, sql.ErrNoRows) || done > 0 {
		return nil
	}
	if err != nil {
		return db.Wrap("billing: event", err)
	}
	if failed, ok := invoiceEvents[typ]; ok && object != "" {
		inv, err := s.pay.Invoice(ctx, object) // the invoice as it is now, whatever order the events came in
		if err != nil {
			return fmt.Errorf("billing: event %s: %w", id, err)
		}
		var orderID string
		err = s.db.QueryRowContext(ctx, `SELECT id FROM billing_orders WHERE stripe_invoice_id = ? OR id = ? ORDER BY created_at LIMIT 1`,
			inv.ID, inv.OrderID).Scan(&orderID)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return db.Wrap("billing: event order", err)
		}
		if orderID != "" {
			return s.db.InTx(ctx, func(tx *db.Tx) error {
				if err := s.applyInvoice(ctx, tx, orderID, inv, failed && !inv.Paid()); err != nil {
					return err
				}
				return s.markDone(ctx, tx, id)
			})
		}
	}
	if isCharge, ok := refundEvents[typ]; ok && object != "" {
		if err := s.processRefundEvent(ctx, object, isCharge); err != nil {
			return fmt.Errorf("billing: event %s: %w", id, err)
		}
	}
	return s.markDone(ctx, s.db, id)
}

func (s *Service) markDone(ctx context.Context, q db.Querier, id string) error {
	_, err := q.ExecContext(ctx, `UPDATE billing_events SET processed_at = ? WHERE id = ?`, s.now().UnixMilli(), id)
	return db.Wrap("billing: event done", err)
}

// Sweep renews the plans whose term ended (the next package for a
// downgrade), starts the grace period of one not paid, and locks the homes
// whose grace period or non-renewing plan ran out. A repeated or missed run
// does no harm: each step looks at what is due now.
func (s *Service) Sweep(ctx context.Context) error {
	now := s.now().UnixMilli()
	due, err := duePlans(ctx, s.db, now)
	if err != nil {
		return err
	}
	for _, p := range due {
		switch {
		case p.GraceUntil > 0 && p.GraceUntil <= now, !p.AutoRenewal:
			err = s.expire(ctx, p)
		case p.GraceUntil == 0:
			err = s.renew(ctx, p)
		}
		if err != nil {
			s.log.ErrorContext(ctx, "billing: renewal", "plan", p.ID, "err", err)
		}
	}
	return nil
}

// duePlans are the active plans whose term ended by now.
func duePlans(ctx context.Context, q db.Querier, now int64) ([]*plan, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+planColumns+` FROM subscription_plans WHERE status = 'active' AND expire_at > 0 AND expire_at <= ?`, now)
	if err != nil {
		return nil, db.Wrap("billing: due plans", err)
	}
	defer rows.Close()
	var due []*plan
	for rows.Next() {
		p, err := scanPlan(rows)
		if err != nil {
			return nil, db.Wrap("billing: due plans", err)
		}
		due = append(due, p)
	}
	return due, db.Wrap("billing: due plans", rows.Err())
}

// renew orders the next term; paid at once by card or for free, otherwise
// it waits for payment and the grace period starts.
func (s *Service) renew(ctx context.Context, p *plan) error {
	target := p.PackageID
	if p.NextPackageID != "" {
		target = p.NextPackageID
	}
	var o *order
	var charge *billing.Charge
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := db.LockTenant(ctx, tx, p.TenantID); err != nil {
			return err
		}
		if pending, err := pendingOrder(ctx, tx, p.TenantID); err != nil || pending != nil {
			if err == nil {
				err = s.startGrace(ctx, tx, p.TenantID)
			}
			return err
		}
		q, err := s.quote(ctx, tx, p.TenantID, shared.CostRequest{PackageID: target, Periods: 1, ExtraResidents: p.ExtraResidents}, 0, true)
		if errors.Is(err, ErrExtraTooFew) || errors.Is(err, ErrExtraTooMany) {
			q, err = s.quote(ctx, tx, p.TenantID, shared.CostRequest{PackageID: target, Periods: 1}, 0, true)
		}
		if err != nil {
			return err
		}
		q.Business, q.CreditCents = shared.BusinessRenew, 0
		q.TotalCents = max(q.SubtotalCents-q.DiscountCents, 0)
		if target != p.PackageID {
			q.Business = shared.BusinessNew
		}
		payment := shared.PaymentManual
		card, err := defaultCard(ctx, tx, p.TenantID)
		if err != nil {
			return err
		}
		if s.Mode() == shared.BillingStripe && card != nil {
			payment = shared.PaymentCard
		}
		if o, err = s.insertOrder(ctx, tx, p.TenantID, "", q, payment, false); err != nil {
			return err
		}
		if q.TotalCents == 0 {
			return s.applyPaid(ctx, tx, o, paidBy{remark: "free"})
		}
		if payment == shared.PaymentCard {
			acct, err := s.account(ctx, tx, p.TenantID)
			if err != nil || acct == nil {
				return err
			}
			charge = &billing.Charge{CustomerID: acct.stripeCustomerID, PaymentMethodID: card.StripeID, AmountCents: q.TotalCents,
				Currency: q.Currency, Description: q.pkg.Name + " renewal", OrderID: o.ID, TenantID: p.TenantID}
			return nil
		}
		if err := s.insertInvoice(ctx, tx, o, shared.InvoiceOpen, billing.Invoice{}, h(ctx, tx, p.TenantID)); err != nil {
			return err
		}
		return s.startGrace(ctx, tx, p.TenantID)
	})
	if err != nil || charge == nil {
		return err
	}
	inv, err := s.pay.Pay(ctx, *charge)
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if err != nil {
			s.log.ErrorContext(ctx, "billing: renewal charge", "order", o.ID, "err", err)
			return s.failOrder(ctx, tx, o.ID, "stripe")
		}
		return s.applyInvoice(ctx, tx, o.ID, inv, !inv.Paid())
	})
}

// startGrace gives the home the grace period (parameter billing.graceDays)
// from its term's end, and e-mails its owners once.
func (s *Service) startGrace(ctx context.Context, tx *db.Tx, tenantID string) error {
	cur, err := currentPlan(ctx, tx, tenantID)
	if err != nil || cur == nil || cur.GraceUntil > 0 {
		return err
	}
	days := int(s.params.Int(ctx, param.BillingGraceDays))
	until := time.UnixMilli(max(cur.ExpireAt, 1)).AddDate(0, 0, days).UnixMilli()
	if _, err := tx.ExecContext(ctx, `UPDATE subscription_plans SET grace_until = ?, updated_at = ? WHERE id = ?`, until, s.now().UnixMilli(), cur.ID); err != nil {
		return db.Wrap("billing: grace", err)
	}
	if err := audit.Write(ctx, tx, audit.Entry{TenantID: tenantID, Action: "subscription.grace", Entity: "subscriptionPlan", EntityID: cur.ID,
		After: map[string]any{"graceUntil": until}}); err != nil {
		return err
	}
	return s.mailOwners(ctx, tx, tenantID, "billing.mail.graceSubject", "billing.mail.graceBody", until)
}

// expire ends a plan whose grace period (or non-renewing term) ran out and
// locks the home: its limited writes answer 7001; its records stay readable.
func (s *Service) expire(ctx context.Context, p *plan) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		now := s.now().UnixMilli()
		if _, err := tx.ExecContext(ctx, `UPDATE subscription_plans SET status = ?, updated_at = ? WHERE id = ?`, string(shared.PlanExpired), now, p.ID); err != nil {
			return db.Wrap("billing: expire plan", err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE tenants SET billing_locked_at = ?, updated_at = ? WHERE id = ? AND billing_locked_at = 0`,
			now, now, p.TenantID); err != nil {
			return db.Wrap("billing: lock home", err)
		}
		if err := audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, Action: "subscription.expired", Entity: "subscriptionPlan", EntityID: p.ID}); err != nil {
			return err
		}
		return s.mailOwners(ctx, tx, p.TenantID, "billing.mail.expiredSubject", "billing.mail.expiredBody", now)
	})
}

// mailOwners e-mails the home's owners after the transaction commits.
func (s *Service) mailOwners(ctx context.Context, tx *db.Tx, tenantID, subject, body string, at int64) error {
	rows, err := tx.QueryContext(ctx, `SELECT u.email, u.language, t.facility_name FROM memberships m JOIN users u ON u.id = m.user_id
		JOIN tenants t ON t.id = m.tenant_id WHERE m.tenant_id = ? AND m.role IN (?, ?) AND m.status = 'enabled'`,
		tenantID, string(shared.RoleFacilityOwner), string(shared.RoleFacilityOwnerRegister))
	if err != nil {
		return db.Wrap("billing: owners", err)
	}
	defer rows.Close()
	var mails []mail.Message
	for rows.Next() {
		var to, lang, home string
		if err := rows.Scan(&to, &lang, &home); err != nil {
			return db.Wrap("billing: owners", err)
		}
		l := shared.PickLanguage(lang) // the language the owner reads Hearth in (en-US when not known)
		args := map[string]any{"home": home, "date": msg.Date(l, time.UnixMilli(at)), "link": s.publicURL + "/my-subscription"}
		mails = append(mails, mail.Message{To: to, Subject: msg.T(l, subject, args), Body: msg.T(l, body, args)})
	}
	if err := rows.Err(); err != nil {
		return db.Wrap("billing: owners", err)
	}
	tx.AfterCommit(func() {
		for _, m := range mails {
			if err := s.mail.Send(context.WithoutCancel(ctx), m); err != nil {
				s.log.ErrorContext(ctx, "billing: mail", "to", m.To, "err", err)
			}
		}
	})
	return nil
}
