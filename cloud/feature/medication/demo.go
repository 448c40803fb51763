package medication

import (
	"context"
	"errors"
	"fmt"
	"hearth/cloud/platform/people"
	"log/slog"
	"slices"
	"sort"
	"strings"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/residency"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// The demonstration data's eMAR (cloud/feature/demo): residents' orders with
// their med history, the passes of the last weeks and of today and tomorrow,
// how each pass whose time has come was logged, PRN doses with their
// effectiveness checks, and assistance levels. Everything goes through this
// package's own rules (check, checkDose, schedule) and store, in the seed's
// transaction and dated by the seed's clock, so the demo holds nothing the
// product itself could not have written.

// DemoOrder is one order of the demo, as a form sends it, and its story.
type DemoOrder struct {
	// Order is checked by /medication/save's rules; Physician is the prescriber,
	// ChangeNote the note of the first change.
	Order shared.SaveMedicationRequest
	// Since is when the order was written (the CREATE row).
	Since time.Time
	// Earlier, when set, is the order as first written; it became Order at
	// Changed, noted ChangeNote (an UPDATE row).
	Earlier    *shared.SaveMedicationRequest
	Changed    time.Time
	ChangeNote string
	// Stopped, when set, is when the prescriber discontinued it, for StopReason.
	Stopped    time.Time
	StopReason string
	// Count is a controlled substance's count on hand when the demo's record
	// begins (60 when 0); every given dose takes one.
	Count int
}

// DemoResident is one resident's medications in the demo.
type DemoResident struct {
	ResidentID string
	Level      shared.AssistanceLevel
	LevelNote  string
	Orders     []DemoOrder
	// HeldSince, when set, is when the prescriber held all the resident's
	// current orders (a hospital stay), for HoldReason.
	HeldSince  time.Time
	HoldReason string
}

// DemoPass is a scheduled pass of the demo whose time has come (not on
// hold), offered to the seed's choice of how it was logged.
type DemoPass struct {
	PassID, MedicationID, ResidentID string
	MedicationName                   string
	Type                             shared.MedicationType
	Route                            shared.MedicationRoute
	Vital                            shared.VitalSign
	HoldBelow, HoldAbove             *float64
	Controlled                       bool
	Day, TimeOfDay                   string
	Due                              time.Time
}

// DemoLog is how a demo pass (or PRN dose) was logged.
type DemoLog struct {
	By      string // user id
	At      time.Time
	Outcome shared.PassOutcome
	Reason  string
	Note    string
	Vital   *float64
	Site    shared.ApplicationSite
}

// DemoPRN is a PRN dose of the demo: the order by resident and name, the
// dose (Outcome is GIVEN) and, once documented, its effectiveness check.
type DemoPRN struct {
	ResidentID, Medication string
	Dose                   DemoLog
	CheckedBy              string // "" = the check is still to do
	CheckedAt              time.Time
	Effective              bool
	CheckNote              string
}

// demoCount is a controlled substance's count when none is given.
const demoCount = 60

// SeedDemo writes a demo facility's eMAR in the seed's transaction, dated by
// now: the residents' assistance levels and orders with their med history;
// the passes from `from` to the end of tomorrow (for residents who live here,
// held ones ON_HOLD); then decide says how each pass due before now was
// logged (a pass it leaves out stays unlogged: due, or overdue once its
// window has closed), and the PRN doses are added with their checks.
// actorID wrote the orders. A log the eMAR's rules refuse (a reading that
// holds a dose logged as given, a missing site or count) fails the seed.
func SeedDemo(ctx context.Context, tx *db.Tx, tenantID, actorID string, residents []DemoResident, prns []DemoPRN,
	from, now time.Time, decide func([]DemoPass) map[string]DemoLog) error {
	s := &Service{log: slog.Default(), now: func() time.Time { return now }}
	loc, _, err := zone.Facility(ctx, tx, tenantID)
	if err != nil {
		return err
	}
	nowMs := now.UnixMilli()
	until := horizonEnd(now, loc)
	orders := map[string]*row{} // id → order
	byName := map[string]*row{} // resident id + name → order
	counts := map[string]int{}  // controlled order id → count on hand
	var planned []passRow       // every pass made
	for _, dr := range residents {
		res, err := s.store.Resident(ctx, tx, tenantID, dr.ResidentID)
		if errors.Is(err, db.ErrNotFound) {
			return fmt.Errorf("demo eMAR: no resident %s", dr.ResidentID)
		}
		if err != nil {
			return err
		}
		if dr.Level != "" {
			at := nowMs
			if len(dr.Orders) > 0 {
				at = dr.Orders[0].Since.UnixMilli()
			}
			if err := s.store.SaveAssistance(ctx, tx, tenantID, &assistanceRow{ResidentID: res.ID, Level: dr.Level, Note: dr.LevelNote,
				UpdatedBy: actorID, UpdatedAt: at}); err != nil {
				return err
			}
		}
		for _, o := range dr.Orders {
			r, err := s.demoOrder(ctx, tx, tenantID, actorID, res.ID, o, dr, loc)
			if err != nil {
				return fmt.Errorf("demo eMAR order %q: %w", o.Order.Name, err)
			}
			orders[r.ID], byName[res.ID+"\x00"+r.Name] = r, r
			if r.Controlled {
				counts[r.ID] = o.Count
				if o.Count == 0 {
					counts[r.ID] = demoCount
				}
			}
			if r.Type == shared.MedicationPRN || !residency.Lives(res.Status) && res.StatusAt <= from.UnixMilli() {
				continue
			}
			// The passes it made: from `from` (or its start) to the end of
			// tomorrow, or to when it stopped or the resident left.
			gen := *r
			gen.Status, gen.OnHold = shared.MedicationCurrent, false
			to := until
			if !o.Stopped.IsZero() && o.Stopped.Before(to) {
				to = o.Stopped
			}
			if !residency.Lives(res.Status) && time.UnixMilli(res.StatusAt).Before(to) {
				to = time.UnixMilli(res.StatusAt)
			}
			ps := schedule(&gen, from, to, loc, nowMs)
			for i := range ps {
				ps[i].OnHold = r.OnHold && ps[i].DueAt >= r.HoldAt
			}
			if err := s.store.InsertPlanned(ctx, tx, ps); err != nil {
				return err
			}
			if r.Status == shared.MedicationCurrent {
				if err := s.store.SetPlanned(ctx, tx, tenantID, r.ID, until.UnixMilli()); err != nil {
					return err
				}
			}
			planned = append(planned, ps...)
		}
	}
	sort.Slice(planned, func(i, j int) bool {
		if planned[i].DueAt != planned[j].DueAt {
			return planned[i].DueAt < planned[j].DueAt
		}
		return planned[i].ID < planned[j].ID
	})
	var past []DemoPass
	for _, p := range planned {
		if p.DueAt >= nowMs || p.OnHold {
			continue
		}
		r := orders[p.MedicationID]
		past = append(past, DemoPass{PassID: p.ID, MedicationID: r.ID, ResidentID: r.ResidentID, MedicationName: r.Name, Type: r.Type,
			Route: r.Route, Vital: r.Vital, HoldBelow: r.HoldBelow, HoldAbove: r.HoldAbove, Controlled: r.Controlled, Day: p.Day,
			TimeOfDay: p.TimeOfDay, Due: time.UnixMilli(p.DueAt)})
	}
	logs := decide(past)
	for _, p := range past {
		l, ok := logs[p.PassID]
		if !ok {
			continue
		}
		pr, err := s.demoLog(ctx, tx, tenantID, orders[p.MedicationID], l, counts, now)
		if err != nil {
			return fmt.Errorf("demo eMAR pass %s %s %s: %w", p.MedicationName, p.Day, p.TimeOfDay, err)
		}
		pr.ID = p.PassID
		ok, err = s.store.Log(ctx, tx, pr)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("demo eMAR pass %s: already logged", p.PassID)
		}
	}
	slices.SortFunc(prns, func(a, b DemoPRN) int { return a.Dose.At.Compare(b.Dose.At) })
	for _, d := range prns {
		r := byName[d.ResidentID+"\x00"+d.Medication]
		if r == nil || r.Type != shared.MedicationPRN {
			return fmt.Errorf("demo eMAR: no PRN order %q", d.Medication)
		}
		d.Dose.Outcome = shared.OutcomeGiven
		pr, err := s.demoLog(ctx, tx, tenantID, r, d.Dose, counts, now)
		if err != nil {
			return fmt.Errorf("demo eMAR PRN %s at %s: %w", d.Medication, d.Dose.At, err)
		}
		local := d.Dose.At.In(loc)
		pr.ID, pr.MedicationID, pr.ResidentID, pr.Kind = newID(), r.ID, r.ResidentID, shared.PassPRN
		pr.Day, pr.TimeOfDay, pr.DueAt = local.Format(time.DateOnly), local.Format("15:04"), pr.GivenAt
		pr.FollowUpDue, pr.CreatedAt = pr.GivenAt+shared.PrnFollowUpMinutes*minute, pr.LoggedAt
		if err := s.store.InsertPRN(ctx, tx, pr); err != nil {
			return err
		}
		if d.CheckedBy == "" {
			continue
		}
		name, err := people.Name(ctx, tx, d.CheckedBy)
		if err != nil {
			return err
		}
		note := strings.TrimSpace(d.CheckNote)
		if !d.Effective && note == "" {
			return fmt.Errorf("demo eMAR PRN %s: an ineffective dose needs a note", d.Medication)
		}
		if _, err := s.store.FollowUp(ctx, tx, tenantID, pr.ID, d.Effective, note, d.CheckedBy, name, min(d.CheckedAt.UnixMilli(), nowMs)); err != nil {
			return err
		}
	}
	return nil
}

