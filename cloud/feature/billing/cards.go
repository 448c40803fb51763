package billing

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/billing"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// account is a billing_accounts row.
type account struct {
	shared.BillingInfo
	stripeCustomerID string
}

func (s *Service) account(ctx context.Context, q db.Querier, tenantID string) (*account, error) {
	var a account
	b := &a.BillingInfo
	err := q.QueryRowContext(ctx, `SELECT name, email, phone, country, line1, line2, city, state, postal_code, tax_id, tax_type, stripe_customer_id
		FROM billing_accounts WHERE tenant_id = ?`, tenantID).Scan(&b.Name, &b.Email, &b.Phone, &b.Country, &b.Line1, &b.Line2, &b.City, &b.State,
		&b.PostalCode, &b.TaxID, &b.TaxType, &a.stripeCustomerID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return &a, db.Wrap("billing: account", err)
}

// BillingInfo is the home's billing details (empty until saved).
func (s *Service) BillingInfo(ctx context.Context, tenantID string) (*shared.BillingInfo, error) {
	a, err := s.account(ctx, s.db, tenantID)
	if err != nil || a == nil {
		return &shared.BillingInfo{}, err
	}
	return &a.BillingInfo, nil
}

// SaveBillingInfo keeps the home's billing details, and its Stripe
// customer's, which it makes the first time when Stripe is on.
func (s *Service) SaveBillingInfo(ctx context.Context, who *auth.Principal, in shared.BillingInfo) (*shared.BillingInfo, error) {
	in.Name, in.Email, in.Phone = strings.TrimSpace(in.Name), strings.TrimSpace(in.Email), strings.TrimSpace(in.Phone)
	before, err := s.account(ctx, s.db, who.TenantID)
	if err != nil {
		return nil, err
	}
	customer := ""
	if before != nil {
		customer = before.stripeCustomerID
	}
	if customer, err = s.pay.Customer(ctx, customer, billing.Customer{TenantID: who.TenantID, Name: in.Name, Email: in.Email, Phone: in.Phone,
		Country: in.Country, Line1: in.Line1, Line2: in.Line2, City: in.City, State: in.State, Postal: in.PostalCode}); err != nil {
		s.log.ErrorContext(ctx, "billing: customer at Stripe", "err", err)
		return nil, problem.New(shared.CodeValidation, "billing.stripeFailed")
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		now := s.now().UnixMilli()
		if _, err := tx.ExecContext(ctx, `INSERT INTO billing_accounts (tenant_id, name, email, phone, country, line1, line2, city, state, postal_code,
			tax_id, tax_type, stripe_customer_id, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (tenant_id) DO UPDATE SET name = excluded.name, email = excluded.email, phone = excluded.phone, country = excluded.country,
			line1 = excluded.line1, line2 = excluded.line2, city = excluded.city, state = excluded.state, postal_code = excluded.postal_code,
			tax_id = excluded.tax_id, tax_type = excluded.tax_type, stripe_customer_id = excluded.stripe_customer_id, updated_at = excluded.updated_at`,
			who.TenantID, in.Name, in.Email, in.Phone, in.Country, in.Line1, in.Line2, in.City, in.State, in.PostalCode, in.TaxID, in.TaxType,
			customer, now); err != nil {
			return db.Wrap("billing: save account", err)
		}
		e := audit.Entry{TenantID: who.TenantID, ActorID: who.UserID, Action: "billingInfo.save", Entity: "billingInfo", EntityID: who.TenantID, After: in}
		if before != nil {
			e.Before = before.BillingInfo
		}
		return audit.Write(ctx, tx, e)
	})
	if err != nil {
		return nil, err
	}
	return &in, nil
}

// cardRow is a payment_methods row.
type cardRow struct {
	shared.PaymentMethod
	StripeID string
}

const cardColumns = `id, stripe_payment_method_id, brand, funding, last4, exp_month, exp_year, holder_name, is_default, status, created_at`

func scanCard(sc interface{ Scan(...any) error }) (*cardRow, error) {
	var c cardRow
	err := sc.Scan(&c.ID, &c.StripeID, &c.Brand, &c.Funding, &c.Last4, &c.ExpMonth, &c.ExpYear, &c.HolderName, &c.IsDefault, &c.Status, &c.CreatedTime)
	return &c, err //nolint:wrapcheck // the callers wrap
}

