package pdf

import (
	"math"
	"strings"
)

// Column is a column of a Table, or one of a Grid's key columns.
type Column struct {
	Head string
	// Width in millimetres. 0: in a Grid, as wide as its widest line (at
	// most 30% of the page); in a Table, an equal share of what the columns
	// with a width leave. When every column of a Table has a width, the
	// widths are proportions of the page's width.
	Width float64
	Align Align
	// BoldFirstLine sets the first line of every cell in bold, e.g. a drug's
	// name above its dose, route and instructions.
	BoldFirstLine bool
}

// Grid is a table of wide key columns followed by many narrow cells, such as
// the MAR: one row per medication (and time), key columns for the drug (name,
// dose, route, instructions) and the time, and a narrow cell per day of the
// month holding the initials or code of that pass.
//
// Key texts wrap within their column. Cell texts never wrap: a code wider
// than its cell is set smaller; a newline in a cell stacks codes, one per
// line, level with the lines of the key columns (so "08:00\n20:00" in a time
// column and "AN\nR" in a day cell line up).
//
// A grid longer than the page goes on to the next page with the head
// repeated. A grid wider than the page is cut into slices of days, each with
// the key columns again: the rows that fit one page are printed with days
// 1–16, then the same rows with days 17–31, then the next rows.
type Grid struct {
	// Title is printed above the grid on every page it covers.
	Title string
	Key   []Column
	// Heads are the narrow columns' heads, e.g. "1" … "31".
	Heads []string
	// CellWidth is the least width of a narrow cell in millimetres (0: 5.5,
	// room for three initials at 7 pt). Narrow cells share what the key
	// columns leave, never less than this.
	CellWidth float64
	Rows      []GridRow
}

// GridRow is one row of a Grid.
type GridRow struct {
	Key   []string // one text per key column
	Cells []string // one per head; "" leaves the cell blank
	// Shade, when given, greys cells where nothing was due (before the order
	// began, after it stopped); same length as Cells.
	Shade []bool
}

// Table is a plain table whose rows wrap and continue on the next pages
// with the head repeated, e.g. PRN reasons and results, or the staff who
// initialled the MAR with their signatures.
type Table struct {
	Title   string
	Columns []Column
	Rows    [][]string
}

const (
	defaultCellWidth = 5.5
	maxCellFactor    = 2.5 // narrow cells grow to at most this × CellWidth; the rest goes to the first key column
	zebraGray        = 246
	headGray         = 228
	shadeGray        = 205
)

// prepared is a grid or table ready to draw: its texts cleaned, wrapped and
// measured.
type prepared struct {
	title  string
	key    []Column
	keyW   []float64
	heads  []string // narrow heads
	cellW  float64
	slices [][2]int // the narrow columns on each page: [from, to)
	headK  [][]string
	headC  []float64 // size of each narrow head
	headN  int       // lines in the head row
	rows   []preparedRow
}

type preparedRow struct {
	key   [][]string
	cells [][]string
	size  []float64 // the size each cell is set at
	shade []bool
	n     int // lines
}

var (
	keyStyle  = style{size: sizeTable}
	keyBold   = style{size: sizeTable, bold: true}
	cellStyle = style{size: sizeCell}
	headCell  = style{size: sizeCell, bold: true}
)

// Grid draws g below what came before (see Grid).
func (d *Document) Grid(g Grid) {
	p := d.prepareGrid(g)
	d.drawTable(p)
}

