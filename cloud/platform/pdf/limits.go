package pdf

import (
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// ErrNothingToPrint answers a print whose range holds no records (spec 001 §7
// "Print or export range": data must exist).
var ErrNothingToPrint = problem.New(shared.CodeNotFound, "print.noData")

// CheckRecords is the print-range rule every report applies before laying out
// a page (spec 001 §9 "Print range maximum": 1000 records, the run-time
// parameter report.printMaxRecords, which may lower it): none is
// ErrNothingToPrint, more than max is field's 4022 asking for a shorter range.
func CheckRecords(field string, n, max int) error {
	switch {
	case n <= 0:
		return ErrNothingToPrint
	case n > max:
		return problem.Invalid(field, "maximum", "print.tooMany", map[string]any{"max": max, "count": n})
	}
	return nil
}
