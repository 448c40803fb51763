// Package medication is the eMAR (issue 15; spec 000 §2 /emars, §3
// "Medication", §4, §5; spec 001 §7.7, §9): residents' medication orders
// (name, type ROUTINE/PRN/SNF, dose, frequency, one of the 23 routes,
// instructions, diagnosis, Rx number, physician, start and end dates, times
// of day, and the eMAR's part: controlled, a vital with hold limits, a
// sliding scale), the med passes made from them in the facility's time
// zone, how each pass was logged, PRN doses and their effectiveness checks,
// the med history of every order change, and each resident's medication
// assistance level. The move-in wizard's eMAR step stores a resident's list
// through ReplaceCheckIn; ActivateResident makes its passes once the resident
// has moved in.
//
// Files: medication.go (service, orders' rules), orders.go (save, hold,
// discontinue, restore, history), passes.go (making passes, the pass clock),
// log.go (logging passes, PRN, follow-ups, acknowledging), emar.go (the day,
// colours, counts, lists, the dashboard card), warn.go and jobs.go (the
// horizon and warning jobs), http.go (routes).
package medication

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/keep"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/param"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/residency"
	"hearth/cloud/platform/web"
	"hearth/cloud/platform/wire"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// AllRoutes are the 23 routes of spec 000 §3 "Medication", in the spec's order.
var AllRoutes = []shared.MedicationRoute{shared.RouteOral, shared.RouteSublingual, shared.RouteBuccal, shared.RouteNasogastricTube,
	shared.RouteOrogastricTube, shared.RouteGastrostomy, shared.RouteJejunostomy, shared.RouteRectal, shared.RouteIntravenous,
	shared.RouteIntramuscular, shared.RouteSubcutaneous, shared.RouteIntradermal, shared.RouteIntraosseous, shared.RouteIntrathecal,
	shared.RouteEpidural, shared.RouteTransdermal, shared.RouteTopical, shared.RouteOphthalmic, shared.RouteOtic, shared.RouteNasal,
	shared.RouteInhalation, shared.RouteNebulized, shared.RouteEndotracheal}

// Types are the medication types of spec 000 §3.
var Types = []shared.MedicationType{shared.MedicationRoutine, shared.MedicationPRN, shared.MedicationSNF}

// Vitals are the vitals an order may ask for, with their plausible ranges.
var Vitals = map[shared.VitalSign][2]float64{
	shared.VitalSystolicBP:       {shared.VitalSystolicMin, shared.VitalSystolicMax},
	shared.VitalDiastolicBP:      {shared.VitalDiastolicMin, shared.VitalDiastolicMax},
	shared.VitalPulse:            {shared.VitalPulseMin, shared.VitalPulseMax},
	shared.VitalBloodGlucose:     {shared.VitalGlucoseMin, shared.VitalGlucoseMax},
	shared.VitalTemperature:      {shared.VitalTemperatureMin, shared.VitalTemperatureMax},
	shared.VitalRespiration:      {shared.VitalRespirationMin, shared.VitalRespirationMax},
	shared.VitalOxygenSaturation: {shared.VitalOxygenMin, shared.VitalOxygenMax},
}

// Sites are the application sites a pass may name.
var Sites = []shared.ApplicationSite{shared.SiteAbdomenLeft, shared.SiteAbdomenRight, shared.SiteUpperArmLeft, shared.SiteUpperArmRight,
	shared.SiteThighLeft, shared.SiteThighRight, shared.SiteButtockLeft, shared.SiteButtockRight, shared.SiteUpperBackLeft,
	shared.SiteUpperBackRight, shared.SiteChestLeft, shared.SiteChestRight, shared.SiteAffectedArea, shared.SiteOther}

// Levels are the medication assistance levels (WAC 388-76-10440…10460).
var Levels = []shared.AssistanceLevel{shared.AssistanceIndependent, shared.AssistanceSelfWithAssistance, shared.AssistanceAdministration}

