// Package pdf lays out printed reports — the monthly MAR, progress notes,
// incident reports — as PDF documents, on codeberg.org/go-pdf/fpdf with
// embedded fonts, so Latin (Spanish accents included) and Chinese names print
// the same wherever the binary runs.
//
// A report is built top to bottom and written once:
//
//	d, err := pdf.New(pdf.Options{
//		Paper: pdf.Letter, Landscape: true,
//		Title:       "Medication Administration Record",
//		HeaderLeft:  "Maple House · Lic. 751234",
//		HeaderRight: "张伟 · March 2026",
//		FooterLeft:  "Printed 2026-04-01 09:12 by Ana Núñez",
//		PageLabel:   "Page {page} of {pages}",
//		Created:     printedAt,
//	})
//	d.TitleBlock(pdf.TitleBlock{Title: ..., Facility: ..., Fields: []pdf.Field{{Label: "Licence", Value: "751234"}, ...}})
//	d.Grid(pdf.Grid{Key: ..., Heads: days, Rows: ...})
//	d.Legend("Codes", []pdf.LegendItem{{Code: "R", Meaning: "Refused"}, ...})
//	d.Signatures([]pdf.Signature{{Label: "Nurse"}, {Label: "Date"}})
//	err = d.Write(w)
//
// Every page carries a header (HeaderLeft, Title, HeaderRight) and a footer
// (FooterLeft, "page x of y"), drawn when the document is written, once the
// page count is known. All text is measured with the embedded fonts' widths:
// long names wrap inside their column, never over the next one. Strings are
// printed as given: the caller translates labels and formats dates in the
// reader's language and the facility's zone.
//
// A Document is not safe for concurrent use; separate documents may be built
// at the same time. The whole document is held in memory until Write (fpdf
// assembles it there): a 1000-record report is a few megabytes
// (docs/performance.md).
package pdf

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"
)

// Paper is the sheet size. US homes print Letter; A4 elsewhere.
type Paper int

const (
	Letter Paper = iota // 215.9 × 279.4 mm
	A4                  // 210 × 297 mm
)

// Options describe the document as a whole. Every text is printed as given.
type Options struct {
	Paper     Paper
	Landscape bool
	// Title is the PDF's title and the centre of every page header.
	Title string
	// HeaderLeft and HeaderRight flank the title on every page, e.g. the
	// facility and its licence number, the resident and the month, so a
	// loose page can be put back where it belongs.
	HeaderLeft, HeaderRight string
	// FooterLeft is printed at the bottom left of every page, e.g.
	// "Printed 2026-04-01 09:12 by Ana Núñez".
	FooterLeft string
	// PageLabel is the bottom right of every page, with {page} and {pages}
	// replaced by the page number and count, e.g. "Page {page} of {pages}",
	// "第 {page} 页，共 {pages} 页". Empty: "{page} / {pages}".
	PageLabel string
	// Author and Language go to the PDF's metadata (Language as a BCP 47
	// tag such as "es-ES", read by screen readers).
	Author, Language string
	// Created is the PDF's creation date. Zero means now; tests set it so
	// two runs give the same bytes.
	Created time.Time
}

// Align places text in its column.
type Align int

const (
	Left Align = iota
	Center
	Right
)

// Sizes in points and lengths in millimetres.
const (
	margin       = 10.0 // page margins
	headerH      = 7.0  // the band holding the page header, inside the top margin's line
	footerH      = 7.0
	sizeTitle    = 15.0
	sizeFacility = 11.0
	sizeHeading  = 11.0
	sizeBody     = 9.0
	sizeTable    = 8.0
	sizeCell     = 7.0
	sizeMinCell  = 4.5
	sizeRunning  = 7.5 // page header and footer
	lineFactor   = 1.3 // line height as a multiple of the size
	cellPad      = 1.0 // padding inside table cells
	ruleWidth    = 0.15
	frameWidth   = 0.3
)