// Table draws t below what came before (see Table).
func (d *Document) Table(t Table) {
	W := d.Width()
	p := &prepared{title: clean(t.Title), key: t.Columns, slices: [][2]int{{0, 0}}}
	fixed, shared := 0.0, 0
	for _, c := range t.Columns {
		if c.Width > 0 {
			fixed += c.Width
		} else {
			shared++
		}
	}
	scale := 1.0
	if shared > 0 && fixed > 0 && W-fixed < 15*float64(shared) {
		scale = (W - 15*float64(shared)) / fixed
	} else if shared == 0 && fixed > 0 {
		scale = W / fixed // fixed widths are proportions of the page
	}
	rest := 0.0
	if shared > 0 {
		rest = (W - fixed*scale) / float64(shared)
	}
	for _, c := range t.Columns {
		if c.Width > 0 {
			p.keyW = append(p.keyW, c.Width*scale)
		} else {
			p.keyW = append(p.keyW, rest)
		}
	}
	for _, r := range t.Rows {
		p.rows = append(p.rows, d.prepareRow(p, r, nil, nil))
	}
	p.prepareHead()
	d.drawTable(p)
}

func (d *Document) prepareGrid(g Grid) *prepared {
	W := d.Width()
	p := &prepared{title: clean(g.Title), key: g.Key}
	for _, h := range g.Heads {
		p.heads = append(p.heads, clean(h))
	}
	// Key columns without a width are as wide as their widest line.
	p.keyW = make([]float64, len(g.Key))
	sum := 0.0
	for i, c := range g.Key {
		w := c.Width
		if w <= 0 {
			w = width(clean(c.Head), keyBold)
			for _, r := range g.Rows {
				if i < len(r.Key) {
					for l := range strings.SplitSeq(clean(r.Key[i]), "\n") {
						st := keyStyle
						if c.BoldFirstLine {
							st = keyBold
						}
						w = max(w, width(l, st))
					}
				}
			}
			w = min(w+2*cellPad+0.5, W*0.3)
		}
		p.keyW[i] = w
		sum += w
	}
	minCell := g.CellWidth
	if minCell <= 0 {
		minCell = defaultCellWidth
	}
	n := len(p.heads)
	if n == 0 {
		// No narrow cells: the key columns fill the page.
		for i := range p.keyW {
			if sum > 0 {
				p.keyW[i] *= W / sum
			}
		}
		p.slices = [][2]int{{0, 0}}
	} else {
		// At least a week of cells must stand beside the key columns.
		least := minCell * float64(min(n, 7))
		if W-sum < least {
			f := (W - least) / sum
			for i := range p.keyW {
				p.keyW[i] *= f
			}
			sum = W - least
		}
		avail := W - sum
		per := int(math.Floor(avail/minCell + 1e-9))
		if per >= n {
			p.cellW = avail / float64(n)
			if p.cellW > minCell*maxCellFactor {
				p.cellW = minCell * maxCellFactor
				if len(p.keyW) > 0 {
					p.keyW[0] += avail - p.cellW*float64(n)
				}
			}
			p.slices = [][2]int{{0, n}}
		} else {
			// Slices as even as can be: 31 days as 16 + 15, not 28 + 3.
			k := (n + per - 1) / per
			per = (n + k - 1) / k
			p.cellW = avail / float64(per)
			for from := 0; from < n; from += per {
				p.slices = append(p.slices, [2]int{from, min(from+per, n)})
			}
		}
	}
	for _, r := range g.Rows {
		p.rows = append(p.rows, d.prepareRow(p, r.Key, r.Cells, r.Shade))
	}
	p.prepareHead()
	return p
}

func (d *Document) prepareRow(p *prepared, key, cells []string, shade []bool) preparedRow {
	r := preparedRow{key: make([][]string, len(p.key)), n: 1}
	for i, c := range p.key {
		text := ""
		if i < len(key) {
			text = clean(key[i])
		}
		w := p.keyW[i] - 2*cellPad
		if c.BoldFirstLine {
			first, rest, more := strings.Cut(text, "\n")
			lines := wrap(first, w, keyBold)
			// A marker keeps the bold lines apart from the rest when drawn.
			for j := range lines {
				lines[j] = boldMark + lines[j]
			}
			if more {
				lines = append(lines, wrap(rest, w, keyStyle)...)
			}
			r.key[i] = lines
		} else {
			r.key[i] = wrap(text, w, keyStyle)
		}
		r.n = max(r.n, len(r.key[i]))
	}
	if len(p.heads) > 0 {
		r.cells = make([][]string, len(p.heads))
		r.size = make([]float64, len(p.heads))
		r.shade = make([]bool, len(p.heads))
		for j := range p.heads {
			if j < len(cells) && cells[j] != "" {
				r.cells[j] = strings.Split(clean(cells[j]), "\n")
				r.size[j] = fitSize(r.cells[j], p.cellW-0.8, cellStyle, sizeMinCell)
				r.n = max(r.n, len(r.cells[j]))
			}
			if j < len(shade) {
				r.shade[j] = shade[j]
			}
		}
	}
	return r
}

