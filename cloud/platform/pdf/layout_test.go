package pdf

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func init() {
	if err := loadMetrics(); err != nil {
		panic(err)
	}
}

func TestWrap(t *testing.T) {
	st := style{size: sizeTable}
	for _, tc := range []struct {
		name string
		text string
		w    float64
		want []string
	}{
		{"fits", "Metformin 500 mg", 60, []string{"Metformin 500 mg"}},
		{"at spaces", "one two three four", width("one two three", st) + 0.1, []string{"one two three", "four"}},
		{"newlines", "a\n\nb", 60, []string{"a", "", "b"}},
		{"word wider than the line", "Hydroxychloroquine", width("Hydroxy", st) + 0.1, []string{"Hydroxy", "chloroq", "uine"}},
		{"between ideographs", "每日一次饭后服用", width("每日一次", st) + 0.1, []string{"每日一次", "饭后服用"}},
		{"ideographs after Latin", "Aspirin 阿司匹林", width("Aspirin 阿司", st) + 0.1, []string{"Aspirin 阿司", "匹林"}},
		{"empty", "", 10, []string{""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := wrap(tc.text, tc.w, st)
			if !slices.Equal(got, tc.want) {
				t.Errorf("wrap(%q, %.1f) = %q, want %q", tc.text, tc.w, got, tc.want)
			}
		})
	}
}

// Long text never overflows its width and loses nothing but the spaces it breaks at.
func TestWrapNeverOverflows(t *testing.T) {
	text := strings.Repeat("Señora Núñez toma 阿司匹林 81 mg cada mañana; Hydrocodone/acetaminophen 5/325mg ", 20)
	for _, st := range []style{{size: 7}, {size: 9, bold: true}} {
		for _, w := range []float64{3, 12, 40, 120} {
			lines := wrap(text, w, st)
			for _, l := range lines {
				if width(l, st) > w+1e-9 && len([]rune(l)) > 1 {
					t.Fatalf("line %q is %.2f mm wide, more than %.1f", l, width(l, st), w)
				}
			}
			squeeze := func(s string) string { return strings.ReplaceAll(s, " ", "") }
			if squeeze(strings.Join(lines, "")) != squeeze(text) {
				t.Fatalf("wrapping at %.1f mm lost text", w)
			}
		}
	}
}

