package pdf_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"hearth/cloud/platform/pdf"
)

// A report printed at 09:12 in Seattle is dated 16:12 UTC in its properties:
// the PDF's dates carry no zone, and readers take them as UTC.
func TestCreationDateIsUTC(t *testing.T) {
	seattle, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		t.Fatal(err)
	}
	d, err := pdf.New(pdf.Options{Title: "MAR", Language: "en-US", Created: time.Date(2026, 4, 1, 9, 12, 0, 0, seattle)})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := d.Write(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"/CreationDate (D:20260401161200)", "/ModDate (D:20260401161200)"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the PDF's properties lack %s", want)
		}
	}
}
