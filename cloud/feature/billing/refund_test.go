package billing_test

import (
	"net/http"
	"testing"

	"hearth/cloud/platform/billing/billingtest"
	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

func chargesOf(t *testing.T, admin *servertest.Client, status shared.ChargeStatus) []shared.ChargeRecord {
	t.Helper()
	var out []shared.ChargeRecord
	for _, c := range charges(t, admin, "/billing/admin/chargePage").Records {
		if c.Status == status {
			out = append(out, c)
		}
	}
	return out
}

func auditCount(t *testing.T, d *db.DB, action, entityID string) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM audit_log WHERE action = ? AND entity_id = ?`, action, entityID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func orderOf(t *testing.T, admin *servertest.Client, id string) shared.BillingOrder {
	t.Helper()
	for _, o := range orders(t, admin, "/billing/admin/orderPage", shared.BillingFilter{}).Records {
		if o.ID == id {
			return o
		}
	}
	t.Fatalf("order %s not listed", id)
	return shared.BillingOrder{}
}

// Manual billing: the super admin refunds a paid order by hand. A partial
// refund of the current period's order gives the money back and leaves the
// plan; a full refund of the order that paid the current period ends it and
// puts the home back on the free package at once. A paid order is refunded
// once; an order waiting for payment, more than it cost, no reason, an
// owner and another home's owner are refused.
func TestManualRefund(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "superadmin")
		birch := e.SignIn(t, "owner_birch")
		maple := e.SignIn(t, "owner_evergreen", "Maple House AFH")

		var o shared.BillingOrder
		birch.Post(t, sys+"/subscription/checkout", shared.CostRequest{PackageID: "ESSENTIAL_PACKAGE", Periods: 1}).OK(t).Into(t, &o)
		// Not paid yet: nothing to refund.
		admin.Post(t, sys+"/billing/admin/refund", shared.RefundRequest{OrderID: o.ID, AmountCents: 100, Reason: "early"}).Is(t, http.StatusOK, shared.CodeConflict)
		admin.Post(t, sys+"/billing/admin/recordPayment", shared.RecordPaymentRequest{OrderID: o.ID, Remark: "Cheque 7"}).OK(t)
		if s := current(t, birch); s.Package.ID != "ESSENTIAL_PACKAGE" {
			t.Fatalf("after payment: %+v", s)
		}

		// Roles: the home's owner and another home's owner cannot refund.
		req := shared.RefundRequest{OrderID: o.ID, AmountCents: 1000, Reason: "Two weeks of a closed wing"}
		birch.Post(t, sys+"/billing/admin/refund", req).Is(t, http.StatusOK, shared.CodeForbidden)
		maple.Post(t, sys+"/billing/admin/refund", req).Is(t, http.StatusOK, shared.CodeForbidden)
		// Bounds: an amount, a reason, never more than the order cost.
		admin.Post(t, sys+"/billing/admin/refund", shared.RefundRequest{OrderID: o.ID, AmountCents: 0, Reason: "x"}).Is(t, http.StatusOK, shared.CodeValidation)
		admin.Post(t, sys+"/billing/admin/refund", shared.RefundRequest{OrderID: o.ID, AmountCents: 100}).Is(t, http.StatusOK, shared.CodeValidation)
		r := admin.Post(t, sys+"/billing/admin/refund", shared.RefundRequest{OrderID: o.ID, AmountCents: o.TotalCents + 1, Reason: "x"})
		r.Is(t, http.StatusOK, shared.CodeValidation)
		if r.Message != "A refund gives back at most what the order cost ($49.00)." {
			t.Errorf("too much: %q", r.Message)
		}
		admin.Post(t, sys+"/billing/admin/refund", shared.RefundRequest{OrderID: "nope", AmountCents: 100, Reason: "x"}).Is(t, http.StatusOK, shared.CodeNotFound)

		// Partial: recorded at once, the plan stays.
		var got shared.BillingOrder
		admin.Post(t, sys+"/billing/admin/refund", req).OK(t).Into(t, &got)
		if got.Status != shared.OrderRefunded || got.RefundedCents != 1000 || got.RefundCents != 1000 || got.RefundReason != req.Reason {
			t.Fatalf("partial refund: %+v", got)
		}
		if s := current(t, birch); s.Package.ID != "ESSENTIAL_PACKAGE" || s.PlanID == "" {
			t.Fatalf("a partial refund moved the home: %+v", s)
		}
		refunds := chargesOf(t, admin, shared.ChargeRefund)
		if len(refunds) != 1 || refunds[0].AmountCents != 1000 || refunds[0].Remark != req.Reason || refunds[0].OrderID != o.ID ||
			refunds[0].OrderStatus != shared.OrderRefunded {
			t.Fatalf("refund charge records: %+v", refunds)
		}
		// Once.
		admin.Post(t, sys+"/billing/admin/refund", req).Is(t, http.StatusOK, shared.CodeConflict)
		if n := auditCount(t, d, "billingOrder.refunded", o.ID); n != 1 {
			t.Fatalf("audited %d times", n)
		}

		// Upgrade to Premium, paid by hand; its full refund ends the period it paid.
		birch.Post(t, sys+"/subscription/checkout", shared.CostRequest{PackageID: "PREMIUM_PACKAGE", Periods: 1}).OK(t).Into(t, &o)
		admin.Post(t, sys+"/billing/admin/recordPayment", shared.RecordPaymentRequest{OrderID: o.ID, Remark: "Transfer 88"}).OK(t)
		if s := current(t, birch); s.Package.ID != "PREMIUM_PACKAGE" {
			t.Fatalf("after the upgrade: %+v", s)
		}
		if c := chargesOf(t, admin, shared.ChargePaid); len(c) != 2 || c[0].OrderStatus != shared.OrderPaid || c[0].OrderTotalCents != o.TotalCents {
			t.Fatalf("paid charges: %+v", c)
		}
		admin.Post(t, sys+"/billing/admin/refund", shared.RefundRequest{OrderID: o.ID, AmountCents: o.TotalCents, Reason: "Closed the home"}).OK(t).Into(t, &got)
		if got.Status != shared.OrderRefunded || got.RefundedCents != o.TotalCents {
			t.Fatalf("full refund: %+v", got)
		}
		s := current(t, birch)
		if s.Package.ID != shared.DefaultPackageID || s.PlanID != "" || s.NextBillingTime != 0 {
			t.Fatalf("a full refund of the current period left the home on: %+v", s)
		}
		if n := auditCount(t, d, "subscription.refunded", got.PlanID); n != 1 || got.PlanID == "" {
			t.Fatalf("the plan's end audited %d times", n)
		}
		if len(chargesOf(t, admin, shared.ChargeRefund)) != 2 {
			t.Fatal("no second REFUND charge record")
		}
		// The earlier Essential order, refunded in part already, is not refunded again.
		admin.Post(t, sys+"/billing/admin/refund", shared.RefundRequest{OrderID: got.ID, AmountCents: 1, Reason: "x"}).Is(t, http.StatusOK, shared.CodeConflict)
	})
}

// With Stripe (stripe-mock): the refund of an order paid by card is made at
// Stripe against the payment of the order's invoice and the order is
// REFUNDING; a forged webhook changes nothing; Stripe's signed
// charge.refunded (read back: the refund succeeded), sent three times, makes
// it REFUNDED once with one REFUND charge record and ends the period it paid.
// A refund Stripe fails (refund.updated) leaves the order PAID, to be
// refunded anew.
func TestStripeRefund(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		stripe := billingtest.StartStripe(t)
		e := servertest.Start(t, d, servertest.Options{Config: func(c *config.Config) { c.Billing = billingtest.Config(stripe.URL) }})
		admin := e.SignIn(t, "superadmin")
		birch := e.SignIn(t, "owner_birch")
		birch.Post(t, sys+"/billing/info/save", shared.BillingInfo{Name: "Birch Cottage AFH", Email: "billing@birch.example", Phone: "+1 208 555 0100",
			Country: "US", Line1: "4 Birch Lane", City: "Boise", State: "ID", PostalCode: "83702"}).OK(t)
		birch.Post(t, sys+"/paymentMethod/attach", shared.AttachCardRequest{PaymentMethodID: "pm_card_visa"}).OK(t)

		var o shared.BillingOrder
		birch.Post(t, sys+"/subscription/checkout", shared.CostRequest{PackageID: "ESSENTIAL_PACKAGE", Periods: 1}).OK(t).Into(t, &o)
		if o.Status != shared.OrderPaid || o.PaymentType != shared.PaymentCard {
			t.Fatalf("card order: %+v", o)
		}
		// A refund Stripe fails: the order is PAID again.
		var got shared.BillingOrder
		admin.Post(t, sys+"/billing/admin/refund", shared.RefundRequest{OrderID: o.ID, AmountCents: 900, Reason: "Goodwill"}).OK(t).Into(t, &got)
		if got.Status != shared.OrderRefunding || got.RefundCents != 900 || got.RefundedCents != 0 {
			t.Fatalf("refunding: %+v", got)
		}
		if rf := stripe.Refunds(); len(rf) != 1 || rf["re_test_1"] != "pending" {
			t.Fatalf("refunds at Stripe: %v", rf)
		}
		admin.Post(t, sys+"/billing/admin/refund", shared.RefundRequest{OrderID: o.ID, AmountCents: 900, Reason: "again"}).Is(t, http.StatusOK, shared.CodeConflict)
		stripe.SetRefund("re_test_1", "failed")
		failed := billingtest.Event("evt_refund_failed", "refund.updated", map[string]any{"id": "re_test_1", "object": "refund", "status": "failed"})
		if code := webhook(t, e, failed, billingtest.Sign(failed, "")); code != http.StatusOK {
			t.Fatalf("refund.updated: HTTP %d", code)
		}
		e.DrainJobs(t)
		if got = orderOf(t, admin, o.ID); got.Status != shared.OrderPaid || got.RefundedCents != 0 {
			t.Fatalf("after a failed refund: %+v", got)
		}
		if n := auditCount(t, d, "billingOrder.refundFailed", o.ID); n != 1 {
			t.Fatalf("failed refund audited %d times", n)
		}

		// The full refund.
		admin.Post(t, sys+"/billing/admin/refund", shared.RefundRequest{OrderID: o.ID, AmountCents: o.TotalCents, Reason: "Sold the home"}).OK(t).Into(t, &got)
		if got.Status != shared.OrderRefunding {
			t.Fatalf("refunding: %+v", got)
		}
		if s := current(t, birch); s.Package.ID != "ESSENTIAL_PACKAGE" {
			t.Fatalf("the plan ended before Stripe refunded: %+v", s)
		}
		refunded := billingtest.Event("evt_charge_refunded", "charge.refunded", map[string]any{"id": "ch_test_1", "object": "charge", "refunded": true})
		if code := webhook(t, e, refunded, billingtest.Sign(refunded, "whsec_forged")); code != http.StatusBadRequest {
			t.Fatalf("forged webhook: HTTP %d", code)
		}
		e.DrainJobs(t)
		if got = orderOf(t, admin, o.ID); got.Status != shared.OrderRefunding {
			t.Fatalf("a forged event moved the order: %+v", got)
		}
		// Still pending at Stripe: the event changes nothing yet.
		if code := webhook(t, e, refunded, billingtest.Sign(refunded, "")); code != http.StatusOK {
			t.Fatalf("charge.refunded: HTTP %d", code)
		}
		e.DrainJobs(t)
		if got = orderOf(t, admin, o.ID); got.Status != shared.OrderRefunding {
			t.Fatalf("a pending refund moved the order: %+v", got)
		}
		stripe.SetRefund("re_test_2", "succeeded")
		again := billingtest.Event("evt_charge_refunded_2", "charge.refunded", map[string]any{"id": "ch_test_1", "object": "charge", "refunded": true})
		updated := billingtest.Event("evt_refund_updated", "refund.updated", map[string]any{"id": "re_test_2", "object": "refund", "status": "succeeded"})
		for _, ev := range [][]byte{again, again, updated, again} {
			if code := webhook(t, e, ev, billingtest.Sign(ev, "")); code != http.StatusOK {
				t.Fatalf("webhook: HTTP %d", code)
			}
		}
		e.DrainJobs(t)
		if got = orderOf(t, admin, o.ID); got.Status != shared.OrderRefunded || got.RefundedCents != o.TotalCents || got.RefundReason != "Sold the home" {
			t.Fatalf("after Stripe refunded: %+v", got)
		}
		if rf := chargesOf(t, admin, shared.ChargeRefund); len(rf) != 1 || rf[0].AmountCents != o.TotalCents || rf[0].CardType == "" {
			t.Fatalf("REFUND charge records: %+v", rf)
		}
		if s := current(t, birch); s.Package.ID != shared.DefaultPackageID || s.PlanID != "" {
			t.Fatalf("the refunded period did not end: %+v", s)
		}
		if n := auditCount(t, d, "billingOrder.refunded", o.ID); n != 1 {
			t.Fatalf("refund audited %d times", n)
		}
	})
}