// Problems this package answers. A record the caller may not see answers
// problem.NotFound (4004), whichever facility it belongs to.
var (
	ErrChanged         = problem.New(shared.CodeConflict, "medication.changed")
	ErrNotCurrent      = problem.New(shared.CodeConflict, "medication.notCurrent")
	ErrNotDiscontinued = problem.New(shared.CodeConflict, "medication.notDiscontinued")
	ErrOnHold          = problem.New(shared.CodeConflict, "medication.onHold")
	ErrNotOnHold       = problem.New(shared.CodeConflict, "medication.notOnHold")
	ErrAlreadyOnHold   = problem.New(shared.CodeConflict, "medication.alreadyOnHold")
	ErrResidentLeft    = problem.New(shared.CodeConflict, "medication.residentLeft")
	ErrPassLogged      = problem.New(shared.CodeConflict, "medication.passLogged")
	ErrClientIDTaken   = problem.New(shared.CodeConflict, "medication.clientIdTaken")
	ErrFollowUpDone    = problem.New(shared.CodeConflict, "medication.followUpDone")
	ErrNotRed          = problem.New(shared.CodeConflict, "medication.notRed")
	ErrAcknowledged    = problem.New(shared.CodeConflict, "medication.acknowledged")
	ErrPassOnHold      = problem.New(shared.CodeConflict, "medication.passOnHold")
	ErrNotPRN          = invalid("medicationId", "prn", "medication.notPrn", nil)
	ErrNotScheduled    = invalid("passId", "scheduled", "medication.notScheduled", nil)
	ErrNoFollowUp      = invalid("passId", "prn", "medication.noFollowUp", nil)
	ErrLogTooOld       = invalid("givenTime", "minimum", "medication.logTooOld", map[string]any{"days": shared.PassLogMaxAgeDays})
	ErrLogInFuture     = invalid("givenTime", "maximum", "medication.logInFuture", nil)
	ErrEndInFuture     = invalid("endTime", "maximum", "medication.endInFuture", nil)
	ErrEndTooOld       = invalid("endTime", "minimum", "medication.endTooOld", map[string]any{"days": shared.PassLogMaxAgeDays})
)

// Files is what the eMAR needs from the file service (file.Service has it):
// the written order attached to a change, and residents' photos.
type Files interface {
	// Attach checks that ids are p's own uploads of category and confirms them in q's transaction.
	Attach(ctx context.Context, q db.Querier, p *auth.Principal, category shared.FileCategory, ids []string) error
	// Items are the file items of ids with signed links, in order, leaving out deleted ones.
	Items(ctx context.Context, ids []string) ([]shared.FileItem, error)
	// AvatarURL is a signed link to a photo.
	AvatarURL(fileID string) string
}

// Notifier tells people something in the caller's transaction
// (notification.Service has it).
type Notifier interface {
	Notify(ctx context.Context, tx *db.Tx, tenantID string, userIDs []string, n shared.NotificationDraft) error
}

// OnShift says who of a facility is clocked in now (attendance.Service has it).
type OnShift interface {
	OnShift(ctx context.Context, tenantID string) ([]string, error)
}

// Service is the eMAR service.
type Service struct {
	db      *db.DB
	store   Store
	files   Files
	notify  Notifier
	onShift OnShift
	chart   Chart         // the resident's record (chart.go)
	chat    Chat          // Hearth's chat (chat.go)
	params  *param.Params // the print limit (report.printMaxRecords)
	log     *slog.Logger
	now     func() time.Time
	// keptDays are the /emars days asked (Day), kept while nothing they show changes.
	keptDays *keep.Timed[*web.Answer[*shared.EmarDay]]
}

// keptDays is how many /emars days are kept (each tens of kilobytes for a home of 8).
const keptDays = 512

