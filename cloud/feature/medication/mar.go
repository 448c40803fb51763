package medication

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/param"
	"hearth/cloud/platform/people"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/pdf"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// The printed monthly MAR: the paper backup inspectors and hospitals ask for.
// One resident, one month in the facility's zone: the drugs × days grid with
// the initials of whoever gave each pass (or a code), the legend, the PRN
// doses with reason and result, the refusals, holds and doses not given with
// their reasons, the staff who initialled and signature lines — what WAC
// 388-76-10475 asks a medication log to hold.

// Codes printed in a day's cell when a pass was not given by initials.
const (
	marRefused  = "R"
	marHeld     = "H"
	marNotGiven = "NG"
	marMissed   = "X"
	marOnHold   = "OH"
)

var (
	errMarMonth       = problem.Invalid("month", "pattern", "mar.monthFormat", nil)
	errMarMonthFuture = problem.Invalid("month", "maximum", "validation.maximum", map[string]any{"max": "this month"})
)

// marData is what one printout holds, read in one go.
type marData struct {
	facility, licence string
	res               *residentRef
	level             shared.AssistanceLevel
	orders            []row
	passes            []passRow
	printedBy         string
}

// PrintMar lays out a resident's monthly MAR as a PDF in the caller's language.
func (s *Service) PrintMar(ctx context.Context, p *auth.Principal, q shared.PrintMarQuery) (*web.File, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	loc, _, err := zone.Facility(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	month, err := time.ParseInLocation("2006-01", strings.TrimSpace(q.Month), loc)
	if err != nil || month.Year() < 1900 {
		return nil, errMarMonth
	}
	now := s.now().In(loc)
	if month.After(time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, loc)) {
		return nil, errMarMonthFuture
	}
	days := time.Date(month.Year(), month.Month()+1, 0, 0, 0, 0, 0, loc).Day()
	first, last := month.Format(time.DateOnly), month.AddDate(0, 0, days-1).Format(time.DateOnly)

	d, err := s.marData(ctx, p, q.ResidentID, first, last)
	if err != nil {
		return nil, err
	}
	lang := msg.Language(ctx)
	paper := pdf.Letter
	if q.Paper == shared.PaperA4 {
		paper = pdf.A4
	}
	var buf bytes.Buffer
	if err := layoutMar(&buf, d, marPage{lang: lang, loc: loc, month: month, days: days, now: now, paper: paper}); err != nil {
		return nil, fmt.Errorf("medication: lay out MAR: %w", err)
	}
	name := fmt.Sprintf("MAR %s %s.pdf", d.res.Name, month.Format("2006-01"))
	return &web.File{Name: name, ContentType: "application/pdf", Size: int64(buf.Len()), Inline: true,
		Body: io.NopCloser(&buf)}, nil
}

// marData reads the resident, the orders that overlap first..last and the
// passes of those days, refusing an empty or too large range (spec 001 §9).
func (s *Service) marData(ctx context.Context, p *auth.Principal, residentID, first, last string) (*marData, error) {
	res, err := s.residentOf(ctx, s.db, p.TenantID, residentID)
	if err != nil {
		return nil, err
	}
	n, err := s.store.CountMonthPasses(ctx, s.db, p.TenantID, res.ID, first, last)
	if err != nil {
		return nil, err
	}
	limit := int(s.params.Int(ctx, param.PrintMaxRecords))
	if n > limit {
		return nil, pdf.CheckRecords("month", n, limit)
	}
	all, err := s.store.ByResident(ctx, s.db, p.TenantID, res.ID)
	if err != nil {
		return nil, err
	}
	passes, err := s.store.MonthPasses(ctx, s.db, p.TenantID, res.ID, first, last, limit)
	if err != nil {
		return nil, err
	}
	withPasses := map[string]bool{}
	for i := range passes {
		withPasses[passes[i].MedicationID] = true
	}
	d := &marData{res: res, passes: passes}
	for _, r := range all {
		if withPasses[r.ID] || overlaps(&r, first, last) {
			d.orders = append(d.orders, r)
		}
	}
	if len(d.orders) == 0 && len(passes) == 0 {
		return nil, pdf.ErrNothingToPrint
	}
	if d.facility, d.licence, err = s.store.Facility(ctx, s.db, p.TenantID); err != nil {
		return nil, err
	}
	switch a, err := s.store.Assistance(ctx, s.db, p.TenantID, res.ID); {
	case err == nil:
		d.level = a.Level
	case !errors.Is(err, db.ErrNotFound): // none recorded prints no level
		return nil, err
	}
	if d.printedBy, err = people.Name(ctx, s.db, p.UserID); err != nil {
		return nil, err
	}
	return d, nil
}