// Document is a report under construction. Methods that add content never
// fail on their own: an error inside the PDF library is kept and returned by
// Write (and by Err).
type Document struct {
	pdf   *fpdf.Fpdf
	opt   Options
	pageW float64 // sheet size in mm
	pageH float64
	y     float64 // where the next block starts
	added [faceCount]bool
	font  face // the face and size last set on the current page (-1: none)
	size  float64
	done  bool
	err   error
}

// New starts a document with its first page.
func New(opt Options) (*Document, error) {
	if err := loadMetrics(); err != nil {
		return nil, err
	}
	orient, size := "P", "Letter"
	if opt.Landscape {
		orient = "L"
	}
	if opt.Paper == A4 {
		size = "A4"
	}
	f := fpdf.New(orient, "mm", size, "")
	created := opt.Created
	if created.IsZero() {
		created = time.Now()
	}
	// fpdf v0.12.0 writes these dates as D:YYYYMMDDHHmmSS with no zone (fpdf.go, putinfo), which
	// readers take as UTC: give it UTC, so a MAR printed at 9:12 in Seattle is not dated 9:12 UTC.
	f.SetCreationDate(created.UTC())
	f.SetModificationDate(created.UTC())
	f.SetCatalogSort(true) // same input, same bytes
	f.SetCompression(true)
	f.SetProducer("Hearth", true)
	f.SetCreator("Hearth", true)
	if opt.Title != "" {
		f.SetTitle(opt.Title, true)
	}
	if opt.Author != "" {
		f.SetAuthor(opt.Author, true)
	}
	if opt.Language != "" {
		f.SetLang(opt.Language)
	}
	f.SetMargins(margin, margin, margin)
	f.SetAutoPageBreak(false, margin) // this package decides where pages break
	f.SetCellMargin(0)
	d := &Document{pdf: f, opt: opt}
	d.pageW, d.pageH = f.GetPageSize()
	d.newPage()
	return d, nil
}

// Width is the printable width of a page in millimetres (between margins).
func (d *Document) Width() float64 { return d.pageW - 2*margin }

// Pages is the number of pages so far.
func (d *Document) Pages() int { return d.pdf.PageCount() }

// Err answers the first error the PDF library met, if any.
func (d *Document) Err() error {
	if d.err != nil {
		return d.err
	}
	if err := d.pdf.Error(); err != nil {
		return fmt.Errorf("pdf: %w", err)
	}
	return nil
}

// top and bottom bound the body of every page.
func (d *Document) top() float64    { return margin + headerH }
func (d *Document) bottom() float64 { return d.pageH - margin - footerH }

// PageBreak starts a new page (nothing happens on a page still empty).
func (d *Document) PageBreak() {
	if d.y > d.top()+0.01 {
		d.newPage()
	}
}

// Space leaves mm millimetres of vertical space (none at the top of a page).
func (d *Document) Space(mm float64) {
	if d.y <= d.top()+0.01 {
		return
	}
	if d.y+mm > d.bottom() {
		d.newPage()
		return
	}
	d.y += mm
}

func (d *Document) newPage() {
	d.pdf.AddPage()
	d.font = -1
	d.y = d.top()
}

// room makes sure h millimetres fit below the cursor, starting a page if not.
func (d *Document) room(h float64) {
	if d.y+h > d.bottom() && d.y > d.top()+0.01 {
		d.newPage()
	}
}

func (d *Document) setFont(fc face, size float64) {
	if !d.added[fc] {
		d.pdf.AddUTF8FontFromBytes(faces[fc].family, "", faces[fc].data)
		d.added[fc] = true
	}
	if d.font == fc && d.size == size {
		return
	}
	d.pdf.SetFont(faces[fc].family, "", size)
	d.font, d.size = fc, size
}

