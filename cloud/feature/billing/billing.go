// Package billing is subscription billing (spec 000 §2 /my-subscription,
// /payment-method, /charge-records-management, /promotional-code-management;
// issue 31): a home's subscription plan, the cost of a package before paying
// (proration, extra residents, promotion codes), orders, charge records and
// invoices, cards kept at Stripe, Stripe's webhooks, renewals with a grace
// period, and manual billing — the default when no Stripe key is configured,
// where the super admin records payments by hand. Payments go through
// cloud/platform/billing (Stripe | manual).
//
// A paid order puts the home on its package (tenants.package_id and
// subscription_plan, the columns cloud/feature/svcpkg reads for every limit)
// in the same transaction. A plan that ran out past its grace period locks the
// home (tenants.billing_locked_at): svcpkg answers 7001 to its limited writes
// while its records stay readable.
package billing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"hearth/cloud/platform/billing"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/jobs"
	"hearth/cloud/platform/mail"
	"hearth/cloud/platform/param"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// Refusals (messages/*.json).
var (
	ErrNoPackage      = problem.Invalid("packageId", "exists", "billing.noPackage", nil)
	ErrPackageOff     = problem.Invalid("packageId", "enabled", "billing.packageDisabled", nil)
	ErrSamePackage    = problem.Invalid("packageId", "different", "billing.samePackage", nil)
	ErrExtraTooFew    = problem.Invalid("extraResidents", "minimum", "billing.extraTooFew", nil)
	ErrExtraTooMany   = problem.Invalid("extraResidents", "maximum", "billing.extraTooMany", nil)
	ErrPromoUnknown   = problem.Invalid("promotionCode", "exists", "billing.promoUnknown", nil)
	ErrPromoInvalid   = problem.Invalid("promotionCode", "valid", "billing.promoInvalid", nil)
	ErrPromoUsed      = problem.Invalid("promotionCode", "unused", "billing.promoUsed", nil)
	ErrPromoTaken     = problem.Invalid("code", "unique", "billing.promoTaken", nil)
	ErrPromoPercent   = problem.Invalid("value", "maximum", "billing.promoPercent", nil)
	ErrPromoDates     = problem.Invalid("validTo", "after", "billing.promoDates", nil)
	ErrOverLimits     = problem.New(shared.CodeValidation, "billing.overResidents")
	ErrOverCaregivers = problem.New(shared.CodeValidation, "billing.overCaregivers")
	ErrPending        = problem.New(shared.CodeConflict, "billing.orderPending")
	ErrNoCard         = problem.New(shared.CodeValidation, "billing.noCard")
	ErrManual         = problem.New(shared.CodeValidation, "billing.manualOnly")
	ErrNotPending     = problem.New(shared.CodeConflict, "billing.notPending")
	ErrNoTenant       = problem.Invalid("tenantId", "exists", "billing.noTenant", nil)
	ErrNoBillingInfo  = problem.New(shared.CodeValidation, "billing.noBillingInfo")
	ErrPaymentFailed  = problem.New(shared.CodeValidation, "billing.paymentFailed")
	ErrBadSignature   = &problem.Error{Code: shared.CodeBadRequest, Key: "billing.badSignature", Status: 400}
	ErrDefaultCardUse = problem.New(shared.CodeConflict, "billing.defaultCardInUse")
)

// PlanNotifier is told, in the writing transaction, that a home's plan
// changed (realtime.Hub: chat sockets of a plan without chat are knocked out).
type PlanNotifier interface {
	PlanChanged(ctx context.Context, q db.Querier, tenantID string, plan shared.Plan) error
}

// Deps are what the service needs.
type Deps struct {
	DB       *db.DB
	Provider billing.Provider
	Plans    PlanNotifier
	Params   *param.Params
	Queue    *jobs.Queue
	Mail     mail.Sender
	Log      *slog.Logger
	// PublicURL is where owners open /my-subscription from an e-mail.
	PublicURL string
	Now       func() time.Time
}

// Service is subscription billing.
type Service struct {
	db        *db.DB
	pay       billing.Provider
	plans     PlanNotifier
	params    *param.Params
	queue     *jobs.Queue
	mail      mail.Sender
	log       *slog.Logger
	publicURL string
	now       func() time.Time
}

