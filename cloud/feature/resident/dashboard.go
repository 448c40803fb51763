package resident

import (
	"context"
	"sort"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/shell"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// Dashboard cards of the residents feature (registered in cloud/server).
const (
	CardResidentsOut    = "residentsOut"
	CardCarePlanReviews = "carePlanReviews"
)

// NegotiatedCarePlanDays: the negotiated care plan is due within 30 days of
// move-in (../shared/docs/DOMAIN.md "care plan", from WAC 388-76).
const NegotiatedCarePlanDays = 30

// ReviewSoonDays: a care plan review due within this many days is shown as coming up.
const ReviewSoonDays = 30

func names(rs []row) []string {
	out := make([]string, 0, min(len(rs), shared.DashboardMaxNames))
	for _, r := range rs[:min(len(rs), shared.DashboardMaxNames)] {
		out = append(out, r.name())
	}
	return out
}

// OutCard is the owner's "residents out" card: who is out now (going out),
// who went out today and who is due back today, in the facility's day.
func (s *Service) OutCard(ctx context.Context, p *auth.Principal) (*shared.DashboardCard, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	out, _, err := s.store.List(ctx, s.db, listQuery{tenantID: p.TenantID, statuses: []shared.ResidentStatus{shared.ResidentGoingOut}}, shared.MaxOptionSize, 0)
	if err != nil {
		return nil, err
	}
	loc, _, err := zone.Facility(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	now := s.now().In(loc)
	start := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, loc)
	from, to := start.UnixMilli(), start.AddDate(0, 0, 1).UnixMilli()
	var today, back []row
	for _, r := range out {
		if r.StatusAt >= from && r.StatusAt < to {
			today = append(today, r)
		}
		if r.ReturnDate.Valid && r.ReturnDate.Int64 < to {
			back = append(back, r)
		}
	}
	backTone := shared.ToneNone
	if len(back) > 0 {
		backTone = shared.ToneWarning
	}
	return &shared.DashboardCard{Link: "/resident-management", Items: []shared.DashboardItem{
		{Key: "residentsOutNow", Count: len(out), Tone: shared.ToneNone, Names: names(out)},
		{Key: "residentsOutToday", Count: len(today), Tone: shared.ToneNone, Names: names(today)},
		{Key: "residentsDueBack", Count: len(back), Tone: backTone, Names: names(back)},
	}}, nil
}

// reviewDue is when r's care plan is next due: 12 months after its last update,
// or, before the first one is recorded, 30 days after move-in (the negotiated
// care plan; DOMAIN.md "care plan"). Without a move-in date the record's creation counts.
func reviewDue(r *row) time.Time {
	if r.CarePlanUpdatedAt.Valid {
		return time.UnixMilli(r.CarePlanUpdatedAt.Int64).UTC().AddDate(0, shared.CarePlanReviewMonths, 0)
	}
	if d, err := time.Parse(time.DateOnly, r.MoveInDate); err == nil {
		return d.AddDate(0, 0, NegotiatedCarePlanDays)
	}
	return time.UnixMilli(r.CreatedAt).UTC().AddDate(0, 0, NegotiatedCarePlanDays)
}

// initialPlanDue is when r's negotiated care plan is due while no care plan
// update is recorded: the end of the NegotiatedCarePlanDays-th facility day
// after move-in (or after the record was made, without a move-in date).
func initialPlanDue(r *row, loc *time.Location) time.Time {
	day, err := time.ParseInLocation(time.DateOnly, r.MoveInDate, loc)
	if err != nil {
		y, m, d := time.UnixMilli(r.CreatedAt).In(loc).Date()
		day = time.Date(y, m, d, 0, 0, 0, 0, loc)
	}
	return time.Date(day.Year(), day.Month(), day.Day()+NegotiatedCarePlanDays+1, 0, 0, 0, 0, loc)
}

// ReviewCard is the owner's "care plan reviews" card: active residents whose
// 12-month review is overdue or due within ReviewSoonDays, and those without
// a recorded care plan whose negotiated plan (30 days from move-in) is due or overdue.
func (s *Service) ReviewCard(ctx context.Context, p *auth.Principal) (*shared.DashboardCard, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	active, _, err := s.store.List(ctx, s.db, listQuery{tenantID: p.TenantID, statuses: activeStatuses}, shared.MaxOptionSize, 0)
	if err != nil {
		return nil, err
	}
	loc, _, err := zone.Facility(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	soonBefore := now.UTC().AddDate(0, 0, ReviewSoonDays) // in UTC, as reviewDue: the same 30 days the kept card's moments below count
	var overdue, soon, initialDue, initialOverdue []row
	for _, r := range active {
		// A kept card is made again as a plan turns overdue or comes within ReviewSoonDays
		// (the first millisecond at which Before(now) holds).
		shell.ChangesAt(ctx, initialPlanDue(&r, loc).Add(time.Millisecond))
		shell.ChangesAt(ctx, reviewDue(&r).Add(time.Millisecond))
		shell.ChangesAt(ctx, reviewDue(&r).AddDate(0, 0, -ReviewSoonDays).Add(time.Millisecond))
		if !r.CarePlanUpdatedAt.Valid {
			if initialPlanDue(&r, loc).Before(now) {
				initialOverdue = append(initialOverdue, r)
			} else {
				initialDue = append(initialDue, r)
			}
			continue
		}
		switch due := reviewDue(&r); {
		case due.Before(now):
			overdue = append(overdue, r)
		case due.Before(soonBefore):
			soon = append(soon, r)
		}
	}
	// The most overdue first; the soonest due first.
	sort.SliceStable(overdue, func(i, j int) bool { return reviewDue(&overdue[i]).Before(reviewDue(&overdue[j])) })
	sort.SliceStable(soon, func(i, j int) bool { return reviewDue(&soon[i]).Before(reviewDue(&soon[j])) })
	byInitial := func(rs []row) func(i, j int) bool {
		return func(i, j int) bool { return initialPlanDue(&rs[i], loc).Before(initialPlanDue(&rs[j], loc)) }
	}
	sort.SliceStable(initialOverdue, byInitial(initialOverdue))
	sort.SliceStable(initialDue, byInitial(initialDue))
	tone := func(n int, t shared.DashboardTone) shared.DashboardTone {
		if n == 0 {
			return shared.ToneNone
		}
		return t
	}
	return &shared.DashboardCard{Link: "/resident-management", Items: []shared.DashboardItem{
		{Key: "carePlanOverdue", Count: len(overdue), Tone: tone(len(overdue), shared.ToneDanger), Names: names(overdue)},
		{Key: "carePlanDueSoon", Count: len(soon), Tone: tone(len(soon), shared.ToneWarning), Names: names(soon)},
		{Key: "initialPlanOverdue", Count: len(initialOverdue), Tone: tone(len(initialOverdue), shared.ToneDanger), Names: names(initialOverdue)},
		{Key: "initialPlanDue", Count: len(initialDue), Tone: tone(len(initialDue), shared.ToneWarning), Names: names(initialDue)},
	}}, nil
}

// CardResidents is the residents-at-a-glance card, for every facility role.
const CardResidents = "residents"

// CountsCard is the residents card: current residents, and for owners and
// admins the occupied rooms and the plan's limit, linking to the resident
// list of the caller's role.
func (s *Service) CountsCard(ctx context.Context, p *auth.Principal) (*shared.DashboardCard, error) {
	d, err := s.Dashboard(ctx, p)
	if err != nil {
		return nil, err
	}
	if !p.Has(shared.FacilityManagers...) {
		// A caregiver's card: who lives here, linking to her list; room
		// occupancy and the plan's limit are the owner's (issue 29).
		return &shared.DashboardCard{Link: "/resident", Items: []shared.DashboardItem{
			{Key: "residentsActive", Count: d.ActiveCount, Tone: shared.ToneNone},
		}}, nil
	}
	link := "/resident-management"
	limit := shared.DashboardItem{Key: "residentsNoLimit", Status: true, Tone: shared.ToneNone}
	if d.MaxResidents > 0 {
		limit = shared.DashboardItem{Key: "residentsLimit", Count: d.MaxResidents, Tone: shared.ToneNone}
		if d.ActiveCount >= d.MaxResidents {
			limit.Tone = shared.ToneWarning
		}
	}
	return &shared.DashboardCard{Link: link, Items: []shared.DashboardItem{
		{Key: "residentsActive", Count: d.ActiveCount, Tone: shared.ToneNone},
		{Key: "residentsRooms", Count: d.RoomCount, Tone: shared.ToneNone},
		limit,
	}}, nil
}
