package shared

import (
	"strconv"
	"time"
	"unicode"
)

// Bounds every request meets, checked for all routes in one place
// (cloud/platform/web/bounds.go) before any handler runs.
const (
	// MinDateYear and MaxDateYear bound every date a request carries (a field
	// with one of the Format… tags below). Nothing in a care home happens
	// before 1900 or after 2200.
	MinDateYear   = 1900
	MaxDateYear   = 2200
	MinDateMillis = -2208988800000 // 1900-01-01T00:00:00Z
	MaxDateMillis = 7258118400000  // 2200-01-01T00:00:00Z
	// EventMinYear is the earliest year of a time in the home's records (a
	// dose given, a reading taken, an incident, a disposal, a punch, a leave):
	// none predates 2000, and a time sent in seconds instead of milliseconds
	// reads as January 1970, so this floor refuses it.
	EventMinYear   = 2000
	EventMinMillis = 946684800000 // 2000-01-01T00:00:00Z
	// MaxPageNumber bounds a paged list's current (spec 001 paging): with the
	// largest size it is far past any list, and (current − 1) × size cannot overflow.
	MaxPageNumber = 100_000
)

// Formats of the date and time fields of requests: the value of a field's
// `format` tag, published in /api/openapi.json and checked by type (never by
// the field's name) in cloud/platform/web/bounds.go. A request field that
// carries a date or a time must declare one (cloud/server's date-field guard).
const (
	// FormatDate is a required day written YYYY-MM-DD (OpenAPI's "date"; Huma
	// refuses any other shape, even empty), in MinDateYear–MaxDateYear.
	FormatDate = "date"
	// FormatDateOrEmpty is a day written YYYY-MM-DD or empty (the field says
	// what empty means: today, no end, ...), in MinDateYear–MaxDateYear.
	FormatDateOrEmpty = "date-or-empty"
	// FormatMonth is a month written YYYY-MM (or empty), in MinDateYear–MaxDateYear.
	FormatMonth = "month"
	// FormatDateMillis is an instant in epoch milliseconds in
	// MinDateYear–MaxDateYear (a planned return, a list's range, a date of
	// birth); 0 means none (or now, where the field says so).
	FormatDateMillis = "date-ms"
	// FormatEventMillis is the epoch-millisecond time of something in the
	// home's records (given, taken, occurred, disposed of, punched, a planned
	// return or leave), from EventMinYear to MaxDateYear: never negative, never
	// in seconds; 0 means none (or now, where the field says so).
	FormatEventMillis = "event-ms"
)

// DateFormats are the Format… values above.
var DateFormats = []string{FormatDate, FormatDateOrEmpty, FormatMonth, FormatDateMillis, FormatEventMillis}

// DayInBounds says whether s is a day written YYYY-MM-DD in
// MinDateYear–MaxDateYear; wellFormed is false when s is not such a day at all.
func DayInBounds(s string) (wellFormed, inBounds bool) {
	return calendarInBounds(s, time.DateOnly)
}

// MonthInBounds is DayInBounds for a month written YYYY-MM.
func MonthInBounds(s string) (wellFormed, inBounds bool) {
	return calendarInBounds(s, "2006-01")
}

func calendarInBounds(s, layout string) (wellFormed, inBounds bool) {
	if len(s) != len(layout) {
		return false, false
	}
	if _, err := time.Parse(layout, s); err != nil {
		return false, false
	}
	y, _ := strconv.Atoi(s[:4]) // time.Parse read four digits
	return true, y >= MinDateYear && y < MaxDateYear
}

// DateMillisInBounds says whether ms is 0 (none) or in MinDateYear–MaxDateYear.
func DateMillisInBounds(ms int64) bool {
	return ms == 0 || (ms >= MinDateMillis && ms < MaxDateMillis)
}

// EventMillisInBounds says whether ms is 0 (none, or now) or a time from
// EventMinYear to MaxDateYear: not negative, not in seconds.
func EventMillisInBounds(ms int64) bool {
	return ms == 0 || (ms >= EventMinMillis && ms < MaxDateMillis)
}

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

// HasControlExceptLineBreaks says whether s holds a control character other
// than a tab, a line feed or a carriage return (Windows line endings carry
// CR LF): no text a request carries may hold one. NUL in particular cannot
// be stored in PostgreSQL's text, and other controls have no meaning in a record.
func HasControlExceptLineBreaks(s string) bool {
	for i := 0; i < len(s); i++ {
		b := s[i]
		switch {
		case b < 0x20:
			if b != '\t' && b != '\n' && b != '\r' {
				return true
			}
		case b == 0x7f:
			return true
		case b == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f: // U+0080–U+009F (C1) in UTF-8
			return true
		}
	}
	return false
}

// BeforeMoveIn says whether the time ms falls before the day a resident moved
// in (moveIn, YYYY-MM-DD in the facility's zone loc): no care given, reading
// taken, incident or disposal of a resident's medication predates it. False
// when ms is 0 or the day is not recorded.
func BeforeMoveIn(ms int64, moveIn string, loc *time.Location) bool {
	return BeforeDay(ms, moveIn, loc)
}

// BeforeDay says whether the time ms falls before the start of day
// (YYYY-MM-DD in the facility's zone loc): a PRN dose before its order's
// start date, say. False when ms is 0 or day is empty or not a date.
func BeforeDay(ms int64, day string, loc *time.Location) bool {
	start, err := time.ParseInLocation(time.DateOnly, day, loc)
	return err == nil && ms != 0 && ms < start.UnixMilli()
}