// Deps are the eMAR's collaborators, all required but Log and Now
// (slog.Default, time.Now): New refuses a Deps with one missing, so the
// server does not start without, say, the record that refused doses write to.
type Deps struct {
	DB    *db.DB
	Files Files // verification files and residents' photos
	// Notify and OnShift carry the overdue warnings: the notifications and who is on shift.
	Notify  Notifier
	OnShift OnShift
	Chart   Chart         // the resident's record: refused and missed doses, vitals (chart.go)
	Chat    Chat          // Hearth's chat: passes 30 minutes from overdue (chat.go)
	Params  *param.Params // run-time parameters: the print limit of the MAR
	Log     *slog.Logger
	Now     func() time.Time
}

// New makes the eMAR service, or names the collaborators d lacks.
func New(d Deps) (*Service, error) {
	if err := wire.Check("medication", d, "Log", "Now"); err != nil {
		return nil, err
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{db: d.DB, files: d.Files, notify: d.Notify, onShift: d.OnShift, chart: d.Chart, chat: d.Chat, params: d.Params, log: d.Log, now: d.Now,
		keptDays: keep.NewTimed[*web.Answer[*shared.EmarDay]](keptDays, keep.TimedMaxAge, zone.Of)}, nil
}

func newID() string { return uuid.Must(uuid.NewV7()).String() }

// toMedication is the answer of an order row.
func toMedication(r *row) shared.Medication {
	times := r.Times
	if times == nil {
		times = []string{}
	}
	scale := r.Scale
	if scale == nil {
		scale = []shared.SlidingScaleStep{}
	}
	return shared.Medication{MedicationID: r.ID, ResidentID: r.ResidentID, Name: r.Name, Type: r.Type, Dose: r.Dose,
		Frequency: r.Frequency, Route: r.Route, Instructions: r.Instructions, Diagnosis: r.Diagnosis, RxNumber: r.RxNumber,
		Physician: r.Physician, StartDate: r.StartDate, EndDate: r.EndDate, Times: times, Status: r.Status,
		CreateTime: r.CreatedAt, UpdateTime: r.UpdatedAt, Version: r.Version, UpdatedByName: r.UpdatedByName,
		Controlled: r.Controlled, Vital: r.Vital, HoldBelow: r.HoldBelow, HoldAbove: r.HoldAbove, SlidingScale: scale,
		SiteRequired: slices.Contains(shared.SiteRoutes, r.Route), OnHold: r.OnHold, HoldReason: r.HoldReason, HoldTime: r.HoldAt,
		EndTime: r.EndAt, StopReason: r.StopReason}
}

// ListByResident answers a resident's medications (current and discontinued;
// not those removed from the list), oldest first.
func (s *Service) ListByResident(ctx context.Context, q db.Querier, tenantID, residentID string) ([]shared.Medication, error) {
	rows, err := s.store.ByResident(ctx, q, tenantID, residentID)
	if err != nil {
		return nil, err
	}
	out := make([]shared.Medication, len(rows))
	for i := range rows {
		out[i] = toMedication(&rows[i])
	}
	return out, nil
}

// ReplaceCheckIn makes reqs the resident's medication list, in the caller's
// transaction (the move-in wizard's eMAR step): a request with the
// medicationId of one of the resident's medications changes it, one without
// adds a medication, and a medication the list no longer names is removed
// (kept, marked deleted). The whole batch is checked before anything is
// written; a refusal names the medication ("Medication 2: ..."), and the
// caller's transaction then rolls back, so nothing of the batch is stored.
// Every change is in the med history. A resident who lives here already gets
// the passes at once; one still moving in gets them from ActivateResident.
// The caller has checked that residentID is a resident of p's facility whose
// record may change.
func (s *Service) ReplaceCheckIn(ctx context.Context, tx *db.Tx, p *auth.Principal, residentID string, reqs []shared.SaveMedicationRequest) ([]shared.Medication, error) {
	if p == nil || p.TenantID == "" || !p.Has(shared.FacilityManagers...) {
		return nil, problem.Forbidden
	}
	if len(reqs) > shared.CheckInMedicationsMax {
		return nil, problem.Invalid("medications", "maxItems", "validation.maxItems", map[string]any{"max": shared.CheckInMedicationsMax})
	}
	lang := msg.Language(ctx)
	checked := make([]row, len(reqs))
	for i, req := range reqs {
		r, err := check(req)
		if err != nil {
			return nil, itemProblem(lang, i, err)
		}
		checked[i] = r
	}
	existing, err := s.store.ByResident(ctx, tx, p.TenantID, residentID)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]*row, len(existing))
	for i := range existing {
		byID[existing[i].ID] = &existing[i]
	}
	kept := map[string]bool{}
	for i := range checked {
		id := checked[i].ID
		if id == "" {
			continue
		}
		if byID[id] == nil {
			return nil, itemProblem(lang, i, problem.Invalid("medicationId", "exists", "medication.unknown", nil))
		}
		if kept[id] {
			return nil, itemProblem(lang, i, problem.Invalid("medicationId", "unique", "medication.twice", nil))
		}
		kept[id] = true
	}
	loc, _, err := zone.Facility(ctx, tx, p.TenantID)
	if err != nil {
		return nil, err
	}
	res, err := s.store.Resident(ctx, tx, p.TenantID, residentID)
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return nil, err
	}
	active := err == nil && residency.Lives(res.Status)
	now := s.now()
	ms := now.UnixMilli()
	today := now.In(loc).Format(time.DateOnly)
	meta := func(r *row, req shared.SaveMedicationRequest) changeMeta {
		return changeMeta{date: orToday(req.ChangeDate, today), prescriber: r.Physician, note: strings.TrimSpace(req.ChangeNote)}
	}
	for _, old := range existing {
		if kept[old.ID] {
			continue
		}
		ok, err := s.store.Delete(ctx, tx, p.TenantID, old.ID, p.UserID, ms)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		if err := s.store.DropUnlogged(ctx, tx, p.TenantID, old.ID, ms, nil); err != nil {
			return nil, err
		}
		if err := s.recordChange(ctx, tx, p, shared.ChangeRemove, &old, nil, changeMeta{date: today, prescriber: old.Physician}, ms); err != nil {
			return nil, err
		}
	}
	for i := range checked {
		r := &checked[i]
		r.TenantID, r.ResidentID, r.UpdatedBy, r.UpdatedAt = p.TenantID, residentID, p.UserID, ms
		if old := byID[r.ID]; old != nil {
			keepState(r, old)
			if sameOrder(old, r) {
				continue // saved again unchanged: nothing to write or record
			}
			ok, err := s.store.Update(ctx, tx, r, old.Version)
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, itemProblem(lang, i, problem.Invalid("medicationId", "exists", "medication.unknown", nil))
			}
			if err := s.recordChange(ctx, tx, p, shared.ChangeUpdate, old, r, meta(r, reqs[i]), ms); err != nil {
				return nil, err
			}
			if active && !sameSchedule(old, r) {
				if err := s.replan(ctx, tx, r, loc, now); err != nil {
					return nil, err
				}
			}
			continue
		}
		r.ID, r.Status, r.CreatedBy, r.CreatedAt = newID(), shared.MedicationCurrent, p.UserID, ms
		if err := s.store.Insert(ctx, tx, r); err != nil {
			return nil, err
		}
		if err := s.recordChange(ctx, tx, p, shared.ChangeCreate, nil, r, meta(r, reqs[i]), ms); err != nil {
			return nil, err
		}
		if active {
			if err := s.replan(ctx, tx, r, loc, now); err != nil {
				return nil, err
			}
		}
	}
	return s.ListByResident(ctx, tx, p.TenantID, residentID)
}

