package billing

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"hearth/shared"
)

// Stripe takes payments through Stripe's API.
type Stripe struct {
	client        *stripe.Client
	publishable   string
	webhookSecret string
}

// NewStripe is the Stripe provider for c (c.APIURL: another API address, e.g. stripe-mock).
func NewStripe(c Config) *Stripe {
	cfg := &stripe.BackendConfig{HTTPClient: &http.Client{Timeout: 30 * time.Second}, MaxNetworkRetries: stripe.Int64(2),
		LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelError}}
	if c.APIURL != "" {
		cfg.URL = stripe.String(c.APIURL)
	}
	return &Stripe{client: stripe.NewClient(c.SecretKey, stripe.WithBackends(stripe.NewBackendsWithConfig(cfg))),
		publishable: c.PublishableKey, webhookSecret: c.WebhookSecret}
}

// Mode is stripe.
func (s *Stripe) Mode() shared.BillingMode { return shared.BillingStripe }

// PublishableKey is the browser's key.
func (s *Stripe) PublishableKey() string { return s.publishable }

// Customer makes or updates the home's customer.
func (s *Stripe) Customer(ctx context.Context, id string, c Customer) (string, error) {
	addr := &stripe.AddressParams{Line1: stripe.String(c.Line1), Line2: stripe.String(c.Line2), City: stripe.String(c.City),
		State: stripe.String(c.State), PostalCode: stripe.String(c.Postal), Country: stripe.String(c.Country)}
	meta := map[string]string{"tenant_id": c.TenantID}
	if id == "" {
		cu, err := s.client.V1Customers.Create(ctx, &stripe.CustomerCreateParams{Name: stripe.String(c.Name), Email: optional(c.Email),
			Phone: optional(c.Phone), Address: addressOrNil(c, addr), Metadata: meta})
		if err != nil {
			return "", fmt.Errorf("stripe: create customer: %w", err)
		}
		return cu.ID, nil
	}
	_, err := s.client.V1Customers.Update(ctx, id, &stripe.CustomerUpdateParams{Name: stripe.String(c.Name), Email: optional(c.Email),
		Phone: optional(c.Phone), Address: addressOrNil(c, addr), Metadata: meta})
	if err != nil {
		return "", fmt.Errorf("stripe: update customer: %w", err)
	}
	return id, nil
}

func addressOrNil(c Customer, a *stripe.AddressParams) *stripe.AddressParams {
	if c.Line1 == "" {
		return nil
	}
	return a
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return stripe.String(s)
}

// SetupIntent lets Elements collect a card for later, off-session payments.
func (s *Stripe) SetupIntent(ctx context.Context, customerID string) (string, error) {
	si, err := s.client.V1SetupIntents.Create(ctx, &stripe.SetupIntentCreateParams{Customer: stripe.String(customerID),
		Usage: stripe.String("off_session"), PaymentMethodTypes: []*string{stripe.String("card")}})
	if err != nil {
		return "", fmt.Errorf("stripe: setup intent: %w", err)
	}
	return si.ClientSecret, nil
}

// AttachCard attaches the card and reads what Stripe tells of it.
func (s *Stripe) AttachCard(ctx context.Context, customerID, paymentMethodID string) (Card, error) {
	pm, err := s.client.V1PaymentMethods.Attach(ctx, paymentMethodID, &stripe.PaymentMethodAttachParams{Customer: stripe.String(customerID)})
	if err != nil {
		return Card{}, fmt.Errorf("stripe: attach card: %w", err)
	}
	if _, err := s.client.V1Customers.Update(ctx, customerID, &stripe.CustomerUpdateParams{
		InvoiceSettings: &stripe.CustomerUpdateInvoiceSettingsParams{DefaultPaymentMethod: stripe.String(pm.ID)}}); err != nil {
		return Card{}, fmt.Errorf("stripe: default card: %w", err)
	}
	c := Card{ID: pm.ID, Funding: "unknown"}
	if pm.BillingDetails != nil {
		c.Holder = pm.BillingDetails.Name
	}
	if pm.Card != nil {
		c.Brand, c.Last4, c.ExpMonth, c.ExpYear = string(pm.Card.Brand), pm.Card.Last4, int(pm.Card.ExpMonth), int(pm.Card.ExpYear)
		if f := string(pm.Card.Funding); f != "" {
			c.Funding = f
		}
	}
	return c, nil
}

// DetachCard removes the card from its customer.
func (s *Stripe) DetachCard(ctx context.Context, paymentMethodID string) error {
	if _, err := s.client.V1PaymentMethods.Detach(ctx, paymentMethodID, &stripe.PaymentMethodDetachParams{}); err != nil {
		return fmt.Errorf("stripe: detach card: %w", err)
	}
	return nil
}

