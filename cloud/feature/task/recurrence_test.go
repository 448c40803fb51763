package task

import (
	"slices"
	"testing"
	"time"

	"hearth/shared"
)

var pacific = mustZone("America/Los_Angeles")

func mustZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}

func defaultRoutine() routine {
	rt := routine{}
	for _, rs := range DefaultSessions {
		st, _ := parseClock(rs.StartTime)
		en, _ := parseClock(rs.EndTime)
		rt[rs.Session] = span{st, en}
	}
	return rt
}

func d(s string) time.Time {
	t, ok := parseDate(s)
	if !ok {
		panic(s)
	}
	return t
}

func utc(s string) time.Time {
	t, err := time.Parse("2006-01-02T15:04Z", s)
	if err != nil {
		panic(err)
	}
	return t
}

func clock(s string) int {
	m, ok := parseClock(s)
	if !ok {
		panic(s)
	}
	return m
}

// Every frequency, across the spring-forward (2026-03-08) and fall-back
// (2026-11-01) changes in Pacific time and across 29 February 2028. Windows
// are stored in UTC: 08:00 PST is 16:00Z, 08:00 PDT is 15:00Z.
func TestRecurrence(t *testing.T) {
	rt := defaultRoutine()
	cases := []struct {
		name     string
		s        schedule
		from, to string
		want     []string // window starts, UTC
		ends     []string // window ends, UTC (checked when given)
		days     []string // facility days (checked when given)
	}{
		{name: "daily 08:00 across spring forward stays 08:00 local",
			s:    schedule{freq: shared.FrequencyDaily, start: d("2026-03-06"), minute: clock("08:00")},
			from: "2026-03-06", to: "2026-03-10",
			want: []string{"2026-03-06T16:00Z", "2026-03-07T16:00Z", "2026-03-08T15:00Z", "2026-03-09T15:00Z", "2026-03-10T15:00Z"},
			ends: []string{"2026-03-06T17:00Z", "2026-03-07T17:00Z", "2026-03-08T16:00Z", "2026-03-09T16:00Z", "2026-03-10T16:00Z"}},
		{name: "daily 08:00 across fall back stays 08:00 local",
			s:    schedule{freq: shared.FrequencyDaily, start: d("2026-10-31"), minute: clock("08:00")},
			from: "2026-10-31", to: "2026-11-02",
			want: []string{"2026-10-31T15:00Z", "2026-11-01T16:00Z", "2026-11-02T16:00Z"}},
		{name: "daily 02:30 on the spring-forward day is 03:30 PDT (02:30 does not exist)",
			s:    schedule{freq: shared.FrequencyDaily, start: d("2026-03-07"), minute: clock("02:30")},
			from: "2026-03-07", to: "2026-03-09",
			want: []string{"2026-03-07T10:30Z", "2026-03-08T10:30Z", "2026-03-09T09:30Z"}},
		{name: "daily 01:30 on the fall-back day is the first 01:30 (PDT)",
			s:    schedule{freq: shared.FrequencyDaily, start: d("2026-11-01"), minute: clock("01:30")},
			from: "2026-11-01", to: "2026-11-02",
			want: []string{"2026-11-01T08:30Z", "2026-11-02T09:30Z"}},
		{name: "morning session across spring forward",
			s:    schedule{freq: shared.FrequencyDaily, start: d("2026-03-07"), minute: noTime, session: shared.SessionMorning},
			from: "2026-03-07", to: "2026-03-08",
			want: []string{"2026-03-07T14:00Z", "2026-03-08T13:00Z"},
			ends: []string{"2026-03-07T17:00Z", "2026-03-08T16:00Z"}},
		{name: "night session crosses midnight and the spring-forward change (7 real hours)",
			s:    schedule{freq: shared.FrequencyDaily, start: d("2026-03-07"), minute: noTime, session: shared.SessionNight},
			from: "2026-03-07", to: "2026-03-08",
			want: []string{"2026-03-08T05:00Z", "2026-03-09T04:00Z"},
			ends: []string{"2026-03-08T13:00Z", "2026-03-09T13:00Z"},
			days: []string{"2026-03-07", "2026-03-08"}},
		{name: "night session crosses midnight and the fall-back change (10 real hours)",
			s:    schedule{freq: shared.FrequencyDaily, start: d("2026-10-31"), minute: noTime, session: shared.SessionNight},
			from: "2026-10-31", to: "2026-10-31",
			want: []string{"2026-11-01T04:00Z"},
			ends: []string{"2026-11-01T14:00Z"}},
		{name: "midnight session 23:00-01:00 belongs to the day it starts",
			s:    schedule{freq: shared.FrequencyDaily, start: d("2028-02-28"), minute: noTime, session: shared.SessionMidnight},
			from: "2028-02-28", to: "2028-02-29",
			want: []string{"2028-02-29T07:00Z", "2028-03-01T07:00Z"},
			ends: []string{"2028-02-29T09:00Z", "2028-03-01T09:00Z"},
			days: []string{"2028-02-28", "2028-02-29"}},
		{name: "any time of the day is the facility day (23 hours on spring forward)",
			s:    schedule{freq: shared.FrequencyDaily, start: d("2026-03-08"), minute: noTime},
			from: "2026-03-08", to: "2026-03-08",
			want: []string{"2026-03-08T08:00Z"},
			ends: []string{"2026-03-09T07:00Z"}},
		{name: "once",
			s:    schedule{freq: shared.FrequencyOnce, start: d("2026-03-08"), end: d("2026-03-08"), minute: clock("08:00")},
			from: "2026-03-01", to: "2026-03-31",
			want: []string{"2026-03-08T15:00Z"}},
		{name: "hourly across spring forward: 02:00 does not exist, 23 rounds",
			s:    schedule{freq: shared.FrequencyHourly, start: d("2026-03-08"), interval: 1, minute: clock("00:00")},
			from: "2026-03-08", to: "2026-03-08",
			want: []string{"2026-03-08T08:00Z", "2026-03-08T09:00Z", "2026-03-08T10:00Z", "2026-03-08T11:00Z", "2026-03-08T12:00Z",
				"2026-03-08T13:00Z", "2026-03-08T14:00Z", "2026-03-08T15:00Z", "2026-03-08T16:00Z", "2026-03-08T17:00Z", "2026-03-08T18:00Z",
				"2026-03-08T19:00Z", "2026-03-08T20:00Z", "2026-03-08T21:00Z", "2026-03-08T22:00Z", "2026-03-08T23:00Z", "2026-03-09T00:00Z",
				"2026-03-09T01:00Z", "2026-03-09T02:00Z", "2026-03-09T03:00Z", "2026-03-09T04:00Z", "2026-03-09T05:00Z", "2026-03-09T06:00Z"}},
		{name: "every 2 hours stays on even hours across fall back (01:00 once)",
			s:    schedule{freq: shared.FrequencyHourly, start: d("2026-10-31"), interval: 2, minute: clock("20:00")},
			from: "2026-11-01", to: "2026-11-01",
			want: []string{"2026-11-01T07:00Z", "2026-11-01T10:00Z", "2026-11-01T12:00Z", "2026-11-01T14:00Z", "2026-11-01T16:00Z",
				"2026-11-01T18:00Z", "2026-11-01T20:00Z", "2026-11-01T22:00Z", "2026-11-02T00:00Z", "2026-11-02T02:00Z", "2026-11-02T04:00Z",
				"2026-11-02T06:00Z"}},
		{name: "every 4 hours on the spring-forward day: the 02:00 round is at 03:00",
			s:    schedule{freq: shared.FrequencyHourly, start: d("2026-03-07"), interval: 4, minute: clock("22:00")},
			from: "2026-03-08", to: "2026-03-08",
			want: []string{"2026-03-08T10:00Z", "2026-03-08T13:00Z", "2026-03-08T17:00Z", "2026-03-08T21:00Z", "2026-03-09T01:00Z", "2026-03-09T05:00Z"}},
		{name: "weekdays",
			s:    schedule{freq: shared.FrequencyWeekdays, start: d("2026-03-06"), minute: clock("08:00")},
			from: "2026-03-06", to: "2026-03-10",
			want: []string{"2026-03-06T16:00Z", "2026-03-09T15:00Z", "2026-03-10T15:00Z"}},
		{name: "weekends",
			s:    schedule{freq: shared.FrequencyWeekends, start: d("2026-10-30"), minute: clock("08:00")},
			from: "2026-10-30", to: "2026-11-02",
			want: []string{"2026-10-31T15:00Z", "2026-11-01T16:00Z"}},
		{name: "weekly on Sunday and Wednesday",
			s:    schedule{freq: shared.FrequencyWeekly, start: d("2026-03-06"), days: []int{0, 3}, minute: clock("08:00")},
			from: "2026-03-06", to: "2026-03-15",
			want: []string{"2026-03-08T15:00Z", "2026-03-11T15:00Z", "2026-03-15T15:00Z"}},
		{name: "every two weeks on Monday: weeks start on Sunday, counted from the start's week",
			s:    schedule{freq: shared.FrequencyBiweekly, start: d("2026-03-06"), days: []int{1}, minute: clock("08:00")},
			from: "2026-03-06", to: "2026-03-31",
			want: []string{"2026-03-16T15:00Z", "2026-03-30T15:00Z"}},
		{name: "every two weeks on Saturday and Sunday across fall back",
			s:    schedule{freq: shared.FrequencyBiweekly, start: d("2026-10-25"), days: []int{0, 6}, minute: clock("08:00")},
			from: "2026-10-25", to: "2026-11-08",
			want: []string{"2026-10-25T15:00Z", "2026-10-31T15:00Z", "2026-11-08T16:00Z"}},
		{name: "monthly on the 31st falls on 29 February 2028 and 30 April",
			s:    schedule{freq: shared.FrequencyMonthly, start: d("2028-01-31"), minute: clock("09:00")},
			from: "2028-01-01", to: "2028-04-30",
			want: []string{"2028-01-31T17:00Z", "2028-02-29T17:00Z", "2028-03-31T16:00Z", "2028-04-30T16:00Z"}},
		{name: "monthly on the 8th across spring forward",
			s:    schedule{freq: shared.FrequencyMonthly, start: d("2026-02-08"), minute: clock("08:00")},
			from: "2026-02-01", to: "2026-04-30",
			want: []string{"2026-02-08T16:00Z", "2026-03-08T15:00Z", "2026-04-08T15:00Z"}},
		{name: "every three months on the 30th: 29 February 2028",
			s:    schedule{freq: shared.FrequencyQuarterly, start: d("2027-11-30"), minute: clock("08:00")},
			from: "2027-11-01", to: "2028-08-31",
			want: []string{"2027-11-30T16:00Z", "2028-02-29T16:00Z", "2028-05-30T15:00Z", "2028-08-30T15:00Z"}},
		{name: "every six months on the 29th",
			s:    schedule{freq: shared.FrequencySemiannually, start: d("2027-08-29"), minute: clock("08:00")},
			from: "2027-08-01", to: "2028-08-31",
			want: []string{"2027-08-29T15:00Z", "2028-02-29T16:00Z", "2028-08-29T15:00Z"}},
		{name: "yearly on 29 February: 28 February in other years",
			s:    schedule{freq: shared.FrequencyYearly, start: d("2028-02-29"), minute: clock("08:00")},
			from: "2028-01-01", to: "2032-12-31",
			want: []string{"2028-02-29T16:00Z", "2029-02-28T16:00Z", "2030-02-28T16:00Z", "2031-02-28T16:00Z", "2032-02-29T16:00Z"}},
		{name: "yearly on 8 March across spring forward",
			s:    schedule{freq: shared.FrequencyYearly, start: d("2026-03-08"), minute: clock("08:00")},
			from: "2026-01-01", to: "2027-12-31",
			want: []string{"2026-03-08T15:00Z", "2027-03-08T16:00Z"}},
		{name: "every 3 days across 29 February 2028",
			s:    schedule{freq: shared.FrequencyCustom, start: d("2028-02-26"), interval: 3, minute: clock("08:00")},
			from: "2028-02-26", to: "2028-03-05",
			want: []string{"2028-02-26T16:00Z", "2028-02-29T16:00Z", "2028-03-03T16:00Z"}},
		{name: "daily across 29 February 2028",
			s:    schedule{freq: shared.FrequencyDaily, start: d("2028-02-28"), minute: noTime, session: shared.SessionEvening},
			from: "2028-02-28", to: "2028-03-01",
			want: []string{"2028-02-29T01:00Z", "2028-03-01T01:00Z", "2028-03-02T01:00Z"},
			days: []string{"2028-02-28", "2028-02-29", "2028-03-01"}},
		{name: "an end date stops it",
			s:    schedule{freq: shared.FrequencyDaily, start: d("2026-03-06"), end: d("2026-03-07"), minute: clock("08:00")},
			from: "2026-03-01", to: "2026-03-31",
			want: []string{"2026-03-06T16:00Z", "2026-03-07T16:00Z"}},
		{name: "as needed makes none",
			s:    schedule{freq: shared.FrequencyAnytime, start: d("2026-03-06"), minute: noTime},
			from: "2026-03-06", to: "2026-03-31"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ws := c.s.windows(d(c.from), d(c.to), rt, pacific)
			var starts, ends, days []string
			for _, w := range ws {
				starts = append(starts, w.start.UTC().Format("2006-01-02T15:04Z"))
				ends = append(ends, w.end.UTC().Format("2006-01-02T15:04Z"))
				days = append(days, formatDate(w.day))
			}
			if !slices.Equal(starts, c.want) {
				t.Errorf("starts\n got %v\nwant %v", starts, c.want)
			}
			if c.ends != nil && !slices.Equal(ends, c.ends) {
				t.Errorf("ends\n got %v\nwant %v", ends, c.ends)
			}
			if c.days != nil && !slices.Equal(days, c.days) {
				t.Errorf("days\n got %v\nwant %v", days, c.days)
			}
		})
	}
}

