package pdf

// Field is one label and its value, as in "Resident: 张伟".
type Field struct {
	Label, Value string
}

// TitleBlock opens a report: its title, the facility, and the facts that
// identify it (licence number, resident, month, ...) as labelled fields.
type TitleBlock struct {
	Title    string
	Facility string
	Fields   []Field
	// Columns is how many fields share a row; 0 means 3 on a landscape
	// page and 2 on a portrait one.
	Columns int
}

// TitleBlock draws the report's title, its facility and a framed block of fields.
func (d *Document) TitleBlock(t TitleBlock) {
	w := d.Width()
	title := wrap(clean(t.Title), w, style{size: sizeTitle, bold: true})
	facility := wrap(clean(t.Facility), w, style{size: sizeFacility})
	d.room(float64(len(title))*lineH(sizeTitle) + lineH(sizeFacility) + 10)
	if t.Title != "" {
		d.y += d.textIn(margin, d.y, w, title, style{size: sizeTitle, bold: true}, Left)
	}
	if t.Facility != "" {
		d.y += d.textIn(margin, d.y, w, facility, style{size: sizeFacility}, Left)
	}
	d.y += 1.5
	if len(t.Fields) > 0 {
		d.fields(t.Fields, t.Columns, true)
	}
	d.y += 3
}

// Fields draws labelled values in columns (0 columns: 3 landscape, 2
// portrait), each label in bold before its value, values wrapping in their
// column.
func (d *Document) Fields(fields []Field, columns int) {
	d.fields(fields, columns, false)
	d.y += 2
}

func (d *Document) fields(fields []Field, columns int, framed bool) {
	if columns <= 0 {
		columns = 2
		if d.pageW > d.pageH {
			columns = 3
		}
	}
	columns = min(columns, len(fields))
	if columns == 0 {
		return
	}
	w := d.Width()
	colW := w / float64(columns)
	lst := style{size: sizeBody, bold: true}
	vst := style{size: sizeBody}
	lh := lineH(sizeBody)
	pad := 0.0
	if framed {
		pad = 1.5
	}
	// Every column's labels line up: the label width is the widest label in
	// that column, at most 45% of the column.
	labelW := make([]float64, columns)
	for i, f := range fields {
		c := i % columns
		labelW[c] = max(labelW[c], min(width(clean(f.Label), lst)+2, colW*0.45))
	}
	top := d.y
	startPage := d.Pages()
	for row := 0; row*columns < len(fields); row++ {
		type cell struct{ label, value []string }
		cells := make([]cell, 0, columns)
		lines := 1
		for c := range columns {
			i := row*columns + c
			if i >= len(fields) {
				break
			}
			lw := labelW[c]
			vw := colW - lw - 2*pad - 2
			cl := cell{wrap(clean(fields[i].Label), lw-1, lst), wrap(clean(fields[i].Value), vw, vst)}
			lines = max(lines, len(cl.label), len(cl.value))
			cells = append(cells, cl)
		}
		h := float64(lines)*lh + 1
		if d.y+h+pad > d.bottom() {
			if framed && d.Pages() == startPage {
				d.frame(top, d.y+pad)
			}
			d.newPage()
			top = d.y
			startPage = d.Pages()
		}
		for c, cl := range cells {
			x := margin + float64(c)*colW + pad
			d.textIn(x, d.y+pad, labelW[c], cl.label, lst, Left)
			d.textIn(x+labelW[c], d.y+pad, colW-labelW[c]-2*pad, cl.value, vst, Left)
		}
		d.y += h
	}
	if framed {
		d.y += 2 * pad
		d.frame(top, d.y)
	}
}

// frame draws a thin box across the page between two heights.
func (d *Document) frame(top, bottom float64) {
	d.pdf.SetDrawColor(120, 120, 120)
	d.pdf.SetLineWidth(frameWidth)
	d.pdf.Rect(margin, top, d.Width(), bottom-top, "D")
}

// Heading draws a section heading, kept on the same page as the two lines
// that follow it.
func (d *Document) Heading(text string) {
	st := style{size: sizeHeading, bold: true}
	lines := wrap(clean(text), d.Width(), st)
	d.room(float64(len(lines))*lineH(sizeHeading) + 2*lineH(sizeBody) + 2)
	d.y += 1
	d.y += d.textIn(margin, d.y, d.Width(), lines, st, Left)
	d.y += 1
}

// Paragraph draws text wrapped to the page width; newlines in it start new
// lines, and a paragraph longer than the page goes on to the next.
func (d *Document) Paragraph(text string) {
	d.paragraph(text, style{size: sizeBody})
}

