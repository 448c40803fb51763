package billing_test

import (
	"errors"
	"testing"
	"time"

	"hearth/cloud/platform/billing"
	"hearth/cloud/platform/billing/billingtest"
	"hearth/shared"
)

// Every Stripe call Hearth makes is one stripe-mock accepts (it checks each
// request against Stripe's OpenAPI document), and answers are read back.
func TestStripeCalls(t *testing.T) {
	t.Parallel()
	p := billing.New(billingtest.Config(billingtest.Start(t)))
	if p.Mode() != shared.BillingStripe || p.PublishableKey() != "pk_test_hearth" {
		t.Fatalf("mode %s", p.Mode())
	}
	ctx := t.Context()
	cus, err := p.Customer(ctx, "", billing.Customer{TenantID: "t1", Name: "Maple House AFH", Email: "owner@maple.example",
		Phone: "+1 360 555 0100", Country: "US", Line1: "12 Maple Street", City: "Olympia", State: "WA", Postal: "98501"})
	if err != nil || cus == "" {
		t.Fatalf("customer: %q %v", cus, err)
	}
	if _, err := p.Customer(ctx, cus, billing.Customer{TenantID: "t1", Name: "Maple House"}); err != nil {
		t.Fatalf("update customer: %v", err)
	}
	if secret, err := p.SetupIntent(ctx, cus); err != nil || secret == "" {
		t.Fatalf("setup intent: %q %v", secret, err)
	}
	card, err := p.AttachCard(ctx, cus, "pm_card_visa")
	if err != nil || card.ID == "" || card.Last4 == "" || card.Funding == "" {
		t.Fatalf("attach: %+v %v", card, err)
	}
	inv, err := p.Pay(ctx, billing.Charge{CustomerID: cus, PaymentMethodID: card.ID, AmountCents: 4900, Currency: "USD",
		Description: "Essential, 1 month", CouponID: "co_123", OrderID: "o1", TenantID: "t1"})
	if err != nil || inv.ID == "" || inv.Status == "" {
		t.Fatalf("pay: %+v %v", inv, err)
	}
	if again, err := p.Invoice(ctx, inv.ID); err != nil || again.ID == "" {
		t.Fatalf("read invoice: %+v %v", again, err)
	}
	for _, promo := range []billing.Promo{
		{Code: "WELCOME10", Type: shared.DiscountPercent, Value: 10, Currency: "USD", ValidTo: time.Now().AddDate(0, 1, 0), MaxUses: 5},
		{Code: "TENOFF", Type: shared.DiscountAmount, Value: 1000, Currency: "USD"},
	} {
		coupon, code, err := p.Promotion(ctx, promo)
		if err != nil || coupon == "" || code == "" {
			t.Fatalf("promotion %s: %q %q %v", promo.Code, coupon, code, err)
		}
		if err := p.SetPromotionActive(ctx, code, false); err != nil {
			t.Fatalf("deactivate: %v", err)
		}
	}
	if err := p.DetachCard(ctx, card.ID); err != nil {
		t.Fatalf("detach: %v", err)
	}
}

// A webhook is read only with a good signature of the endpoint's secret.
func TestStripeWebhookSignature(t *testing.T) {
	t.Parallel()
	p := billing.New(billingtest.Config("http://127.0.0.1:1"))
	body := billingtest.Event("evt_1", "invoice.paid", map[string]any{"id": "in_1", "object": "invoice"})
	ev, err := p.Event(body, billingtest.Sign(body, ""))
	if err != nil || ev.ID != "evt_1" || ev.Type != "invoice.paid" || ev.ObjectID != "in_1" {
		t.Fatalf("signed: %+v %v", ev, err)
	}
	for name, sig := range map[string]string{
		"forged": billingtest.Sign(body, "whsec_someone_else"), "none": "", "garbage": "t=1,v1=abc",
	} {
		if _, err := p.Event(body, sig); !errors.Is(err, billing.ErrSignature) {
			t.Errorf("%s signature: %v", name, err)
		}
	}
	tampered := append([]byte{}, body...)
	tampered[10] = 'X'
	if _, err := p.Event(tampered, billingtest.Sign(body, "")); !errors.Is(err, billing.ErrSignature) {
		t.Errorf("tampered body: %v", err)
	}
	if _, err := (billing.Manual{}).Event(body, billingtest.Sign(body, "")); !errors.Is(err, billing.ErrSignature) {
		t.Errorf("manual billing took a webhook: %v", err)
	}
}
