package web

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// CSV writes a spreadsheet export a row at a time. A cell a spreadsheet would
// run as a formula (one starting with = + - @, a tab or a carriage return that
// is not a plain number) is written as text with a leading apostrophe.
// Source: OWASP, "CSV Injection" (owasp.org/www-community/attacks/CSV_Injection).
type CSV struct{ w *csv.Writer }

// NewCSV writes CSV rows to w.
func NewCSV(w io.Writer) *CSV { return &CSV{w: csv.NewWriter(w)} }

// Row writes one row.
func (c *CSV) Row(cells ...string) error {
	for i, v := range cells {
		if formulaCell(v) {
			cells[i] = "'" + v
		}
	}
	if err := c.w.Write(cells); err != nil {
		return fmt.Errorf("csv: %w", err)
	}
	return nil
}

// Flush writes what is buffered and says whether any write failed.
func (c *CSV) Flush() error {
	c.w.Flush()
	if err := c.w.Error(); err != nil {
		return fmt.Errorf("csv: %w", err)
	}
	return nil
}

func formulaCell(v string) bool {
	if v == "" || !strings.ContainsRune("=+-@\t\r", rune(v[0])) {
		return false
	}
	_, err := strconv.ParseFloat(v, 64) // "-1.50" hours stays a number
	return err != nil
}

// CSVFile is a CSV download named name whose rows write produces. The rows go
// out as they are written (never the whole file in memory); an error from
// write ends the download there.
func CSVFile(name string, write func(*CSV) error) *File {
	pr, pw := io.Pipe()
	go func() {
		c := NewCSV(pw)
		err := write(c)
		if err == nil {
			err = c.Flush()
		}
		pw.CloseWithError(err)
	}()
	return &File{Name: name, ContentType: "text/csv; charset=utf-8", Size: -1, Body: pr}
}

// ErrNothingToExport answers an export whose range and filters select no rows
// (spec 001 §5 "Print or export range": data must exist).
var ErrNothingToExport = problem.New(shared.CodeNotFound, "export.noData")

// ExportPeriod checks an export's required range of facility days
// (YYYY-MM-DD, inclusive; spec 001 §5 "Print or export range": both required,
// start not after end) and answers it as epoch ms [from, to) in loc.
func ExportPeriod(start, end string, loc *time.Location) (from, to int64, err error) {
	if start == "" {
		return 0, 0, problem.Invalid("startDate", "required", "validation.required", nil)
	}
	if end == "" {
		return 0, 0, problem.Invalid("endDate", "required", "validation.required", nil)
	}
	a, err := time.ParseInLocation(time.DateOnly, start, loc)
	if err != nil {
		return 0, 0, problem.Invalid("startDate", "format", "validation.dateFormat", map[string]any{"format": "YYYY-MM-DD"})
	}
	b, err := time.ParseInLocation(time.DateOnly, end, loc)
	if err != nil {
		return 0, 0, problem.Invalid("endDate", "format", "validation.dateFormat", map[string]any{"format": "YYYY-MM-DD"})
	}
	if b.Before(a) {
		return 0, 0, problem.Invalid("endDate", "order", "export.dateOrder", nil)
	}
	return a.UnixMilli(), b.AddDate(0, 0, 1).UnixMilli(), nil
}

// CheckExportRows is the row rule of an export (spec 001 §5, §9 "Print range
// maximum", the parameter report.printMaxRecords): none is
// ErrNothingToExport, more than max is field's 4022 naming both numbers and
// asking for a shorter range: a legal record is never cut short silently.
func CheckExportRows(field string, n, max int) error {
	switch {
	case n <= 0:
		return ErrNothingToExport
	case n > max:
		return problem.Invalid(field, "maximum", "export.tooMany", map[string]any{"max": max, "count": n})
	}
	return nil
}