// New makes the service; every collaborator is required.
func New(d Deps) (*Service, error) {
	if d.DB == nil || d.Provider == nil || d.Plans == nil || d.Params == nil || d.Queue == nil || d.Mail == nil || d.Log == nil || d.Now == nil {
		return nil, errors.New("billing: a collaborator is missing")
	}
	s := &Service{db: d.DB, pay: d.Provider, plans: d.Plans, params: d.Params, queue: d.Queue, mail: d.Mail, log: d.Log, publicURL: d.PublicURL, now: d.Now}
	return s, nil
}

// Mode is manual or stripe.
func (s *Service) Mode() shared.BillingMode { return s.pay.Mode() }

// rank orders the plans: an order for a lower one is a downgrade.
var rank = map[shared.Plan]int{shared.PlanFree: 0, shared.PlanEssential: 1, shared.PlanPremium: 2}

// termEnd is when a term of periods × the package's validity that starts at
// start ends; 0 for a permanent package (validity 0, spec 001 §9).
func termEnd(p *shared.ServicePackage, start time.Time, periods int) int64 {
	if p.ValidityPeriod == 0 {
		return 0
	}
	n := p.ValidityPeriod * periods
	switch p.ValidityUnit {
	case shared.ValidityDay:
		return start.AddDate(0, 0, n).UnixMilli()
	case shared.ValidityYear:
		return start.AddDate(n, 0, 0).UnixMilli()
	default:
		return start.AddDate(0, n, 0).UnixMilli()
	}
}

// quote is a cost worked out with what it was worked out from.
type quote struct {
	shared.Cost
	pkg     *shared.ServicePackage
	current *plan
	promo   *promoRow
	periods int
}

// Cost is the price of a package for the caller's home before paying.
func (s *Service) Cost(ctx context.Context, tenantID string, in shared.CostRequest) (*shared.Cost, error) {
	q, err := s.quote(ctx, s.db, tenantID, in, 0, false)
	if err != nil {
		return nil, err
	}
	return &q.Cost, nil
}

