package web

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
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
