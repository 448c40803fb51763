package billing_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/pdf/pdftest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// TestMain drops the package's template databases when its tests end.
func TestMain(m *testing.M) { dbtest.Main(m) }

const (
	sys       = "/api/system"
	residents = "/api/care/resident"
)

type page = shared.PageRequest[shared.BillingFilter]

func current(t *testing.T, c *servertest.Client) shared.Subscription {
	t.Helper()
	var s shared.Subscription
	c.Get(t, sys+"/subscription/current").OK(t).Into(t, &s)
	return s
}

func orders(t *testing.T, c *servertest.Client, path string, f shared.BillingFilter) shared.Page[shared.BillingOrder] {
	t.Helper()
	var p shared.Page[shared.BillingOrder]
	c.Post(t, sys+path, page{Current: 1, Size: 20, Data: f}).OK(t).Into(t, &p)
	return p
}

func charges(t *testing.T, c *servertest.Client, path string) shared.Page[shared.ChargeRecord] {
	t.Helper()
	var p shared.Page[shared.ChargeRecord]
	c.Post(t, sys+path, page{Current: 1, Size: 20}).OK(t).Into(t, &p)
	return p
}

func newResident(n int) shared.SaveResidentRequest {
	return shared.SaveResidentRequest{FirstName: "Ann", LastName: fmt.Sprintf("Billing%c", 'A'+n), DOB: "1945-06-01", Gender: shared.GenderFemale,
		Room: fmt.Sprint(n), Language: shared.LanguageEnglish, DNR: shared.DNRUnknown}
}

func promo(t *testing.T, admin *servertest.Client, p shared.PromotionCode) shared.PromotionCode {
	t.Helper()
	var out shared.PromotionCode
	admin.Post(t, sys+"/promotionCode/save", p).OK(t).Into(t, &out)
	return out
}