// demoOrder stores one demo order with its med history (CREATE, and UPDATE,
// HOLD or DISCONTINUE as its story says).
func (s *Service) demoOrder(ctx context.Context, tx *db.Tx, tenantID, actorID, residentID string, o DemoOrder, dr DemoResident,
	loc *time.Location) (*row, error) {
	r, err := check(o.Order)
	if err != nil {
		return nil, err
	}
	since := o.Since.UnixMilli()
	r.ID, r.TenantID, r.ResidentID, r.Status = newID(), tenantID, residentID, shared.MedicationCurrent
	r.CreatedBy, r.CreatedAt, r.UpdatedBy, r.UpdatedAt = actorID, since, actorID, since
	day := func(t time.Time) string { return t.In(loc).Format(time.DateOnly) }
	var changes []*changeRow // stored once the order is (they refer to it)
	history := func(kind shared.MedicationChangeKind, before, after *row, at time.Time, note string) error {
		c := &changeRow{ID: newID(), TenantID: tenantID, MedicationID: r.ID, ResidentID: residentID, Kind: kind, ChangeDate: day(at),
			Prescriber: r.Physician, Note: note, ActorID: actorID, CreatedAt: at.UnixMilli()}
		if before != nil {
			c.BeforeJSON.String, c.BeforeJSON.Valid = jsonText(toMedication(before), ""), true
		}
		c.AfterJSON.String, c.AfterJSON.Valid = jsonText(toMedication(after), ""), true
		changes = append(changes, c)
		return nil
	}
	first := r
	if o.Earlier != nil {
		e, err := check(*o.Earlier)
		if err != nil {
			return nil, fmt.Errorf("as first written: %w", err)
		}
		e.ID, e.TenantID, e.ResidentID, e.Status = r.ID, tenantID, residentID, shared.MedicationCurrent
		e.CreatedBy, e.CreatedAt, e.UpdatedBy, e.UpdatedAt = actorID, since, actorID, since
		first = e
	}
	if err := history(shared.ChangeCreate, nil, &first, o.Since, strings.TrimSpace(o.Order.ChangeNote)); err != nil {
		return nil, err
	}
	if o.Earlier != nil {
		r.UpdatedAt = o.Changed.UnixMilli()
		if err := history(shared.ChangeUpdate, &first, &r, o.Changed, o.ChangeNote); err != nil {
			return nil, err
		}
	}
	switch {
	case !o.Stopped.IsZero():
		before := r
		r.Status, r.EndAt, r.StopReason, r.UpdatedAt = shared.MedicationDiscontinued, o.Stopped.UnixMilli(), o.StopReason, o.Stopped.UnixMilli()
		if err := history(shared.ChangeDiscontinue, &before, &r, o.Stopped, o.StopReason); err != nil {
			return nil, err
		}
	case !dr.HeldSince.IsZero():
		before := r
		r.OnHold, r.HoldReason, r.HoldAt, r.UpdatedAt = true, dr.HoldReason, dr.HeldSince.UnixMilli(), dr.HeldSince.UnixMilli()
		if err := history(shared.ChangeHold, &before, &r, dr.HeldSince, dr.HoldReason); err != nil {
			return nil, err
		}
	}
	if err := s.store.Insert(ctx, tx, &r); err != nil {
		return nil, err
	}
	for _, c := range changes {
		if err := s.store.InsertChange(ctx, tx, c); err != nil {
			return nil, err
		}
	}
	return &r, nil
}

