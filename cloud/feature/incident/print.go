package incident

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/pdf"
	"hearth/cloud/platform/people"
	"hearth/cloud/platform/web"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// Print lays one report out as a PDF in the caller's language (the PDF
// package embeds CJK-capable fonts): the facts, the notifications, the
// reporting duties with their sources, the analyses and the timeline — a
// copy to hand to DSHS.
func (s *Service) Print(ctx context.Context, p *auth.Principal, id string) (*web.File, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	r, err := s.load(ctx, s.db, p, id)
	if err != nil {
		return nil, err
	}
	rep, err := s.to(ctx, p, r, false)
	if err != nil {
		return nil, err
	}
	facility, licence, _, err := s.store.Facility(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	printedBy, err := people.Name(ctx, s.db, p.UserID)
	if err != nil {
		return nil, fmt.Errorf("incident: printed by: %w", err)
	}
	loc, _, err := zone.Facility(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	lang := msg.Language(ctx)
	t := func(key string, args map[string]any) string { return msg.T(lang, key, args) }
	at := func(ms int64) string {
		if ms <= 0 {
			return "—"
		}
		return msg.DateTime(lang, time.UnixMilli(ms).In(loc))
	}
	now := s.now().In(loc)
	title := t("incident.print.title", nil)
	doc, err := pdf.New(pdf.Options{Paper: pdf.Letter, Title: title,
		HeaderLeft:  strings.TrimSpace(facility + " · " + t("incident.print.licence", nil) + " " + licence),
		HeaderRight: t("incident.type."+string(rep.Type), nil) + " · " + at(rep.DiscoveredAt),
		FooterLeft:  t("incident.print.printed", map[string]any{"time": msg.DateTime(lang, now), "name": printedBy}),
		PageLabel:   t("incident.print.page", map[string]any{"page": "{page}", "pages": "{pages}"}),
		Author:      facility, Language: string(lang), Created: now})
	if err != nil {
		return nil, err
	}
	or := func(v string) string {
		if strings.TrimSpace(v) == "" {
			return "—"
		}
		return v
	}
	doc.TitleBlock(pdf.TitleBlock{Title: title, Facility: facility, Fields: []pdf.Field{
		{Label: t("incident.print.type", nil), Value: t("incident.type."+string(rep.Type), nil)},
		{Label: t("incident.print.state", nil), Value: t("incident.state."+string(rep.State), nil)},
		{Label: t("incident.print.resident", nil), Value: or(rep.ResidentName)},
		{Label: t("incident.print.licence", nil), Value: or(licence)},
		{Label: t("incident.print.occurred", nil), Value: at(rep.OccurredAt)},
		{Label: t("incident.print.discovered", nil), Value: at(rep.DiscoveredAt)},
		{Label: t("incident.print.author", nil), Value: or(rep.AuthorName)},
		{Label: t("incident.print.reviewer", nil), Value: or(rep.ReviewerName)},
		{Label: t("incident.print.submitted", nil), Value: at(rep.SubmittedAt)},
		{Label: t("incident.print.completed", nil), Value: at(rep.CompletedAt)},
	}})
	section := func(key, text string) {
		doc.Heading(t(key, nil))
		doc.Paragraph(or(text))
	}
	section("incident.print.location", rep.Location)
	section("incident.print.narrative", rep.Narrative)
	section("incident.print.injuries", strings.TrimSpace(rep.Injuries+"\n"+strings.Join(rep.BodyLocations, ", ")))
	section("incident.print.actions", rep.ImmediateActions)
	section("incident.print.witnesses", rep.Witnesses)
	doc.Heading(t("incident.print.notifications", nil))
	if len(rep.Notifications) == 0 {
		doc.Paragraph("—")
	} else {
		rows := [][]string{}
		for _, n := range rep.Notifications {
			rows = append(rows, []string{t("incident.party."+string(n.Party), nil), at(n.NotifiedAt), n.By, n.Note})
		}
		doc.Table(pdf.Table{Columns: []pdf.Column{{Head: t("incident.print.party", nil), Width: 40}, {Head: t("incident.print.when", nil), Width: 40},
			{Head: t("incident.print.by", nil), Width: 35}, {Head: t("incident.print.note", nil)}}, Rows: rows})
	}
	doc.Heading(t("incident.print.duties", nil))
	if len(rep.Duties) == 0 {
		doc.Paragraph(t("incident.print.noDuties", nil))
	} else {
		rows := [][]string{}
		for _, d := range rep.Duties {
			status := t("incident.print.open", nil)
			switch {
			case d.DoneAt > 0:
				status = t("incident.print.done", map[string]any{"name": d.DoneBy, "time": at(d.DoneAt)})
			case d.WaivedReason != "":
				status = t("incident.print.waived", map[string]any{"reason": d.WaivedReason})
			}
			what := t("incident.duty."+string(d.Code), nil)
			if d.Mandatory {
				what += " *"
			}
			rows = append(rows, []string{what, d.Source, at(d.DueBy), status})
		}
		doc.Table(pdf.Table{Columns: []pdf.Column{{Head: t("incident.print.duty", nil)}, {Head: t("incident.print.source", nil), Width: 40},
			{Head: t("incident.print.due", nil), Width: 35}, {Head: t("incident.print.status", nil), Width: 50}}, Rows: rows})
		doc.Paragraph(t("incident.print.mandatoryNote", nil))
	}
	for _, a := range rep.Analyses {
		doc.Heading(t("incident.print.analysis."+string(a.Kind), nil))
		by := t("incident.print.byRules", nil)
		if a.Provider == shared.AnalysisByAI {
			by = t("incident.print.byAI", map[string]any{"model": a.Model})
		}
		doc.Paragraph(by + " · " + a.PromptVersion + " · " + at(a.CreatedAt))
		for _, h := range []struct {
			key   string
			items []string
		}{{"causes", a.Causes}, {"factors", a.Factors}, {"prevention", a.Prevention}, {"carePlan", a.CarePlanChanges}} {
			if len(h.items) > 0 {
				doc.Paragraph(t("incident.print."+h.key, nil) + "\n• " + strings.Join(h.items, "\n• "))
			}
		}
		rep := t("incident.print.notReportable", nil)
		if a.Reportable {
			rep = t("incident.print.reportable", nil)
		}
		doc.Paragraph(strings.TrimSpace(rep + " " + a.ReportableWhy))
		if a.Accepted {
			doc.Paragraph(t("incident.print.accepted", nil) + "\n" + a.EditedText)
		}
	}
	doc.Heading(t("incident.print.timeline", nil))
	rows := [][]string{}
	for _, e := range rep.Timeline {
		rows = append(rows, []string{at(e.At), or(e.Who), t("incident.timeline."+string(e.Action), nil), e.Detail})
	}
	doc.Table(pdf.Table{Columns: []pdf.Column{{Head: t("incident.print.when", nil), Width: 40}, {Head: t("incident.print.by", nil), Width: 40},
		{Head: t("incident.print.action", nil)}, {Head: "", Width: 40}}, Rows: rows})
	doc.Signatures([]pdf.Signature{{Label: t("incident.print.signAuthor", nil), Value: rep.AuthorName},
		{Label: t("incident.print.signReviewer", nil), Value: rep.ReviewerName}})
	var buf bytes.Buffer
	if err := doc.Write(&buf); err != nil {
		return nil, fmt.Errorf("incident: lay out report: %w", err)
	}
	name := fmt.Sprintf("%s %s.pdf", title, time.UnixMilli(rep.DiscoveredAt).In(loc).Format(time.DateOnly))
	return &web.File{Name: name, ContentType: "application/pdf", Size: int64(buf.Len()), Inline: true, Body: io.NopCloser(&buf)}, nil
}