// Pay makes an invoice with one line, applies the coupon, finalizes it and
// pays it with the card. A declined card or one that needs 3-D Secure leaves
// the invoice open: its state is answered, and the webhook tells the rest.
func (s *Stripe) Pay(ctx context.Context, c Charge) (Invoice, error) {
	meta := map[string]string{"order_id": c.OrderID, "tenant_id": c.TenantID}
	params := &stripe.InvoiceCreateParams{Customer: stripe.String(c.CustomerID), AutoAdvance: stripe.Bool(false),
		CollectionMethod: stripe.String("charge_automatically"), Currency: stripe.String(strings.ToLower(c.Currency)),
		Description: stripe.String(c.Description), Metadata: meta, PendingInvoiceItemsBehavior: stripe.String("exclude")}
	if c.CouponID != "" {
		params.Discounts = []*stripe.InvoiceCreateDiscountParams{{Coupon: stripe.String(c.CouponID)}}
	}
	params.SetIdempotencyKey(c.OrderID + "-invoice") // a retried request makes one invoice
	inv, err := s.client.V1Invoices.Create(ctx, params)
	if err != nil {
		return Invoice{}, fmt.Errorf("stripe: create invoice: %w", err)
	}
	item := &stripe.InvoiceItemCreateParams{Customer: stripe.String(c.CustomerID), Invoice: stripe.String(inv.ID),
		Amount: stripe.Int64(c.AmountCents), Currency: stripe.String(strings.ToLower(c.Currency)), Description: stripe.String(c.Description)}
	item.SetIdempotencyKey(c.OrderID + "-item")
	if _, err := s.client.V1InvoiceItems.Create(ctx, item); err != nil {
		return Invoice{}, fmt.Errorf("stripe: invoice line: %w", err)
	}
	if inv, err = s.client.V1Invoices.FinalizeInvoice(ctx, inv.ID, &stripe.InvoiceFinalizeInvoiceParams{}); err != nil {
		return Invoice{}, fmt.Errorf("stripe: finalize invoice: %w", err)
	}
	pay := &stripe.InvoicePayParams{OffSession: stripe.Bool(true)}
	if c.PaymentMethodID != "" {
		pay.PaymentMethod = stripe.String(c.PaymentMethodID)
	}
	paid, err := s.client.V1Invoices.Pay(ctx, inv.ID, pay)
	var se *stripe.Error
	if errors.As(err, &se) && (se.Type == stripe.ErrorTypeCard || se.Code == stripe.ErrorCodeInvoicePaymentIntentRequiresAction) {
		return s.Invoice(ctx, inv.ID) // declined or 3-D Secure: the invoice stays open
	}
	if err != nil {
		return Invoice{}, fmt.Errorf("stripe: pay invoice: %w", err)
	}
	return invoiceOf(paid), nil
}

// Invoice reads the invoice's current state.
func (s *Stripe) Invoice(ctx context.Context, id string) (Invoice, error) {
	inv, err := s.client.V1Invoices.Retrieve(ctx, id, &stripe.InvoiceRetrieveParams{})
	if err != nil {
		return Invoice{}, fmt.Errorf("stripe: read invoice: %w", err)
	}
	return invoiceOf(inv), nil
}

func invoiceOf(inv *stripe.Invoice) Invoice {
	return Invoice{ID: inv.ID, Number: inv.Number, Status: shared.InvoiceStatus(inv.Status), AmountDue: inv.AmountDue, AmountPaid: inv.AmountPaid,
		Currency: strings.ToUpper(string(inv.Currency)), HostedURL: inv.HostedInvoiceURL, PDFURL: inv.InvoicePDF,
		OrderID: inv.Metadata["order_id"], TenantID: inv.Metadata["tenant_id"]}
}

// Refund refunds part or all of an invoice's payment: the invoice's payment
// intent (its invoice payments, API 2025-03-31 and later) is refunded with a
// Refund carrying Hearth's ids, made once however often it is retried.
func (s *Stripe) Refund(ctx context.Context, r RefundCharge) (Refund, error) {
	var intent string
	for p, err := range s.client.V1InvoicePayments.List(ctx, &stripe.InvoicePaymentListParams{Invoice: stripe.String(r.InvoiceID)}).All(ctx) {
		if err != nil {
			return Refund{}, fmt.Errorf("stripe: invoice payments: %w", err)
		}
		if p.Payment != nil && p.Payment.PaymentIntent != nil && p.Payment.PaymentIntent.ID != "" {
			intent = p.Payment.PaymentIntent.ID
			break
		}
	}
	if intent == "" {
		return Refund{}, fmt.Errorf("stripe: invoice %s has no payment to refund", r.InvoiceID)
	}
	params := &stripe.RefundCreateParams{PaymentIntent: stripe.String(intent), Amount: stripe.Int64(r.AmountCents),
		Reason:   stripe.String(string(stripe.RefundReasonRequestedByCustomer)),
		Metadata: map[string]string{"refund_id": r.RefundID, "order_id": r.OrderID, "tenant_id": r.TenantID}}
	params.SetIdempotencyKey(r.RefundID + "-refund")
	rf, err := s.client.V1Refunds.Create(ctx, params)
	if err != nil {
		return Refund{}, fmt.Errorf("stripe: create refund: %w", err)
	}
	out := refundOf(rf)
	if out.PaymentIntentID == "" {
		out.PaymentIntentID = intent
	}
	return out, nil
}

