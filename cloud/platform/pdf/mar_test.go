package pdf

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"hearth/cloud/platform/pdf/pdftest"
)

// printedAt is the creation date of every test document, so runs compare.
var printedAt = time.Date(2026, 4, 1, 9, 12, 0, 0, time.UTC)

type testDrug struct {
	name, detail, times string
}

// The MAR of one resident for March 2026: 12 orders in Latin, Spanish and
// Chinese, one with instructions long enough to wrap over several lines.
var testDrugs = []testDrug{
	{"Metformin 500 mg", "1 tablet · oral · with breakfast and supper", "08:00\n17:00"},
	{"Lisinopril 10 mg", "1 tablet · oral · hold if systolic < 100", "08:00"},
	{"Acetaminofén 500 mg", "2 comprimidos · vía oral · después de comer", "12:00"},
	{"阿司匹林 81 mg", "1 片 · 口服 · 每日一次，饭后服用", "08:00"},
	{"Atorvastatina 20 mg", "1 tablet · oral · at bedtime", "21:00"},
	{"Levothyroxine 50 mcg", "1 tablet · oral · on an empty stomach, 30 minutes before breakfast", "06:00"},
	{"Omeprazol 20 mg cápsula", "1 cápsula · vía oral · en ayunas", "07:30"},
	{"Furosemide 40 mg", "1 tablet · oral · weigh daily; call the nurse delegator if the weight rises by more than 2 lb in a day or 5 lb in a week", "08:00"},
	{"Donepezilo 5 mg", "1 comprimido · vía oral · por la noche; señal de náuseas: avisar", "20:00"},
	{"Insulina glargina 10 unidades", "subcutánea · abdomen, rotar el sitio · SNF", "21:00"},
	{"Amlodipine 5 mg", "1 tablet · oral", "08:00"},
	{"Hydrocodone/APAP 5/325 mg", "1 tablet · oral · every 6 hours as needed for pain · controlled: count each pass", "PRN"},
}

var testStaff = []struct{ initials, name, title string }{
	{"AN", "Ana Núñez", "Caregiver"},
	{"JL", "José López", "Caregiver"},
	{"MS", "María Sánchez", "RN, nurse delegator"},
	{"LW", "李伟", "Caregiver"},
}

// marCell answers the code written for one pass: the initials of who gave
// it, or R (refused), H (held), NG (not given) on a few days.
func marCell(drug, time, day int) string {
	switch {
	case drug == 1 && day == 9:
		return "H"
	case drug == 4 && day == 14:
		return "R"
	case drug == 7 && day == 22 && time == 0:
		return "NG"
	}
	return testStaff[(day+drug+time)%len(testStaff)].initials
}

// buildMAR lays out a monthly MAR the way the eMAR feature prints one.
func buildMAR(tb testing.TB, opt Options) *Document {
	tb.Helper()
	d, err := New(opt)
	if err != nil {
		tb.Fatal(err)
	}
	d.TitleBlock(TitleBlock{
		Title:    "Medication Administration Record",
		Facility: "Maple House Adult Family Home",
		Fields: []Field{
			{"Licence", "751234"},
			{"Resident", "张伟 (Zhang Wei)"},
			{"Month", "March 2026"},
			{"Date of birth", "1941-05-17"},
			{"Allergies", "Penicilina, sulfamidas"},
			{"Physician", "Dra. Begoña Ibáñez"},
		},
	})
	days := make([]string, 31)
	for i := range days {
		days[i] = strconv.Itoa(i + 1)
	}
	g := Grid{
		Title: "March 2026",
		Key: []Column{
			{Head: "Medication", Width: 62, BoldFirstLine: true},
			{Head: "Time", Align: Center},
		},
		Heads: days,
	}
	for i, dr := range testDrugs {
		times := strings.Split(dr.times, "\n")
		cells := make([]string, 31)
		shade := make([]bool, 31)
		for day := 1; day <= 31; day++ {
			if dr.times == "PRN" {
				if day%6 == 0 {
					cells[day-1] = marCell(i, 0, day)
				}
				continue
			}
			if i == 10 && day > 20 { // discontinued on the 20th
				shade[day-1] = true
				continue
			}
			codes := make([]string, len(times))
			for ti := range times {
				codes[ti] = marCell(i, ti, day)
			}
			cells[day-1] = strings.Join(codes, "\n")
		}
		g.Rows = append(g.Rows, GridRow{
			Key:   []string{dr.name + "\n" + dr.detail, dr.times},
			Cells: cells,
			Shade: shade,
		})
	}
	d.Grid(g)
	d.Legend("Codes", []LegendItem{
		{Code: "R", Meaning: "Refused"},
		{Code: "H", Meaning: "Held (vital sign out of range)"},
		{Code: "NG", Meaning: "Not given: see the reason on the back"},
		{Code: "LOA", Meaning: "Leave of absence"},
		{Meaning: "Not ordered that day", Shade: true},
	})
	d.Heading("PRN")
	d.Table(Table{
		Columns: []Column{{Head: "Date", Width: 22}, {Head: "Medication", Width: 50}, {Head: "Reason"}, {Head: "Result (after 1 h)"}, {Head: "Initials", Width: 16, Align: Center}},
		Rows: [][]string{
			{"2026-03-06 14:10", "Hydrocodone/APAP 5/325 mg", "Dolor de rodilla 6/10", "Pain 2/10, resting", "JL"},
			{"2026-03-12 22:40", "Hydrocodone/APAP 5/325 mg", "头痛，难以入睡", "睡着了", "LW"},
		},
	})
	rows := make([][]string, len(testStaff))
	for i, s := range testStaff {
		rows[i] = []string{s.initials, s.name, s.title, ""}
	}
	d.Table(Table{Title: "Staff initials", Columns: []Column{{Head: "Initials", Width: 18, Align: Center}, {Head: "Name", Width: 60}, {Head: "Title", Width: 50}, {Head: "Signature"}}, Rows: rows})
	d.Signatures([]Signature{{Label: "Reviewed by (nurse delegator)", Value: "María Sánchez, RN"}, {Label: "Signature"}, {Label: "Date"}})
	return d
}