// Manual billing (no Stripe key, the default): the free-plan owner sees the
// cost of Essential with a promotion code first, orders it, and the order
// waits with an open invoice; the super admin sees it and records the
// payment with a remark; the home is then on Essential (its menus' plan and
// its limits), with a paid invoice, a charge record, and the code counted.
func TestManualUpgrade(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "superadmin")
		birch := e.SignIn(t, "owner_birch")
		birchID := e.FacilityID(t, "Birch Cottage AFH")

		if csp := cspOf(t, e); strings.Contains(csp, "stripe") {
			t.Errorf("manual billing allows Stripe in the CSP: %s", csp)
		}
		sub := current(t, birch)
		if sub.Mode != shared.BillingManual || sub.Package.ID != shared.DefaultPackageID || sub.PlanID != "" || sub.ExpireTime != 0 || sub.Locked {
			t.Fatalf("free home's subscription: %+v", sub)
		}
		code := promo(t, admin, shared.PromotionCode{Code: "welcome10", DiscountType: shared.DiscountPercent, Value: 10, Description: "10% off"})
		if code.Code != "WELCOME10" || code.Status != shared.PromoValid || code.StripeID != "" {
			t.Fatalf("code: %+v", code)
		}
		var cost shared.Cost
		birch.Post(t, sys+"/subscription/calculate", shared.CostRequest{PackageID: "ESSENTIAL_PACKAGE", Periods: 2, PromotionCode: "Welcome10"}).OK(t).Into(t, &cost)
		if cost.PackageCents != 9800 || cost.DiscountCents != 980 || cost.TotalCents != 8820 || cost.Business != shared.BusinessNew || cost.Downgrade {
			t.Fatalf("cost: %+v", cost)
		}
		// Two extra residents at the parameter's $15 a period, for two periods.
		birch.Post(t, sys+"/subscription/calculate", shared.CostRequest{PackageID: "ESSENTIAL_PACKAGE", Periods: 2, ExtraResidents: 2}).OK(t).Into(t, &cost)
		if cost.ExtraCents != 6000 || cost.TotalCents != 15800 {
			t.Fatalf("extra residents: %+v", cost)
		}
		for name, bad := range map[string]shared.CostRequest{
			"unknown code":    {PackageID: "ESSENTIAL_PACKAGE", Periods: 1, PromotionCode: "NOPE"},
			"unknown package": {PackageID: "GOLD", Periods: 1},
			"same package":    {PackageID: shared.DefaultPackageID, Periods: 1},
			"too many":        {PackageID: "ESSENTIAL_PACKAGE", Periods: shared.BillingPeriodsMax + 1},
		} {
			if r := birch.Post(t, sys+"/subscription/calculate", bad); r.Code == string(shared.CodeOK) {
				t.Errorf("%s accepted", name)
			}
		}

		var o shared.BillingOrder
		birch.Post(t, sys+"/subscription/checkout", shared.CostRequest{PackageID: "ESSENTIAL_PACKAGE", Periods: 2, PromotionCode: "WELCOME10"}).OK(t).Into(t, &o)
		if o.Status != shared.OrderPendingPayment || o.PaymentType != shared.PaymentManual || o.TotalCents != 8820 || !strings.HasPrefix(o.OrderNo, "H") {
			t.Fatalf("order: %+v", o)
		}
		birch.Post(t, sys+"/subscription/checkout", shared.CostRequest{PackageID: "PREMIUM_PACKAGE", Periods: 1}).Is(t, http.StatusOK, shared.CodeConflict)
		if s := current(t, birch); s.PendingOrder == nil || s.PendingOrder.ID != o.ID || s.Package.ID != shared.DefaultPackageID {
			t.Fatalf("while waiting: %+v", s)
		}
		var inv shared.Page[shared.Invoice]
		birch.Post(t, sys+"/billing/invoice/page", page{Current: 1, Size: 20}).OK(t).Into(t, &inv)
		if inv.Total != 1 || inv.Records[0].Status != shared.InvoiceOpen || inv.Records[0].AmountDue != 8820 || inv.Records[0].HostedURL != "" {
			t.Fatalf("invoice: %+v", inv)
		}

		// Another home's owner, an admin and a caregiver cannot reach it; the super admin sees it.
		maple := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		maple.Post(t, sys+"/billing/order/cancel", shared.BillingIDRequest{ID: o.ID}).Is(t, http.StatusOK, shared.CodeNotFound)
		if got := orders(t, maple, "/billing/order/page", shared.BillingFilter{}); got.Total != 0 {
			t.Fatalf("Maple sees orders: %+v", got)
		}
		maple.Post(t, sys+"/billing/admin/recordPayment", shared.RecordPaymentRequest{OrderID: o.ID, Remark: "x"}).Is(t, http.StatusOK, shared.CodeForbidden)
		for _, c := range []*servertest.Client{e.SignIn(t, "caregiver_maple1"), e.SignIn(t, "admin_maple")} {
			c.Get(t, sys+"/subscription/current").Is(t, http.StatusOK, shared.CodeForbidden)
			c.Post(t, sys+"/subscription/checkout", shared.CostRequest{PackageID: "ESSENTIAL_PACKAGE", Periods: 1}).Is(t, http.StatusOK, shared.CodeForbidden)
		}
		all := orders(t, admin, "/billing/admin/orderPage", shared.BillingFilter{TenantID: birchID})
		if all.Total != 1 || all.Records[0].FacilityName != "Birch Cottage AFH" {
			t.Fatalf("super admin's orders: %+v", all)
		}
		admin.Post(t, sys+"/billing/admin/recordPayment", shared.RecordPaymentRequest{OrderID: o.ID, Remark: "Cheque 1042"}).OK(t)
		admin.Post(t, sys+"/billing/admin/recordPayment", shared.RecordPaymentRequest{OrderID: o.ID, Remark: "again"}).Is(t, http.StatusOK, shared.CodeConflict)

		sub = current(t, birch)
		if sub.Package.ID != "ESSENTIAL_PACKAGE" || sub.PlanID == "" || sub.Status != shared.PlanActive || sub.PriceCents != 8820 ||
			sub.ExpireTime != e.Clock.Now().AddDate(0, 2, 0).UnixMilli() || !sub.AutoRenewal || sub.NextBillingTime != sub.ExpireTime || sub.PendingOrder != nil {
			t.Fatalf("after payment: %+v", sub)
		}
		ch := charges(t, admin, "/billing/admin/chargePage")
		if ch.Total != 1 || ch.Records[0].Remark != "Cheque 1042" || ch.Records[0].Status != shared.ChargePaid || ch.Records[0].AmountCents != 8820 {
			t.Fatalf("charge records: %+v", ch)
		}
		birch.Post(t, sys+"/billing/invoice/page", page{Current: 1, Size: 20}).OK(t).Into(t, &inv)
		if inv.Records[0].Status != shared.InvoicePaid || inv.Records[0].AmountPaid != 8820 {
			t.Fatalf("invoice after payment: %+v", inv.Records[0])
		}
		var codes []shared.PromotionCode
		admin.Get(t, sys+"/promotionCode/list").OK(t).Into(t, &codes)
		if len(codes) != 1 || codes[0].Uses != 1 {
			t.Fatalf("codes: %+v", codes)
		}
		// The home is held to Essential's limits (8 residents) from the next call: a third resident fits now.
		for i := range 3 {
			birch.Post(t, residents+"/createResident", newResident(i)).OK(t)
		}
		// The same code is not used twice by a home.
		birch.Post(t, sys+"/subscription/calculate", shared.CostRequest{PackageID: "PREMIUM_PACKAGE", Periods: 1, PromotionCode: "WELCOME10"}).
			Is(t, http.StatusOK, shared.CodeValidation)
		// Owners cannot make codes.
		birch.Post(t, sys+"/promotionCode/save", shared.PromotionCode{Code: "FREEBIE", DiscountType: shared.DiscountAmount, Value: 100}).
			Is(t, http.StatusOK, shared.CodeForbidden)
	})
}