// quote works the cost out (issue 31): package price × periods, plus extra
// residents × their price × periods (never fewer than the home has beyond the
// package, spec 000 §5), less the unused part of the current paid term when
// upgrading now (proration), less the promotion code. A lower plan is a
// downgrade: nothing is charged now, it starts at the current term's end, and
// it is refused while the home is over the smaller package's limits.
// contractCents, when not 0, is the super admin's price of one period; admin
// (the super admin's tenant plan) may give the home the package it is on.
func (s *Service) quote(ctx context.Context, q db.Querier, tenantID string, in shared.CostRequest, contractCents int64, admin bool) (*quote, error) {
	pkg, err := getPackage(ctx, q, in.PackageID)
	if err != nil {
		return nil, err
	}
	if pkg.Status != shared.PackageEnabled {
		return nil, ErrPackageOff
	}
	periods := max(in.Periods, 1)
	if pkg.ValidityPeriod == 0 {
		periods = 1
	}
	cur, err := currentPlan(ctx, q, tenantID)
	if err != nil {
		return nil, err
	}
	home, err := homeOf(ctx, q, tenantID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := &quote{pkg: pkg, current: cur, periods: periods}
	c := &out.Cost
	c.Currency, c.Business, c.StartTime = pkg.Currency, shared.BusinessNew, now.UnixMilli()
	if home.packageID == pkg.ID && cur != nil && cur.ExpireAt > 0 {
		c.Business = shared.BusinessRenew
		c.StartTime = max(cur.ExpireAt, now.UnixMilli())
	} else if cur != nil && cur.ExpireAt > now.UnixMilli() {
		c.Business = shared.BusinessUpgrade
	}
	if home.packageID == pkg.ID && c.Business != shared.BusinessRenew && !admin {
		return nil, ErrSamePackage
	}
	if r, ok := rank[home.plan]; ok && !admin && home.packageID != pkg.ID && rank[pkg.Role] < r {
		c.Downgrade = true
		if err := overLimits(ctx, q, tenantID, pkg, in.ExtraResidents); err != nil {
			return nil, err
		}
		if cur != nil && cur.ExpireAt > now.UnixMilli() {
			c.StartTime = cur.ExpireAt
		}
	}
	// Extra residents: never fewer than the home has beyond the package.
	if pkg.Limits.MaxResidents > 0 && home.residents > pkg.Limits.MaxResidents {
		c.MinExtraResidents = home.residents - pkg.Limits.MaxResidents
	}
	if in.ExtraResidents < c.MinExtraResidents {
		return nil, ErrExtraTooFew.With(map[string]any{"min": c.MinExtraResidents})
	}
	if pkg.Limits.ExtraResidentQuantity > 0 && in.ExtraResidents > pkg.Limits.ExtraResidentQuantity {
		return nil, ErrExtraTooMany.With(map[string]any{"max": pkg.Limits.ExtraResidentQuantity})
	}
	c.ExtraResidents = in.ExtraResidents
	price := pkg.PriceCents
	if contractCents > 0 {
		price = contractCents
	}
	c.PackageCents = price * int64(periods)
	c.ExtraCents = int64(in.ExtraResidents) * s.params.Int(ctx, param.BillingExtraResidentCents) * int64(periods)
	c.SubtotalCents = c.PackageCents + c.ExtraCents
	c.ExpireTime = termEnd(pkg, time.UnixMilli(c.StartTime), periods)
	// Proration: upgrading now gives back the unused part of what the current term cost.
	if c.Business == shared.BusinessUpgrade && !c.Downgrade && cur.PaidCents > 0 && cur.ExpireAt > cur.StartAt {
		left := cur.ExpireAt - now.UnixMilli()
		c.CreditCents = min(cur.PaidCents*left/(cur.ExpireAt-cur.StartAt), c.SubtotalCents)
	}
	if in.PromotionCode != "" {
		p, err := s.promo(ctx, q, tenantID, in.PromotionCode)
		if err != nil {
			return nil, err
		}
		out.promo = p
		c.PromotionCode = p.Code
		base := c.SubtotalCents - c.CreditCents
		if p.DiscountType == shared.DiscountPercent {
			c.DiscountCents = base * p.Value / 100 // rounded down: never more off than the code says
		} else {
			c.DiscountCents = min(p.Value, base)
		}
	}
	c.TotalCents = max(c.SubtotalCents-c.CreditCents-c.DiscountCents, 0)
	return out, nil
}

// overLimits refuses a smaller package while the home has more than it
// allows: active residents beyond its residents and the extra residents
// bought, or more caregivers.
func overLimits(ctx context.Context, q db.Querier, tenantID string, pkg *shared.ServicePackage, extra int) error {
	h, err := homeOf(ctx, q, tenantID)
	if err != nil {
		return err
	}
	if pkg.Limits.MaxResidents > 0 && h.residents > pkg.Limits.MaxResidents+extra {
		return ErrOverLimits.With(map[string]any{"package": pkg.Name, "have": h.residents, "max": pkg.Limits.MaxResidents + extra})
	}
	if pkg.Limits.MaxCaregivers > 0 && h.caregivers > pkg.Limits.MaxCaregivers {
		return ErrOverCaregivers.With(map[string]any{"package": pkg.Name, "have": h.caregivers, "max": pkg.Limits.MaxCaregivers})
	}
	return nil
}

// orderNo is a readable order number: H + the day + a sequence of the day.
func orderNo(ctx context.Context, q db.Querier, now time.Time) (string, error) {
	day := now.UTC().Format("20060102")
	var n int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM billing_orders WHERE order_no LIKE ?`, "H"+day+"%").Scan(&n); err != nil {
		return "", db.Wrap("billing: order number", err)
	}
	return fmt.Sprintf("H%s%04d", day, n+1), nil
}

// Packages are the enabled service packages an owner can choose, the cheapest first.
func (s *Service) Packages(ctx context.Context) ([]shared.ServicePackage, error) {
	ids, err := packageIDs(ctx, s.db)
	if err != nil {
		return nil, err
	}
	out := []shared.ServicePackage{}
	for _, id := range ids {
		p, err := getPackage(ctx, s.db, id)
		if err != nil {
			return nil, err
		}
		out = append(out, *p)
	}
	return out, nil
}

func packageIDs(ctx context.Context, q db.Querier) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT id FROM service_packages WHERE status = ? ORDER BY price_cents, name`, string(shared.PackageEnabled))
	if err != nil {
		return nil, db.Wrap("billing: packages", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, db.Wrap("billing: packages", err)
		}
		ids = append(ids, id)
	}
	return ids, db.Wrap("billing: packages", rows.Err())
}
