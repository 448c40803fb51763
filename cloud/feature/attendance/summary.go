package attendance

import (
	"time"

	"hearth/shared"
)

// Hours are counted in the facility's time zone: a day is midnight to
// midnight there (23 or 25 hours on the days clocks change), and a week runs
// Sunday to Saturday (spec 001 §9 "Weeks start on Sunday"; DOMAIN.md: every
// schedule is computed in the facility's zone and stored in UTC).

const dateLayout = "2006-01-02"

// shift is one IN with its OUT (end 0: still open).
type shift struct{ start, end int64 }

// punchMark is what pairing needs of a punch.
type punchMark struct {
	at  int64
	typ shared.PunchType
}

// pairShifts turns one person's punches, oldest first, into shifts. An IN
// opens a shift and the next OUT closes it. A second IN while one is open is
// a double punch and is ignored (the first IN stands); an OUT with nothing
// open (its IN is older than the punches read) is ignored too.
func pairShifts(ps []punchMark) []shift {
	var out []shift
	open := int64(-1)
	for _, p := range ps {
		switch {
		case p.typ == shared.PunchIn && open < 0:
			open = p.at
		case p.typ == shared.PunchOut && open >= 0:
			out = append(out, shift{start: open, end: p.at})
			open = -1
		}
	}
	if open >= 0 {
		out = append(out, shift{start: open})
	}
	return out
}

// dayRange is the calendar days [first, last] in a zone.
type dayRange struct {
	loc         *time.Location
	first, last time.Time // midnight of the first and the last day, in loc
}

// start and end are the instants the range covers: [first 00:00, day after last 00:00).
func (r dayRange) start() time.Time { return r.first }
func (r dayRange) end() time.Time   { return r.last.AddDate(0, 0, 1) }

// weekStart is the Sunday on or before a day (midnight in its zone).
func weekStart(day time.Time) time.Time {
	return day.AddDate(0, 0, -int(day.Weekday()))
}

// midnight is the start of t's calendar day in loc.
func midnight(t time.Time, loc *time.Location) time.Time {
	t = t.In(loc)
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, loc)
}

// overlap is how many ms of [a, b) fall in [c, d).
func overlap(a, b, c, d int64) int64 {
	lo, hi := max(a, c), min(b, d)
	if hi <= lo {
		return 0
	}
	return hi - lo
}

// tally is one person's hours in a range: minutes per day (every day of the
// range), per week (every week it touches, summed from its days, so the
// figures add up), the shifts that touch the range, and the total. An open
// shift counts up to now.
func tally(shifts []shift, r dayRange, now time.Time) (days []shared.AttendanceDay, weeks []shared.AttendanceWeek,
	out []shared.AttendanceShift, total int) {
	nowMs := now.UnixMilli()
	from, to := r.start().UnixMilli(), r.end().UnixMilli()
	days = []shared.AttendanceDay{}
	weeks = []shared.AttendanceWeek{}
	out = []shared.AttendanceShift{}
	for day := r.first; !day.After(r.last); day = day.AddDate(0, 0, 1) {
		ds, de := day.UnixMilli(), day.AddDate(0, 0, 1).UnixMilli()
		var ms int64
		for _, s := range shifts {
			end := s.end
			if end == 0 {
				end = nowMs
			}
			ms += overlap(s.start, end, ds, de)
		}
		minutes := int(ms / 60_000)
		days = append(days, shared.AttendanceDay{Date: day.Format(dateLayout), Minutes: minutes})
		ws := weekStart(day).Format(dateLayout)
		if n := len(weeks); n == 0 || weeks[n-1].WeekStart != ws {
			weeks = append(weeks, shared.AttendanceWeek{WeekStart: ws})
		}
		weeks[len(weeks)-1].Minutes += minutes
		total += minutes
	}
	for _, s := range shifts {
		end := s.end
		if end == 0 {
			end = nowMs
		}
		if overlap(s.start, end, from, to) == 0 && (s.start < from || s.start >= to) {
			continue // does not touch the range
		}
		out = append(out, shared.AttendanceShift{InTime: s.start, OutTime: s.end, Open: s.end == 0,
			Minutes: int(overlap(s.start, end, from, to) / 60_000)})
	}
	return days, weeks, out, total
}

// rangeOf reads the asked dates in loc: both given, one given (a week from
// or to it), or neither (the week of now, Sunday to Saturday).
func rangeOf(startDate, endDate string, loc *time.Location, now time.Time) (dayRange, error) {
	parse := func(field, s string) (time.Time, error) {
		t, err := time.ParseInLocation(dateLayout, s, loc)
		if err != nil {
			return time.Time{}, invalidDate(field)
		}
		return t, nil
	}
	var r dayRange
	r.loc = loc
	var err error
	switch {
	case startDate == "" && endDate == "":
		r.first = weekStart(midnight(now, loc))
		r.last = r.first.AddDate(0, 0, 6)
	case endDate == "":
		if r.first, err = parse("startDate", startDate); err != nil {
			return r, err
		}
		r.last = r.first.AddDate(0, 0, 6)
	case startDate == "":
		if r.last, err = parse("endDate", endDate); err != nil {
			return r, err
		}
		r.first = r.last.AddDate(0, 0, -6)
	default:
		if r.first, err = parse("startDate", startDate); err != nil {
			return r, err
		}
		if r.last, err = parse("endDate", endDate); err != nil {
			return r, err
		}
	}
	if r.last.Before(r.first) {
		return r, ErrRangeOrder
	}
	if r.last.Sub(r.first) > time.Duration(shared.AttendanceMaxRangeDays)*24*time.Hour {
		return r, ErrRangeTooLong
	}
	return r, nil
}