func defaultCard(ctx context.Context, q db.Querier, tenantID string) (*cardRow, error) {
	c, err := scanCard(q.QueryRowContext(ctx, `SELECT `+cardColumns+` FROM payment_methods WHERE tenant_id = ? AND status = 'active'
		ORDER BY is_default DESC, created_at DESC LIMIT 1`, tenantID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return c, db.Wrap("billing: default card", err)
}

// Cards are the home's cards, the default first.
func (s *Service) Cards(ctx context.Context, tenantID string) ([]shared.PaymentMethod, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+cardColumns+` FROM payment_methods WHERE tenant_id = ? AND status = 'active'
		ORDER BY is_default DESC, created_at DESC`, tenantID)
	if err != nil {
		return nil, db.Wrap("billing: cards", err)
	}
	defer rows.Close()
	out := []shared.PaymentMethod{}
	for rows.Next() {
		c, err := scanCard(rows)
		if err != nil {
			return nil, db.Wrap("billing: cards", err)
		}
		out = append(out, c.PaymentMethod)
	}
	return out, db.Wrap("billing: cards", rows.Err())
}

// customer is the home's Stripe customer; its billing details come first.
func (s *Service) customer(ctx context.Context, tenantID string) (string, error) {
	if s.Mode() != shared.BillingStripe {
		return "", ErrManual
	}
	a, err := s.account(ctx, s.db, tenantID)
	if err != nil {
		return "", err
	}
	if a == nil || a.stripeCustomerID == "" {
		return "", ErrNoBillingInfo
	}
	return a.stripeCustomerID, nil
}

// SetupIntent lets Stripe Elements collect a card in the browser.
func (s *Service) SetupIntent(ctx context.Context, tenantID string) (*shared.SetupIntent, error) {
	cus, err := s.customer(ctx, tenantID)
	if err != nil {
		return nil, err
	}
	secret, err := s.pay.SetupIntent(ctx, cus)
	if err != nil {
		s.log.ErrorContext(ctx, "billing: setup intent", "err", err)
		return nil, problem.New(shared.CodeValidation, "billing.stripeFailed")
	}
	return &shared.SetupIntent{ClientSecret: secret, PublishableKey: s.pay.PublishableKey()}, nil
}

// AttachCard keeps the card Elements confirmed as the home's default.
func (s *Service) AttachCard(ctx context.Context, who *auth.Principal, in shared.AttachCardRequest) (*shared.PaymentMethod, error) {
	cus, err := s.customer(ctx, who.TenantID)
	if err != nil {
		return nil, err
	}
	card, err := s.pay.AttachCard(ctx, cus, in.PaymentMethodID)
	if err != nil {
		s.log.ErrorContext(ctx, "billing: attach card", "err", err)
		return nil, problem.New(shared.CodeValidation, "billing.stripeFailed")
	}
	id := newID()
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		now := s.now().UnixMilli()
		if _, err := tx.ExecContext(ctx, `UPDATE payment_methods SET is_default = ? WHERE tenant_id = ?`, false, who.TenantID); err != nil {
			return db.Wrap("billing: default card", err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO payment_methods (id, tenant_id, stripe_payment_method_id, brand, funding, last4, exp_month,
			exp_year, holder_name, is_default, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?)
			ON CONFLICT (tenant_id, stripe_payment_method_id) DO UPDATE SET is_default = excluded.is_default, status = 'active'`,
			id, who.TenantID, card.ID, card.Brand, card.Funding, card.Last4, card.ExpMonth, card.ExpYear, card.Holder, true, now); err != nil {
			return db.Wrap("billing: add card", err)
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: who.TenantID, ActorID: who.UserID, Action: "paymentMethod.add", Entity: "paymentMethod",
			EntityID: card.ID, After: map[string]any{"brand": card.Brand, "last4": card.Last4}})
	})
	if err != nil {
		return nil, err
	}
	c, err := defaultCard(ctx, s.db, who.TenantID)
	if err != nil || c == nil {
		return nil, err
	}
	return &c.PaymentMethod, nil
}

// SetDefaultCard makes one of the home's cards the default.
func (s *Service) SetDefaultCard(ctx context.Context, who *auth.Principal, id string) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM payment_methods WHERE tenant_id = ? AND id = ? AND status = 'active'`,
			who.TenantID, id).Scan(&n); err != nil || n == 0 {
			if err == nil {
				err = problem.NotFound
			}
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE payment_methods SET is_default = (id = ?) WHERE tenant_id = ?`, id, who.TenantID)
		return db.Wrap("billing: default card", err)
	})
}

// RemoveCard detaches a card at Stripe and forgets it; the default card of a
// plan that renews by itself stays while it is the only one.
func (s *Service) RemoveCard(ctx context.Context, who *auth.Principal, id string) error {
	c, err := scanCard(s.db.QueryRowContext(ctx, `SELECT `+cardColumns+` FROM payment_methods WHERE tenant_id = ? AND id = ? AND status = 'active'`,
		who.TenantID, id))
	if errors.Is(err, sql.ErrNoRows) {
		return problem.NotFound
	}
	if err != nil {
		return db.Wrap("billing: card", err)
	}
	cards, err := s.Cards(ctx, who.TenantID)
	if err != nil {
		return err
	}
	cur, err := currentPlan(ctx, s.db, who.TenantID)
	if err != nil {
		return err
	}
	if len(cards) == 1 && cur != nil && cur.AutoRenewal && cur.ExpireAt > 0 && cur.PaidCents > 0 {
		return ErrDefaultCardUse
	}
	if err := s.pay.DetachCard(ctx, c.StripeID); err != nil && !errors.Is(err, billing.ErrManual) {
		s.log.ErrorContext(ctx, "billing: detach card", "err", err)
		return problem.New(shared.CodeValidation, "billing.stripeFailed")
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE payment_methods SET status = 'removed', is_default = ? WHERE id = ?`, false, c.ID); err != nil {
			return db.Wrap("billing: remove card", err)
		}
		if c.IsDefault {
			if _, err := tx.ExecContext(ctx, `UPDATE payment_methods SET is_default = ? WHERE id = (SELECT id FROM payment_methods
				WHERE tenant_id = ? AND status = 'active' ORDER BY created_at DESC LIMIT 1)`, true, who.TenantID); err != nil {
				return db.Wrap("billing: next default card", err)
			}
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: who.TenantID, ActorID: who.UserID, Action: "paymentMethod.remove", Entity: "paymentMethod", EntityID: c.StripeID})
	})
}
