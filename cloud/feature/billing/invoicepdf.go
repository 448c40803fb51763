package billing

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/pdf"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// InvoicePDF prints one of the home's invoices in the reader's language: the
// invoice a manual-billing home is sent (Stripe's invoices also have Stripe's
// own PDF). Another home's invoice is 4004.
func (s *Service) InvoicePDF(ctx context.Context, tenantID, id string) (*web.File, error) {
	var inv shared.Invoice
	var orderID string
	err := s.db.QueryRowContext(ctx, `SELECT id, order_id, number, amount_due, amount_paid, currency, status, customer_name, created_at
		FROM invoices WHERE tenant_id = ? AND id = ?`, tenantID, id).Scan(&inv.ID, &orderID, &inv.Number, &inv.AmountDue, &inv.AmountPaid,
		&inv.Currency, &inv.Status, &inv.CustomerName, &inv.CreateTime)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, db.Wrap("billing: invoice", err)
	}
	o, err := getOrder(ctx, s.db, tenantID, orderID)
	if err != nil {
		return nil, err
	}
	acct, err := s.account(ctx, s.db, tenantID)
	if err != nil {
		return nil, err
	}
	lang := msg.Language(ctx)
	t := func(key string, args map[string]any) string { return msg.T(lang, key, args) }
	money := func(cents int64) string { return fmt.Sprintf("$%d.%02d", cents/100, cents%100) }
	doc, err := pdf.New(pdf.Options{Paper: pdf.Letter, Title: t("billing.pdf.title", nil), HeaderLeft: o.FacilityName,
		HeaderRight: inv.Number, PageLabel: t("billing.pdf.page", nil), Language: string(lang), Created: s.now()})
	if err != nil {
		return nil, fmt.Errorf("billing: invoice pdf: %w", err)
	}
	billTo := inv.CustomerName
	if acct != nil {
		billTo = fmt.Sprintf("%s\n%s %s\n%s, %s %s\n%s\n%s", acct.Name, acct.Line1, acct.Line2, acct.City, acct.State, acct.PostalCode, acct.Country, acct.Email)
	}
	doc.TitleBlock(pdf.TitleBlock{Title: t("billing.pdf.title", nil), Facility: o.FacilityName, Columns: 2, Fields: []pdf.Field{
		{Label: t("billing.pdf.number", nil), Value: inv.Number},
		{Label: t("billing.pdf.date", nil), Value: msg.Date(lang, time.UnixMilli(inv.CreateTime))},
		{Label: t("billing.pdf.order", nil), Value: o.OrderNo},
		{Label: t("billing.pdf.status", nil), Value: t("billing.pdf.status."+string(inv.Status), nil)},
		{Label: t("billing.pdf.billTo", nil), Value: billTo},
	}})
	rows := [][]string{{t("billing.pdf.package", map[string]any{"name": o.PackageName, "periods": o.Periods}), money(o.SubtotalCents)}}
	if o.ExtraResidents > 0 {
		rows = append(rows, []string{t("billing.pdf.extra", map[string]any{"count": o.ExtraResidents}), ""})
	}
	if o.CreditCents > 0 {
		rows = append(rows, []string{t("billing.pdf.credit", nil), "-" + money(o.CreditCents)})
	}
	if o.DiscountCents > 0 {
		rows = append(rows, []string{t("billing.pdf.discount", map[string]any{"code": o.PromotionCode}), "-" + money(o.DiscountCents)})
	}
	rows = append(rows, []string{t("billing.pdf.total", nil), money(inv.AmountDue)}, []string{t("billing.pdf.paid", nil), money(inv.AmountPaid)},
		[]string{t("billing.pdf.due", nil), money(max(inv.AmountDue-inv.AmountPaid, 0))})
	doc.Table(pdf.Table{Columns: []pdf.Column{{Head: t("billing.pdf.item", nil), Width: 130}, {Head: t("billing.pdf.amount", nil), Align: pdf.Right}}, Rows: rows})
	doc.Paragraph(t("billing.pdf.currency", nil))
	var buf bytes.Buffer
	if err := doc.Write(&buf); err != nil {
		return nil, fmt.Errorf("billing: invoice pdf: %w", err)
	}
	return &web.File{Name: "Invoice " + inv.Number + ".pdf", ContentType: "application/pdf", Size: int64(buf.Len()), Inline: true,
		Body: io.NopCloser(&buf)}, nil
}
