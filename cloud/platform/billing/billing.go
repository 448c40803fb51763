// Package billing is how Hearth takes payments: Stripe (stripe/stripe-go)
// when a secret key is configured, otherwise manual billing, where the super
// admin invoices homes by hand and records their payments. The billing
// feature (cloud/feature/billing) asks the Provider; it never sees a card
// number: Stripe Elements collects cards in the browser and Hearth keeps only
// Stripe's ids, brand, funding, last four and expiry (PCI DSS SAQ A).
package billing

import (
	"context"
	"errors"
	"time"

	"hearth/shared"
)

// ErrManual is what a card operation answers under manual billing.
var ErrManual = errors.New("billing: manual billing takes no cards")

// ErrSignature is a webhook whose signature does not verify.
var ErrSignature = errors.New("billing: webhook signature does not verify")

// Customer is a home as a payer.
type Customer struct {
	TenantID string
	Name     string
	Email    string
	Phone    string
	Country  string
	Line1    string
	Line2    string
	City     string
	State    string
	Postal   string
}

// Card is what Stripe tells of a card.
type Card struct {
	ID       string
	Brand    string
	Funding  string
	Last4    string
	ExpMonth int
	ExpYear  int
	Holder   string
}

// Charge is one invoice to make and pay now with the customer's card.
type Charge struct {
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64 // before the coupon
	Currency        string
	Description     string
	CouponID        string // Stripe coupon of the promotion code, if any
	OrderID         string
	TenantID        string
}

// Invoice is an invoice's state at Stripe.
type Invoice struct {
	ID         string
	Number     string
	Status     shared.InvoiceStatus
	AmountDue  int64
	AmountPaid int64
	Currency   string
	HostedURL  string
	PDFURL     string
	OrderID    string // metadata.order_id
	TenantID   string // metadata.tenant_id
}

// Paid reports whether the invoice is paid.
func (i Invoice) Paid() bool { return i.Status == shared.InvoicePaid }

// RefundCharge is a refund to make of an order's payment.
type RefundCharge struct {
	InvoiceID   string // the Stripe invoice the order was paid by
	AmountCents int64
	RefundID    string // Hearth's refund (metadata, idempotency key)
	OrderID     string
	TenantID    string
}

// Refund is a refund's state at Stripe: pending, requires_action,
// succeeded, failed or canceled.
type Refund struct {
	ID              string
	PaymentIntentID string
	Status          string
	AmountCents     int64
	RefundID        string // metadata.refund_id
}

// Promo is a promotion code to keep at Stripe.
type Promo struct {
	Code        string
	Type        shared.DiscountType
	Value       int64
	Currency    string
	ValidTo     time.Time // zero: no end
	MaxUses     int
	Description string
}

// Event is a verified webhook event: its id, type and the id of the object
// it is about (the processing reads the object's current state, so an event
// that arrives out of order changes nothing wrongly).
type Event struct {
	ID       string
	Type     string
	ObjectID string
}

// Provider takes payments.
type Provider interface {
	Mode() shared.BillingMode
	// PublishableKey is the browser's key for Stripe Elements ("" when manual).
	PublishableKey() string
	// Customer makes (id "") or updates the home's customer and answers its id.
	Customer(ctx context.Context, id string, c Customer) (string, error)
	// SetupIntent lets Stripe Elements collect a card for the customer (3-D Secure included).
	SetupIntent(ctx context.Context, customerID string) (clientSecret string, err error)
	// AttachCard attaches a card Elements confirmed to the customer and answers what Stripe tells of it.
	AttachCard(ctx context.Context, customerID, paymentMethodID string) (Card, error)
	// DetachCard removes a card from its customer.
	DetachCard(ctx context.Context, paymentMethodID string) error
	// Pay makes, finalizes and pays an invoice for the charge; an invoice
	// that is not paid (declined, 3-D Secure needed) is answered with its state.
	Pay(ctx context.Context, c Charge) (Invoice, error)
	// Invoice reads an invoice's current state.
	Invoice(ctx context.Context, id string) (Invoice, error)
	// Refund refunds part or all of the invoice's payment (a Refund against its payment intent).
	Refund(ctx context.Context, r RefundCharge) (Refund, error)
	// RefundState reads a refund's current state.
	RefundState(ctx context.Context, id string) (Refund, error)
	// ChargeIntent is the payment intent of a charge (charge.refunded events name the charge).
	ChargeIntent(ctx context.Context, chargeID string) (string, error)
	// Promotion keeps a promotion code as a coupon and a promotion code.
	Promotion(ctx context.Context, p Promo) (couponID, promotionCodeID string, err error)
	// SetPromotionActive switches a promotion code on or off.
	SetPromotionActive(ctx context.Context, promotionCodeID string, active bool) error
	// Event verifies a webhook's signature and reads its event.
	Event(payload []byte, signature string) (Event, error)
}

// Config is the environment's billing settings (docs/configuration.md).
type Config struct {
	SecretKey      string // HEARTH_STRIPE_SECRET_KEY; empty: manual billing
	PublishableKey string // HEARTH_STRIPE_PUBLISHABLE_KEY
	WebhookSecret  string // HEARTH_STRIPE_WEBHOOK_SECRET
	APIURL         string // HEARTH_STRIPE_API_URL: another API address (stripe-mock in tests); empty: Stripe's
}

// New is Stripe when a secret key is given, manual billing otherwise.
func New(c Config) Provider {
	if c.SecretKey == "" {
		return Manual{}
	}
	return NewStripe(c)
}

// Manual is billing by hand: no cards, no Stripe.
type Manual struct{}

// Mode is manual.
func (Manual) Mode() shared.BillingMode { return shared.BillingManual }

// PublishableKey is none.
func (Manual) PublishableKey() string { return "" }

// Customer keeps no customer.
func (Manual) Customer(context.Context, string, Customer) (string, error) { return "", nil }

// SetupIntent is refused: no cards.
func (Manual) SetupIntent(context.Context, string) (string, error) { return "", ErrManual }

// AttachCard is refused: no cards.
func (Manual) AttachCard(context.Context, string, string) (Card, error) { return Card{}, ErrManual }

// DetachCard is refused: no cards.
func (Manual) DetachCard(context.Context, string) error { return ErrManual }

// Pay is refused: payments are recorded by hand.
func (Manual) Pay(context.Context, Charge) (Invoice, error) { return Invoice{}, ErrManual }

// Invoice is refused: invoices are Hearth's own.
func (Manual) Invoice(context.Context, string) (Invoice, error) { return Invoice{}, ErrManual }

// Refund is refused: a manual refund is recorded by hand.
func (Manual) Refund(context.Context, RefundCharge) (Refund, error) { return Refund{}, ErrManual }

// RefundState is refused: no refunds at Stripe.
func (Manual) RefundState(context.Context, string) (Refund, error) { return Refund{}, ErrManual }

// ChargeIntent is refused: no charges at Stripe.
func (Manual) ChargeIntent(context.Context, string) (string, error) { return "", ErrManual }

// Promotion keeps nothing outside Hearth.
func (Manual) Promotion(context.Context, Promo) (string, string, error) { return "", "", nil }

// SetPromotionActive keeps nothing outside Hearth.
func (Manual) SetPromotionActive(context.Context, string, bool) error { return nil }

// Event is refused: no webhooks without Stripe.
func (Manual) Event([]byte, string) (Event, error) { return Event{}, ErrSignature }