// Promotion codes: an amount off never makes a total below zero; a code
// before its first day, after its last, deactivated or used up is refused.
func TestPromotionCodes(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "superadmin")
		birch := e.SignIn(t, "owner_birch")
		today := e.Clock.Now().UTC()
		day := func(n int) string { return today.AddDate(0, 0, n).Format("2006-01-02") }
		promo(t, admin, shared.PromotionCode{Code: "BIG", DiscountType: shared.DiscountAmount, Value: 100000})
		promo(t, admin, shared.PromotionCode{Code: "LATER", DiscountType: shared.DiscountAmount, Value: 500, ValidFrom: day(2)})
		promo(t, admin, shared.PromotionCode{Code: "PAST", DiscountType: shared.DiscountAmount, Value: 500, ValidTo: day(-1)})
		off := promo(t, admin, shared.PromotionCode{Code: "OFF", DiscountType: shared.DiscountPercent, Value: 50})
		off.Status = shared.PromoDeactivated
		promo(t, admin, off)
		var cost shared.Cost
		birch.Post(t, sys+"/subscription/calculate", shared.CostRequest{PackageID: "ESSENTIAL_PACKAGE", Periods: 1, PromotionCode: "BIG"}).OK(t).Into(t, &cost)
		if cost.DiscountCents != 4900 || cost.TotalCents != 0 {
			t.Fatalf("amount off: %+v", cost)
		}
		for _, c := range []string{"LATER", "PAST", "OFF"} {
			birch.Post(t, sys+"/subscription/calculate", shared.CostRequest{PackageID: "ESSENTIAL_PACKAGE", Periods: 1, PromotionCode: c}).
				Is(t, http.StatusOK, shared.CodeValidation)
		}
		for name, bad := range map[string]shared.PromotionCode{
			"taken":    {Code: "big", DiscountType: shared.DiscountAmount, Value: 1},
			"percent":  {Code: "P101", DiscountType: shared.DiscountPercent, Value: 101},
			"dates":    {Code: "BACKWARDS", DiscountType: shared.DiscountAmount, Value: 1, ValidFrom: day(3), ValidTo: day(1)},
			"short":    {Code: "AB", DiscountType: shared.DiscountAmount, Value: 1},
			"zero":     {Code: "ZERO", DiscountType: shared.DiscountAmount, Value: 0},
			"bad type": {Code: "ODD", DiscountType: "gift", Value: 1},
			"bad char": {Code: "NO SPACE", DiscountType: shared.DiscountAmount, Value: 1},
		} {
			if r := admin.Post(t, sys+"/promotionCode/save", bad); r.Code == string(shared.CodeOK) {
				t.Errorf("%s accepted", name)
			}
		}
		// A free order is paid at once: the home is on Essential with no charge record.
		var o shared.BillingOrder
		birch.Post(t, sys+"/subscription/checkout", shared.CostRequest{PackageID: "ESSENTIAL_PACKAGE", Periods: 1, PromotionCode: "BIG"}).OK(t).Into(t, &o)
		if o.Status != shared.OrderPaid || o.TotalCents != 0 {
			t.Fatalf("free order: %+v", o)
		}
		if s := current(t, birch); s.Package.ID != "ESSENTIAL_PACKAGE" {
			t.Fatalf("after a free order: %+v", s)
		}
		if ch := charges(t, birch, "/billing/charge/page"); ch.Total != 0 {
			t.Fatalf("a free order charged: %+v", ch)
		}
	})
}