func (d *Document) paragraph(text string, st style) {
	lh := lineH(st.size)
	for _, l := range wrap(clean(text), d.Width(), st) {
		d.room(lh)
		d.textIn(margin, d.y, d.Width(), []string{l}, st, Left)
		d.y += lh
	}
	d.y += lh * 0.4
}

// LegendItem explains one code used in a grid, e.g. R: Refused. With
// Shade set, a grey swatch like a Grid's shaded cell stands in for the code.
type LegendItem struct {
	Code, Meaning string
	Shade         bool
}

// Legend draws a titled list of codes and their meanings in as many columns
// as fit (at most four).
func (d *Document) Legend(title string, items []LegendItem) {
	if title != "" {
		st := style{size: sizeBody, bold: true}
		d.room(lineH(sizeBody) * 2)
		d.y += d.textIn(margin, d.y, d.Width(), wrap(clean(title), d.Width(), st), st, Left)
	}
	if len(items) == 0 {
		return
	}
	cst := style{size: sizeTable, bold: true}
	mst := style{size: sizeTable}
	codeW, widest := 0.0, 0.0
	for _, it := range items {
		codeW = max(codeW, width(clean(it.Code), cst))
		widest = max(widest, width(clean(it.Meaning), mst))
	}
	codeW = max(codeW, 5) + 2
	w := d.Width()
	cols := 4
	for cols > 1 && codeW+widest+4 > w/float64(cols) {
		cols--
	}
	colW := w / float64(cols)
	lh := lineH(sizeTable)
	rows := (len(items) + cols - 1) / cols
	// Column-major, so codes read down like a dictionary.
	for r := range rows {
		lines := 1
		meanings := make([][]string, cols)
		for c := range cols {
			i := c*rows + r
			if i < len(items) {
				meanings[c] = wrap(clean(items[i].Meaning), colW-codeW-4, mst)
				lines = max(lines, len(meanings[c]))
			}
		}
		h := float64(lines) * lh
		d.room(h)
		for c := range cols {
			i := c*rows + r
			if i >= len(items) {
				continue
			}
			x := margin + float64(c)*colW
			if items[i].Shade {
				d.gray(shadeGray)
				d.pdf.Rect(x, d.y+lh*0.15, codeW-2, lh*0.7, "F")
			} else {
				d.textIn(x, d.y, codeW, []string{clean(items[i].Code)}, cst, Left)
			}
			d.textIn(x+codeW, d.y, colW-codeW-4, meanings[c], mst, Left)
		}
		d.y += h
	}
	d.y += 2
}

// Signature is one line to sign on: Label is printed under the line (e.g.
// "Nurse's signature", "Date"), Value, when given, above it (a printed name).
type Signature struct {
	Label, Value string
}

// Signatures draws signature lines side by side (three to a row on a
// landscape page, two on a portrait one).
func (d *Document) Signatures(lines []Signature) {
	if len(lines) == 0 {
		return
	}
	cols := 2
	if d.pageW > d.pageH {
		cols = 3
	}
	cols = min(cols, len(lines))
	gap := 8.0
	colW := (d.Width() - gap*float64(cols-1)) / float64(cols)
	st := style{size: sizeTable}
	vst := style{size: sizeBody}
	lh := lineH(sizeTable)
	d.pdf.SetDrawColor(0, 0, 0)
	d.pdf.SetLineWidth(0.25)
	lineY := 10.0 // room to sign above the line
	// The lines stay together on one page when they can.
	rows := (len(lines) + cols - 1) / cols
	d.room(float64(rows) * (lineY + lh + 3))
	for row := 0; row*cols < len(lines); row++ {
		labels := make([][]string, cols)
		n := 1
		for c := range cols {
			if i := row*cols + c; i < len(lines) {
				labels[c] = wrap(clean(lines[i].Label), colW, st)
				n = max(n, len(labels[c]))
			}
		}
		h := lineY + float64(n)*lh + 3
		d.room(h)
		for c := range cols {
			i := row*cols + c
			if i >= len(lines) {
				continue
			}
			x := margin + float64(c)*(colW+gap)
			if v := clean(lines[i].Value); v != "" {
				d.textIn(x+1, d.y+lineY-lineH(sizeBody)-0.5, colW-2, []string{ellipsis(v, colW-2, vst)}, vst, Left)
			}
			d.pdf.Line(x, d.y+lineY, x+colW, d.y+lineY)
			d.textIn(x, d.y+lineY+0.5, colW, labels[c], st, Left)
		}
		d.y += h
	}
}