// overlaps reports whether an order was in force on some day of first..last.
func overlaps(r *row, first, last string) bool {
	return r.StartDate <= last && (r.EndDate == "" || r.EndDate >= first)
}

// marPage is how a printout is written: language, zone, month, clock, paper.
type marPage struct {
	lang  shared.Language
	loc   *time.Location
	month time.Time
	days  int
	now   time.Time
	paper pdf.Paper
}

func (m marPage) t(key string, args map[string]any) string { return msg.T(m.lang, key, args) }

func (m marPage) at(ms int64) string { return msg.DateTime(m.lang, time.UnixMilli(ms).In(m.loc)) }

func layoutMar(w io.Writer, d *marData, m marPage) error {
	monthText := msg.Month(m.lang, m.month.Year(), m.month.Month())
	doc, err := pdf.New(pdf.Options{
		Paper: m.paper, Landscape: true,
		Title:       m.t("mar.title", nil),
		HeaderLeft:  strings.TrimSpace(d.facility + " · " + m.t("mar.licence", nil) + " " + d.licence),
		HeaderRight: d.res.Name + " · " + monthText,
		FooterLeft:  m.t("mar.printed", map[string]any{"time": msg.DateTime(m.lang, m.now), "name": d.printedBy}),
		PageLabel:   m.t("mar.page", map[string]any{"page": "{page}", "pages": "{pages}"}),
		Author:      d.facility, Language: string(m.lang), Created: m.now,
	})
	if err != nil {
		return err
	}
	allergies := d.res.Allergies
	if strings.TrimSpace(allergies) == "" {
		allergies = m.t("mar.none", nil)
	}
	level := m.t("mar.assist.none", nil)
	if d.level != "" {
		level = m.t("mar.assist."+string(d.level), nil)
	}
	doc.TitleBlock(pdf.TitleBlock{Title: m.t("mar.title", nil), Facility: d.facility, Fields: []pdf.Field{
		{Label: m.t("mar.resident", nil), Value: d.res.Name},
		{Label: m.t("mar.room", nil), Value: d.res.Room},
		{Label: m.t("mar.month", nil), Value: monthText},
		{Label: m.t("mar.licence", nil), Value: d.licence},
		{Label: m.t("mar.allergies", nil), Value: allergies},
		{Label: m.t("mar.assistance", nil), Value: level},
	}})

	heads := make([]string, m.days)
	for i := range heads {
		heads[i] = strconv.Itoa(i + 1)
	}
	doc.Grid(pdf.Grid{
		Key:   []pdf.Column{{Head: m.t("mar.colMedication", nil), Width: 64, BoldFirstLine: true}, {Head: m.t("mar.colTime", nil), Align: pdf.Center}},
		Heads: heads,
		Rows:  marRows(d, m),
	})
	doc.Legend(m.t("mar.legend", nil), []pdf.LegendItem{
		{Code: "AB", Meaning: m.t("mar.legendInitials", nil)},
		{Code: marRefused, Meaning: m.t("mar.code.R", nil)},
		{Code: marHeld, Meaning: m.t("mar.code.H", nil)},
		{Code: marNotGiven, Meaning: m.t("mar.code.NG", nil)},
		{Code: marMissed, Meaning: m.t("mar.code.X", nil)},
		{Code: marOnHold, Meaning: m.t("mar.code.OH", nil)},
		{Meaning: m.t("mar.notOrdered", nil), Shade: true},
	})

	prn, exceptions := marTables(d, m)
	doc.Heading(m.t("mar.prn", nil))
	if len(prn) == 0 {
		doc.Paragraph(m.t("mar.prnNone", nil))
	} else {
		doc.Table(pdf.Table{Columns: []pdf.Column{{Head: m.t("mar.colWhen", nil), Width: 34}, {Head: m.t("mar.colMedication", nil), Width: 50},
			{Head: m.t("mar.colDose", nil), Width: 28}, {Head: m.t("mar.colReason", nil)}, {Head: m.t("mar.colResult", nil)}, {Head: m.t("mar.colBy", nil), Width: 34}},
			Rows: prn})
	}
	doc.Heading(m.t("mar.exceptions", nil))
	if len(exceptions) == 0 {
		doc.Paragraph(m.t("mar.exceptionsNone", nil))
	} else {
		doc.Table(pdf.Table{Columns: []pdf.Column{{Head: m.t("mar.colWhen", nil), Width: 34}, {Head: m.t("mar.colMedication", nil), Width: 50},
			{Head: m.t("mar.colOutcome", nil), Width: 34}, {Head: m.t("mar.colReason", nil)}, {Head: m.t("mar.colBy", nil), Width: 34}},
			Rows: exceptions})
	}
	doc.Table(pdf.Table{Title: m.t("mar.staff", nil),
		Columns: []pdf.Column{{Head: m.t("mar.colInitials", nil), Width: 22, Align: pdf.Center}, {Head: m.t("mar.colName", nil), Width: 70}, {Head: m.t("mar.colSignature", nil)}},
		Rows:    marStaff(d)})
	doc.Signatures([]pdf.Signature{{Label: m.t("mar.reviewedBy", nil)}, {Label: m.t("mar.date", nil)}})
	return doc.Write(w)
}

