package shared

// Subscription billing (spec 000 §2 /my-subscription, /payment-method,
// /charge-records-management, /promotional-code-management; §3 "Subscription
// plan", "Billing order", "Charge record", "Invoice", "Promotion code",
// "Payment method"; §4 their states; §5 "extra resident quantity cannot be
// below the current resident count"; issue 31). Money is USD cents (spec 001
// §9). Spec 001 §7.12 shows no paths: they are Hearth's (docs/api.md).

// BillingMode is how the deployment takes payments: Stripe when a key is
// configured (HEARTH_STRIPE_SECRET_KEY), otherwise by hand (invoices sent and
// payments recorded by the super admin).
type BillingMode string

const (
	BillingManual BillingMode = "manual"
	BillingStripe BillingMode = "stripe"
)

// PlanStatus (spec 000 §4 "Plan").
type PlanStatus string

const (
	PlanActive    PlanStatus = "active"
	PlanCancelled PlanStatus = "cancelled"
	PlanExpired   PlanStatus = "expired"
)

// OrderStatus (spec 000 §4 "Billing order").
type OrderStatus string

const (
	OrderPendingPayment OrderStatus = "PENDING_PAYMENT"
	OrderPaid           OrderStatus = "PAID"
	OrderPaymentFailed  OrderStatus = "PAYMENT_FAILED"
	OrderCancelled      OrderStatus = "CANCELLED"
	OrderClosed         OrderStatus = "CLOSED"
	OrderRefunding      OrderStatus = "REFUNDING"
	OrderRefunded       OrderStatus = "REFUNDED"
)

// ChargeStatus (spec 000 §4 "Charge").
type ChargeStatus string

const (
	ChargeCancelled ChargeStatus = "CANCELLED"
	ChargePaid      ChargeStatus = "PAID"
	ChargeUnpaid    ChargeStatus = "UNPAID"
	ChargeRefund    ChargeStatus = "REFUND"
)

// InvoiceStatus (spec 000 §4 "Invoice"; Stripe's own words).
type InvoiceStatus string

const (
	InvoiceDraft         InvoiceStatus = "draft"
	InvoiceOpen          InvoiceStatus = "open"
	InvoicePaid          InvoiceStatus = "paid"
	InvoiceVoid          InvoiceStatus = "void"
	InvoiceUncollectible InvoiceStatus = "uncollectible"
)

// PromoStatus (spec 000 §4 "Promotion code").
type PromoStatus string

const (
	PromoValid       PromoStatus = "valid"
	PromoUsed        PromoStatus = "used"
	PromoDeactivated PromoStatus = "deactivated"
)

// DiscountType (spec 000 §3 "Promotion code"): an amount off in cents, or a
// percentage off.
type DiscountType string

const (
	DiscountAmount  DiscountType = "amountReduction"
	DiscountPercent DiscountType = "discount"
)

// OrderBusiness is why an order was made.
type OrderBusiness string

const (
	BusinessNew        OrderBusiness = "NEW"
	BusinessRenew      OrderBusiness = "RENEW"
	BusinessUpgrade    OrderBusiness = "UPGRADE"
	BusinessTenantPlan OrderBusiness = "TENANT_PLAN"
)

// PaymentType: a card through Stripe, or by hand.
type PaymentType string

const (
	PaymentCard   PaymentType = "CARD"
	PaymentManual PaymentType = "MANUAL"
)

