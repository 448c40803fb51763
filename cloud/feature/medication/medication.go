// Package medication keeps residents' medication orders (spec 000 §3
// "Medication"): name, type (ROUTINE, PRN, SNF), dose, frequency, one of the
// 23 routes, instructions, diagnosis, Rx number, physician, start and end
// dates and the times of day it is given. The move-in wizard's eMAR step
// stores a resident's list through ReplaceCheckIn; the eMAR (schedules,
// passes, PRN, disposal) builds on the same rows.
package medication

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// Routes are the 23 routes of spec 000 §3 "Medication", in the spec's order.
var Routes = []shared.MedicationRoute{shared.RouteOral, shared.RouteSublingual, shared.RouteBuccal, shared.RouteNasogastricTube,
	shared.RouteOrogastricTube, shared.RouteGastrostomy, shared.RouteJejunostomy, shared.RouteRectal, shared.RouteIntravenous,
	shared.RouteIntramuscular, shared.RouteSubcutaneous, shared.RouteIntradermal, shared.RouteIntraosseous, shared.RouteIntrathecal,
	shared.RouteEpidural, shared.RouteTransdermal, shared.RouteTopical, shared.RouteOphthalmic, shared.RouteOtic, shared.RouteNasal,
	shared.RouteInhalation, shared.RouteNebulized, shared.RouteEndotracheal}

// Types are the medication types of spec 000 §3.
var Types = []shared.MedicationType{shared.MedicationRoutine, shared.MedicationPRN, shared.MedicationSNF}

// Service is the medications service.
type Service struct {
	store Store
	now   func() time.Time
}

// New makes the medications service.
func New(now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{now: now}
}

func toMedication(r *row) shared.Medication {
	times := r.Times
	if times == nil {
		times = []string{}
	}
	return shared.Medication{MedicationID: r.ID, ResidentID: r.ResidentID, Name: r.Name, Type: r.Type, Dose: r.Dose,
		Frequency: r.Frequency, Route: r.Route, Instructions: r.Instructions, Diagnosis: r.Diagnosis, RxNumber: r.RxNumber,
		Physician: r.Physician, StartDate: r.StartDate, EndDate: r.EndDate, Times: times, Status: r.Status,
		CreateTime: r.CreatedAt, UpdateTime: r.UpdatedAt}
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

	now := s.now().UnixMilli()
	entry := func(action, id string, before, after *row) audit.Entry {
		e := audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: action, Entity: "medication", EntityID: id}
		if before != nil {
			e.Before = toMedication(before)
		}
		if after != nil {
			e.After = toMedication(after)
		}
		return e
	}
	for _, old := range existing {
		if kept[old.ID] {
			continue
		}
		ok, err := s.store.Delete(ctx, tx, p.TenantID, old.ID, p.UserID, now)
		if err != nil {
			return nil, err
		}
		if ok {
			if err := audit.Write(ctx, tx, entry("medication.delete", old.ID, &old, nil)); err != nil {
				return nil, err
			}
		}
	}
	for i := range checked {
		r := &checked[i]
		r.TenantID, r.ResidentID, r.UpdatedBy, r.UpdatedAt = p.TenantID, residentID, p.UserID, now
		if old := byID[r.ID]; old != nil {
			r.Status, r.CreatedBy, r.CreatedAt = old.Status, old.CreatedBy, old.CreatedAt
			if sameOrder(old, r) {
				continue // saved again unchanged: nothing to write or audit
			}
			ok, err := s.store.Update(ctx, tx, r)
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, itemProblem(lang, i, problem.Invalid("medicationId", "exists", "medication.unknown", nil))
			}
			if err := audit.Write(ctx, tx, entry("medication.update", r.ID, old, r)); err != nil {
				return nil, err
			}
			continue
		}
		r.ID, r.Status, r.CreatedBy, r.CreatedAt = uuid.Must(uuid.NewV7()).String(), shared.MedicationCurrent, p.UserID, now
		if err := s.store.Insert(ctx, tx, r); err != nil {
			return nil, err
		}
		if err := audit.Write(ctx, tx, entry("medication.create", r.ID, nil, r)); err != nil {
			return nil, err
		}
	}
	return s.ListByResident(ctx, tx, p.TenantID, residentID)
}

// sameOrder reports whether two rows hold the same order (every field a form sets).
func sameOrder(a, b *row) bool {
	return a.Name == b.Name && a.Type == b.Type && a.Dose == b.Dose && a.Frequency == b.Frequency && a.Route == b.Route &&
		a.Instructions == b.Instructions && a.Diagnosis == b.Diagnosis && a.RxNumber == b.RxNumber && a.Physician == b.Physician &&
		a.StartDate == b.StartDate && a.EndDate == b.EndDate && slices.Equal(a.Times, b.Times)
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
		StartDate: strings.TrimSpace(req.StartDate), EndDate: strings.TrimSpace(req.EndDate)}
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
	} {
		if f.required && f.value == "" {
			return r, problem.Invalid("medication."+f.name, "required", "validation.required", nil)
		}
		if utf8.RuneCountInString(f.value) > f.max {
			return r, problem.Invalid("medication."+f.name, "maxLength", "validation.maxLength", map[string]any{"max": f.max})
		}
	}
	if !slices.Contains(Types, r.Type) {
		return r, problem.Invalid("medication.type", "enum", "validation.enum", map[string]any{"values": "ROUTINE, PRN, SNF"})
	}
	if !slices.Contains(Routes, r.Route) {
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
	return r, nil
}

// isTimeOfDay reports whether s is HH:mm on a 24-hour clock.
func isTimeOfDay(s string) bool {
	if len(s) != 5 || s[2] != ':' {
		return false
	}
	_, err := time.Parse("15:04", s)
	return err == nil
}
