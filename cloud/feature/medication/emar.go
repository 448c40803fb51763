package medication

import (
	"context"
	"slices"
	"strings"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/keep"
	"hearth/cloud/platform/shell"
	"hearth/cloud/platform/web"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// What /emars reads: a facility day's passes by resident, their colours and
// counts, the record lists, and the red count of the sidebar. Statuses are
// worked out from the clock when answered (passes.go), so they never wait
// for a job.

// facilityDay is the facility day named by day (YYYY-MM-DD), or today.
func (s *Service) facilityDay(ctx context.Context, tenantID, day string) (string, *time.Location, error) {
	loc, _, err := zone.Facility(ctx, s.db, tenantID)
	if err != nil {
		return "", nil, err
	}
	day = strings.TrimSpace(day)
	if day == "" {
		return s.now().In(loc).Format(time.DateOnly), loc, nil
	}
	if _, err := time.Parse(time.DateOnly, day); err != nil {
		return "", nil, invalid("day", "format", "medication.date", nil)
	}
	return day, loc, nil
}

// Day is listMedicationLog: every resident who lives here (or one) with
// their current orders and the day's passes by time, colours and red
// count; the day's colour counts. Kept per facility, role and request
// (keptDays; it names no one's own things) until a write of anything it
// shows, a pass's status moving on with the clock, the facility's midnight or
// keep.TimedMaxAge; Now is always the answer's own.
func (s *Service) Day(ctx context.Context, p *auth.Principal, req shared.MedicationLogRequest) (*shared.EmarDay, error) {
	a, err := s.DayAnswer(ctx, p, req)
	if err != nil {
		return nil, err
	}
	return a.Data, nil
}

// DayAnswer is Day as the route sends it: the kept day's bytes with the call's own now.
func (s *Service) DayAnswer(ctx context.Context, p *auth.Principal, req shared.MedicationLogRequest) (*web.Answer[*shared.EmarDay], error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	residentID := strings.TrimSpace(req.ResidentID)
	if residentID != "" {
		if _, err := s.residentOf(ctx, s.db, p.TenantID, residentID); err != nil {
			return nil, err
		}
	}
	now := s.now()
	parts := []string{"emarDay", p.RoleKey(), strings.TrimSpace(req.Day), residentID} // the same for every member of the facility
	out, err := s.keptDays.Serve(ctx, s.db, p.TenantID, now, parts, func(ctx context.Context) (*web.Answer[*shared.EmarDay], error) {
		d, err := s.day(ctx, p, req.Day, residentID, now)
		if err != nil {
			return nil, err
		}
		return web.NewStampedAnswer(d, withNow), nil
	})
	if err != nil {
		return nil, err
	}
	return out.Stamp(now.UnixMilli()), nil // kept answers are shared: each call's copy says its own now
}

// withNow is a copy of d saying now (a kept day is shared).
func withNow(d *shared.EmarDay, now int64) *shared.EmarDay {
	c := *d
	c.Now = now
	return &c
}

// day makes Day's answer at now, saying each moment a pass's status moves on (keep.ChangesAt).
func (s *Service) day(ctx context.Context, p *auth.Principal, reqDay, residentID string, at time.Time) (*shared.EmarDay, error) {
	day, _, err := s.facilityDay(ctx, p.TenantID, reqDay)
	if err != nil {
		return nil, err
	}
	now := at.UnixMilli()
	residents, err := s.store.DayResidents(ctx, s.db, p.TenantID, day, residentID)
	if err != nil {
		return nil, err
	}
	passes, err := s.store.DayPasses(ctx, s.db, p.TenantID, day, residentID)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(residents))
	for i := range residents {
		ids[i] = residents[i].ID
	}
	passMeds := make([]string, 0, len(passes))
	for i := range passes {
		passMeds = append(passMeds, passes[i].MedicationID)
	}
	slices.Sort(passMeds) // each order once: a day has several passes of most orders
	passMeds = slices.Compact(passMeds)
	orders, err := s.store.ByResidents(ctx, s.db, p.TenantID, ids, passMeds)
	if err != nil {
		return nil, err
	}
	levels, err := s.store.Levels(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	out := &shared.EmarDay{Day: day, Now: now, Residents: make([]shared.EmarResident, 0, len(residents))}
	index := make(map[string]int, len(residents))
	for i := range residents {
		r := &residents[i]
		index[r.ID] = i
		card := shared.EmarResident{ResidentID: r.ID, Name: r.Name, Room: r.Room, Allergies: r.Allergies, AvatarFileID: r.AvatarFileID,
			AssistanceLevel: levels[r.ID], Medications: []shared.Medication{}, Passes: []shared.MedPass{}}
		if r.AvatarFileID != "" {
			card.AvatarURL = s.files.AvatarURL(r.AvatarFileID)
		}
		out.Residents = append(out.Residents, card)
	}
	for i := range orders {
		if j, ok := index[orders[i].ResidentID]; ok {
			out.Residents[j].Medications = append(out.Residents[j].Medications, toMedication(&orders[i]))
		}
	}
	for i := range passes {
		j, ok := index[passes[i].ResidentID]
		if !ok {
			continue
		}
		mp := toPass(&passes[i], now)
		for _, t := range clockChanges(&passes[i]) {
			keep.ChangesAtMillis(ctx, t)
		}
		out.Residents[j].Passes = append(out.Residents[j].Passes, mp)
		count(&out.Counts, mp.Colour)
		if mp.Colour == shared.ColourRed && mp.AckTime == 0 {
			out.Residents[j].RedCount++
		}
	}
	return out, nil
}

// count adds a pass of colour c to counts.
func count(c *shared.EmarColourCount, colour shared.PassColour) {
	switch colour {
	case shared.ColourGrey:
		c.Grey++
	case shared.ColourBlue:
		c.Blue++
	case shared.ColourYellow:
		c.Yellow++
	case shared.ColourRed:
		c.Red++
	case shared.ColourGreen:
		c.Green++
	case shared.ColourOrange:
		c.Orange++
	}
}

// ColourCount is emarsStatusColourCount: a facility day's passes per colour
// (one resident's when named).
func (s *Service) ColourCount(ctx context.Context, p *auth.Principal, q shared.EmarColourQuery) (*shared.EmarColourCount, error) {
	d, err := s.Day(ctx, p, shared.MedicationLogRequest(q))
	if err != nil {
		return nil, err
	}
	return &d.Counts, nil
}

// CountWarnings is countWarningNum and the sidebar's medicationWarningCount:
// the facility's red items of the last 7 days (overdue passes, PRN checks
// past their window) of residents who live here, not acknowledged. 0
// without a facility.
func (s *Service) CountWarnings(ctx context.Context, p *auth.Principal) (int, error) {
	if p == nil || p.TenantID == "" {
		return 0, nil
	}
	now := s.now().UnixMilli()
	n, err := s.store.CountRed(ctx, s.db, p.TenantID, "", now-shared.WarningLookbackDays*day, now, window)
	if err != nil || !keep.Tracking(ctx) {
		return n, err
	}
	// It changes as a pass or a check turns red and as a red item leaves the last 7 days (a kept card or sidebar is made again then).
	next, err := s.store.NextRedChange(ctx, s.db, p.TenantID, now, now-shared.WarningLookbackDays*day, window)
	keep.ChangesAtMillis(ctx, next)
	return n, err
}

// rangeFilter checks a record list's range: end after start, at most LogRangeDaysMax.
func rangeFilter(start, end int64) error {
	if start > 0 && end > 0 {
		if end <= start {
			return invalid("endTime", "minimum", "medication.rangeOrder", nil)
		}
		if end-start > shared.LogRangeDaysMax*day {
			return invalid("endTime", "maximum", "medication.rangeTooLong", map[string]any{"days": shared.LogRangeDaysMax})
		}
	}
	return nil
}

// Records is listMedicationRecordByPage: logged passes (scheduled and PRN),
// newest first, by resident, order, outcome and the time they happened.
func (s *Service) Records(ctx context.Context, p *auth.Principal, req shared.PageRequest[shared.MedicationRecordFilter]) (*shared.Page[shared.MedPass], error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	f := req.Data
	pf := passFilter{tenantID: p.TenantID, outcome: f.Outcome, from: f.StartTime, to: f.EndTime}
	if err := rangeFilter(f.StartTime, f.EndTime); err != nil {
		return nil, err
	}
	if err := s.scope(ctx, p, &pf, f.ResidentID, f.MedicationID); err != nil {
		return nil, err
	}
	return s.passPage(ctx, pf, req.Current, req.Size)
}

// NotGiven is listNotGivenRecord: passes refused, held or not given, and
// scheduled passes missed (never logged and past their window, not on
// hold), newest first.
func (s *Service) NotGiven(ctx context.Context, p *auth.Principal, req shared.PageRequest[shared.NotGivenFilter]) (*shared.Page[shared.MedPass], error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	f := req.Data
	if err := rangeFilter(f.StartTime, f.EndTime); err != nil {
		return nil, err
	}
	pf := passFilter{tenantID: p.TenantID, from: f.StartTime, to: f.EndTime, notGiven: true, missedBefore: s.now().UnixMilli() - window}
	if err := s.scope(ctx, p, &pf, f.ResidentID, ""); err != nil {
		return nil, err
	}
	return s.passPage(ctx, pf, req.Current, req.Size)
}

// scope narrows a record list to a resident and an order of the facility (4004 otherwise).
func (s *Service) scope(ctx context.Context, p *auth.Principal, pf *passFilter, residentID, medicationID string) error {
	if id := strings.TrimSpace(residentID); id != "" {
		if _, err := s.residentOf(ctx, s.db, p.TenantID, id); err != nil {
			return err
		}
		pf.residentID = id
	}
	if id := strings.TrimSpace(medicationID); id != "" {
		if _, err := s.order(ctx, s.db, p.TenantID, id); err != nil {
			return err
		}
		pf.medicationID = id
	}
	if o := pf.outcome; o != "" && o != shared.OutcomeGiven && o != shared.OutcomeRefused && o != shared.OutcomeHeld && o != shared.OutcomeNotGiven {
		return invalid("outcome", "enum", "validation.enum", map[string]any{"values": "GIVEN, REFUSED, HELD, NOT_GIVEN"})
	}
	return nil
}

func (s *Service) passPage(ctx context.Context, pf passFilter, current, size int) (*shared.Page[shared.MedPass], error) {
	page, size, offset := shared.Window(current, size)
	rows, total, err := s.store.Passes(ctx, s.db, pf, size, offset)
	if err != nil {
		return nil, err
	}
	now := s.now().UnixMilli()
	return shared.PageOf(page, size, total, rows, func(r *passRow) shared.MedPass { return toPass(r, now) }), nil
}

// CardPasses is the dashboard card of today's med passes (registered in cloud/server).
const CardPasses = "medPasses"

// PassesCard is the "today's med passes" card for every facility role, each
// line linking to its part of /emars: scheduled passes due now and PRN
// effectiveness checks due (apart: a check is not a pass, shared.PassNeedOf),
// given, refused or held, and overdue — the sidebar's number
// (CountWarnings: red items of the last 7 days not acknowledged). Hidden
// while the facility has no pass today and nothing red.
func (s *Service) PassesCard(ctx context.Context, p *auth.Principal) (*shared.DashboardCard, error) {
	if p == nil || p.TenantID == "" {
		return nil, nil
	}
	c, needs, err := s.todayCounts(ctx, p)
	if err != nil {
		return nil, err
	}
	red, err := s.CountWarnings(ctx, p) // says when it next changes
	if err != nil {
		return nil, err
	}
	if c.Grey+c.Blue+c.Yellow+c.Red+c.Green+c.Orange == 0 && red == 0 {
		return nil, nil // no eMAR in use today: no card of zeros
	}
	return &shared.DashboardCard{Link: "/emars", Items: []shared.DashboardItem{
		{Key: "medPassesDue", Count: needs[shared.NeedDue], Tone: toneIf(needs[shared.NeedDue] > 0, shared.ToneWarning), Link: "/emars?show=due"},
		{Key: "effectChecksDue", Count: needs[shared.NeedCheck], Tone: toneIf(needs[shared.NeedCheck] > 0, shared.ToneWarning), Link: "/emars?show=checks"},
		{Key: "medPassesGiven", Count: c.Green, Tone: shared.ToneNone, Link: "/emars?show=done"},
		{Key: "medPassesNotGiven", Count: c.Orange, Tone: shared.ToneNone, Link: "/emars?show=done"},
		{Key: "medPassesOverdue", Count: red, Tone: toneIf(red > 0, shared.ToneDanger), Link: "/emars?show=overdue"},
	}}, nil
}

// DayNeeds counts a day's passes by what they ask of a caregiver now
// (shared.PassNeedOf): the eMAR page's tiles count the same.
func DayNeeds(d *shared.EmarDay) map[shared.PassNeed]int {
	out := map[shared.PassNeed]int{}
	for i := range d.Residents {
		for j := range d.Residents[i].Passes {
			out[shared.PassNeedOf(&d.Residents[i].Passes[j])]++
		}
	}
	return out
}

func toneIf(on bool, tone shared.DashboardTone) shared.DashboardTone {
	if on {
		return tone
	}
	return shared.ToneNone
}

// todayCounts are the Counts and DayNeeds of today's /emars day (Day with no
// resident), from the day's passes alone: the card needs neither the orders,
// nor the assistance levels, nor the residents' cards that Day also reads.
func (s *Service) todayCounts(ctx context.Context, p *auth.Principal) (shared.EmarColourCount, map[shared.PassNeed]int, error) {
	var c shared.EmarColourCount
	if err := auth.Member(p); err != nil {
		return c, nil, err
	}
	day, _, err := s.facilityDay(ctx, p.TenantID, "")
	if err != nil {
		return c, nil, err
	}
	now := s.now().UnixMilli()
	passes, err := s.store.ShownDayPasses(ctx, s.db, p.TenantID, day)
	if err != nil {
		return c, nil, err
	}
	needs := map[shared.PassNeed]int{}
	for i := range passes {
		mp := toPass(&passes[i], now)
		count(&c, mp.Colour)
		needs[shared.PassNeedOf(&mp)]++
		for _, t := range clockChanges(&passes[i]) {
			shell.ChangesAtMillis(ctx, t) // a kept card (the dashboard's) is made again when a pass's status moves on
		}
	}
	return c, needs, nil
}