// Bounds of billing requests.
const (
	BillingPeriodsMax   = 36        // package periods bought at once
	PromoCodeMin        = 3         // a promotion code's text
	PromoCodeMax        = 20        // LongUnitMax
	PromoPercentMax     = 100       // a percentage off
	PromoAmountMax      = 100000000 // cents off (PackagePriceMax)
	PromoUsesMax        = 100000    // times a code may be used; 0 = unlimited
	BillingRemarkMax    = 300       // SubDetailsMax
	BillingPostalMin    = 5         // spec 001 §9 zip code 5-15
	BillingPostalMax    = 15
	BillingTaxIDMax     = 50 // ShortTextMax
	StripeIDMin         = 3
	StripeIDMax         = 255
	ExtraResidentsMax   = 100000 // PackageLimitMax
	ContractPriceMax    = 100000000
	BillingCountryMax   = 50 // ShortTextMax
	BillingAddressMax   = 200
	BillingCityMax      = 50
	BillingNameMax      = 80 // facility name 2-80
	BillingNameMin      = 2
	BillingCountryMin   = 2
	BillingCityMin      = 2
	BillingStateMin     = 2
	BillingStateMax     = 50
	BillingAddressMin   = 5
	BillingTaxTypeMax   = 20 // LongUnitMax, e.g. us_ein
	PromoDescriptionMax = 300
)

// BillingInfo is the home's billing details (spec 000 §3 "Billing info"; §5:
// name, valid e-mail, country, street, city, state, zip and phone required).
type BillingInfo struct {
	Name       string `json:"name" minLength:"2" maxLength:"80" limit:"BillingNameMin,BillingNameMax"`
	Email      string `json:"email" minLength:"5" maxLength:"100" limit:"MailMin,MailMax" format:"email"`
	Phone      string `json:"phone" minLength:"10" maxLength:"20" limit:"PhoneMin,PhoneMax" doc:"With its country code, e.g. +1 360 555 0100"`
	Country    string `json:"country" minLength:"2" maxLength:"50" limit:"BillingCountryMin,BillingCountryMax"`
	Line1      string `json:"line1" minLength:"5" maxLength:"200" limit:"BillingAddressMin,BillingAddressMax"`
	Line2      string `json:"line2" maxLength:"200" limit:"BillingAddressMax"`
	City       string `json:"city" minLength:"2" maxLength:"50" limit:"BillingCityMin,BillingCityMax"`
	State      string `json:"state" minLength:"2" maxLength:"50" limit:"BillingStateMin,BillingStateMax"`
	PostalCode string `json:"postalCode" minLength:"5" maxLength:"15" limit:"BillingPostalMin,BillingPostalMax"`
	TaxID      string `json:"taxId" maxLength:"50" limit:"BillingTaxIDMax"`
	TaxType    string `json:"taxType" maxLength:"20" limit:"BillingTaxTypeMax" doc:"The tax id's document type, e.g. us_ein"`
}

// Subscription is /my-subscription's current plan (spec 000 §3 "Subscription plan").
type Subscription struct {
	Mode            BillingMode    `json:"mode" doc:"manual: invoiced by hand (no Stripe key); stripe: paid by card"`
	PlanID          string         `json:"planId" doc:"Empty when the home has no plan of its own yet (the package the super admin gave it)"`
	Package         ServicePackage `json:"package"`
	Status          PlanStatus     `json:"status"`
	PriceCents      int64          `json:"priceCents" doc:"A period's price (a tenant plan's contract price)"`
	Currency        string         `json:"currency"`
	StartTime       int64          `json:"startTime" doc:"Epoch ms"`
	ExpireTime      int64          `json:"expireTime" doc:"Epoch ms; 0 = permanent"`
	AutoRenewal     bool           `json:"autoRenewal"`
	ExtraResidents  int            `json:"extraResidents"`
	Residents       int            `json:"residents" doc:"Active residents now"`
	NextBillingTime int64          `json:"nextBillingTime" doc:"Epoch ms; 0 = none"`
	NextPackage     *PackageRef    `json:"nextPackage,omitempty" doc:"A downgrade that starts at the period's end"`
	GraceUntil      int64          `json:"graceUntil" doc:"Epoch ms: a renewal failed and the home keeps its plan until then; 0 = none"`
	Locked          bool           `json:"locked" doc:"The plan ran out past its grace period: limited writes answer 7001, records stay readable"`
	PendingOrder    *BillingOrder  `json:"pendingOrder,omitempty" doc:"An order waiting for payment"`
	HasCard         bool           `json:"hasCard" doc:"A default card is on file (Stripe)"`
}