// ActivateResident makes the passes of a resident who has just moved in
// (called in completeCheckIn's transaction once the resident is NORMAL):
// each current scheduled order's from now (those of the last hour that are
// still in their window included) to the end of tomorrow.
func (s *Service) ActivateResident(ctx context.Context, tx *db.Tx, tenantID, residentID string) error {
	rows, err := s.store.ByResident(ctx, tx, tenantID, residentID)
	if err != nil {
		return err
	}
	loc, _, err := zone.Facility(ctx, tx, tenantID)
	if err != nil {
		return err
	}
	now := s.now()
	for i := range rows {
		if err := s.replan(ctx, tx, &rows[i], loc, now); err != nil {
			return err
		}
	}
	return nil
}

// keepState copies onto a changed order what a form does not set.
func keepState(r, old *row) {
	r.Status, r.CreatedBy, r.CreatedAt = old.Status, old.CreatedBy, old.CreatedAt
	r.OnHold, r.HoldReason, r.HoldAt, r.EndAt, r.StopReason, r.PlannedUntil = old.OnHold, old.HoldReason, old.HoldAt, old.EndAt,
		old.StopReason, old.PlannedUntil
}

// sameOrder reports whether two rows hold the same order (every field a form sets).
func sameOrder(a, b *row) bool {
	return a.Name == b.Name && a.Type == b.Type && a.Dose == b.Dose && a.Frequency == b.Frequency && a.Route == b.Route &&
		a.Instructions == b.Instructions && a.Diagnosis == b.Diagnosis && a.RxNumber == b.RxNumber && a.Physician == b.Physician &&
		sameSchedule(a, b) && a.Controlled == b.Controlled && a.Vital == b.Vital && sameFloat(a.HoldBelow, b.HoldBelow) &&
		sameFloat(a.HoldAbove, b.HoldAbove) && slices.Equal(a.Scale, b.Scale)
}

