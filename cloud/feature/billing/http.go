package billing

import (
	"context"
	"io"
	"net/http"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// WebhookPath is Stripe's endpoint (docs/configuration.md: the address to give Stripe).
const WebhookPath = "/billing/stripeWebhook"

// webhookMaxBytes bounds an event's body (Stripe's events are a few KB).
const webhookMaxBytes = 1 << 20

// WebhookHandler is Stripe's endpoint, POST /api/system/billing/stripeWebhook,
// mounted beside the typed API (docs/api.md): its body is Stripe's raw JSON,
// whose signature is checked over its exact bytes. A good event answers the
// envelope 0000 at once (it is processed by a job); a forged, unsigned or
// unreadable one answers HTTP 400 and changes nothing.
func (s *Service) WebhookHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, webhookMaxBytes))
		if err == nil {
			err = s.Webhook(r.Context(), body, r.Header.Get("Stripe-Signature"))
		}
		if err != nil {
			p, ok := problem.As(err)
			if !ok {
				s.log.ErrorContext(r.Context(), "billing: webhook", "err", err)
				p = ErrBadSignature
			}
			web.WriteProblem(w, r, p)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"code":"0000","message":"success","data":null}` + "\n"))
	})
}

type page = shared.PageRequest[shared.BillingFilter]

func pageOf[T any](in *page, rows []T, total int64) *shared.Page[T] {
	current, size, _ := shared.Window(in.Current, in.Size)
	return &shared.Page[T]{Records: rows, Total: total, Current: current, Size: size}
}

// Routes mounts billing: the owner's /my-subscription and /payment-method
// (function Pricing: every plan has it, so a home can always pay), the super
// admin's /charge-records-management and /promotional-code-management
// (Stripe's webhook is WebhookHandler).
func Routes(api *web.API, s *Service) {
	owner := func(method, path, summary string) web.Op {
		return web.Op{Service: web.System, Method: method, Path: path, Summary: summary, Access: web.SignedIn,
			Roles: shared.FacilityOwners, Function: shared.FnPricing}
	}
	admin := func(method, path, summary string) web.Op {
		return web.Op{Service: web.System, Method: method, Path: path, Summary: summary, Access: web.SignedIn,
			Roles: shared.SuperAdmins, Function: web.AnyPlan}
	}
	tenant := func(ctx context.Context) string { return auth.From(ctx).TenantID }

	web.Handle(api, owner(http.MethodGet, "/subscription/current", "The home's plan: package, term, renewal, next billing, grace period, an order waiting for payment, and whether billing is manual or by Stripe"),
		func(ctx context.Context, _ *web.None) (*shared.Subscription, error) {
			return s.Current(ctx, tenant(ctx))
		})
	web.Handle(api, owner(http.MethodGet, "/subscription/packages", "The enabled service packages an owner can choose, the cheapest first"),
		func(ctx context.Context, _ *web.None) ([]shared.ServicePackage, error) { return s.Packages(ctx) })
	web.Handle(api, owner(http.MethodPost, "/subscription/calculate", "The cost of a package before paying: price × periods + extra residents − proration − promotion code; a downgrade is refused over the smaller package's limits"),
		func(ctx context.Context, in *web.Body[shared.CostRequest]) (*shared.Cost, error) {
			return s.Cost(ctx, tenant(ctx), in.Body)
		})
	web.Handle(api, owner(http.MethodPost, "/subscription/checkout", "Order the package: paid by the default card (Stripe), or waiting for a payment recorded by hand (manual billing); a downgrade starts at the term's end"),
		func(ctx context.Context, in *web.Body[shared.CostRequest]) (*shared.BillingOrder, error) {
			return s.Checkout(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, owner(http.MethodPost, "/subscription/autoRenewal", "Turn the plan's automatic renewal on or off"),
		func(ctx context.Context, in *web.Body[shared.AutoRenewalRequest]) (*struct{}, error) {
			return nil, s.SetAutoRenewal(ctx, auth.From(ctx), in.Body.AutoRenewal)
		})
	web.Handle(api, owner(http.MethodPost, "/billing/order/cancel", "Cancel the home's order that waits for payment (its invoice is voided)"),
		func(ctx context.Context, in *web.Body[shared.BillingIDRequest]) (*struct{}, error) {
			return nil, s.CancelOrder(ctx, auth.From(ctx), in.Body.ID)
		})
	web.Handle(api, owner(http.MethodPost, "/billing/order/page", "The home's orders, the newest first"),
		func(ctx context.Context, in *web.Body[page]) (*shared.Page[shared.BillingOrder], error) {
			_, size, offset := shared.Window(in.Body.Current, in.Body.Size)
			rows, total, err := listOrders(ctx, s.db, tenant(ctx), in.Body.Data, size, offset)
			return pageOf(&in.Body, rows, total), err
		})
	web.Handle(api, owner(http.MethodPost, "/billing/invoice/page", "The home's invoices, the newest first, with Stripe's hosted page and PDF"),
		func(ctx context.Context, in *web.Body[page]) (*shared.Page[shared.Invoice], error) {
			_, size, offset := shared.Window(in.Body.Current, in.Body.Size)
			rows, total, err := listInvoices(ctx, s.db, tenant(ctx), size, offset)
			return pageOf(&in.Body, rows, total), err
		})
	web.HandleFile(api, owner(http.MethodGet, "/billing/invoice/pdf", "One of the home's invoices as a PDF in the caller's language (the invoice a manually billed home is sent)"),
		func(ctx context.Context, in *shared.InvoiceIDQuery) (*web.File, error) {
			return s.InvoicePDF(ctx, tenant(ctx), in.ID)
		})
	web.Handle(api, owner(http.MethodPost, "/billing/charge/page", "The home's charge records, the newest first"),
		func(ctx context.Context, in *web.Body[page]) (*shared.Page[shared.ChargeRecord], error) {
			_, size, offset := shared.Window(in.Body.Current, in.Body.Size)
			rows, total, err := listCharges(ctx, s.db, tenant(ctx), in.Body.Data, size, offset)
			return pageOf(&in.Body, rows, total), err
		})
	web.Handle(api, owner(http.MethodGet, "/billing/info", "The home's billing details"),
		func(ctx context.Context, _ *web.None) (*shared.BillingInfo, error) {
			return s.BillingInfo(ctx, tenant(ctx))
		})
	web.Handle(api, owner(http.MethodPost, "/billing/info/save", "Keep the home's billing details (and its Stripe customer's)"),
		func(ctx context.Context, in *web.Body[shared.BillingInfo]) (*shared.BillingInfo, error) {
			return s.SaveBillingInfo(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, owner(http.MethodGet, "/paymentMethod/list", "The home's cards (brand, funding, last four, expiry), the default first"),
		func(ctx context.Context, _ *web.None) ([]shared.PaymentMethod, error) {
			return s.Cards(ctx, tenant(ctx))
		})
	web.Handle(api, owner(http.MethodPost, "/paymentMethod/setupIntent", "A Stripe SetupIntent for Stripe Elements to collect a card (Stripe only)"),
		func(ctx context.Context, _ *web.None) (*shared.SetupIntent, error) {
			return s.SetupIntent(ctx, tenant(ctx))
		})
	web.Handle(api, owner(http.MethodPost, "/paymentMethod/attach", "Keep the card Stripe Elements confirmed as the home's default"),
		func(ctx context.Context, in *web.Body[shared.AttachCardRequest]) (*shared.PaymentMethod, error) {
			return s.AttachCard(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, owner(http.MethodPost, "/paymentMethod/setDefault", "Make a card the default"),
		func(ctx context.Context, in *web.Body[shared.BillingIDRequest]) (*struct{}, error) {
			return nil, s.SetDefaultCard(ctx, auth.From(ctx), in.Body.ID)
		})
	web.Handle(api, owner(http.MethodPost, "/paymentMethod/remove", "Remove a card (detached at Stripe)"),
		func(ctx context.Context, in *web.Body[shared.BillingIDRequest]) (*struct{}, error) {
			return nil, s.RemoveCard(ctx, auth.From(ctx), in.Body.ID)
		})

	web.Handle(api, admin(http.MethodPost, "/billing/admin/orderPage", "Every home's orders, the newest first (filter by home and status)"),
		func(ctx context.Context, in *web.Body[page]) (*shared.Page[shared.BillingOrder], error) {
			_, size, offset := shared.Window(in.Body.Current, in.Body.Size)
			rows, total, err := listOrders(ctx, s.db, "", in.Body.Data, size, offset)
			return pageOf(&in.Body, rows, total), err
		})
	web.Handle(api, admin(http.MethodPost, "/billing/admin/chargePage", "Every home's charge records, the newest first (filter by home and status)"),
		func(ctx context.Context, in *web.Body[page]) (*shared.Page[shared.ChargeRecord], error) {
			_, size, offset := shared.Window(in.Body.Current, in.Body.Size)
			rows, total, err := listCharges(ctx, s.db, "", in.Body.Data, size, offset)
			return pageOf(&in.Body, rows, total), err
		})
	web.Handle(api, admin(http.MethodPost, "/billing/admin/recordPayment", "Record a payment taken by hand: the order becomes PAID with a charge record carrying the remark, and the home is on its package (audited)"),
		func(ctx context.Context, in *web.Body[shared.RecordPaymentRequest]) (*struct{}, error) {
			return nil, s.RecordPayment(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, admin(http.MethodPost, "/billing/admin/refund", "Refund a PAID order once, in full or in part, with a reason: recorded at once when it was paid by hand; refunded at Stripe when paid by card (REFUNDING until Stripe's webhook says REFUNDED). A full refund of the order that paid the home's current period ends that period (audited)"),
		func(ctx context.Context, in *web.Body[shared.RefundRequest]) (*shared.BillingOrder, error) {
			return s.Refund(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, admin(http.MethodPost, "/subscription/admin/tenantPlan", "A plan for one home at a contract price: an order with its invoice waiting for payment, or recorded as paid (audited)"),
		func(ctx context.Context, in *web.Body[shared.TenantPlanRequest]) (*shared.BillingOrder, error) {
			return s.TenantPlan(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, admin(http.MethodPost, "/subscription/admin/planPage", "Every home's subscription plans, the newest first (filter by home and status)"),
		func(ctx context.Context, in *web.Body[page]) (*shared.Page[shared.TenantSubscription], error) {
			_, size, offset := shared.Window(in.Body.Current, in.Body.Size)
			rows, total, err := listPlans(ctx, s.db, in.Body.Data, size, offset)
			return pageOf(&in.Body, rows, total), err
		})
	web.Handle(api, admin(http.MethodGet, "/billing/admin/mode", "Whether billing is manual (no Stripe key) or by Stripe"),
		func(context.Context, *web.None) (*shared.BillingMode, error) { m := s.Mode(); return &m, nil })
	web.Handle(api, admin(http.MethodGet, "/promotionCode/list", "Every promotion code, the newest first"),
		func(ctx context.Context, _ *web.None) ([]shared.PromotionCode, error) { return s.Promotions(ctx) })
	web.Handle(api, admin(http.MethodPost, "/promotionCode/save", "Add a promotion code (kept at Stripe as a coupon and promotion code) or change its description, days, uses and status (audited)"),
		func(ctx context.Context, in *web.Body[shared.PromotionCode]) (*shared.PromotionCode, error) {
			return s.SavePromotion(ctx, auth.From(ctx), in.Body)
		})

}