// Upgrading now gives back the unused part of the current term
// (proration); a downgrade is refused while the home is over the smaller
// package's limits, and otherwise starts at the term's end.
func TestProrationAndDowngrade(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "superadmin")
		birch := e.SignIn(t, "owner_birch")
		var o shared.BillingOrder
		birch.Post(t, sys+"/subscription/checkout", shared.CostRequest{PackageID: "ESSENTIAL_PACKAGE", Periods: 1}).OK(t).Into(t, &o)
		admin.Post(t, sys+"/billing/admin/recordPayment", shared.RecordPaymentRequest{OrderID: o.ID, Remark: "Transfer 77"}).OK(t)
		sub := current(t, birch)
		term := sub.ExpireTime - sub.StartTime

		e.Clock.Advance(time.Duration(term/4) * time.Millisecond)            // a quarter of the term used
		birch, admin = e.SignIn(t, "owner_birch"), e.SignIn(t, "superadmin") // the clock moved past their sessions
		var cost shared.Cost
		birch.Post(t, sys+"/subscription/calculate", shared.CostRequest{PackageID: "PREMIUM_PACKAGE", Periods: 1}).OK(t).Into(t, &cost)
		left := sub.ExpireTime - e.Clock.Now().UnixMilli()
		if want := 4900 * left / term; cost.Business != shared.BusinessUpgrade || cost.CreditCents != want || cost.TotalCents != 9900-want {
			t.Fatalf("proration: %+v, want credit %d", cost, want)
		}
		// Renewing the same package is a renewal from the term's end.
		birch.Post(t, sys+"/subscription/calculate", shared.CostRequest{PackageID: "ESSENTIAL_PACKAGE", Periods: 1}).OK(t).Into(t, &cost)
		if cost.Business != shared.BusinessRenew || cost.StartTime != sub.ExpireTime || cost.CreditCents != 0 {
			t.Fatalf("renewal: %+v", cost)
		}

		// Back to free (2 residents): refused with 3 active residents, named in the message.
		for i := range 3 {
			birch.Post(t, residents+"/createResident", newResident(i)).OK(t)
		}
		r := birch.Post(t, sys+"/subscription/calculate", shared.CostRequest{PackageID: shared.DefaultPackageID, Periods: 1}).Is(t, http.StatusOK, shared.CodeValidation)
		if !strings.Contains(r.Message, "3") || !strings.Contains(r.Message, "Free") {
			t.Errorf("downgrade refusal: %q", r.Message)
		}
		birch.Post(t, sys+"/subscription/checkout", shared.CostRequest{PackageID: shared.DefaultPackageID, Periods: 1}).Is(t, http.StatusOK, shared.CodeValidation)
		// With a free package that allows 5, the downgrade is kept for the term's end.
		var five shared.ServicePackage
		admin.Post(t, sys+"/servicePackage/save", shared.ServicePackage{Name: "Free five", Role: shared.PlanFree, ValidityUnit: shared.ValidityMonth,
			Currency: "USD", Status: shared.PackageEnabled, Limits: shared.PackageLimits{MaxResidents: 5}}).OK(t).Into(t, &five)
		birch.Post(t, sys+"/subscription/calculate", shared.CostRequest{PackageID: five.ID, Periods: 1}).OK(t).Into(t, &cost)
		if !cost.Downgrade || cost.StartTime != sub.ExpireTime {
			t.Fatalf("downgrade cost: %+v", cost)
		}
		birch.Post(t, sys+"/subscription/checkout", shared.CostRequest{PackageID: five.ID, Periods: 1}).OK(t)
		if s := current(t, birch); s.Package.ID != "ESSENTIAL_PACKAGE" || s.NextPackage == nil || s.NextPackage.ID != five.ID {
			t.Fatalf("downgrade kept: %+v", s)
		}
		// At the term's end the sweep moves the home to it (free: paid at once).
		e.Clock.Advance(time.Duration(sub.ExpireTime-e.Clock.Now().UnixMilli()+1) * time.Millisecond)
		birch = e.SignIn(t, "owner_birch") // the clock moved past the session
		if err := e.Server.Billing.Sweep(t.Context()); err != nil {
			t.Fatal(err)
		}
		if s := current(t, birch); s.Package.ID != five.ID || s.Locked {
			t.Fatalf("after the term: %+v", s)
		}
	})
}

