package shift

import (
	"context"
	"slices"
	"time"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// weekGaps are the coverage gaps of the week starting on week (a Sunday),
// from every schedule of the facility, drafts and published alike (the plan
// as it stands). A facility with no active shift type has none: nothing is
// planned yet.
func (s *Service) weekGaps(ctx context.Context, q db.Querier, tenantID string, c clock, week string, types []typeRow) ([]shared.CoverageGap, error) {
	from := wall(c.loc, week, "00:00")
	to := wall(c.loc, addDays(week, 7), "00:00")
	assigns, err := s.store.Between(ctx, q, assignFilter{tenantID: tenantID, from: from.UnixMilli(), to: to.UnixMilli()})
	if err != nil {
		return nil, err
	}
	return coverage(c.loc, week, types, assigns), nil
}

// coverage walks the real hours of the week (a clock-change day has 23 or
// 25) in the facility's zone. An hour needs the sum of minStaff of the active
// shift types whose hours touch it on any day (the Saturday before included:
// its night shift runs into Sunday), and at least ShiftSiteMinStaff; a
// caregiver counts for it when a shift of theirs covers all of it. Runs of
// hours with the same figures and types merge into one gap.
func coverage(loc *time.Location, week string, types []typeRow, assigns []assignRow) []shared.CoverageGap {
	out := []shared.CoverageGap{}
	var active []typeRow
	for _, t := range types {
		if t.Active {
			active = append(active, t)
		}
	}
	if len(active) == 0 {
		return out
	}
	type spanOf struct {
		typeID   string
		min      int
		from, to int64
	}
	var spans []spanOf
	for d := -1; d < 7; d++ {
		day := addDays(week, d)
		for _, t := range active {
			f, e := span(loc, day, t.StartTime, t.EndTime)
			spans = append(spans, spanOf{typeID: t.ID, min: t.MinStaff, from: f.UnixMilli(), to: e.UnixMilli()})
		}
	}
	start := wall(loc, week, "00:00")
	end := wall(loc, addDays(week, 7), "00:00")
	var cur *shared.CoverageGap
	flush := func() {
		if cur != nil {
			out = append(out, *cur)
			cur = nil
		}
	}
	for h := start; h.Before(end); h = h.Add(time.Hour) {
		hs, he := h.UnixMilli(), h.Add(time.Hour).UnixMilli()
		need := 0
		typeIDs := []string{}
		for _, sp := range spans {
			if sp.from < he && sp.to > hs {
				need += sp.min
				if !slices.Contains(typeIDs, sp.typeID) {
					typeIDs = append(typeIDs, sp.typeID)
				}
			}
		}
		need = max(need, shared.ShiftSiteMinStaff)
		var people []string
		for _, a := range assigns {
			if a.StartAt <= hs && a.EndAt >= he && !slices.Contains(people, a.CaregiverID) {
				people = append(people, a.CaregiverID)
			}
		}
		have := len(people)
		if have >= need {
			flush()
			continue
		}
		if cur != nil && cur.Assigned == have && cur.Required == need && slices.Equal(cur.ShiftTypeIDs, typeIDs) {
			cur.End, cur.Hours = he, cur.Hours+1
			cur.EndTime = time.UnixMilli(he).In(loc).Format("15:04")
			continue
		}
		flush()
		lt := h.In(loc)
		cur = &shared.CoverageGap{Start: hs, End: he, Day: lt.Format(time.DateOnly), StartTime: lt.Format("15:04"),
			EndTime: time.UnixMilli(he).In(loc).Format("15:04"), Hours: 1, Assigned: have, Required: need, ShiftTypeIDs: typeIDs}
	}
	flush()
	return out
}
