package msg

import (
	"fmt"
	"time"

	"hearth/shared"
)

// Dates and times as the interface writes them (frontend/src/lib/time/dateTime.ts):
// en-US 11/22/2026 3:04 PM, es-ES 22/11/2026 15:04, zh-CN 2026/11/22 15:04. Mails
// and printed reports use these, on the facility's clock (the caller passes t in
// the facility's zone).

var dateLayouts = map[shared.Language]string{
	shared.LangEnUS: "01/02/2006",
	shared.LangEsES: "02/01/2006",
	shared.LangZhCN: "2006/01/02",
}

// Date writes t's calendar date in l.
func Date(l shared.Language, t time.Time) string {
	layout, ok := dateLayouts[l]
	if !ok {
		layout = dateLayouts[shared.LangEnUS]
	}
	return t.Format(layout)
}

// Clock writes t's time of day in l: 12-hour in en-US, 24-hour otherwise.
func Clock(l shared.Language, t time.Time) string {
	if l == shared.LangEsES || l == shared.LangZhCN {
		return t.Format("15:04")
	}
	return t.Format("3:04 PM")
}

// DateTime writes t's date and time of day in l.
func DateTime(l shared.Language, t time.Time) string { return Date(l, t) + " " + Clock(l, t) }

var spanishMonths = [...]string{"enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
	"septiembre", "octubre", "noviembre", "diciembre"}

// Month writes a month and its year in l: "March 2026", "marzo de 2026", "2026年3月".
func Month(l shared.Language, year int, month time.Month) string {
	switch l {
	case shared.LangEsES:
		return fmt.Sprintf("%s de %d", spanishMonths[month-1], year)
	case shared.LangZhCN:
		return fmt.Sprintf("%d年%d月", year, int(month))
	}
	return fmt.Sprintf("%s %d", month, year)
}