// demoLog is the pass row of a demo log, checked by the rules of logPass:
// the dose given (a sliding scale's by the reading), and for a controlled
// substance given, the count before and after.
func (s *Service) demoLog(ctx context.Context, tx *db.Tx, tenantID string, r *row, l DemoLog, counts map[string]int, now time.Time) (*passRow, error) {
	d := dose{outcome: l.Outcome, reason: l.Reason, site: l.Site, vitalValue: l.Vital, note: l.Note}
	given := l.Outcome == shared.OutcomeGiven
	if given && r.Controlled {
		before, after := counts[r.ID], max(counts[r.ID]-1, 0)
		d.countBefore, d.countAfter = &before, &after
	}
	doseGiven, err := checkDose(r, &d)
	if err != nil {
		return nil, err
	}
	if given && r.Controlled {
		counts[r.ID] = *d.countAfter
	}
	name, initials, err := s.staff(ctx, tx, l.By)
	if err != nil {
		return nil, err
	}
	if name == "" {
		return nil, fmt.Errorf("no user %s", l.By)
	}
	at := min(l.At.UnixMilli(), now.UnixMilli())
	logged := min(at+2*minute, now.UnixMilli())
	p := &passRow{TenantID: tenantID, Outcome: l.Outcome, GivenAt: at, LoggedAt: logged, StaffID: l.By, StaffName: name, Initials: initials,
		Reason: d.reason, Site: d.site, SiteNote: d.siteNote, VitalValue: d.vitalValue, DoseGiven: doseGiven, CountBefore: d.countBefore,
		CountAfter: d.countAfter, Note: d.note, UpdatedAt: logged}
	p.ClientID = "demo-" + fmt.Sprint(at) + "-" + r.ID[len(r.ID)-12:]
	if d.vitalValue != nil {
		p.Vital = r.Vital
	}
	return p, nil
}