// A renewal that is not paid gives the grace period (parameter
// billing.graceDays, 7 by default) and e-mails the owner; past it the home is
// locked: adding a resident answers 7001 while its residents stay readable;
// the payment unlocks it. Another home is unaffected.
func TestGracePeriodAndLock(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "superadmin")
		birch := e.SignIn(t, "owner_birch")
		var o shared.BillingOrder
		birch.Post(t, sys+"/subscription/checkout", shared.CostRequest{PackageID: "ESSENTIAL_PACKAGE", Periods: 1}).OK(t).Into(t, &o)
		admin.Post(t, sys+"/billing/admin/recordPayment", shared.RecordPaymentRequest{OrderID: o.ID, Remark: "Cheque 1"}).OK(t)
		sub := current(t, birch)

		e.Clock.Advance(time.Duration(sub.ExpireTime-e.Clock.Now().UnixMilli()+1) * time.Millisecond)
		birch = e.SignIn(t, "owner_birch") // the clock moved past the session
		// The owner reads Hearth in Spanish: the e-mail is written in it.
		if _, err := d.ExecContext(t.Context(), `UPDATE users SET language = 'es-ES' WHERE id = ?`, e.UserID(t, "owner_birch")); err != nil {
			t.Fatal(err)
		}
		if err := e.Server.Billing.Sweep(t.Context()); err != nil {
			t.Fatal(err)
		}
		s := current(t, birch)
		if want := time.UnixMilli(sub.ExpireTime).AddDate(0, 0, 7).UnixMilli(); s.GraceUntil != want || s.PendingOrder == nil ||
			s.PendingOrder.Business != shared.BusinessRenew || s.Locked {
			t.Fatalf("grace: %+v", s)
		}
		if m := e.LastMail(t, e.Email(t, "owner_birch")); !strings.Contains(m.Subject, "Birch Cottage AFH") || !strings.Contains(m.Subject, "renovación") ||
			!strings.Contains(m.Body, "/my-subscription") {
			t.Errorf("grace mail: %+v", m)
		}
		if c := subscriptionCard(t, birch); c == nil || c.Items[0].Key != "subscriptionGrace" || c.Items[0].Time != s.GraceUntil || c.Link != "/my-subscription" {
			t.Errorf("dashboard card in the grace period: %+v", c)
		}
		birch.Post(t, residents+"/createResident", newResident(1)).OK(t) // still working in the grace period
		if err := e.Server.Billing.Sweep(t.Context()); err != nil {      // a second run changes nothing
			t.Fatal(err)
		}
		if again := orders(t, birch, "/billing/order/page", shared.BillingFilter{}); again.Total != 2 {
			t.Fatalf("orders after a repeated sweep: %d", again.Total)
		}

		e.Clock.Advance(8 * 24 * time.Hour)
		birch, admin = e.SignIn(t, "owner_birch"), e.SignIn(t, "superadmin") // the clock moved past their sessions
		if err := e.Server.Billing.Sweep(t.Context()); err != nil {
			t.Fatal(err)
		}
		if s := current(t, birch); !s.Locked || s.Status != shared.PlanExpired {
			t.Fatalf("after grace: %+v", s)
		}
		birch.Post(t, residents+"/createResident", newResident(2)).Is(t, http.StatusOK, shared.CodeNoSubscription)
		if c := subscriptionCard(t, birch); c == nil || c.Items[0].Key != "subscriptionLocked" || c.Items[0].Tone != shared.ToneDanger {
			t.Errorf("dashboard card when locked: %+v", c)
		}
		var list shared.Page[shared.Resident]
		birch.Post(t, residents+"/listResidentByPage", shared.OptionPageRequest[shared.ResidentFilter]{Current: 1, Size: 20}).OK(t).Into(t, &list)
		if list.Total == 0 {
			t.Fatal("a locked home's residents are not readable")
		}
		e.SignIn(t, "owner_evergreen", "Cedar Home AFH").Post(t, residents+"/createResident", newResident(3)).OK(t)

		admin.Post(t, sys+"/billing/admin/recordPayment", shared.RecordPaymentRequest{OrderID: s.PendingOrder.ID, Remark: "Late cheque"}).OK(t)
		if s := current(t, birch); s.Locked || s.GraceUntil != 0 || s.ExpireTime <= e.Clock.Now().UnixMilli() {
			t.Fatalf("after the late payment: %+v", s)
		}
		birch.Post(t, residents+"/createResident", newResident(2)).OK(t)
		if c := subscriptionCard(t, birch); c != nil {
			t.Errorf("dashboard card after the payment: %+v", c)
		}
	})
}

