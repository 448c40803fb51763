package shared

import "unicode"

// Bounds every request meets, checked for all routes in one place
// (cloud/platform/web/bounds.go) before any handler runs.
const (
	// MinDateYear and MaxDateYear bound every date a request carries: epoch-ms
	// fields named …Time, …Date or …At, and YYYY-MM-DD strings named …Date.
	// Nothing in a care home happens before 1900 or after 2200.
	MinDateYear   = 1900
	MaxDateYear   = 2200
	MinDateMillis = -2208988800000 // 1900-01-01T00:00:00Z
	MaxDateMillis = 7258118400000  // 2200-01-01T00:00:00Z
	// MaxPageNumber bounds a paged list's current (spec 001 paging): with the
	// largest size it is far past any list, and (current − 1) × size cannot overflow.
	MaxPageNumber = 100_000
)

// HasControl says whether s holds a control character (NUL, a line break, a
// tab, ...): list filters refuse them.
func HasControl(s string) bool {
	for _, r := range s {
		if unicode.IsControl(r) {
			return true
		}
	}
	return false
}