// boldMark starts a key line set in bold (a control character clean never
// lets through, so it cannot come from the caller's text).
const boldMark = "\x01"

func (p *prepared) prepareHead() {
	p.headK = make([][]string, len(p.key))
	p.headN = 1
	for i, c := range p.key {
		p.headK[i] = wrap(clean(c.Head), p.keyW[i]-2*cellPad, keyBold)
		p.headN = max(p.headN, len(p.headK[i]))
	}
	p.headC = make([]float64, len(p.heads))
	for j, h := range p.heads {
		p.headC[j] = fitSize([]string{h}, p.cellW-0.6, headCell, sizeMinCell)
	}
}

// piece is the part of a row printed on one page: lines [from, to).
type piece struct{ row, from, to int }

func (d *Document) drawTable(p *prepared) {
	if len(p.keyW) == 0 && len(p.heads) == 0 {
		return // no columns, nothing to draw
	}
	lh := lineH(sizeTable)
	titleH := 0.0
	if p.title != "" {
		titleH = lineH(sizeBody) + 1
	}
	headH := float64(p.headN)*lh + 2*cellPad
	rowH := func(lines int) float64 { return float64(lines)*lh + 2*cellPad }
	// Start on a new page unless the title, the head and a line fit here.
	d.room(titleH + headH + rowH(1))

	// Cut the rows into bands, one band per page: each band is printed once
	// per slice of narrow columns.
	bodyTop := d.top() + titleH + headH
	fullLines := max(1, int((d.bottom()-bodyTop-2*cellPad)/lh+1e-9))
	var bands [][]piece
	var band []piece
	y := d.y + titleH + headH
	for ri, r := range p.rows {
		for from := 0; from < r.n; {
			need := r.n - from
			fit := int((d.bottom()-y-2*cellPad)/lh + 1e-9)
			if fit >= need {
				band = append(band, piece{ri, from, r.n})
				y += rowH(need)
				break
			}
			if len(band) > 0 && (need <= fullLines || fit < 1) {
				// The row fits a fresh page, or not even a line of it fits here.
				bands = append(bands, band)
				band, y = nil, bodyTop
				continue
			}
			// A row taller than a whole page is split between lines.
			take := max(fit, 1)
			band = append(band, piece{ri, from, from + take})
			from += take
			bands = append(bands, band)
			band, y = nil, bodyTop
		}
	}
	if len(band) > 0 || len(bands) == 0 {
		bands = append(bands, band)
	}

	for bi, b := range bands {
		for si, sl := range p.slices {
			if bi > 0 || si > 0 {
				d.newPage()
			}
			d.drawBand(p, b, sl, titleH, headH)
		}
	}
	d.y += 3
}

