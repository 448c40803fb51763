package billing

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/billing"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

const dayLayout = "2006-01-02"

// dayOf writes an epoch-ms day start as YYYY-MM-DD ("" for 0).
func dayOf(ms int64) string {
	if ms == 0 {
		return ""
	}
	return time.UnixMilli(ms).UTC().Format(dayLayout)
}

// promo is a code the home may use now: valid, within its days, not used up,
// and not used by this home before.
func (s *Service) promo(ctx context.Context, q db.Querier, tenantID, code string) (*promoRow, error) {
	p, err := scanPromo(q.QueryRowContext(ctx, `SELECT `+promoColumns+` FROM promotion_codes WHERE code = ?`, strings.ToUpper(strings.TrimSpace(code))))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrPromoUnknown
	}
	if err != nil {
		return nil, db.Wrap("billing: promotion code", err)
	}
	now := s.now().UnixMilli()
	if p.Status != shared.PromoValid || (p.validFrom > 0 && now < p.validFrom) || (p.validTo > 0 && now >= p.validTo) ||
		(p.MaxUses > 0 && p.Uses >= p.MaxUses) {
		return nil, ErrPromoInvalid
	}
	var used int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM billing_orders WHERE tenant_id = ? AND promotion_code = ? AND status = ?`,
		tenantID, p.Code, string(shared.OrderPaid)).Scan(&used); err != nil {
		return nil, db.Wrap("billing: promotion code used", err)
	}
	if used > 0 {
		return nil, ErrPromoUsed
	}
	return p, nil
}

// Promotions are every promotion code, the newest first.
func (s *Service) Promotions(ctx context.Context) ([]shared.PromotionCode, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+promoColumns+` FROM promotion_codes ORDER BY created_at DESC, code`)
	if err != nil {
		return nil, db.Wrap("billing: promotion codes", err)
	}
	defer rows.Close()
	out := []shared.PromotionCode{}
	for rows.Next() {
		p, err := scanPromo(rows)
		if err != nil {
			return nil, db.Wrap("billing: promotion codes", err)
		}
		out = append(out, p.PromotionCode)
	}
	return out, db.Wrap("billing: promotion codes", rows.Err())
}

// SavePromotion adds a code (kept at Stripe as a coupon and a promotion code
// when Stripe is on) or changes its description, days, uses and status. Its
// code, type and value are fixed once made (Stripe's coupons cannot change).
func (s *Service) SavePromotion(ctx context.Context, who *auth.Principal, in shared.PromotionCode) (*shared.PromotionCode, error) {
	in.Code = strings.ToUpper(strings.TrimSpace(in.Code))
	in.Description = strings.TrimSpace(in.Description)
	if in.Currency == "" {
		in.Currency = string(shared.CurrencyUSD)
	}
	if in.Status == "" {
		in.Status = shared.PromoValid
	}
	if in.DiscountType == shared.DiscountPercent && in.Value > shared.PromoPercentMax {
		return nil, ErrPromoPercent
	}
	from, to, err := promoDays(in.ValidFrom, in.ValidTo)
	if err != nil {
		return nil, err
	}
	now := s.now().UnixMilli()
	if in.ID == "" {
		var taken int
		if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM promotion_codes WHERE code = ?`, in.Code).Scan(&taken); err != nil {
			return nil, db.Wrap("billing: promotion code", err)
		}
		if taken > 0 {
			return nil, ErrPromoTaken
		}
		var validTo time.Time
		if to > 0 {
			validTo = time.UnixMilli(to)
		}
		// Stripe first: a code Stripe refused is not kept.
		coupon, promoID, err := s.pay.Promotion(ctx, billing.Promo{Code: in.Code, Type: in.DiscountType, Value: in.Value, Currency: in.Currency,
			ValidTo: validTo, MaxUses: in.MaxUses, Description: in.Description})
		if err != nil {
			s.log.ErrorContext(ctx, "billing: promotion code at Stripe", "err", err)
			return nil, problem.New(shared.CodeValidation, "billing.promoStripe")
		}
		in.ID = newID()
		err = s.db.InTx(ctx, func(tx *db.Tx) error {
			if _, err := tx.ExecContext(ctx, `INSERT INTO promotion_codes (id, code, description, currency, discount_type, value, valid_from,
				valid_to, status, max_uses, stripe_coupon_id, stripe_promotion_code_id, created_at, updated_at, updated_by)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, in.ID, in.Code, in.Description, in.Currency, string(in.DiscountType),
				in.Value, from, to, string(in.Status), in.MaxUses, coupon, promoID, now, now, who.UserID); err != nil {
				if db.IsUniqueViolation(err) {
					return ErrPromoTaken
				}
				return db.Wrap("billing: add promotion code", err)
			}
			return audit.Write(ctx, tx, audit.Entry{ActorID: who.UserID, Action: "promotionCode.save", Entity: "promotionCode", EntityID: in.ID, After: in})
		})
		if err != nil {
			return nil, err
		}
		return s.promotion(ctx, in.ID)
	}
	before, err := s.promotion(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	if before.Status != in.Status && (in.Status == shared.PromoValid || before.Status == shared.PromoValid) {
		if err := s.pay.SetPromotionActive(ctx, before.StripeID, in.Status == shared.PromoValid); err != nil {
			s.log.ErrorContext(ctx, "billing: promotion code at Stripe", "err", err)
			return nil, problem.New(shared.CodeValidation, "billing.promoStripe")
		}
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE promotion_codes SET description = ?, valid_from = ?, valid_to = ?, status = ?, max_uses = ?,
			updated_at = ?, updated_by = ? WHERE id = ?`, in.Description, from, to, string(in.Status), in.MaxUses, now, who.UserID, in.ID); err != nil {
			return db.Wrap("billing: change promotion code", err)
		}
		return audit.Write(ctx, tx, audit.Entry{ActorID: who.UserID, Action: "promotionCode.save", Entity: "promotionCode", EntityID: in.ID,
			Before: before, After: in})
	})
	if err != nil {
		return nil, err
	}
	return s.promotion(ctx, in.ID)
}

func (s *Service) promotion(ctx context.Context, id string) (*shared.PromotionCode, error) {
	p, err := scanPromo(s.db.QueryRowContext(ctx, `SELECT `+promoColumns+` FROM promotion_codes WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, db.Wrap("billing: promotion code", err)
	}
	return &p.PromotionCode, nil
}

// promoDays reads a code's first and last day (UTC): from the first day's
// start to the last day's end; the last day not before the first.
func promoDays(from, to string) (int64, int64, error) {
	var f, t int64
	if from != "" {
		d, err := time.Parse(dayLayout, from)
		if err != nil {
			return 0, 0, problem.Invalid("validFrom", "format", "validation.dateFormat", nil)
		}
		f = d.UnixMilli()
	}
	if to != "" {
		d, err := time.Parse(dayLayout, to)
		if err != nil {
			return 0, 0, problem.Invalid("validTo", "format", "validation.dateFormat", nil)
		}
		t = d.AddDate(0, 0, 1).UnixMilli()
	}
	if f > 0 && t > 0 && t <= f {
		return 0, 0, ErrPromoDates
	}
	return f, t, nil
}