// marRows is one grid row per order: its name and details, its times, and
// per day the initials or codes of its passes, one line per time.
func marRows(d *marData, m marPage) []pdf.GridRow {
	byOrder := map[string][]*passRow{}
	for i := range d.passes {
		p := &d.passes[i]
		byOrder[p.MedicationID] = append(byOrder[p.MedicationID], p)
	}
	now := m.now.UnixMilli()
	rows := make([]pdf.GridRow, 0, len(d.orders))
	for i := range d.orders {
		o := &d.orders[i]
		passes := byOrder[o.ID]
		times := slices.Clone(o.Times)
		for _, p := range passes {
			if p.Kind == shared.PassScheduled && !slices.Contains(times, p.TimeOfDay) {
				times = append(times, p.TimeOfDay)
			}
		}
		slices.Sort(times)
		timeCol := strings.Join(times, "\n")
		if o.Type == shared.MedicationPRN {
			timeCol = m.t("mar.prnTag", nil)
		}
		cells, shade := make([]string, m.days), make([]bool, m.days)
		for day := range m.days {
			date := m.month.AddDate(0, 0, day).Format(time.DateOnly)
			shade[day] = date < o.StartDate || (o.EndDate != "" && date > o.EndDate)
			var lines []string
			if o.Type == shared.MedicationPRN {
				for _, p := range passes {
					if p.Day == date && p.Outcome != "" {
						lines = append(lines, marCode(p, now))
					}
				}
			} else {
				for _, t := range times {
					line := ""
					for _, p := range passes {
						if p.Day == date && p.TimeOfDay == t && p.Kind == shared.PassScheduled {
							line = marCode(p, now)
							break
						}
					}
					lines = append(lines, line)
				}
			}
			cells[day] = strings.TrimRight(strings.Join(lines, "\n"), "\n")
		}
		rows = append(rows, pdf.GridRow{Key: []string{marOrderText(o, m), timeCol}, Cells: cells, Shade: shade})
	}
	return rows
}

// marCode is what a pass's cell shows: the giver's initials, or a code.
func marCode(p *passRow, now int64) string {
	switch p.Outcome {
	case shared.OutcomeGiven:
		return p.Initials
	case shared.OutcomeRefused:
		return marRefused
	case shared.OutcomeHeld:
		return marHeld
	case shared.OutcomeNotGiven:
		return marNotGiven
	}
	if p.OnHold {
		return marOnHold
	}
	if p.DueAt > 0 && now > p.DueAt+int64(shared.PassWindowMinutes)*60_000 {
		return marMissed
	}
	return ""
}

