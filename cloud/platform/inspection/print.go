package inspection

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/pdf"
	"hearth/cloud/platform/people"
	"hearth/cloud/platform/web"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// DocumentsFunc answers the home's facility document checklist (facilitydoc.Service.Checklist).
type DocumentsFunc func(ctx context.Context, p *auth.Principal) (*shared.FacilityInspections, error)

// Documents sets where the printed report finds the facility documents area.
// It panics when set twice or without a function.
func (r *Registry) Documents(fn DocumentsFunc) {
	if fn == nil || r.documents != nil {
		panic("inspection: documents missing or set twice")
	}
	r.documents = fn
}

// Printer lays the readiness page out as a PDF: the letterhead and the
// facility's clock come from the database, the areas from the registry.
type Printer struct {
	Registry *Registry
	DB       *db.DB
	Now      func() time.Time
}

// docScore is the facility documents area's counts: an item is in order while a version is in force.
func docScore(items []shared.FacilityRequirement) (inOrder, total int) {
	for _, it := range items {
		if shared.FacilityDocInOrder(it.Status) {
			inOrder++
		}
	}
	return inOrder, len(items)
}

// Print is GET /care/inspection/print: the scores, each resident's and staff
// member's gaps and the facility documents' checklist, in the reader's
// language (the query's, else the caller's). Outside English each label keeps
// its English beside it, so the copy an owner hands an inspector is also the
// English record (the sources are the WAC's own words and stay as they are).
func (pr *Printer) Print(ctx context.Context, p *auth.Principal, q shared.InspectionPrintQuery) (*web.File, error) {
	if err := auth.Member(p); err != nil {
		return nil, err //nolint:wrapcheck // a problem answer from the platform's own auth
	}
	r := pr.Registry
	if r.documents == nil {
		return nil, fmt.Errorf("inspection: no documents area registered")
	}
	lang := q.Lang
	if lang == "" {
		lang = msg.Language(ctx)
	}
	t := func(key string, args map[string]any) string { return msg.T(lang, key, args) }
	// label is key's text in lang, with the English after it outside English; fallback when no message has key.
	label := func(key, fallback string) string {
		if !msg.Has(shared.LangEnUS, key) {
			return fallback
		}
		s := msg.T(lang, key, nil)
		if en := msg.T(shared.LangEnUS, key, nil); lang != shared.LangEnUS && en != s {
			s += " (" + en + ")"
		}
		return s
	}
	residents, err := r.Area(ctx, p, shared.InspectionResidents, "")
	if err != nil {
		return nil, err
	}
	staff, err := r.Area(ctx, p, shared.InspectionStaff, "")
	if err != nil {
		return nil, err
	}
	docs, err := r.documents(ctx, p)
	if err != nil {
		return nil, fmt.Errorf("inspection: documents: %w", err)
	}
	facility, licence, err := people.Facility(ctx, pr.DB, p.TenantID)
	if err != nil {
		return nil, err //nolint:wrapcheck // named by people
	}
	printedBy, err := people.Name(ctx, pr.DB, p.UserID)
	if err != nil {
		return nil, err //nolint:wrapcheck // named by people
	}
	loc, _, err := zone.Facility(ctx, pr.DB, p.TenantID)
	if err != nil {
		return nil, err //nolint:wrapcheck // named by zone
	}
	now := pr.Now().In(loc)
	day := func(d string) string {
		v, err := time.ParseInLocation(time.DateOnly, d, loc)
		if d == "" || err != nil {
			return "—"
		}
		return msg.Date(lang, v)
	}
	paper := pdf.Letter
	if q.Paper == shared.PaperA4 {
		paper = pdf.A4
	}
	title := t("inspection.print.title", nil)
	doc, err := pdf.New(pdf.Options{Paper: paper, Title: title,
		HeaderLeft:  strings.TrimSpace(facility + " · " + t("inspection.print.licence", nil) + " " + licence),
		HeaderRight: msg.Date(lang, now),
		FooterLeft:  t("inspection.print.printed", map[string]any{"time": msg.DateTime(lang, now), "name": printedBy}),
		PageLabel:   t("inspection.print.page", map[string]any{"page": "{page}", "pages": "{pages}"}),
		Author:      facility, Language: string(lang), Created: now})
	if err != nil {
		return nil, fmt.Errorf("inspection: start report: %w", err)
	}
	docIn, docTotal := docScore(docs.Items)
	all := Score(residents.InOrder+staff.InOrder+docIn, residents.Total+staff.Total+docTotal)
	pct := func(n int) string { return strconv.Itoa(n) + "%" }
	doc.TitleBlock(pdf.TitleBlock{Title: title, Facility: facility, Fields: []pdf.Field{
		{Label: t("inspection.print.licence", nil), Value: licence},
		{Label: t("inspection.print.day", nil), Value: msg.Date(lang, now)},
		{Label: label("inspection.print.overall", "Overall"), Value: pct(all)},
		{Label: label("inspection.print.residents", "Residents"), Value: pct(residents.Score)},
		{Label: label("inspection.print.staff", "Staff"), Value: pct(staff.Score)},
		{Label: label("inspection.print.documents", "Facility documents"), Value: pct(Score(docIn, docTotal))},
	}})
	doc.Paragraph(t("inspection.print.scoreNote", nil))

	area := func(a *shared.AreaInspections, heading, none string) {
		doc.Heading(label(heading, "") + " · " + pct(a.Score))
		if len(a.Subjects) == 0 {
			doc.Paragraph(t(none, nil))
			return
		}
		rows := [][]string{}
		inOrder := 0
		for _, s := range a.Subjects {
			gaps := slices.DeleteFunc(slices.Clone(s.Checks), func(c shared.InspectionCheck) bool { return c.InOrder })
			if len(gaps) == 0 {
				inOrder++
				continue
			}
			for _, c := range gaps {
				rows = append(rows, []string{s.Name, label("inspection.rule."+c.Rule, c.Rule), strconv.Itoa(c.Count), day(c.DueDate)})
			}
		}
		if len(rows) > 0 {
			doc.Table(pdf.Table{Columns: []pdf.Column{{Head: t("inspection.print.name", nil), Width: 45}, {Head: t("inspection.print.check", nil)},
				{Head: t("inspection.print.count", nil), Width: 18, Align: pdf.Right}, {Head: t("inspection.print.due", nil), Width: 30}}, Rows: rows})
		}
		doc.Paragraph(t("inspection.print.inOrder", map[string]any{"count": inOrder, "total": len(a.Subjects)}))
	}
	area(residents, "inspection.print.residents", "inspection.print.noResidents")
	area(staff, "inspection.print.staff", "inspection.print.noStaff")

	doc.Heading(label("inspection.print.documents", "Facility documents") + " · " + pct(Score(docIn, docTotal)))
	rows := [][]string{}
	for _, c := range shared.FacilityDocCategories {
		for _, it := range docs.Items {
			if it.Category != c {
				continue
			}
			name, expires := "—", "—"
			if it.Current != nil {
				name = it.Current.Name
				if it.Current.ExpiresOn != "" {
					expires = day(it.Current.ExpiresOn)
				}
			}
			// The name the required set gives it (the super admin's editor), English beside; else this report's own label.
			item := label("inspection.requirement."+it.Code, it.Code)
			if n := it.Names.In(lang); n != "" {
				item = n
				if lang != shared.LangEnUS && it.Names.EnUS != n {
					item += " (" + it.Names.EnUS + ")"
				}
			}
			rows = append(rows, []string{item + "\n" + it.Source,
				label("inspection.status."+string(it.Status), string(it.Status)), name, expires})
		}
	}
	doc.Table(pdf.Table{Columns: []pdf.Column{{Head: t("inspection.print.item", nil)}, {Head: t("inspection.print.status", nil), Width: 35},
		{Head: t("inspection.print.document", nil), Width: 45}, {Head: t("inspection.print.expires", nil), Width: 28}}, Rows: rows})
	doc.Paragraph(t("inspection.print.docCounts", map[string]any{"missing": docs.MissingCount, "expired": docs.ExpiredCount,
		"soon": docs.ExpiringSoonCount, "days": docs.ExpiringSoonDays}))
	doc.Signatures([]pdf.Signature{{Label: t("inspection.print.signOwner", nil), Value: printedBy}, {Label: t("inspection.print.signInspector", nil)}})

	var buf bytes.Buffer
	if err := doc.Write(&buf); err != nil {
		return nil, fmt.Errorf("inspection: lay out report: %w", err)
	}
	name := fmt.Sprintf("%s %s.pdf", title, now.Format(time.DateOnly))
	return &web.File{Name: name, ContentType: "application/pdf", Size: int64(buf.Len()), Inline: true, Body: io.NopCloser(&buf)}, nil
}

// PrintRoutes mounts GET /care/inspection/print: owners and admins, plan
// function InspectionStatus, the facility the token's.
func PrintRoutes(api *web.API, pr *Printer) {
	web.HandleFile(api, web.Op{Service: web.Care, Method: http.MethodGet, Path: "/inspection/print", Access: web.SignedIn,
		Summary: "The inspection readiness page (scores, residents, staff, facility documents) as a PDF in the reader's language, English kept beside",
		Roles:   shared.FacilityManagers, Function: shared.FnInspectionStatus},
		func(ctx context.Context, in *shared.InspectionPrintQuery) (*web.File, error) {
			return pr.Print(ctx, auth.From(ctx), *in)
		})
}