// subscriptionCard is the owner's dashboard card about the subscription, nil when none.
func subscriptionCard(t *testing.T, c *servertest.Client) *shared.DashboardCard {
	t.Helper()
	var cards []shared.DashboardCard
	c.Get(t, sys+"/dashboard/listCards").OK(t).Into(t, &cards)
	for i := range cards {
		if cards[i].Key == "subscription" {
			return &cards[i]
		}
	}
	return nil
}

// The super admin's tenant plan: a contract price for a home, recorded as
// paid at once; an unknown home or package is refused.
func TestTenantPlan(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "superadmin")
		cedarID := e.FacilityID(t, "Cedar Home AFH")
		var o shared.BillingOrder
		admin.Post(t, sys+"/subscription/admin/tenantPlan", shared.TenantPlanRequest{TenantID: cedarID, PackageID: "PREMIUM_PACKAGE", Periods: 12,
			PriceCents: 7500, Paid: true, Remark: "Contract 2027"}).OK(t).Into(t, &o)
		if o.Status != shared.OrderPaid || o.TotalCents != 90000 || o.Business != shared.BusinessTenantPlan {
			t.Fatalf("tenant plan: %+v", o)
		}
		owner := e.SignIn(t, "owner_evergreen", "Cedar Home AFH")
		if s := current(t, owner); s.Package.ID != "PREMIUM_PACKAGE" || s.PriceCents != 90000 {
			t.Fatalf("Cedar's plan: %+v", s)
		}
		var plans shared.Page[shared.TenantSubscription]
		admin.Post(t, sys+"/subscription/admin/planPage", page{Current: 1, Size: 20, Data: shared.BillingFilter{TenantID: cedarID}}).OK(t).Into(t, &plans)
		if plans.Total != 1 || plans.Records[0].FacilityName != "Cedar Home AFH" || plans.Records[0].PackageID != "PREMIUM_PACKAGE" ||
			plans.Records[0].Status != shared.PlanActive {
			t.Fatalf("plans: %+v", plans)
		}
		owner.Post(t, sys+"/subscription/admin/planPage", page{Current: 1, Size: 20}).Is(t, http.StatusOK, shared.CodeForbidden)
		admin.Post(t, sys+"/subscription/admin/tenantPlan", shared.TenantPlanRequest{TenantID: "nope", PackageID: "PREMIUM_PACKAGE", Periods: 1}).
			Is(t, http.StatusOK, shared.CodeValidation)
		admin.Post(t, sys+"/subscription/admin/tenantPlan", shared.TenantPlanRequest{TenantID: cedarID, PackageID: "nope", Periods: 1}).
			Is(t, http.StatusOK, shared.CodeValidation)
		owner.Post(t, sys+"/subscription/admin/tenantPlan", shared.TenantPlanRequest{TenantID: cedarID, PackageID: "PREMIUM_PACKAGE", Periods: 1}).
			Is(t, http.StatusOK, shared.CodeForbidden)
	})
}