// marOrderText is the order's first column: name and dose (bold), then route,
// frequency and instructions, then its flags.
func marOrderText(o *row, m marPage) string {
	lines := []string{strings.TrimSpace(o.Name + " " + o.Dose)}
	detail := []string{m.t("mar.route."+string(o.Route), nil)}
	for _, s := range []string{o.Frequency, o.Instructions} {
		if s = strings.TrimSpace(s); s != "" {
			detail = append(detail, s)
		}
	}
	lines = append(lines, strings.Join(detail, " · "))
	if o.Type == shared.MedicationSNF {
		lines = append(lines, m.t("mar.snf", nil))
	}
	if o.Controlled {
		lines = append(lines, m.t("mar.controlled", nil))
	}
	if o.Vital != "" && (o.HoldBelow != nil || o.HoldAbove != nil) {
		var rule []string
		if o.HoldBelow != nil {
			rule = append(rule, "< "+strconv.FormatFloat(*o.HoldBelow, 'f', -1, 64))
		}
		if o.HoldAbove != nil {
			rule = append(rule, "> "+strconv.FormatFloat(*o.HoldAbove, 'f', -1, 64))
		}
		lines = append(lines, m.t("mar.holdIf", map[string]any{"vital": m.t("mar.vital."+string(o.Vital), nil), "rule": strings.Join(rule, " / ")}))
	}
	if o.Status == shared.MedicationDiscontinued && o.EndAt > 0 {
		lines = append(lines, m.t("mar.discontinued", map[string]any{"date": msg.Date(m.lang, time.UnixMilli(o.EndAt).In(m.loc))}))
	}
	return strings.Join(lines, "\n")
}

// marTables are the PRN doses (with reason and result) and the passes
// refused, held or not given (with reason), in time order.
func marTables(d *marData, m marPage) (prn, exceptions [][]string) {
	for i := range d.passes {
		p := &d.passes[i]
		name := strings.TrimSpace(p.MedName + " " + p.MedDose)
		if p.Kind == shared.PassPRN && p.Outcome != "" {
			dose := p.DoseGiven
			if dose == "" {
				dose = p.MedDose
			}
			result := m.t("mar.noCheck", nil)
			if p.FollowUpEffective != nil {
				result = m.t("mar.notEffective", nil)
				if *p.FollowUpEffective {
					result = m.t("mar.effective", nil)
				}
				if note := strings.TrimSpace(p.FollowUpNote); note != "" {
					result += ": " + note
				}
			}
			prn = append(prn, []string{m.at(p.GivenAt), p.MedName, dose, p.Reason, result, p.StaffName})
			continue
		}
		switch p.Outcome {
		case shared.OutcomeRefused, shared.OutcomeHeld, shared.OutcomeNotGiven:
			code := map[shared.PassOutcome]string{shared.OutcomeRefused: marRefused, shared.OutcomeHeld: marHeld, shared.OutcomeNotGiven: marNotGiven}[p.Outcome]
			when := p.DueAt
			if when == 0 {
				when = p.GivenAt
			}
			exceptions = append(exceptions, []string{m.at(when), name, m.t("mar.code."+code, nil), p.Reason, p.StaffName})
		}
	}
	return prn, exceptions
}

// marStaff lists each initials once with the name behind them, by initials.
func marStaff(d *marData) [][]string {
	seen := map[string]bool{}
	var out [][]string
	for i := range d.passes {
		p := &d.passes[i]
		if p.Initials == "" || p.StaffName == "" || seen[p.Initials+"\x00"+p.StaffName] {
			continue
		}
		seen[p.Initials+"\x00"+p.StaffName] = true
		out = append(out, []string{p.Initials, p.StaffName, ""})
	}
	slices.SortFunc(out, func(a, b []string) int { return strings.Compare(a[0]+a[1], b[0]+b[1]) })
	return out
}
