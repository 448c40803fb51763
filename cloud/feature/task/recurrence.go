package task

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/teambition/rrule-go"

	"hearth/shared"
)

// Recurrence. Which facility days a task falls on is an RFC 5545 rule
// (github.com/teambition/rrule-go v1.8.2) over calendar dates; the due window
// on each of those days is then placed on the facility's wall clock in its
// zone (at), so a task at 08:00 is at 08:00 local before and after a
// daylight-saving change, and is stored as the UTC instant that 08:00 is on
// that day. Hourly tasks are a rule over wall-clock date-times placed the same
// way. The rules run in UTC, which has no clock changes, so they only ever
// see calendar arithmetic.

// dayMinutes is a day's minutes; a time of day is 0 ≤ m < dayMinutes.
const dayMinutes = 24 * 60

// noTime marks a schedule without a time of day.
const noTime = -1

// schedule is when a task's occurrences fall.
type schedule struct {
	freq     shared.TaskFrequency
	start    time.Time // first facility day (a civil date: midnight UTC)
	end      time.Time // last facility day; zero = no end
	days     []int     // WEEKLY, BIWEEKLY: 0 = Sunday … 6 = Saturday
	interval int       // CUSTOM: days; HOURLY: hours
	minute   int       // time of day in minutes, or noTime
	session  shared.TimeSession
}

// span is a routine session's window in minutes of the day; it crosses
// midnight when end ≤ start (NIGHT 21:00–06:00).
type span struct{ start, end int }

// routine is a facility's sessions.
type routine map[shared.TimeSession]span

// window is one occurrence: the facility day it belongs to and its due window.
type window struct {
	day        time.Time // civil date
	start, end time.Time
}

// Civil dates are time.Time values at midnight UTC; their arithmetic knows no zone.

func parseDate(s string) (time.Time, bool) {
	d, err := time.Parse(time.DateOnly, s)
	return d, err == nil && len(s) == len(time.DateOnly)
}

func formatDate(d time.Time) string { return d.Format(time.DateOnly) }

