package shared

import (
	"strconv"
	"strings"
	"unicode"
)

// ExportFileName names a CSV export after what it holds, the home and the
// period: "attendance_maple-house-afh_2026-11-01_2026-11-30.csv". The home's
// name is lowered to letters and digits joined by dashes (other scripts are
// kept: the download header carries the exact UTF-8 name, RFC 6266).
func ExportFileName(what, home, start, end string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(strings.TrimSpace(home)) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	parts := []string{what}
	if b.Len() > 0 {
		parts = append(parts, b.String())
	}
	parts = append(parts, start, end)
	return strings.Join(parts, "_") + ".csv"
}

// DecimalHours writes minutes as decimal hours with two places ("7.50"), the
// way payroll sheets take them, in every language.
func DecimalHours(minutes int) string {
	return strconv.FormatFloat(float64(minutes)/60, 'f', 2, 64)
}
