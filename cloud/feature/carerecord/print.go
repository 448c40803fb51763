package carerecord

import (
	"bytes"
	"context"
	"fmt"
	"hearth/cloud/platform/people"
	"io"
	"slices"
	"strings"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/param"
	"hearth/cloud/platform/pdf"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// ErrNoNotes answers a notes printout whose range holds none (spec 001 §8
// "no progress notes in range"); a readings printout answers pdf.ErrNothingToPrint.
var ErrNoNotes = problem.New(pdf.ErrNothingToPrint.Code, "carerecord.noNotes")

// printed is what one printout holds, read in one go.
type printed struct {
	facility, licence string
	res               *resident
	notes             []shared.ProgressNote
	readings          []readingRow
	withNotes         bool
	withReadings      bool
	printedBy         string
}

// Print lays out a resident's notes and/or readings of a range as a PDF in
// the caller's language (progressNote/print: NOTES by default;
// healthMonitor/print: READINGS). The range rule of spec 001 §9 applies to
// the records included: none is refused, more than the parameter
// report.printMaxRecords (at most 1000) too.
func (s *Service) Print(ctx context.Context, p *auth.Principal, q shared.PrintRecordQuery, def shared.PrintContent) (*web.File, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	what := q.Include
	if what == "" {
		what = def
	}
	if !slices.Contains([]shared.PrintContent{shared.PrintNotes, shared.PrintReadings, shared.PrintBoth}, what) {
		return nil, problem.Invalid("include", "enum", "validation.enum", map[string]any{"values": "NOTES, READINGS, BOTH"})
	}
	if q.StartDate == "" {
		return nil, problem.Invalid("startDate", "required", "validation.required", nil)
	}
	if q.EndDate == "" {
		return nil, problem.Invalid("endDate", "required", "validation.required", nil)
	}
	start, end, err := rangeOf(q.StartDate, q.EndDate)
	if err != nil {
		return nil, err
	}
	res, err := s.residentOf(ctx, s.db, p.TenantID, q.ResidentID)
	if err != nil {
		return nil, err
	}
	d := &printed{res: res, withNotes: what != shared.PrintReadings, withReadings: what != shared.PrintNotes}
	limit := int(s.params.Int(ctx, param.PrintMaxRecords))
	n := 0
	nf := noteFilter{tenantID: p.TenantID, userID: p.UserID, residentID: res.ID, startDay: start, endDay: end}
	rf := readingFilter{tenantID: p.TenantID, residentID: res.ID, startDay: start, endDay: end}
	var noteRows []noteRow
	if d.withNotes {
		rows, total, err := s.store.Notes(ctx, s.db, nf, limit, 0)
		if err != nil {
			return nil, err
		}
		n += int(total)
		noteRows = rows
	}
	if d.withReadings {
		rows, total, err := s.store.Readings(ctx, s.db, rf, limit, 0)
		if err != nil {
			return nil, err
		}
		n += int(total)
		d.readings = rows
	}
	if n == 0 && what == shared.PrintNotes {
		return nil, ErrNoNotes
	}
	if err := pdf.CheckRecords("endDate", n, limit); err != nil {
		return nil, err
	}
	slices.Reverse(noteRows) // oldest first on paper
	slices.Reverse(d.readings)
	if d.notes, err = s.notesOf(ctx, s.db, p, noteRows); err != nil {
		return nil, err
	}
	if d.facility, d.licence, err = s.store.Facility(ctx, s.db, p.TenantID); err != nil {
		return nil, err
	}
	if d.printedBy, err = people.Name(ctx, s.db, p.UserID); err != nil {
		return nil, err
	}
	loc, err := s.facilityZone(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	paper := pdf.Letter
	if q.Paper == shared.PaperA4 {
		paper = pdf.A4
	}
	pg := page{lang: msg.Language(ctx), loc: loc, now: s.now().In(loc), paper: paper, start: start, end: end}
	var buf bytes.Buffer
	if err := layout(&buf, d, pg); err != nil {
		return nil, fmt.Errorf("carerecord: lay out record: %w", err)
	}
	name := fmt.Sprintf("%s %s %s..%s.pdf", pg.t("carerecord.print.file", nil), res.Name, start, end)
	return &web.File{Name: name, ContentType: "application/pdf", Size: int64(buf.Len()), Inline: true, Body: io.NopCloser(&buf)}, nil
}

// page is how a printout is written: language, zone, clock, paper, range.
type page struct {
	lang       shared.Language
	loc        *time.Location
	now        time.Time
	paper      pdf.Paper
	start, end string
}

func (m page) t(key string, args map[string]any) string { return msg.T(m.lang, key, args) }

func (m page) at(ms int64) string { return msg.DateTime(m.lang, time.UnixMilli(ms).In(m.loc)) }

func (m page) day(s string) string {
	d, err := time.ParseInLocation(time.DateOnly, s, m.loc)
	if err != nil {
		return s
	}
	return msg.Date(m.lang, d)
}

func layout(w io.Writer, d *printed, m page) error {
	title := m.t("carerecord.print.title", nil)
	switch {
	case !d.withNotes:
		title = m.t("carerecord.print.titleReadings", nil)
	case d.withReadings:
		title = m.t("carerecord.print.titleBoth", nil)
	}
	span := m.day(m.start) + " – " + m.day(m.end)
	doc, err := pdf.New(pdf.Options{
		Paper: m.paper, Title: title,
		HeaderLeft:  strings.TrimSpace(d.facility + " · " + m.t("carerecord.print.licence", nil) + " " + d.licence),
		HeaderRight: d.res.Name + " · " + span,
		FooterLeft:  m.t("carerecord.print.printed", map[string]any{"time": msg.DateTime(m.lang, m.now), "name": d.printedBy}),
		PageLabel:   m.t("carerecord.print.page", map[string]any{"page": "{page}", "pages": "{pages}"}),
		Author:      d.facility, Language: string(m.lang), Created: m.now,
	})
	if err != nil {
		return err
	}
	doc.TitleBlock(pdf.TitleBlock{Title: title, Facility: d.facility, Fields: []pdf.Field{
		{Label: m.t("carerecord.print.resident", nil), Value: d.res.Name},
		{Label: m.t("carerecord.print.room", nil), Value: d.res.Room},
		{Label: m.t("carerecord.print.range", nil), Value: span},
		{Label: m.t("carerecord.print.licence", nil), Value: d.licence},
	}})
	if d.withNotes {
		doc.Heading(m.t("carerecord.print.notes", nil))
		if len(d.notes) == 0 {
			doc.Paragraph(m.t("carerecord.print.notesNone", nil))
		} else {
			rows := make([][]string, 0, len(d.notes))
			for _, n := range d.notes {
				text := n.Notes
				for _, a := range n.Addenda {
					text += "\n" + m.t("carerecord.print.addendum", map[string]any{"time": m.at(a.Time), "name": a.AuthorName, "reason": a.Reason}) + "\n" + a.Text
				}
				if n.UpdatedAt != n.CreatedAt && n.AuthorID != "" {
					text += "\n" + m.t("carerecord.print.edited", map[string]any{"time": m.at(n.UpdatedAt)})
				}
				rows = append(rows, []string{m.at(n.ReportDate), m.t("carerecord.noteType."+string(n.NoteType), nil), text, n.AuthorName})
			}
			doc.Table(pdf.Table{Columns: []pdf.Column{{Head: m.t("carerecord.print.colWhen", nil), Width: 30},
				{Head: m.t("carerecord.print.colType", nil), Width: 34}, {Head: m.t("carerecord.print.colNote", nil)},
				{Head: m.t("carerecord.print.colBy", nil), Width: 30}}, Rows: rows})
		}
	}
	if d.withReadings {
		doc.Heading(m.t("carerecord.print.readings", nil))
		if len(d.readings) == 0 {
			doc.Paragraph(m.t("carerecord.print.readingsNone", nil))
		} else {
			rows := make([][]string, 0, len(d.readings))
			for i := range d.readings {
				r := &d.readings[i]
				flag := ""
				if r.Flagged {
					flag = m.t("carerecord.print.flagged", nil)
				}
				value := strings.TrimSpace(number(r.Value) + " " + m.t("carerecord.unit."+string(r.Metric), nil))
				rows = append(rows, []string{m.at(r.TakenAt), m.t("carerecord.metric."+string(r.Metric), nil), value, flag,
					m.t("carerecord.source."+string(r.Source), nil), r.RecordedByName})
			}
			doc.Table(pdf.Table{Columns: []pdf.Column{{Head: m.t("carerecord.print.colWhen", nil), Width: 30},
				{Head: m.t("carerecord.print.colMetric", nil)}, {Head: m.t("carerecord.print.colValue", nil), Width: 26, Align: pdf.Right},
				{Head: m.t("carerecord.print.colFlag", nil), Width: 22}, {Head: m.t("carerecord.print.colSource", nil), Width: 24},
				{Head: m.t("carerecord.print.colBy", nil), Width: 30}}, Rows: rows})
		}
	}
	doc.Signatures([]pdf.Signature{{Label: m.t("carerecord.print.reviewedBy", nil)}, {Label: m.t("carerecord.print.date", nil)}})
	return doc.Write(w)
}