// sameSchedule reports whether two rows make the same passes.
func sameSchedule(a, b *row) bool {
	return a.Type == b.Type && a.StartDate == b.StartDate && a.EndDate == b.EndDate && slices.Equal(a.Times, b.Times)
}

func sameFloat(a, b *float64) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

// itemProblem names the medication a refusal is about: "Medication 2: Dose is
// required." in the caller's language; the field is medications[1].dose.
func itemProblem(lang shared.Language, i int, err error) error {
	inner, ok := problem.As(err)
	if !ok {
		return err
	}
	field, rule := "", inner.Key
	if fes, ok := inner.Data.([]shared.FieldError); ok && len(fes) > 0 {
		field, rule = fes[0].Field, fes[0].Rule
	}
	detail := msg.T(lang, inner.Key, inner.Args)
	path := fmt.Sprintf("medications[%d]", i)
	if name := strings.TrimPrefix(field, "medication."); name != "" {
		path += "." + name
	}
	return problem.Invalid(path, rule, "medication.item", map[string]any{"n": i + 1, "detail": detail})
}

// check validates one medication beyond (and including) its tags and answers
// the row to store. Fields are named medication.<json name>, whose labels
// this package's messages hold.
func check(req shared.SaveMedicationRequest) (row, error) {
	r := row{ID: strings.TrimSpace(req.MedicationID), Name: strings.TrimSpace(req.Name), Type: req.Type,
		Dose: strings.TrimSpace(req.Dose), Frequency: strings.TrimSpace(req.Frequency), Route: req.Route,
		Instructions: strings.TrimSpace(req.Instructions), Diagnosis: strings.TrimSpace(req.Diagnosis),
		RxNumber: strings.TrimSpace(req.RxNumber), Physician: strings.TrimSpace(req.Physician),
		StartDate: strings.TrimSpace(req.StartDate), EndDate: strings.TrimSpace(req.EndDate),
		Controlled: req.Controlled, Vital: req.Vital, HoldBelow: req.HoldBelow, HoldAbove: req.HoldAbove}
	for _, f := range []struct {
		name, value string
		max         int
		required    bool
	}{
		{"name", r.Name, shared.MedicationNameMax, true},
		{"dose", r.Dose, shared.MedicationDoseMax, true},
		{"frequency", r.Frequency, shared.ShortTextMax, false},
		{"instructions", r.Instructions, shared.DetailsMax, false},
		{"diagnosis", r.Diagnosis, shared.SubDetailsMax, false},
		{"rxNumber", r.RxNumber, shared.ShortTextMax, false},
		{"physician", r.Physician, shared.PersonNameMax, false},
		{"changeNote", req.ChangeNote, shared.PassReasonMax, false},
	} {
		if f.required && f.value == "" {
			return r, problem.Invalid("medication."+f.name, "required", "validation.required", nil)
		}
		if utf8.RuneCountInString(strings.TrimSpace(f.value)) > f.max {
			return r, problem.Invalid("medication."+f.name, "maxLength", "validation.maxLength", map[string]any{"max": f.max})
		}
	}
	if !slices.Contains(Types, r.Type) {
		return r, problem.Invalid("medication.type", "enum", "validation.enum", map[string]any{"values": "ROUTINE, PRN, SNF"})
	}
	if !slices.Contains(AllRoutes, r.Route) {
		return r, problem.Invalid("medication.route", "enum", "medication.route", nil)
	}
	start, err := time.Parse(time.DateOnly, r.StartDate)
	if err != nil {
		return r, problem.Invalid("medication.startDate", "format", "medication.date", nil)
	}
	if r.EndDate != "" {
		end, err := time.Parse(time.DateOnly, r.EndDate)
		if err != nil {
			return r, problem.Invalid("medication.endDate", "format", "medication.date", nil)
		}
		if end.Before(start) {
			return r, problem.Invalid("medication.endDate", "afterStart", "medication.endBeforeStart", nil)
		}
	}
	if d := strings.TrimSpace(req.ChangeDate); d != "" {
		if _, err := time.Parse(time.DateOnly, d); err != nil {
			return r, problem.Invalid("medication.changeDate", "format", "medication.date", nil)
		}
	}
	if len(req.Times) > shared.MedicationTimesMax {
		return r, problem.Invalid("medication.times", "maxItems", "validation.maxItems", map[string]any{"max": shared.MedicationTimesMax})
	}
	for _, t := range req.Times {
		t = strings.TrimSpace(t)
		if !isTimeOfDay(t) {
			return r, problem.Invalid("medication.times", "format", "medication.time", map[string]any{"time": t})
		}
		if slices.Contains(r.Times, t) {
			return r, problem.Invalid("medication.times", "unique", "medication.timeTwice", map[string]any{"time": t})
		}
		r.Times = append(r.Times, t)
	}
	slices.Sort(r.Times)
	switch {
	case r.Type == shared.MedicationPRN && len(r.Times) > 0:
		// PRN is given as needed, with a reason, never on a clock (spec 000 §3 "Medication").
		return r, problem.Invalid("medication.times", "empty", "medication.prnTimes", nil)
	case r.Type != shared.MedicationPRN && len(r.Times) == 0:
		return r, problem.Invalid("medication.times", "required", "medication.timesRequired", nil)
	}
	if err := checkVital(&r, req.SlidingScale); err != nil {
		return r, err
	}
	return r, nil
}

