package billing_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"hearth/cloud/platform/billing/billingtest"
	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

func webhook(t *testing.T, e *servertest.Env, body []byte, signature string) int {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, e.HTTP.URL+"/api/system/billing/stripeWebhook", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Stripe-Signature", signature)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// cspOf is the Content-Security-Policy the server sends.
func cspOf(t *testing.T, e *servertest.Env) string {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, e.HTTP.URL+"/healthz", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.Header.Get("Content-Security-Policy")
}

func invoiceEvent(id, typ, invoice string) []byte {
	return billingtest.Event(id, typ, map[string]any{"id": invoice, "object": "invoice", "status": "paid"})
}

// With a Stripe key (against stripe-mock): the owner's billing details make
// a customer, a card is attached (only its brand, funding, last four and
// expiry kept), an upgrade is charged to it and paid at once; a declined
// card leaves the order waiting and the failed payment's webhook marks it
// PAYMENT_FAILED; a later paid webhook (read back from Stripe) pays it once,
// however often it is replayed; a forged signature is refused with HTTP 400
// and changes nothing.
func TestStripeBilling(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		stripe := billingtest.StartStripe(t)
		e := servertest.Start(t, d, servertest.Options{Config: func(c *config.Config) { c.Billing = billingtest.Config(stripe.URL) }})
		admin := e.SignIn(t, "superadmin")
		birch := e.SignIn(t, "owner_birch")
		if csp := cspOf(t, e); !strings.Contains(csp, "script-src 'self' https://js.stripe.com;") || !strings.Contains(csp, "https://hooks.stripe.com") ||
			!strings.Contains(csp, "https://api.stripe.com") {
			t.Errorf("Stripe Elements not allowed by the CSP: %s", csp)
		}
		if s := current(t, birch); s.Mode != shared.BillingStripe || s.HasCard {
			t.Fatalf("mode: %+v", s)
		}
		birch.Post(t, sys+"/paymentMethod/setupIntent", struct{}{}).Is(t, http.StatusOK, shared.CodeValidation) // billing details first
		birch.Post(t, sys+"/subscription/checkout", shared.CostRequest{PackageID: "ESSENTIAL_PACKAGE", Periods: 1}).Is(t, http.StatusOK, shared.CodeValidation)
		info := shared.BillingInfo{Name: "Birch Cottage AFH", Email: "billing@birch.example", Phone: "+1 208 555 0100", Country: "US",
			Line1: "4 Birch Lane", City: "Boise", State: "ID", PostalCode: "83702", TaxID: "12-3456789", TaxType: "us_ein"}
		birch.Post(t, sys+"/billing/info/save", info).OK(t)
		var si shared.SetupIntent
		birch.Post(t, sys+"/paymentMethod/setupIntent", struct{}{}).OK(t).Into(t, &si)
		if si.ClientSecret == "" || si.PublishableKey != "pk_test_hearth" {
			t.Fatalf("setup intent: %+v", si)
		}
		var card shared.PaymentMethod
		birch.Post(t, sys+"/paymentMethod/attach", shared.AttachCardRequest{PaymentMethodID: "pm_card_visa"}).OK(t).Into(t, &card)
		if !card.IsDefault || card.Last4 == "" || card.Brand == "" || card.Funding == "" {
			t.Fatalf("card: %+v", card)
		}
		// A promotion code is kept at Stripe too.
		var code shared.PromotionCode
		admin.Post(t, sys+"/promotionCode/save", shared.PromotionCode{Code: "STRIPE5", DiscountType: shared.DiscountAmount, Value: 500}).OK(t).Into(t, &code)
		if code.StripeID == "" {
			t.Fatalf("code not at Stripe: %+v", code)
		}

		var o shared.BillingOrder
		birch.Post(t, sys+"/subscription/checkout", shared.CostRequest{PackageID: "ESSENTIAL_PACKAGE", Periods: 1, PromotionCode: "STRIPE5"}).OK(t).Into(t, &o)
		if o.Status != shared.OrderPaid || o.PaymentType != shared.PaymentCard || o.TotalCents != 4400 || o.PaymentMethod == "" {
			t.Fatalf("card order: %+v", o)
		}
		var inv shared.Page[shared.Invoice]
		birch.Post(t, sys+"/billing/invoice/page", page{Current: 1, Size: 20}).OK(t).Into(t, &inv)
		if inv.Total != 1 || inv.Records[0].Status != shared.InvoicePaid || inv.Records[0].HostedURL == "" {
			t.Fatalf("invoice: %+v", inv)
		}

		// Declined: the upgrade waits, then the failure's webhook marks it.
		stripe.Decline(true)
		birch.Post(t, sys+"/subscription/checkout", shared.CostRequest{PackageID: "PREMIUM_PACKAGE", Periods: 1}).OK(t).Into(t, &o)
		if o.Status != shared.OrderPendingPayment {
			t.Fatalf("declined order: %+v", o)
		}
		var invoiceID string
		for id, st := range stripe.Invoices() {
			if st == "open" {
				invoiceID = id
			}
		}
		if invoiceID == "" {
			t.Fatalf("no open invoice: %v", stripe.Invoices())
		}
		failed := invoiceEvent("evt_failed", "invoice.payment_failed", invoiceID)
		if code := webhook(t, e, failed, billingtest.Sign(failed, "")); code != http.StatusOK {
			t.Fatalf("signed webhook: HTTP %d", code)
		}
		e.DrainJobs(t)
		if got := orders(t, birch, "/billing/order/page", shared.BillingFilter{Status: string(shared.OrderPaymentFailed)}); got.Total != 1 {
			t.Fatalf("failed orders: %+v", got)
		}
		if s := current(t, birch); s.Package.ID != "ESSENTIAL_PACKAGE" {
			t.Fatalf("a failed payment moved the home: %+v", s)
		}

		// Forged: refused, nothing kept.
		paid := invoiceEvent("evt_paid", "invoice.paid", invoiceID)
		if code := webhook(t, e, paid, billingtest.Sign(paid, "whsec_forged")); code != http.StatusBadRequest {
			t.Fatalf("forged webhook: HTTP %d", code)
		}
		if code := webhook(t, e, paid, ""); code != http.StatusBadRequest {
			t.Fatalf("unsigned webhook: HTTP %d", code)
		}
		e.DrainJobs(t)
		if s := current(t, birch); s.Package.ID != "ESSENTIAL_PACKAGE" {
			t.Fatalf("a forged event moved the home: %+v", s)
		}
		// The owner paid on Stripe's hosted page: the paid event, sent three
		// times, pays the order once (read back from Stripe, which now says paid).
		stripe.SetInvoice(invoiceID, "paid")
		for range 3 {
			if code := webhook(t, e, paid, billingtest.Sign(paid, "")); code != http.StatusOK {
				t.Fatalf("paid webhook: HTTP %d", code)
			}
		}
		e.DrainJobs(t)
		if s := current(t, birch); s.Package.ID != "PREMIUM_PACKAGE" {
			t.Fatalf("after the paid event: %+v", s)
		}
		ch := charges(t, admin, "/billing/admin/chargePage")
		var paidCharges int
		for _, c := range ch.Records {
			if c.Status == shared.ChargePaid {
				paidCharges++
			}
		}
		if paidCharges != 2 {
			t.Fatalf("paid charges: %+v", ch.Records)
		}
		// An older event arriving late (the failure, again with a new id) changes nothing: Stripe says paid.
		late := invoiceEvent("evt_late", "invoice.payment_failed", invoiceID)
		webhook(t, e, late, billingtest.Sign(late, ""))
		e.DrainJobs(t)
		if s := current(t, birch); s.Package.ID != "PREMIUM_PACKAGE" {
			t.Fatalf("a late event moved the home: %+v", s)
		}

		// Cards: the only card of a renewing plan stays; the default can change; another home cannot touch it.
		var cards []shared.PaymentMethod
		birch.Get(t, sys+"/paymentMethod/list").OK(t).Into(t, &cards)
		if len(cards) != 1 {
			t.Fatalf("cards: %+v", cards)
		}
		birch.Post(t, sys+"/paymentMethod/remove", shared.BillingIDRequest{ID: cards[0].ID}).Is(t, http.StatusOK, shared.CodeConflict)
		e.SignIn(t, "owner_evergreen", "Maple House AFH").Post(t, sys+"/paymentMethod/remove", shared.BillingIDRequest{ID: cards[0].ID}).
			Is(t, http.StatusOK, shared.CodeNotFound)
		birch.Post(t, sys+"/subscription/autoRenewal", shared.AutoRenewalRequest{AutoRenewal: false}).OK(t)
		birch.Post(t, sys+"/paymentMethod/remove", shared.BillingIDRequest{ID: cards[0].ID}).OK(t)
	})
}