func TestClean(t *testing.T) {
	for in, want := range map[string]string{
		"Nun\u0303ez":     "Núñez"[:0] + "Nuñez", // combining tilde composed
		"a\tb\r\nc\rd":    "a b\nc\nd",
		"x\x00\x1by":      "xy",
		"pill 💊":          "pill \uFFFD",
		"김":               "\uFFFD", // no embedded font has Hangul
		"张伟":              "张伟",
		"zero\u200bwidth": "zerowidth",
	} {
		if got := clean(in); got != want {
			t.Errorf("clean(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFaces(t *testing.T) {
	for r, want := range map[rune]face{'a': faceRegular, 'ñ': faceRegular, 'Ж': faceRegular, 'ệ': faceRegular, '张': faceCJK, 'あ': faceCJK, '，': faceCJK, '體': faceCJK, '漢': faceCJK} {
		if got := faceFor(r, false); got != want {
			t.Errorf("faceFor(%q) = %d, want %d", r, got, want)
		}
	}
	if faceFor('a', true) != faceBold || faceFor('张', true) != faceCJK {
		t.Error("bold Latin must use the bold face and bold Chinese the CJK face")
	}
}

// pageText answers pdftotext's text of each page.
func pageText(t *testing.T, doc []byte, pages int) []string {
	t.Helper()
	pdftotext := poppler(t, "pdftotext")
	file := filepath.Join(t.TempDir(), "doc.pdf")
	if err := os.WriteFile(file, doc, 0o600); err != nil {
		t.Fatal(err)
	}
	var out []string
	for p := 1; p <= pages; p++ {
		n := strconv.Itoa(p)
		text, err := exec.Command(pdftotext, "-layout", "-f", n, "-l", n, file, "-").CombinedOutput()
		if err != nil {
			t.Fatalf("pdftotext: %v\n%s", err, text)
		}
		out = append(out, string(text))
	}
	return out
}

// A grid taller and wider than a portrait page: each band of rows is printed
// with days 1–16, then the same rows with days 17–31, then the next band.
func TestGridSplitsRowsThenDays(t *testing.T) {
	opt := marOptions(Letter, false)
	d, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	days := make([]string, 31)
	for i := range days {
		days[i] = strconv.Itoa(i + 1)
	}
	g := Grid{Key: []Column{{Head: "Medication", Width: 70}}, Heads: days}
	const rows = 90
	for r := range rows {
		cells := make([]string, 31)
		for i := range cells {
			cells[i] = "ok"
		}
		g.Rows = append(g.Rows, GridRow{Key: []string{fmt.Sprintf("Drug%03d", r)}, Cells: cells})
	}
	d.Grid(g)
	doc := render(t, d)
	_, pages := extract(t, doc)
	if pages%2 != 0 || pages < 4 {
		t.Fatalf("%d pages: want an even number, at least 4 (two bands × two slices)", pages)
	}
	texts := pageText(t, doc, pages)
	drug := regexp.MustCompile(`Drug\d{3}`)
	seen := map[string]int{}
	for p := 0; p < pages; p += 2 {
		first, second := texts[p], texts[p+1]
		if !regexp.MustCompile(`\b16\b`).MatchString(first) || regexp.MustCompile(`\b17\b`).MatchString(first) {
			t.Errorf("page %d should hold days 1–16", p+1)
		}
		if !regexp.MustCompile(`\b17\b`).MatchString(second) || !regexp.MustCompile(`\b31\b`).MatchString(second) || regexp.MustCompile(`\b16\b`).MatchString(second) {
			t.Errorf("page %d should hold days 17–31", p+2)
		}
		a, b := drug.FindAllString(first, -1), drug.FindAllString(second, -1)
		if !slices.Equal(a, b) || len(a) == 0 {
			t.Errorf("pages %d and %d should hold the same rows: %v / %v", p+1, p+2, a, b)
		}
		for _, n := range a {
			seen[n]++
		}
	}
	if len(seen) != rows {
		t.Errorf("%d rows printed, want %d", len(seen), rows)
	}
}

// A row taller than a whole page is split between its lines, none lost.
func TestGridRowTallerThanAPage(t *testing.T) {
	d, err := New(marOptions(A4, true))
	if err != nil {
		t.Fatal(err)
	}
	var long []string
	for i := 1; i <= 120; i++ {
		long = append(long, fmt.Sprintf("line%03d", i))
	}
	d.Grid(Grid{
		Key:   []Column{{Head: "Medication", Width: 60}},
		Heads: []string{"1", "2"},
		Rows: []GridRow{
			{Key: []string{"Before"}, Cells: []string{"AN", "AN"}},
			{Key: []string{strings.Join(long, "\n")}, Cells: []string{"JL", ""}},
			{Key: []string{"After"}, Cells: []string{"", "MS"}},
		},
	})
	doc := render(t, d)
	text, pages := extract(t, doc)
	if pages < 3 {
		t.Errorf("%d pages, want at least 3", pages)
	}
	for _, l := range append(long, "Before", "After", "AN", "JL", "MS") {
		if !strings.Contains(text, l) {
			t.Errorf("%q missing", l)
		}
	}
}

// Key columns wider than the page leave at least a week of day cells.
func TestGridKeyTooWide(t *testing.T) {
	d, err := New(marOptions(Letter, false))
	if err != nil {
		t.Fatal(err)
	}
	p := d.prepareGrid(Grid{Key: []Column{{Head: "A", Width: 150}, {Head: "B", Width: 100}}, Heads: make([]string, 31)})
	if got := len(p.slices); got != 5 {
		t.Errorf("%d slices, want 5 (7 days each at most)", got)
	}
	sum := p.keyW[0] + p.keyW[1]
	if sum+7*p.cellW > d.Width()+1e-6 {
		t.Errorf("keys %.1f + 7 cells of %.1f exceed the page width %.1f", sum, p.cellW, d.Width())
	}
}

func TestSlicesAreEven(t *testing.T) {
	d, err := New(marOptions(Letter, false))
	if err != nil {
		t.Fatal(err)
	}
	p := d.prepareGrid(Grid{Key: []Column{{Head: "Medication", Width: 74}}, Heads: make([]string, 31)})
	if want := [][2]int{{0, 16}, {16, 31}}; !slices.Equal(p.slices, want) {
		t.Errorf("slices %v, want %v", p.slices, want)
	}
	d, _ = New(marOptions(Letter, true))
	p = d.prepareGrid(Grid{Key: []Column{{Head: "Medication", Width: 74}}, Heads: make([]string, 31)})
	if len(p.slices) != 1 || p.cellW < defaultCellWidth {
		t.Errorf("landscape Letter should hold 31 days at once: %v, cells %.2f mm", p.slices, p.cellW)
	}
}

func TestParagraphsAndFieldsAcrossPages(t *testing.T) {
	d, err := New(Options{Paper: A4, Title: "Progress notes", Created: printedAt})
	if err != nil {
		t.Fatal(err)
	}
	d.TitleBlock(TitleBlock{Title: "Progress notes", Facility: "Casa Begoña", Fields: []Field{{Label: "Resident", Value: "José Núñez"}}})
	for i := range 60 {
		d.Heading(fmt.Sprintf("Note %02d", i+1))
		d.Paragraph("El residente durmió bien; 早餐吃得很好。 Walked to the garden with assistance and returned without incident.")
	}
	doc := render(t, d)
	text, pages := extract(t, doc)
	if pages < 3 {
		t.Errorf("%d pages, want at least 3", pages)
	}
	for i := range 60 {
		if !strings.Contains(text, fmt.Sprintf("Note %02d", i+1)) {
			t.Errorf("note %d missing", i+1)
		}
	}
	// pdftotext -layout may drop the narrow spaces around the slash.
	if !regexp.MustCompile(fmt.Sprintf(`\b%d ?/ ?%d\b`, pages, pages)).MatchString(text) {
		t.Errorf("default page label missing:\n%s", text)
	}
}

// Documents built at the same time share only the read-only font tables.
func TestConcurrentDocuments(t *testing.T) {
	want := render(t, buildMAR(t, marOptions(Letter, true)))
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			d, err := New(marOptions(Letter, true))
			if err == nil {
				d.Grid(Grid{Key: []Column{{Head: "Medication"}}, Heads: []string{"1"}, Rows: []GridRow{{Key: []string{"阿司匹林"}, Cells: []string{"AN"}}}})
				err = d.Write(io.Discard)
			}
			errs <- err
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if got := render(t, buildMAR(t, marOptions(Letter, true))); !bytes.Equal(got, want) {
		t.Fatal("a document differs after others were built alongside")
	}
}

// Degenerate input still gives a valid document.
func TestEmptyBlocks(t *testing.T) {
	d, err := New(Options{Created: printedAt})
	if err != nil {
		t.Fatal(err)
	}
	d.TitleBlock(TitleBlock{})
	d.Grid(Grid{})
	d.Grid(Grid{Heads: []string{"1", "2"}})
	d.Grid(Grid{Key: []Column{{Head: "Medication"}}, Heads: []string{"1"}})
	d.Table(Table{})
	d.Table(Table{Columns: []Column{{Head: "Only"}}})
	d.Fields(nil, 0)
	d.Legend("", nil)
	d.Signatures(nil)
	d.Paragraph("")
	d.Space(5)
	d.PageBreak()
	_, pages := extract(t, render(t, d))
	if pages != d.Pages() || pages < 1 {
		t.Errorf("pdfinfo %d pages, document %d", pages, d.Pages())
	}
}