// civil is the facility date of instant t in loc.
func civil(t time.Time, loc *time.Location) time.Time {
	y, m, d := t.In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// at is the instant of day d (civil) plus dayOffset days, at minute m of the
// wall clock in loc. A wall time that does not exist (02:30 on the
// spring-forward day) is the same time after the gap (03:30 daylight time):
// time.Date does not promise which side it picks ("the choice of time zone,
// and therefore the time, is not guaranteed", package time), so it is moved on
// by the difference between the asked and the given wall clock.
func at(d time.Time, dayOffset, m int, loc *time.Location) time.Time {
	t := time.Date(d.Year(), d.Month(), d.Day()+dayOffset, m/60, m%60, 0, 0, loc)
	if got := t.Hour()*60 + t.Minute(); got != m {
		t = t.Add(time.Duration((m-got+dayMinutes)%dayMinutes) * time.Minute)
	}
	return t
}

// parseClock reads HH:mm (00:00–23:59) as minutes of the day.
func parseClock(s string) (int, bool) {
	if len(s) != 5 || s[2] != ':' {
		return 0, false
	}
	for _, i := range []int{0, 1, 3, 4} {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	h, m := int(s[0]-'0')*10+int(s[1]-'0'), int(s[3]-'0')*10+int(s[4]-'0')
	if h > 23 || m > 59 {
		return 0, false
	}
	return h*60 + m, true
}

func formatClock(m int) string {
	return strconv.Itoa(m/600) + strconv.Itoa(m/60%10) + ":" + strconv.Itoa(m%60/10) + strconv.Itoa(m%10)
}

// formatDays and parseDays store daysOfWeek as "0,2,4".
func formatDays(days []int) string {
	parts := make([]string, len(days))
	for i, d := range days {
		parts[i] = strconv.Itoa(d)
	}
	return strings.Join(parts, ",")
}

func parseDays(s string) []int {
	out := []int{}
	for p := range strings.SplitSeq(s, ",") {
		if n, err := strconv.Atoi(p); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// windowOn is the due window of the occurrence on day d: a time-specific
// task from its time until TaskTimeGraceMinutes after; a session-bound task
// the session's window (into the next day when it crosses midnight); any
// other the whole facility day.
func (s *schedule) windowOn(d time.Time, rt routine, loc *time.Location) window {
	switch {
	case s.minute != noTime:
		st := at(d, 0, s.minute, loc)
		return window{day: d, start: st, end: st.Add(shared.TaskTimeGraceMinutes * time.Minute)}
	case s.session != "":
		sp := rt[s.session]
		endDay := 0
		if sp.end <= sp.start {
			endDay = 1
		}
		return window{day: d, start: at(d, 0, sp.start, loc), end: at(d, endDay, sp.end, loc)}
	default:
		return window{day: d, start: at(d, 0, 0, loc), end: at(d, 1, 0, loc)}
	}
}

// windows are the occurrences on the facility days from..to (inclusive), in order.
func (s *schedule) windows(from, to time.Time, rt routine, loc *time.Location) []window {
	if s.freq == shared.FrequencyHourly {
		return s.hourly(from, to, loc)
	}
	days := s.occurrenceDays(from, to)
	out := make([]window, 0, len(days))
	for _, d := range days {
		out = append(out, s.windowOn(d, rt, loc))
	}
	return out
}

// clamp narrows from..to to the task's own start and end; ok is false when nothing is left.
func (s *schedule) clamp(from, to time.Time) (time.Time, time.Time, bool) {
	if from.Before(s.start) {
		from = s.start
	}
	if !s.end.IsZero() && to.After(s.end) {
		to = s.end
	}
	return from, to, !from.After(to)
}

// occurrenceDays are the facility days from..to (inclusive) with an occurrence.
func (s *schedule) occurrenceDays(from, to time.Time) []time.Time {
	from, to, ok := s.clamp(from, to)
	if !ok || s.freq == shared.FrequencyAnytime {
		return nil
	}
	opt, ok := s.rule(from)
	if !ok {
		return nil
	}
	rr, err := rrule.NewRRule(opt)
	if err != nil {
		return nil
	}
	// Each day is represented by its noon (UTC, a zone with no clock changes).
	noon := 12 * time.Hour
	got := rr.Between(from.Add(noon-time.Hour), to.Add(noon+time.Hour), true)
	out := make([]time.Time, 0, len(got))
	for _, t := range got {
		d := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
		if !d.Before(from) && !d.After(to) {
			out = append(out, d)
		}
	}
	return out
}

var (
	weekdays = []rrule.Weekday{rrule.MO, rrule.TU, rrule.WE, rrule.TH, rrule.FR}
	weekends = []rrule.Weekday{rrule.SA, rrule.SU}
	// byIndex: 0 = Sunday … 6 = Saturday (the contract's daysOfWeek).
	byIndex = []rrule.Weekday{rrule.SU, rrule.MO, rrule.TU, rrule.WE, rrule.TH, rrule.FR, rrule.SA}
)

// rule is the RFC 5545 rule of a day-based frequency. Its DTSTART is moved
// forward by whole periods to just before from (same weekday, same week
// parity, same month phase), so a task that began years ago is not iterated
// from its first day; the occurrences are the same.
func (s *schedule) rule(from time.Time) (rrule.ROption, bool) {
	noon := 12 * time.Hour
	daysSince := int(from.Sub(s.start) / (24 * time.Hour))
	shiftDays := func(period int) time.Time {
		return s.start.AddDate(0, 0, daysSince/period*period).Add(noon)
	}
	// Weeks start on Sunday (spec 001 §9); it matters for every two weeks.
	o := rrule.ROption{Wkst: rrule.SU}
	switch s.freq {
	case shared.FrequencyOnce:
		o.Freq, o.Dtstart, o.Count = rrule.DAILY, s.start.Add(noon), 1
	case shared.FrequencyDaily:
		o.Freq, o.Dtstart = rrule.DAILY, shiftDays(1)
	case shared.FrequencyCustom:
		n := max(s.interval, 1)
		o.Freq, o.Interval, o.Dtstart = rrule.DAILY, n, shiftDays(n)
	case shared.FrequencyWeekdays:
		o.Freq, o.Byweekday, o.Dtstart = rrule.WEEKLY, weekdays, shiftDays(7)
	case shared.FrequencyWeekends:
		o.Freq, o.Byweekday, o.Dtstart = rrule.WEEKLY, weekends, shiftDays(7)
	case shared.FrequencyWeekly, shared.FrequencyBiweekly:
		if len(s.days) == 0 {
			return o, false
		}
		for _, d := range s.days {
			o.Byweekday = append(o.Byweekday, byIndex[d])
		}
		o.Freq, o.Dtstart = rrule.WEEKLY, shiftDays(7)
		if s.freq == shared.FrequencyBiweekly {
			o.Interval, o.Dtstart = 2, shiftDays(14)
		}
	case shared.FrequencyMonthly, shared.FrequencyQuarterly, shared.FrequencySemiannually:
		n := map[shared.TaskFrequency]int{shared.FrequencyMonthly: 1, shared.FrequencyQuarterly: 3, shared.FrequencySemiannually: 6}[s.freq]
		months := (from.Year()-s.start.Year())*12 + int(from.Month()) - int(s.start.Month())
		dt := s.start
		if k := months / n; months > 0 && k > 0 {
			dt = time.Date(s.start.Year(), s.start.Month()+time.Month(k*n), 1, 0, 0, 0, 0, time.UTC)
		}
		o.Freq, o.Interval, o.Dtstart = rrule.MONTHLY, n, dt.Add(noon)
		o.Bymonthday, o.Bysetpos = monthDay(s.start.Day())
	case shared.FrequencyYearly:
		o.Freq, o.Dtstart, o.Bymonth = rrule.YEARLY, s.start.Add(noon), []int{int(s.start.Month())}
		o.Bymonthday = []int{s.start.Day()}
		if s.start.Month() == time.February && s.start.Day() == 29 {
			o.Bymonthday, o.Bysetpos = []int{28, 29}, []int{-1}
		}
	default:
		return o, false
	}
	return o, true
}

// monthDay is the day a monthly task falls on: its start's day of the month,
// or the month's last day when the month is shorter (a task begun on 31
// January falls on 28 or 29 February, 31 March, 30 April). Plain RFC 5545
// BYMONTHDAY=31 would skip the short months; a care home means "month end".
func monthDay(day int) (bymonthday, bysetpos []int) {
	if day <= 28 {
		return []int{day}, nil
	}
	for d := 28; d <= day; d++ {
		bymonthday = append(bymonthday, d)
	}
	return bymonthday, []int{-1}
}

// hourly are the occurrences of an HOURLY task on the days from..to: every
// interval hours of the wall clock from its time on its start day. The rule
// runs over wall-clock date-times (in UTC, which has no clock changes); each
// is then placed in the facility's zone by at, so the round of the hour the
// spring-forward change skips is at the hour after it (and coincides with
// that hour's round when there is one: kept once), and the repeated hour of
// the fall-back change has one round.
func (s *schedule) hourly(from, to time.Time, loc *time.Location) []window {
	from, to, ok := s.clamp(from, to)
	if !ok || s.minute == noTime {
		return nil
	}
	n := max(s.interval, 1)
	first := s.start.Add(time.Duration(s.minute) * time.Minute)
	dt := first
	if hours := int(from.Sub(first) / time.Hour); hours > 0 {
		dt = first.Add(time.Duration(hours/n*n) * time.Hour)
	}
	rr, err := rrule.NewRRule(rrule.ROption{Freq: rrule.HOURLY, Interval: n, Dtstart: dt})
	if err != nil {
		return nil
	}
	var out []window
	for _, t := range rr.Between(from, to.AddDate(0, 0, 1), true) {
		day := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
		if day.After(to) {
			continue
		}
		st := at(day, 0, t.Hour()*60+t.Minute(), loc)
		if len(out) > 0 && !st.After(out[len(out)-1].start) {
			continue // the skipped hour's round, already at the hour after the gap
		}
		out = append(out, window{day: day, start: st, end: st.Add(shared.TaskTimeGraceMinutes * time.Minute)})
	}
	return out
}

// next is the start of the first occurrence that starts at or after now
// (zero when none within a year and a day).
func (s *schedule) next(now time.Time, rt routine, loc *time.Location) time.Time {
	today := civil(now, loc)
	for _, span := range [][2]int{{-1, shared.TaskFutureDays}, {shared.TaskFutureDays + 1, 367}} {
		for _, w := range s.windows(today.AddDate(0, 0, span[0]), today.AddDate(0, 0, span[1]), rt, loc) {
			if !w.start.Before(now) {
				return w.start
			}
		}
	}
	return time.Time{}
}

// sortedDays is daysOfWeek without repeats, in order.
func sortedDays(days []int) []int {
	out := slices.Clone(days)
	slices.Sort(out)
	return slices.Compact(out)
}