// drawBand draws the title, the head and the pieces of rows of one page,
// with the narrow columns sl.
func (d *Document) drawBand(p *prepared, b []piece, sl [2]int, titleH, headH float64) {
	lh := lineH(sizeTable)
	if p.title != "" {
		st := style{size: sizeBody, bold: true}
		d.textIn(margin, d.y, d.Width(), []string{ellipsis(p.title, d.Width(), st)}, st, Left)
		d.y += titleH
	}
	// Column edges.
	xs := []float64{margin}
	for _, w := range p.keyW {
		xs = append(xs, xs[len(xs)-1]+w)
	}
	keyEnd := xs[len(xs)-1]
	for j := sl[0]; j < sl[1]; j++ {
		xs = append(xs, xs[len(xs)-1]+p.cellW)
	}
	right := xs[len(xs)-1]
	top := d.y

	// Head.
	d.gray(headGray)
	d.pdf.Rect(margin, d.y, right-margin, headH, "F")
	for i, c := range p.key {
		d.lines(xs[i]+cellPad, d.y+cellPad, p.keyW[i]-2*cellPad, lh, p.headK[i], keyBold, c.Align)
	}
	for j := sl[0]; j < sl[1]; j++ {
		x := keyEnd + float64(j-sl[0])*p.cellW
		st := style{size: p.headC[j], bold: true}
		d.lines(x, d.y+cellPad, p.cellW, lh, []string{p.heads[j]}, st, Center)
	}
	d.y += headH
	d.pdf.SetDrawColor(60, 60, 60)
	d.pdf.SetLineWidth(frameWidth)
	d.pdf.Line(margin, d.y, right, d.y)

	// Rows.
	d.pdf.SetDrawColor(150, 150, 150)
	d.pdf.SetLineWidth(ruleWidth)
	for _, pc := range b {
		r := &p.rows[pc.row]
		h := float64(pc.to-pc.from)*lh + 2*cellPad
		if pc.row%2 == 1 {
			d.gray(zebraGray)
			d.pdf.Rect(margin, d.y, right-margin, h, "F")
		}
		for j := sl[0]; j < sl[1]; j++ {
			if r.shade[j] {
				d.gray(shadeGray)
				d.pdf.Rect(keyEnd+float64(j-sl[0])*p.cellW, d.y, p.cellW, h, "F")
			}
		}
		for i, c := range p.key {
			d.lines(xs[i]+cellPad, d.y+cellPad, p.keyW[i]-2*cellPad, lh, part(r.key[i], pc), keyStyle, c.Align)
		}
		for j := sl[0]; j < sl[1]; j++ {
			st := style{size: r.size[j]}
			d.lines(keyEnd+float64(j-sl[0])*p.cellW, d.y+cellPad, p.cellW, lh, part(r.cells[j], pc), st, Center)
		}
		d.y += h
		d.pdf.Line(margin, d.y, right, d.y)
	}

	// Column rules over the whole band, and its frame.
	for i := 1; i < len(xs)-1; i++ {
		x := xs[i]
		if i == len(p.keyW) {
			d.pdf.SetDrawColor(60, 60, 60)
			d.pdf.SetLineWidth(frameWidth)
			d.pdf.Line(x, top, x, d.y)
			d.pdf.SetDrawColor(150, 150, 150)
			d.pdf.SetLineWidth(ruleWidth)
			continue
		}
		d.pdf.Line(x, top, x, d.y)
	}
	d.pdf.SetDrawColor(60, 60, 60)
	d.pdf.SetLineWidth(frameWidth)
	d.pdf.Rect(margin, top, right-margin, d.y-top, "D")
}

// part answers the lines of a cell that fall in a piece of its row.
func part(lines []string, pc piece) []string {
	if pc.from >= len(lines) {
		return nil
	}
	return lines[pc.from:min(pc.to, len(lines))]
}

// lines draws one text per line box of height lh, from top, aligned in a
// column of width w; lines starting with boldMark are bold.
func (d *Document) lines(x, top, w, lh float64, ls []string, st style, al Align) {
	for i, l := range ls {
		s := st
		if strings.HasPrefix(l, boldMark) {
			l = l[len(boldMark):]
			s.bold = true
		}
		lx := x
		switch al {
		case Center:
			lx = x + (w-width(l, s))/2
		case Right:
			lx = x + w - width(l, s)
		}
		d.text(lx, baselineIn(top+float64(i)*lh, lh, s.size), l, s)
	}
}