// Moving a rule's start forward to just before the asked range (so a task
// begun years ago is not iterated from its first day) gives exactly the
// occurrences iterating from the start would.
func TestRecurrenceFromLongAgo(t *testing.T) {
	rt := defaultRoutine()
	start := d("2019-01-31")
	for _, s := range []schedule{
		{freq: shared.FrequencyDaily, minute: clock("08:00")},
		{freq: shared.FrequencyCustom, interval: 5, minute: noTime, session: shared.SessionNight},
		{freq: shared.FrequencyCustom, interval: 366, minute: noTime},
		{freq: shared.FrequencyWeekdays, minute: noTime},
		{freq: shared.FrequencyWeekends, minute: clock("07:15")},
		{freq: shared.FrequencyWeekly, days: []int{2, 5}, minute: noTime},
		{freq: shared.FrequencyBiweekly, days: []int{0, 3, 6}, minute: noTime},
		{freq: shared.FrequencyMonthly, minute: noTime},
		{freq: shared.FrequencyQuarterly, minute: noTime},
		{freq: shared.FrequencySemiannually, minute: noTime},
		{freq: shared.FrequencyYearly, minute: noTime},
		{freq: shared.FrequencyHourly, interval: 5, minute: clock("06:00")},
		{freq: shared.FrequencyHourly, interval: 7, minute: clock("01:30")},
	} {
		s.start = start
		for _, r := range [][2]string{{"2026-03-01", "2026-03-20"}, {"2026-10-25", "2026-11-10"}, {"2028-02-20", "2028-03-10"}} {
			from, to := d(r[0]), d(r[1])
			fast := s.windows(from, to, rt, pacific)
			var slow []window
			for _, w := range s.windows(start, to, rt, pacific) {
				if !w.day.Before(from) {
					slow = append(slow, w)
				}
			}
			if len(fast) != len(slow) {
				t.Errorf("%s/%d %v: %d occurrences, %d from the start", s.freq, s.interval, r, len(fast), len(slow))
				continue
			}
			for i := range fast {
				if !fast[i].start.Equal(slow[i].start) || !fast[i].end.Equal(slow[i].end) {
					t.Errorf("%s %v: occurrence %d is %v, from the start %v", s.freq, r, i, fast[i].start, slow[i].start)
				}
			}
		}
	}
}

func TestClock(t *testing.T) {
	for s, want := range map[string]int{"00:00": 0, "08:05": 485, "23:59": 1439} {
		if got, ok := parseClock(s); !ok || got != want || formatClock(got) != s {
			t.Errorf("%s: %d %v", s, got, ok)
		}
	}
	for _, s := range []string{"24:00", "8:00", "08:60", "+1:00", "08-00", "0800", "", "08:0x"} {
		if _, ok := parseClock(s); ok {
			t.Errorf("%q accepted", s)
		}
	}
	if !utc("2026-03-08T15:00Z").Equal(time.Date(2026, 3, 8, 8, 0, 0, 0, pacific)) {
		t.Error("08:00 PDT is 15:00Z")
	}
}
