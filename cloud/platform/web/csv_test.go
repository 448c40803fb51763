package web

import (
	"encoding/csv"
	"io"
	"strings"
	"testing"
)

// An export opened in a spreadsheet shows a name such as "=HYPERLINK(…)" as
// text, never runs it; a negative number of hours stays a number.
func TestCSVFileWritesFormulasAsText(t *testing.T) {
	f := CSVFile("x.csv", func(w *CSV) error {
		if err := w.Row("name", "hours"); err != nil {
			return err
		}
		if err := w.Row(`=HYPERLINK("http://x")`, "-1.50"); err != nil {
			return err
		}
		return w.Row("@SUM(A1)", "+3")
	})
	if f.ContentType != "text/csv; charset=utf-8" || f.Size != -1 || f.Name != "x.csv" {
		t.Fatalf("file: %+v", f)
	}
	body, err := io.ReadAll(f.Body)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(strings.NewReader(string(body))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"name", "hours"}, {`'=HYPERLINK("http://x")`, "-1.50"}, {"'@SUM(A1)", "+3"}}
	for i := range want {
		for j := range want[i] {
			if recs[i][j] != want[i][j] {
				t.Fatalf("row %d cell %d = %q, want %q", i, j, recs[i][j], want[i][j])
			}
		}
	}
}