// The invoice a manually billed home is sent prints as a PDF in the reader's
// language with the order's lines; another home's invoice is 4004.
func TestInvoicePDF(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "superadmin")
		birch := e.SignIn(t, "owner_birch")
		promo(t, admin, shared.PromotionCode{Code: "PDF10", DiscountType: shared.DiscountPercent, Value: 10})
		birch.Post(t, sys+"/subscription/checkout", shared.CostRequest{PackageID: "ESSENTIAL_PACKAGE", Periods: 2, ExtraResidents: 1, PromotionCode: "PDF10"}).OK(t)
		var inv shared.Page[shared.Invoice]
		birch.Post(t, sys+"/billing/invoice/page", page{Current: 1, Size: 20}).OK(t).Into(t, &inv)
		r := birch.Get(t, sys+"/billing/invoice/pdf?id="+inv.Records[0].ID)
		if r.Status != http.StatusOK || !strings.HasPrefix(string(r.Body), "%PDF") {
			t.Fatalf("pdf: HTTP %d %.80s", r.Status, r.Body)
		}
		text, pages := pdftest.Extract(t, r.Body)
		for _, want := range []string{"Invoice", inv.Records[0].Number, "Birch Cottage AFH", "Essential × 2", "Promotion code PDF10", "$115.20", "Open: payment due"} {
			if !strings.Contains(text, want) {
				t.Errorf("the invoice lacks %q:\n%s", want, text)
			}
		}
		if pages != 1 {
			t.Errorf("pages: %d", pages)
		}
		es := e.SignIn(t, "owner_birch")
		es.Language = "es-ES"
		if text, _ := pdftest.Extract(t, es.Get(t, sys+"/billing/invoice/pdf?id="+inv.Records[0].ID).Body); !strings.Contains(text, "Factura") {
			t.Errorf("Spanish invoice:\n%s", text)
		}
		e.SignIn(t, "owner_evergreen", "Maple House AFH").Get(t, sys+"/billing/invoice/pdf?id="+inv.Records[0].ID).Is(t, http.StatusOK, shared.CodeNotFound)
	})
}