// text draws one line of s with its baseline at y, switching faces where
// the script changes.
func (d *Document) text(x, y float64, s string, st style) {
	start := 0
	cur := face(-1)
	flush := func(end int) {
		if end > start {
			run := s[start:end]
			d.setFont(cur, st.size)
			d.pdf.Text(x, y, run)
			x += width(run, st)
		}
		start = end
	}
	for i, r := range s {
		fc := faceFor(r, st.bold)
		if fc != cur {
			flush(i)
			cur = fc
		}
	}
	flush(len(s))
}

// lineH is the height of one line of text at the given size.
func lineH(size float64) float64 { return size * lineFactor / ptPerMM }

// baseline answers where the baseline of a line whose box starts at top sits.
func baseline(top, size float64) float64 {
	return baselineIn(top, lineH(size), size)
}

// baselineIn centres text of the given size in a line box of height lh.
func baselineIn(top, lh, size float64) float64 {
	return top + lh/2 + 0.34*size/ptPerMM
}

// textIn draws lines of text in a box of width w, left edge x, first line's
// box top at y, aligned, and answers the height used.
func (d *Document) textIn(x, y, w float64, lines []string, st style, al Align) float64 {
	lh := lineH(st.size)
	for i, l := range lines {
		lx := x
		switch al {
		case Center:
			lx = x + (w-width(l, st))/2
		case Right:
			lx = x + w - width(l, st)
		}
		d.text(lx, baseline(y+float64(i)*lh, st.size), l, st)
	}
	return float64(len(lines)) * lh
}

func (d *Document) gray(level int) {
	d.pdf.SetFillColor(level, level, level)
}

// Write lays the header and footer on every page and writes the PDF to w.
// A document is written once.
func (d *Document) Write(w io.Writer) error {
	if d.done {
		return errors.New("pdf: document already written")
	}
	d.done = true
	if err := d.Err(); err != nil {
		return fmt.Errorf("pdf: %w", err)
	}
	n := d.pdf.PageCount()
	for p := 1; p <= n; p++ {
		d.pdf.SetPage(p)
		d.font = -1 // the page's own stream has its own current font
		d.running(p, n)
	}
	if err := d.pdf.Output(w); err != nil {
		return fmt.Errorf("pdf: write: %w", err)
	}
	return nil
}

// running draws page p's header and footer.
func (d *Document) running(p, n int) {
	st := style{size: sizeRunning}
	bold := style{size: sizeRunning, bold: true}
	w := d.Width()
	d.pdf.SetTextColor(70, 70, 70)
	defer d.pdf.SetTextColor(0, 0, 0)
	d.pdf.SetDrawColor(150, 150, 150)
	d.pdf.SetLineWidth(ruleWidth)

	// Header: the title in the middle, the two sides share what is left.
	hy := margin
	title := ellipsis(clean(d.opt.Title), w*0.4, bold)
	tw := width(title, bold)
	side := (w - tw) / 2
	d.text(margin+(w-tw)/2, baseline(hy, sizeRunning), title, bold)
	d.text(margin, baseline(hy, sizeRunning), ellipsis(clean(d.opt.HeaderLeft), side-3, st), st)
	right := ellipsis(clean(d.opt.HeaderRight), side-3, st)
	d.text(margin+w-width(right, st), baseline(hy, sizeRunning), right, st)
	d.pdf.Line(margin, hy+headerH-2, margin+w, hy+headerH-2)

	// Footer.
	fy := d.pageH - margin - lineH(sizeRunning)
	d.pdf.Line(margin, fy-1.5, margin+w, fy-1.5)
	label := d.opt.PageLabel
	if label == "" {
		label = "{page} / {pages}"
	}
	label = strings.NewReplacer("{page}", strconv.Itoa(p), "{pages}", strconv.Itoa(n)).Replace(clean(label))
	lw := width(label, st)
	d.text(margin+w-lw, baseline(fy, sizeRunning), label, st)
	d.text(margin, baseline(fy, sizeRunning), ellipsis(clean(d.opt.FooterLeft), w-lw-5, st), st)
}
