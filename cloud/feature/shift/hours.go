package shift

import (
	"context"
	"sort"
	"strings"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// interval is [from, to) in epoch ms.
type interval struct{ from, to int64 }

func overlap(a, b interval) int64 {
	return max(0, min(a.to, b.to)-max(a.from, b.from))
}

// worked pairs one person's punches (by time) into intervals: an IN with the
// next OUT; an IN with no OUT runs to now; an OUT with no IN counts nothing.
func worked(ps []punch, now int64) []interval {
	var out []interval
	open := int64(-1)
	for _, p := range ps {
		switch {
		case p.In && open < 0:
			open = p.At
		case !p.In && open >= 0:
			out = append(out, interval{open, p.At})
			open = -1
		}
	}
	if open >= 0 && now > open {
		out = append(out, interval{open, now})
	}
	return out
}

// Hours answers scheduled versus worked minutes per caregiver for a range of
// facility days (owners and admins): scheduled from PUBLISHED schedules,
// worked from the clock-in punches, both clipped to the range; the
// difference against the scheduled time up to now; late
// arrivals, early leaves and no-shows of ended shifts; minutes worked
// outside any scheduled shift; per week too.
func (s *Service) Hours(ctx context.Context, p *auth.Principal, req shared.HoursReportRequest) (*shared.HoursReport, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	c, err := s.clockOf(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	start, end := strings.TrimSpace(req.StartDate), strings.TrimSpace(req.EndDate)
	if start == "" {
		start = weekStartOf(c.today)
	}
	if end == "" {
		end = addDays(start, 6)
	}
	st, ok1 := parseDay(start)
	et, ok2 := parseDay(end)
	if !ok1 || !ok2 {
		return nil, problem.Invalid("startDate", "format", "shift.dateFormat", nil)
	}
	if et.Before(st) {
		return nil, problem.Invalid("endDate", "dateRange", "shift.rangeOrder", nil)
	}
	if int(et.Sub(st).Hours()/24) >= shared.ShiftHoursRangeDaysMax {
		return nil, problem.Invalid("endDate", "dateRange", "shift.rangeTooLong", map[string]any{"max": shared.ShiftHoursRangeDaysMax})
	}
	rng := interval{wall(c.loc, start, "00:00").UnixMilli(), wall(c.loc, addDays(end, 1), "00:00").UnixMilli()}
	staff, err := s.store.Staff(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	caregiverID := strings.TrimSpace(req.CaregiverID)
	userID := ""
	if caregiverID != "" {
		found := false
		for _, cg := range staff {
			if cg.ID == caregiverID {
				userID, found = cg.UserID, true
			}
		}
		if !found {
			return nil, problem.NotFound
		}
	}
	assigns, err := s.store.Between(ctx, s.db, assignFilter{tenantID: p.TenantID, from: rng.from, to: rng.to, published: true,
		caregiverID: caregiverID})
	if err != nil {
		return nil, err
	}
	punches, err := s.store.Punches(ctx, s.db, p.TenantID, userID, rng.from, rng.to)
	if err != nil {
		return nil, err
	}
	nowMs := c.now.UnixMilli()
	// The weeks the range touches.
	var weeks []string
	for w := weekStartOf(start); w <= end; w = addDays(w, 7) {
		weeks = append(weeks, w)
	}
	weekOfMs := func(ms int64) int {
		d := time.UnixMilli(ms).In(c.loc).Format(time.DateOnly)
		ws := weekStartOf(d)
		for i, w := range weeks {
			if w == ws {
				return i
			}
		}
		return -1
	}
	byUser := map[string][]punch{}
	for _, pu := range punches {
		byUser[pu.UserID] = append(byUser[pu.UserID], pu)
	}
	out := &shared.HoursReport{TimeZone: c.tz, StartDate: start, EndDate: end, Caregivers: []shared.CaregiverHours{}}
	grace := int64(shared.ShiftLateGraceMinutes) * 60000
	for _, cg := range staff {
		if caregiverID != "" && cg.ID != caregiverID {
			continue
		}
		h := shared.CaregiverHours{CaregiverID: cg.ID, UserID: cg.UserID, Name: cg.Name, Color: cg.Color, Weeks: make([]shared.HoursWeek, len(weeks))}
		for i, w := range weeks {
			h.Weeks[i].WeekStart = w
		}
		work := worked(byUser[cg.UserID], nowMs)
		var shifts []interval
		for _, a := range assigns {
			if a.CaregiverID != cg.ID {
				continue
			}
			sh := interval{a.StartAt, a.EndAt}
			shifts = append(shifts, sh)
			minutes := int(overlap(sh, rng) / 60000)
			soFar := int(overlap(sh, interval{rng.from, min(rng.to, nowMs)}) / 60000)
			h.ScheduledMinutes += minutes
			h.ScheduledSoFarMinutes += soFar
			h.ScheduledShifts++
			if i := weekOfMs(max(sh.from, rng.from)); i >= 0 {
				h.Weeks[i].ScheduledMinutes += minutes
				h.Weeks[i].ScheduledSoFarMinutes += soFar
			}
			if sh.to > nowMs {
				continue // not ended: no verdict yet
			}
			var firstIn, lastOut int64 = -1, -1
			var in int64
			for _, wk := range work {
				if ov := overlap(sh, wk); ov > 0 {
					in += ov
					if firstIn < 0 || wk.from < firstIn {
						firstIn = wk.from
					}
					lastOut = max(lastOut, wk.to)
				}
			}
			switch {
			case in == 0:
				h.NoShows++
			default:
				if firstIn > sh.from+grace {
					h.LateArrivals++
				}
				if lastOut < sh.to-grace {
					h.EarlyLeaves++
				}
			}
		}
		for _, wk := range work {
			clip := interval{max(wk.from, rng.from), min(wk.to, rng.to)}
			if clip.to <= clip.from {
				continue
			}
			m := int((clip.to - clip.from) / 60000)
			h.WorkedMinutes += m
			if i := weekOfMs(clip.from); i >= 0 {
				h.Weeks[i].WorkedMinutes += m
			}
			inShift := int64(0)
			for _, sh := range shifts {
				inShift += overlap(clip, sh)
			}
			h.UnscheduledMinutes += int(max(0, clip.to-clip.from-inShift) / 60000)
		}
		// Against the time scheduled so far: later shifts are not yet a shortfall.
		h.DifferenceMinutes = h.WorkedMinutes - h.ScheduledSoFarMinutes
		out.TotalScheduled += h.ScheduledMinutes
		out.TotalScheduledSoFar += h.ScheduledSoFarMinutes
		out.TotalWorked += h.WorkedMinutes
		out.Caregivers = append(out.Caregivers, h)
	}
	sort.SliceStable(out.Caregivers, func(i, j int) bool { return out.Caregivers[i].Name < out.Caregivers[j].Name })
	return out, nil
}