// PackageRef names a package.
type PackageRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Role Plan   `json:"role"`
}

// CostRequest is what an owner wants to buy: a package for some periods with
// extra residents and a promotion code.
type CostRequest struct {
	PackageID      string `json:"packageId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Periods        int    `json:"periods" minimum:"1" maximum:"36" limit:"BillingPeriodsMax" doc:"Package validity periods bought (1 for a permanent package)"`
	ExtraResidents int    `json:"extraResidents" minimum:"0" maximum:"100000" limit:"ExtraResidentsMax" doc:"Never below the residents the home has beyond the package (spec 000 §5)"`
	PromotionCode  string `json:"promotionCode" maxLength:"20" limit:"PromoCodeMax"`
}

// Cost is the price before paying (issue 31: package price × periods + extra
// residents − the unused part of the current plan − the promotion code).
type Cost struct {
	Business          OrderBusiness `json:"business"`
	Downgrade         bool          `json:"downgrade" doc:"A cheaper package: it starts at the current period's end and nothing is charged now"`
	PackageCents      int64         `json:"packageCents" doc:"Package price × periods"`
	ExtraResidents    int           `json:"extraResidents"`
	MinExtraResidents int           `json:"minExtraResidents" doc:"The residents the home has beyond the package"`
	ExtraCents        int64         `json:"extraCents" doc:"Extra residents × their price × periods"`
	SubtotalCents     int64         `json:"subtotalCents"`
	CreditCents       int64         `json:"creditCents" doc:"Proration: the unused part of the current paid period"`
	DiscountCents     int64         `json:"discountCents"`
	TotalCents        int64         `json:"totalCents"`
	Currency          string        `json:"currency"`
	PromotionCode     string        `json:"promotionCode"`
	StartTime         int64         `json:"startTime" doc:"Epoch ms"`
	ExpireTime        int64         `json:"expireTime" doc:"Epoch ms; 0 = permanent"`
}

// BillingOrder (spec 000 §3 "Billing order").
type BillingOrder struct {
	ID             string        `json:"id"`
	OrderNo        string        `json:"orderNo"`
	TenantID       string        `json:"tenantId"`
	FacilityName   string        `json:"facilityName"`
	PlanID         string        `json:"planId"`
	PackageID      string        `json:"packageId"`
	PackageName    string        `json:"packageName"`
	Business       OrderBusiness `json:"businessType"`
	Status         OrderStatus   `json:"status"`
	PaymentType    PaymentType   `json:"paymentType"`
	PaymentMethod  string        `json:"paymentMethod" doc:"The card's brand and last four, when paid by card"`
	Periods        int           `json:"quantity"`
	ExtraResidents int           `json:"extraResidents"`
	SubtotalCents  int64         `json:"subtotalCents"`
	CreditCents    int64         `json:"creditCents"`
	DiscountCents  int64         `json:"discountCents"`
	TotalCents     int64         `json:"totalAmount"`
	Currency       string        `json:"currency"`
	PromotionCode  string        `json:"promotionCode"`
	Creator        string        `json:"creator"`
	CreateTime     int64         `json:"createTime"`
	PaymentTime    int64         `json:"paymentTime"`
	RefundedCents  int64         `json:"refundedAmount" doc:"What a completed refund gave back (cents); 0 when none"`
	RefundCents    int64         `json:"refundAmount" doc:"The amount of the order's refund, pending or done (cents); 0 when none or when Stripe failed it"`
	RefundReason   string        `json:"refundReason" doc:"The latest refund's reason"`
}

// ChargeRecord (spec 000 §3 "Charge record").
type ChargeRecord struct {
	ID              string       `json:"id"`
	TenantID        string       `json:"tenantId"`
	FacilityName    string       `json:"facilityName"`
	OrderID         string       `json:"orderId"`
	OrderNo         string       `json:"orderNo"`
	PlanID          string       `json:"subscriptionPlanId"`
	AmountCents     int64        `json:"amount"`
	Currency        string       `json:"currency"`
	Status          ChargeStatus `json:"status"`
	CardType        string       `json:"cardType"`
	PaymentMethodID string       `json:"paymentMethodId"`
	Remark          string       `json:"remark"`
	Creator         string       `json:"creator"`
	PaymentTime     int64        `json:"paymentTime"`
	OrderStatus     OrderStatus  `json:"orderStatus" doc:"The order's status now: a PAID charge of a PAID order can be refunded"`
	OrderTotalCents int64        `json:"orderTotalAmount" doc:"The order's total (cents): the most a refund gives back"`
}

// Invoice (spec 000 §3 "Invoice").
type Invoice struct {
	ID           string        `json:"id"`
	OrderID      string        `json:"orderId"`
	Number       string        `json:"number"`
	AmountDue    int64         `json:"amountDue"`
	AmountPaid   int64         `json:"amountPaid"`
	Currency     string        `json:"currency"`
	Status       InvoiceStatus `json:"status"`
	CustomerName string        `json:"customerName"`
	HostedURL    string        `json:"hostedUrl" doc:"Stripe's hosted invoice page; empty for a manual invoice"`
	PDFURL       string        `json:"pdfUrl" doc:"Stripe's PDF; empty for a manual invoice (GET /api/system/billing/invoice/pdf prints every invoice)"`
	CreateTime   int64         `json:"createTime"`
}

// PromotionCode (spec 000 §3 "Promotion code"), kept as a Stripe coupon and
// promotion code when Stripe is on.
type PromotionCode struct {
	ID           string       `json:"id" maxLength:"64" limit:"IDMax" doc:"Empty to add a code"`
	Code         string       `json:"code" minLength:"3" maxLength:"20" limit:"PromoCodeMin,PromoCodeMax" pattern:"^[A-Za-z0-9_-]+$" doc:"Letters, digits, - and _; kept in capitals"`
	Description  string       `json:"description" maxLength:"300" limit:"PromoDescriptionMax"`
	Currency     string       `json:"currency,omitempty" enum:"USD" enumOf:"PackageCurrency" doc:"USD when not given"`
	DiscountType DiscountType `json:"discountType" enum:"amountReduction,discount"`
	Value        int64        `json:"value" minimum:"1" maximum:"100000000" limit:"PromoAmountMax" doc:"Cents off (amountReduction) or percent off, 1-100 (discount)"`
	ValidFrom    string       `json:"validFrom" format:"date-or-empty" doc:"YYYY-MM-DD, the first day (UTC) it works; empty: from now"`
	ValidTo      string       `json:"validTo" format:"date-or-empty" doc:"YYYY-MM-DD, the last day (UTC) it works; empty: no end"`
	MaxUses      int          `json:"maxUses" minimum:"0" maximum:"100000" limit:"PromoUsesMax" doc:"0 = unlimited; the code is used when it reaches this"`
	Uses         int          `json:"uses" doc:"Paid orders that used it; set by the server"`
	Status       PromoStatus  `json:"status,omitempty" enum:"valid,used,deactivated" doc:"valid when not given"`
	StripeID     string       `json:"promotionCodeId" doc:"Stripe's promotion code id; set by the server"`
}

// PaymentMethod is a card on file: only what Stripe tells (spec 000 §3
// "Payment method"; funding credit, debit, prepaid or unknown); the number and
// CVV never reach Hearth.
type PaymentMethod struct {
	ID          string `json:"id"`
	Brand       string `json:"brand"`
	Funding     string `json:"funding" doc:"credit, debit, prepaid or unknown"`
	Last4       string `json:"last4"`
	ExpMonth    int    `json:"expMonth"`
	ExpYear     int    `json:"expYear"`
	HolderName  string `json:"holderName"`
	IsDefault   bool   `json:"isDefault"`
	Status      string `json:"status"`
	CreatedTime int64  `json:"createdTime"`
}

// SetupIntent is what Stripe Elements needs to collect a card (3-D Secure included).
type SetupIntent struct {
	ClientSecret   string `json:"clientSecret"`
	PublishableKey string `json:"publishableKey"`
}

// AttachCardRequest keeps the card Stripe Elements confirmed.
type AttachCardRequest struct {
	PaymentMethodID string `json:"paymentMethodId" minLength:"3" maxLength:"255" limit:"StripeIDMin,StripeIDMax" doc:"Stripe's pm_… id"`
}

// InvoiceIDQuery names one of the home's invoices.
type InvoiceIDQuery struct {
	ID string `query:"id" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// BillingIDRequest names one record (an order, a card, a code).
type BillingIDRequest struct {
	ID string `json:"id" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// AutoRenewalRequest turns the plan's automatic renewal on or off.
type AutoRenewalRequest struct {
	AutoRenewal bool `json:"autoRenewal"`
}

// RecordPaymentRequest is the super admin's record of a payment taken by
// hand (manual billing): the order becomes PAID with a charge record.
type RecordPaymentRequest struct {
	OrderID string `json:"orderId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Remark  string `json:"remark" minLength:"1" maxLength:"300" limit:"BillingRemarkMax" doc:"How it was paid (cheque number, transfer reference)"`
}

// RefundRequest is the super admin's refund of a PAID order, once, in full
// or in part: under manual billing (or for an order paid by hand) it is
// recorded at once; for an order paid by card Stripe refunds its payment and
// the order is REFUNDING until Stripe's webhook says the refund succeeded.
// A full refund of the order that paid the home's current period ends that
// period (docs/api.md "Refunds").
type RefundRequest struct {
	OrderID     string `json:"orderId" minLength:"1" maxLength:"64" limit:"IDMax"`
	AmountCents int64  `json:"amountCents" minimum:"1" maximum:"100000000" limit:"ContractPriceMax" doc:"Cents to give back, at most the order's total"`
	Reason      string `json:"reason" minLength:"1" maxLength:"300" limit:"BillingRemarkMax" doc:"Why (kept on the REFUND charge record and in the audit log)"`
}

// TenantPlanRequest is the super admin's plan for one home (a contract
// price): an order waiting for payment, or paid at once with a remark.
type TenantPlanRequest struct {
	TenantID   string `json:"tenantId" minLength:"1" maxLength:"64" limit:"IDMax"`
	PackageID  string `json:"packageId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Periods    int    `json:"periods" minimum:"1" maximum:"36" limit:"BillingPeriodsMax"`
	PriceCents int64  `json:"priceCents" minimum:"0" maximum:"100000000" limit:"ContractPriceMax" doc:"The contract's price of one period"`
	Paid       bool   `json:"paid" doc:"Paid already: recorded with the remark"`
	Remark     string `json:"remark" maxLength:"300" limit:"BillingRemarkMax"`
}

// TenantSubscription is one home's plan on /subscription-plan-management.
type TenantSubscription struct {
	ID             string     `json:"id"`
	TenantID       string     `json:"tenantId"`
	FacilityName   string     `json:"facilityName"`
	PackageID      string     `json:"packageId"`
	PackageName    string     `json:"packageName"`
	PriceCents     int64      `json:"priceCents" doc:"What the term cost"`
	Currency       string     `json:"currency"`
	ExtraResidents int        `json:"extraResidents"`
	StartTime      int64      `json:"startTime"`
	ExpireTime     int64      `json:"expireTime" doc:"0 = permanent"`
	Status         PlanStatus `json:"status"`
	AutoRenewal    bool       `json:"autoRenewal"`
	NextPackageID  string     `json:"nextPackageId"`
	GraceUntil     int64      `json:"graceUntil"`
	Locked         bool       `json:"locked"`
}

// BillingFilter narrows the super admin's orders and charges.
type BillingFilter struct {
	TenantID string `json:"tenantId,omitempty" maxLength:"64" limit:"IDMax"`
	Status   string `json:"status,omitempty" maxLength:"20" limit:"LongUnitMax"`
}