// checkVital checks an order's vital, hold limits and sliding scale.
func checkVital(r *row, scale []shared.SlidingScaleStep) error {
	if r.Vital == "" {
		switch {
		case r.HoldBelow != nil || r.HoldAbove != nil:
			return problem.Invalid("medication.vital", "required", "medication.vitalForHold", nil)
		case len(scale) > 0:
			return problem.Invalid("medication.vital", "required", "medication.vitalForScale", nil)
		}
		return nil
	}
	rng, ok := Vitals[r.Vital]
	if !ok {
		return problem.Invalid("medication.vital", "enum", "validation.enum",
			map[string]any{"values": "SYSTOLIC_BP, DIASTOLIC_BP, PULSE, BLOOD_GLUCOSE, TEMPERATURE, RESPIRATION, OXYGEN_SATURATION"})
	}
	inRange := func(field string, v float64) error {
		if v < rng[0] || v > rng[1] {
			return problem.Invalid(field, "range", "medication.vitalRange", map[string]any{"min": rng[0], "max": rng[1]})
		}
		return nil
	}
	for field, v := range map[string]*float64{"medication.holdBelow": r.HoldBelow, "medication.holdAbove": r.HoldAbove} {
		if v != nil {
			if err := inRange(field, *v); err != nil {
				return err
			}
		}
	}
	if r.HoldBelow != nil && r.HoldAbove != nil && *r.HoldAbove <= *r.HoldBelow {
		return problem.Invalid("medication.holdAbove", "minimum", "medication.holdOrder", nil)
	}
	if len(scale) > shared.SlidingScaleStepsMax {
		return problem.Invalid("medication.slidingScale", "maxItems", "validation.maxItems", map[string]any{"max": shared.SlidingScaleStepsMax})
	}
	steps := make([]shared.SlidingScaleStep, 0, len(scale))
	for i, st := range scale {
		st.Dose = strings.TrimSpace(st.Dose)
		field := fmt.Sprintf("medication.slidingScale[%d]", i)
		if st.Dose == "" {
			return problem.Invalid(field+".dose", "required", "medication.scaleDose", map[string]any{"n": i + 1})
		}
		if utf8.RuneCountInString(st.Dose) > shared.MedicationDoseMax {
			return problem.Invalid(field+".dose", "maxLength", "medication.scaleDoseLong", map[string]any{"n": i + 1, "max": shared.MedicationDoseMax})
		}
		if err := inRange(field+".from", st.From); err != nil {
			return err
		}
		if err := inRange(field+".to", st.To); err != nil {
			return err
		}
		if st.To < st.From {
			return problem.Invalid(field+".to", "minimum", "medication.scaleOrder", map[string]any{"n": i + 1})
		}
		steps = append(steps, st)
	}
	slices.SortFunc(steps, func(a, b shared.SlidingScaleStep) int {
		switch {
		case a.From < b.From:
			return -1
		case a.From > b.From:
			return 1
		}
		return 0
	})
	for i := 1; i < len(steps); i++ {
		if steps[i].From <= steps[i-1].To {
			return problem.Invalid("medication.slidingScale", "overlap", "medication.scaleOverlap", nil)
		}
	}
	r.Scale = steps
	return nil
}

// isTimeOfDay reports whether s is HH:mm on a 24-hour clock.
func isTimeOfDay(s string) bool {
	if len(s) != 5 || s[2] != ':' {
		return false
	}
	_, err := time.Parse("15:04", s)
	return err == nil
}

// orToday is d, or today when d is empty.
func orToday(d, today string) string {
	if d = strings.TrimSpace(d); d != "" {
		return d
	}
	return today
}

// auditEntry is an audit row of an order change.
func auditEntry(p *auth.Principal, action, id string, before, after any) audit.Entry {
	return audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: action, Entity: "medication", EntityID: id, Before: before, After: after}
}

// invalid is problem.Invalid with the field's label taken from this
// package's messages (field.medication.<field>), so that no label collides
// with another feature's.
func invalid(field, rule, key string, args map[string]any) *problem.Error {
	e := problem.Invalid(field, rule, key, args)
	e.Args["field"] = "medication." + field
	return e
}

// text is problem.Text with this package's labels (see invalid).
func text(field, value string, required bool, max int) (string, error) {
	v, err := problem.Text(field, value, required, max)
	if pe, ok := problem.As(err); ok {
		pe.Args["field"] = "medication." + field
	}
	return v, err
}
