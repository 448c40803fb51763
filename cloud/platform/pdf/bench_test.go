package pdf

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// countingWriter counts the bytes of a written document.
type countingWriter struct{ n int64 }

func (w *countingWriter) Write(p []byte) (int, error) { w.n += int64(len(p)); return len(p), nil }

var _ io.Writer = (*countingWriter)(nil)

// logDocument is a 1000-record medication log (the spec's print range at
// most): one table row per pass, names in English, Spanish and Chinese.
// With latin set, no Chinese at all: the document never loads the CJK face.
func logDocument(b *testing.B, records int, latin bool) *Document {
	b.Helper()
	opt := marOptions(Letter, true)
	resident := "张伟"
	drugs, staff := testDrugs, testStaff
	if latin {
		opt.HeaderRight, resident = "Zhang Wei · March 2026", "Zhang Wei"
		drugs = slices.DeleteFunc(slices.Clone(drugs), func(d testDrug) bool { return strings.ContainsAny(d.name+d.detail, "阿口") })
		staff = staff[:3]
	}
	d, err := New(opt)
	if err != nil {
		b.Fatal(err)
	}
	d.TitleBlock(TitleBlock{Title: "Medication log", Facility: "Maple House Adult Family Home",
		Fields: []Field{{Label: "Licence", Value: "751234"}, {Label: "Resident", Value: resident}, {Label: "Period", Value: "2026-01-01 – 2026-03-31"}}})
	rows := make([][]string, records)
	for i := range rows {
		dr := drugs[i%len(drugs)]
		st := staff[i%len(staff)]
		rows[i] = []string{
			fmt.Sprintf("2026-%02d-%02d %s", 1+i/330, 1+i%28, "08:00"),
			dr.name, dr.detail, "Given", st.initials + " · " + st.name,
		}
	}
	d.Table(Table{Columns: []Column{{Head: "Time", Width: 28}, {Head: "Medication", Width: 50}, {Head: "Order"}, {Head: "Result", Width: 22}, {Head: "Staff", Width: 40}}, Rows: rows})
	return d
}

// marDocument is a month of 992 passes: 32 order times × 31 days.
func marDocument(b *testing.B) *Document {
	b.Helper()
	d, err := New(marOptions(Letter, true))
	if err != nil {
		b.Fatal(err)
	}
	days := make([]string, 31)
	for i := range days {
		days[i] = strconv.Itoa(i + 1)
	}
	g := Grid{Key: []Column{{Head: "Medication", Width: 62, BoldFirstLine: true}, {Head: "Time"}}, Heads: days}
	for r := range 32 {
		dr := testDrugs[r%len(testDrugs)]
		cells := make([]string, 31)
		for day := range cells {
			cells[day] = marCell(r, 0, day+1)
		}
		g.Rows = append(g.Rows, GridRow{Key: []string{dr.name + "\n" + dr.detail, "08:00"}, Cells: cells})
	}
	d.Grid(g)
	return d
}

func benchmarkDocument(b *testing.B, build func() *Document) {
	b.Helper()
	if err := loadMetrics(); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var w countingWriter
	pages := 0
	for b.Loop() {
		w.n = 0
		d := build()
		if err := d.Write(&w); err != nil {
			b.Fatal(err)
		}
		pages = d.Pages()
	}
	b.ReportMetric(float64(pages), "pages")
	b.ReportMetric(float64(w.n)/1024, "KiB")
}

func BenchmarkMedicationLog1000(b *testing.B) {
	benchmarkDocument(b, func() *Document { return logDocument(b, 1000, false) })
}

func BenchmarkMedicationLog1000Latin(b *testing.B) {
	benchmarkDocument(b, func() *Document { return logDocument(b, 1000, true) })
}

func BenchmarkMAR992Passes(b *testing.B) {
	benchmarkDocument(b, func() *Document { return marDocument(b) })
}

// The font tables every process builds once, at its first document.
func BenchmarkFontTables(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for i := range faceCount {
			if _, err := readMetrics(faces[i].data); err != nil {
				b.Fatal(err)
			}
		}
	}
}