// RefundState reads a refund's current state.
func (s *Stripe) RefundState(ctx context.Context, id string) (Refund, error) {
	rf, err := s.client.V1Refunds.Retrieve(ctx, id, &stripe.RefundRetrieveParams{})
	if err != nil {
		return Refund{}, fmt.Errorf("stripe: read refund: %w", err)
	}
	return refundOf(rf), nil
}

// ChargeIntent is the payment intent a charge belongs to.
func (s *Stripe) ChargeIntent(ctx context.Context, chargeID string) (string, error) {
	ch, err := s.client.V1Charges.Retrieve(ctx, chargeID, &stripe.ChargeRetrieveParams{})
	if err != nil {
		return "", fmt.Errorf("stripe: read charge: %w", err)
	}
	if ch.PaymentIntent == nil {
		return "", nil
	}
	return ch.PaymentIntent.ID, nil
}

func refundOf(rf *stripe.Refund) Refund {
	out := Refund{ID: rf.ID, Status: string(rf.Status), AmountCents: rf.Amount, RefundID: rf.Metadata["refund_id"]}
	if rf.PaymentIntent != nil {
		out.PaymentIntentID = rf.PaymentIntent.ID
	}
	return out
}

// Promotion keeps the code as a coupon (an amount or a percentage off, once)
// and a promotion code customers type.
func (s *Stripe) Promotion(ctx context.Context, p Promo) (string, string, error) {
	cp := &stripe.CouponCreateParams{Duration: stripe.String("once"), Name: stripe.String(p.Code)}
	if p.Type == shared.DiscountPercent {
		cp.PercentOff = stripe.Float64(float64(p.Value))
	} else {
		cp.AmountOff, cp.Currency = stripe.Int64(p.Value), stripe.String(strings.ToLower(p.Currency))
	}
	coupon, err := s.client.V1Coupons.Create(ctx, cp)
	if err != nil {
		return "", "", fmt.Errorf("stripe: coupon: %w", err)
	}
	pp := &stripe.PromotionCodeCreateParams{Code: stripe.String(p.Code),
		Promotion: &stripe.PromotionCodeCreatePromotionParams{Type: stripe.String("coupon"), Coupon: stripe.String(coupon.ID)}}
	if !p.ValidTo.IsZero() {
		pp.ExpiresAt = stripe.Int64(p.ValidTo.Unix())
	}
	if p.MaxUses > 0 {
		pp.MaxRedemptions = stripe.Int64(int64(p.MaxUses))
	}
	promo, err := s.client.V1PromotionCodes.Create(ctx, pp)
	if err != nil {
		return coupon.ID, "", fmt.Errorf("stripe: promotion code: %w", err)
	}
	return coupon.ID, promo.ID, nil
}

// SetPromotionActive switches the promotion code on or off.
func (s *Stripe) SetPromotionActive(ctx context.Context, id string, active bool) error {
	if id == "" {
		return nil
	}
	if _, err := s.client.V1PromotionCodes.Update(ctx, id, &stripe.PromotionCodeUpdateParams{Active: stripe.Bool(active)}); err != nil {
		return fmt.Errorf("stripe: promotion code: %w", err)
	}
	return nil
}

// Event verifies the Stripe-Signature header with the endpoint's secret
// (stripe-go's webhook package: HMAC-SHA256, 5 minutes' tolerance).
func (s *Stripe) Event(payload []byte, signature string) (Event, error) {
	if s.webhookSecret == "" {
		return Event{}, ErrSignature
	}
	ev, err := webhook.ConstructEventWithOptions(payload, signature, s.webhookSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return Event{}, fmt.Errorf("%w: %w", ErrSignature, err)
	}
	out := Event{ID: ev.ID, Type: string(ev.Type)}
	if ev.Data != nil {
		if id, ok := ev.Data.Object["id"].(string); ok {
			out.ObjectID = id
		}
	}
	return out, nil
}