func marOptions(paper Paper, landscape bool) Options {
	return Options{
		Paper: paper, Landscape: landscape,
		Title:       "Medication Administration Record",
		HeaderLeft:  "Maple House · Lic. 751234",
		HeaderRight: "张伟 · March 2026",
		FooterLeft:  "Printed 2026-04-01 09:12 by Ana Núñez",
		PageLabel:   "Page {page} of {pages}",
		Language:    "en-US",
		Created:     printedAt,
	}
}

func render(tb testing.TB, d *Document) []byte {
	tb.Helper()
	var b bytes.Buffer
	if err := d.Write(&b); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

func poppler(t *testing.T, tool string) string {
	t.Helper()
	return pdftest.Tool(t, tool)
}

func extract(t *testing.T, doc []byte) (string, int) {
	t.Helper()
	return pdftest.Extract(t, doc)
}

// words counts how often w stands alone (between spaces or line ends) in text.
func words(text, w string) int {
	return len(regexp.MustCompile(`(?m)(^|\s)`+regexp.QuoteMeta(w)+`($|\s)`).FindAllStringIndex(text, -1))
}

func TestMARText(t *testing.T) {
	for _, tc := range []struct {
		name      string
		paper     Paper
		landscape bool
		pages     int
		slices    int // how many times each drug's row is printed
	}{
		{"LetterLandscape", Letter, true, 2, 1},
		{"A4Landscape", A4, true, 2, 1},
		// Portrait cannot hold 31 days beside the drug: days 1–16, then 17–31.
		{"LetterPortrait", Letter, false, 3, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := buildMAR(t, marOptions(tc.paper, tc.landscape))
			doc := render(t, d)
			text, pages := extract(t, doc)
			if pages != d.Pages() {
				t.Errorf("pdfinfo says %d pages, the document counted %d", pages, d.Pages())
			}
			if pages != tc.pages {
				t.Errorf("pages = %d, want %d", pages, tc.pages)
			}
			for _, dr := range testDrugs {
				want := tc.slices
				if dr.times == "PRN" {
					want += 2 // twice in the PRN table
				}
				if n := strings.Count(text, dr.name); n != want {
					t.Errorf("drug %q printed %d times, want %d", dr.name, n, want)
				}
			}
			for _, s := range []string{"张伟 (Zhang Wei)", "张伟 · March 2026", "阿司匹林 81 mg", "头痛，难以入睡", "李伟",
				"Dra. Begoña Ibáñez", "Acetaminofén", "Omeprazol 20 mg cápsula", "María Sánchez", "José López",
				"Maple House Adult Family Home", "Printed 2026-04-01 09:12 by Ana Núñez",
				fmt.Sprintf("Page 1 of %d", tc.pages), fmt.Sprintf("Page %d of %d", tc.pages, tc.pages)} {
				if !strings.Contains(text, s) {
					t.Errorf("%q missing from the text", s)
				}
			}
			// Every initial and code in the grid is there, as often as it was written.
			want := map[string]int{}
			for i, dr := range testDrugs {
				for day := 1; day <= 31; day++ {
					if dr.times == "PRN" {
						if day%6 == 0 {
							want[marCell(i, 0, day)]++
						}
						continue
					}
					if i == 10 && day > 20 {
						continue
					}
					for ti := range strings.Split(dr.times, "\n") {
						want[marCell(i, ti, day)]++
					}
				}
			}
			extra := map[string]int{"AN": 1, "JL": 2, "MS": 1, "LW": 2, "R": 1, "H": 1, "NG": 1} // staff table, PRN table, legend
			for code, n := range want {
				if n == 0 {
					continue
				}
				if got := words(text, code); got != n+extra[code] {
					t.Errorf("code %q appears %d times, want %d", code, got, n+extra[code])
				}
			}
			if t.Failed() {
				t.Logf("text:\n%s", text)
			}
		})
	}
}

func TestDeterministic(t *testing.T) {
	a := render(t, buildMAR(t, marOptions(Letter, true)))
	b := render(t, buildMAR(t, marOptions(Letter, true)))
	if !bytes.Equal(a, b) {
		t.Fatal("the same document rendered twice differs")
	}
	if !bytes.Contains(a, []byte("/CreationDate (D:20260401091200")) {
		t.Error("creation date is not the one set")
	}
}

func TestWriteOnce(t *testing.T) {
	d := buildMAR(t, marOptions(A4, true))
	render(t, d)
	if err := d.Write(&bytes.Buffer{}); err == nil {
		t.Fatal("a second Write succeeded")
	}
}
