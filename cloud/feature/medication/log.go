package medication

import (
	"context"
	"errors"
	"hearth/cloud/platform/people"
	"slices"
	"strings"
	"time"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/residency"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// Logging passes. A pass is logged once: GIVEN, REFUSED, HELD or NOT_GIVEN,
// with when it happened, who (name and initials), and what WAC 388-76-10475
// asks a medication log to hold; a refusal, hold or not-given needs a reason.
// The first log wins: one conditional UPDATE ... WHERE outcome = '', so two
// devices logging one pass at once make one record and the second hears who
// logged it and when (4009, the first log in data). Each log carries an id
// its device made (clientId, unique in the facility): sending it again (a
// retry, an offline outbox replayed) answers the original and stores nothing,
// as the kiosk's punches do (cloud/feature/attendance).

// dose is what a log asks of an order's rules.
type dose struct {
	outcome     shared.PassOutcome
	reason      string
	site        shared.ApplicationSite
	siteNote    string
	vitalValue  *float64
	doseGiven   string
	countBefore *int
	countAfter  *int
	note        string
}

// checkDose checks a log against order r and answers the dose given. Rules:
// a reason unless GIVEN; the order's vital for GIVEN and HELD, within the
// vital's plausible range; outside the hold limits the dose must be HELD;
// a sliding scale picks the dose by the reading (none matching: hold and call
// the prescriber); a site for GIVEN by a route that needs one (spec 000 §5);
// a controlled substance's count before and after for GIVEN, and counts sent
// with any log adding up (checkCounts).
func checkDose(r *row, d *dose) (string, error) {
	var err error
	if d.reason, err = text("reason", d.reason, d.outcome != shared.OutcomeGiven, shared.PassReasonMax); err != nil {
		return "", err
	}
	if d.note, err = text("note", d.note, false, shared.PassNoteMax); err != nil {
		return "", err
	}
	if d.siteNote, err = text("siteNote", d.siteNote, d.site == shared.SiteOther, shared.ShortTextMax); err != nil {
		return "", err
	}
	if d.site != "" && !slices.Contains(Sites, d.site) {
		return "", invalid("site", "enum", "medication.site", nil)
	}
	given := d.outcome == shared.OutcomeGiven
	if r.Vital != "" && (given || d.outcome == shared.OutcomeHeld) && d.vitalValue == nil {
		return "", invalid("vitalValue", "required", "medication.vitalRequired", nil)
	}
	if v := d.vitalValue; v != nil {
		if r.Vital == "" {
			return "", invalid("vitalValue", "empty", "medication.noVital", nil)
		}
		rng := Vitals[r.Vital]
		if *v < rng[0] || *v > rng[1] {
			return "", invalid("vitalValue", "range", "medication.vitalRange", map[string]any{"min": rng[0], "max": rng[1]})
		}
	}
	if err := checkCounts(r, given, d); err != nil {
		return "", err
	}
	if !given {
		return "", nil
	}
	if v := d.vitalValue; v != nil {
		if r.HoldBelow != nil && *v < *r.HoldBelow {
			return "", invalid("outcome", "hold", "medication.mustHoldBelow", map[string]any{"value": *v, "limit": *r.HoldBelow})
		}
		if r.HoldAbove != nil && *v > *r.HoldAbove {
			return "", invalid("outcome", "hold", "medication.mustHoldAbove", map[string]any{"value": *v, "limit": *r.HoldAbove})
		}
	}
	out, err := text("doseGiven", d.doseGiven, false, shared.MedicationDoseMax)
	if err != nil {
		return "", err
	}
	if out == "" {
		out = r.Dose
	}
	if len(r.Scale) > 0 {
		out = ""
		for _, st := range r.Scale {
			if *d.vitalValue >= st.From && *d.vitalValue <= st.To {
				out = st.Dose
			}
		}
		if out == "" {
			return "", invalid("vitalValue", "scale", "medication.scaleNoDose", map[string]any{"value": *d.vitalValue})
		}
	}
	if slices.Contains(shared.SiteRoutes, r.Route) && d.site == "" {
		return "", invalid("site", "required", "medication.siteRequired", nil)
	}
	return out, nil
}

// checkCounts applies shared.PillCountRule to a log of order r: a controlled
// order's given dose needs both counts, and counts sent with any log (given or
// not, controlled or not) come in pairs and never go up, so an order that
// keeps no count stores one only when it adds up.
func checkCounts(r *row, given bool, d *dose) error {
	required := r.Controlled && given
	field, rule := shared.PillCountRule(required, d.countBefore, d.countAfter)
	switch {
	case rule == "maximum":
		return invalid(field, rule, "medication.countOrder", nil)
	case rule != "" && required:
		return invalid(field, rule, "medication.countRequired", nil)
	case rule != "":
		return invalid(field, rule, "medication.countPair", nil)
	}
	return nil
}

// givenAt is the time to store for a log said to have happened at (0 = now):
// at most 7 days old, not further ahead than the skew (a time within it is now).
func (s *Service) givenAt(at int64) (int64, error) {
	now := s.now().UnixMilli()
	switch {
	case at == 0:
		return now, nil
	case at > now+shared.PassClockSkewSeconds*1000:
		return 0, ErrLogInFuture
	case at < now-int64(shared.PassLogMaxAgeDays)*day:
		return 0, ErrLogTooOld
	}
	return min(at, now), nil
}

// logged is the 4009 of a pass someone logged first: who and when (their
// time on the facility's clock) in the message, the record in data.
func (s *Service) logged(ctx context.Context, p *passRow) error {
	loc, _, err := zone.Facility(ctx, s.db, p.TenantID)
	if err != nil {
		return err
	}
	at := time.UnixMilli(p.GivenAt).In(loc).Format("15:04")
	return ErrPassLogged.With(map[string]any{"name": p.StaffName, "time": at}).WithData(toPass(p, s.now().UnixMilli()))
}

// notOpen is the refusal of a log before its pass's window opened: when it
// opens, on the facility's clock (a day ahead names the day too).
func (s *Service) notOpen(ctx context.Context, p *passRow) error {
	loc, _, err := zone.Facility(ctx, s.db, p.TenantID)
	if err != nil {
		return err
	}
	opens := time.UnixMilli(shared.PassOpensAt(p.DueAt)).In(loc)
	args := map[string]any{"time": opens.Format("15:04"), "minutes": shared.PassWindowMinutes}
	if civil(opens, loc) != civil(s.now(), loc) {
		args["time"] = opens.Format("2006-01-02 15:04")
	}
	return invalid("givenTime", "windowNotOpen", "medication.passNotOpen", args)
}

// replayPass is the pass a client id already logged, if any: the original
// when it was this person's log of the same pass (or PRN order); 4009 otherwise.
func (s *Service) replayPass(ctx context.Context, q db.Querier, p *auth.Principal, clientID string, same func(*passRow) bool) (*passRow, error) {
	r, err := s.store.PassByClientID(ctx, q, p.TenantID, clientID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, nil // a new log
	}
	if err != nil {
		return nil, err
	}
	if r.StaffID != p.UserID || !same(r) {
		return nil, ErrClientIDTaken
	}
	return r, nil
}

// staff is the name and initials of the person logging.
func (s *Service) staff(ctx context.Context, q db.Querier, userID string) (string, string, error) {
	name, err := people.Name(ctx, q, userID)
	return name, shared.Initials(name), err
}

// LogPass is /medication/logPass.
func (s *Service) LogPass(ctx context.Context, p *auth.Principal, req shared.LogPassRequest) (*shared.MedPass, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	passID, clientID := strings.TrimSpace(req.PassID), strings.TrimSpace(req.ClientID)
	same := func(r *passRow) bool { return r.ID == passID }
	if r, err := s.replayPass(ctx, s.db, p, clientID, same); err != nil || r != nil {
		return answerPass(r, s.now(), err)
	}
	pass, err := s.store.GetPass(ctx, s.db, p.TenantID, passID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	if _, err := s.residentOf(ctx, s.db, p.TenantID, pass.ResidentID); err != nil {
		return nil, err
	}
	if pass.Kind != shared.PassScheduled {
		return nil, ErrNotScheduled
	}
	if pass.Outcome != "" {
		return nil, s.logged(ctx, pass)
	}
	order, err := s.store.Get(ctx, s.db, p.TenantID, pass.MedicationID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	if !slices.Contains([]shared.PassOutcome{shared.OutcomeGiven, shared.OutcomeRefused, shared.OutcomeHeld, shared.OutcomeNotGiven}, req.Outcome) {
		return nil, invalid("outcome", "enum", "validation.enum", map[string]any{"values": "GIVEN, REFUSED, HELD, NOT_GIVEN"})
	}
	if pass.OnHold && req.Outcome == shared.OutcomeGiven {
		return nil, ErrPassOnHold.With(map[string]any{"name": order.Name})
	}
	// When comes before what: a pass that is not open yet is refused as such,
	// whatever else the log is missing (a controlled dose's counts, a vital).
	at, err := s.givenAt(req.GivenTime)
	if err != nil {
		return nil, err
	}
	if !shared.PassOpen(pass.DueAt, at) {
		return nil, s.notOpen(ctx, pass)
	}
	d := dose{outcome: req.Outcome, reason: req.Reason, site: req.Site, siteNote: req.SiteNote, vitalValue: req.VitalValue,
		doseGiven: req.DoseGiven, countBefore: req.CountBefore, countAfter: req.CountAfter, note: req.Note}
	doseGiven, err := checkDose(order, &d)
	if err != nil {
		return nil, err
	}
	var out *passRow
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		name, initials, err := s.staff(ctx, tx, p.UserID)
		if err != nil {
			return err
		}
		now := s.now().UnixMilli()
		row := &passRow{ID: pass.ID, TenantID: p.TenantID, Outcome: req.Outcome, GivenAt: at, LoggedAt: now, StaffID: p.UserID,
			StaffName: name, Initials: initials, Reason: d.reason, Site: d.site, SiteNote: d.siteNote, VitalValue: d.vitalValue,
			DoseGiven: doseGiven, CountBefore: d.countBefore, CountAfter: d.countAfter, Note: d.note, ClientID: clientID, UpdatedAt: now}
		if d.vitalValue != nil {
			row.Vital = order.Vital
		}
		ok, err := s.store.Log(ctx, tx, row)
		if db.IsUniqueViolation(err) {
			return ErrClientIDTaken // the same id on another pass, at the same moment
		}
		if err != nil {
			return err
		}
		if out, err = s.store.GetPass(ctx, tx, p.TenantID, pass.ID); err != nil {
			return err
		}
		if !ok {
			if out.ClientID == clientID && out.StaffID == p.UserID {
				return nil // this same log, sent twice at once
			}
			return errFirst
		}
		if err := audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "medication.pass.log",
			Entity: "medication_pass", EntityID: pass.ID, After: toPass(out, now)}); err != nil {
			return err
		}
		return s.chartPass(ctx, tx, order.Name, out)
	})
	if errors.Is(err, errFirst) {
		return nil, s.logged(ctx, out)
	}
	return answerPass(out, s.now(), err)
}

// errFirst: someone logged the pass first (answered with their log).
var errFirst = problem.New(shared.CodeConflict, "medication.passLogged")

func answerPass(r *passRow, now time.Time, err error) (*shared.MedPass, error) {
	if err != nil || r == nil {
		return nil, err
	}
	out := toPass(r, now.UnixMilli())
	return &out, nil
}

// LogPrn is /medication/logPrn: a PRN dose given now (or at givenTime),
// with the reason; its effectiveness check is due an hour later.
func (s *Service) LogPrn(ctx context.Context, p *auth.Principal, req shared.LogPrnRequest) (*shared.MedPass, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	medID, clientID := strings.TrimSpace(req.MedicationID), strings.TrimSpace(req.ClientID)
	same := func(r *passRow) bool { return r.MedicationID == medID && r.Kind == shared.PassPRN }
	if r, err := s.replayPass(ctx, s.db, p, clientID, same); err != nil || r != nil {
		return answerPass(r, s.now(), err)
	}
	order, err := s.order(ctx, s.db, p.TenantID, medID)
	if err != nil {
		return nil, err
	}
	if order.Type != shared.MedicationPRN {
		return nil, ErrNotPRN
	}
	switch {
	case order.Status != shared.MedicationCurrent:
		return nil, ErrNotCurrent.With(map[string]any{"name": order.Name})
	case order.OnHold:
		return nil, ErrOnHold.With(map[string]any{"name": order.Name})
	}
	res, err := s.residentOf(ctx, s.db, p.TenantID, order.ResidentID)
	if err != nil {
		return nil, err
	}
	if !residency.Lives(res.Status) {
		return nil, ErrResidentLeft.With(map[string]any{"name": res.Name})
	}
	d := dose{outcome: shared.OutcomeGiven, reason: req.Reason, site: req.Site, siteNote: req.SiteNote, vitalValue: req.VitalValue,
		doseGiven: req.DoseGiven, countBefore: req.CountBefore, countAfter: req.CountAfter, note: req.Note}
	// A PRN dose always has its reason (spec 000 §3; DOMAIN.md "PRN").
	if _, err := text("reason", d.reason, true, shared.PassReasonMax); err != nil {
		return nil, err
	}
	doseGiven, err := checkDose(order, &d)
	if err != nil {
		return nil, err
	}
	at, err := s.givenAt(req.GivenTime)
	if err != nil {
		return nil, err
	}
	// A dose charted later cannot predate its order (a scheduled pass's window already sees to that).
	if loc, _, err := zone.Facility(ctx, s.db, p.TenantID); err != nil {
		return nil, err
	} else if shared.BeforeDay(at, order.StartDate, loc) {
		return nil, invalid("givenTime", "beforeOrderStart", "medication.beforeOrderStart", map[string]any{"date": order.StartDate})
	}
	var out *passRow
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if r, err := s.replayPass(ctx, tx, p, clientID, same); err != nil || r != nil {
			out = r
			return err
		}
		loc, _, err := zone.Facility(ctx, tx, p.TenantID)
		if err != nil {
			return err
		}
		name, initials, err := s.staff(ctx, tx, p.UserID)
		if err != nil {
			return err
		}
		now := s.now().UnixMilli()
		local := time.UnixMilli(at).In(loc)
		row := &passRow{ID: newID(), TenantID: p.TenantID, MedicationID: order.ID, ResidentID: order.ResidentID, Kind: shared.PassPRN,
			Day: local.Format(time.DateOnly), TimeOfDay: local.Format("15:04"), DueAt: at, Outcome: shared.OutcomeGiven, GivenAt: at,
			LoggedAt: now, StaffID: p.UserID, StaffName: name, Initials: initials, Reason: d.reason, Site: d.site, SiteNote: d.siteNote,
			VitalValue: d.vitalValue, DoseGiven: doseGiven, CountBefore: d.countBefore, CountAfter: d.countAfter, Note: d.note,
			ClientID: clientID, FollowUpDue: at + shared.PrnFollowUpMinutes*minute, CreatedAt: now, UpdatedAt: now}
		if d.vitalValue != nil {
			row.Vital = order.Vital
		}
		if err := s.store.InsertPRN(ctx, tx, row); err != nil {
			if db.IsUniqueViolation(err) {
				return ErrClientIDTaken // the id was taken meanwhile (doses at the same instant are each kept)
			}
			return err
		}
		if out, err = s.store.GetPass(ctx, tx, p.TenantID, row.ID); err != nil {
			return err
		}
		if err := audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "medication.prn.log",
			Entity: "medication_pass", EntityID: row.ID, After: toPass(out, now)}); err != nil {
			return err
		}
		return s.chartPass(ctx, tx, order.Name, out)
	})
	return answerPass(out, s.now(), err)
}

// PrnFollowUp is /medication/prnFollowUp: a PRN dose's effectiveness,
// documented once (a note is required when it did not help).
func (s *Service) PrnFollowUp(ctx context.Context, p *auth.Principal, req shared.PrnFollowUpRequest) (*shared.MedPass, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	note, err := text("note", req.Note, !req.Effective, shared.PassNoteMax)
	if err != nil {
		return nil, err
	}
	pass, err := s.store.GetPass(ctx, s.db, p.TenantID, strings.TrimSpace(req.PassID))
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	if _, err := s.residentOf(ctx, s.db, p.TenantID, pass.ResidentID); err != nil {
		return nil, err
	}
	if pass.Kind != shared.PassPRN || pass.FollowUpDue == 0 {
		return nil, ErrNoFollowUp
	}
	var out *passRow
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		name, err := people.Name(ctx, tx, p.UserID)
		if err != nil {
			return err
		}
		now := s.now().UnixMilli()
		ok, err := s.store.FollowUp(ctx, tx, p.TenantID, pass.ID, req.Effective, note, p.UserID, name, now)
		if err != nil {
			return err
		}
		if out, err = s.store.GetPass(ctx, tx, p.TenantID, pass.ID); err != nil {
			return err
		}
		if !ok {
			return ErrFollowUpDone.With(map[string]any{"name": out.FollowUpName}).WithData(toPass(out, now))
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "medication.prn.followUp",
			Entity: "medication_pass", EntityID: pass.ID, After: toPass(out, now)})
	})
	return answerPass(out, s.now(), err)
}

// ClearColour is /medication/clearColourByStatusId: an owner or admin
// acknowledges a red item (an overdue pass, or a PRN check past its window)
// with a note; it stops counting (countWarningNum, the sidebar, the card's
// red count) but stays unlogged in the record. Audited.
func (s *Service) ClearColour(ctx context.Context, p *auth.Principal, q shared.ClearColourQuery) (*shared.MedPass, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	note, err := text("note", q.Note, true, shared.PassNoteMax)
	if err != nil {
		return nil, err
	}
	pass, err := s.store.GetPass(ctx, s.db, p.TenantID, strings.TrimSpace(q.StatusID))
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	if _, err := s.residentOf(ctx, s.db, p.TenantID, pass.ResidentID); err != nil {
		return nil, err
	}
	now := s.now().UnixMilli()
	if toPass(pass, now).Colour != shared.ColourRed {
		return nil, ErrNotRed
	}
	var out *passRow
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		name, err := people.Name(ctx, tx, p.UserID)
		if err != nil {
			return err
		}
		ok, err := s.store.Ack(ctx, tx, p.TenantID, pass.ID, p.UserID, name, note, now)
		if err != nil {
			return err
		}
		if !ok {
			return ErrAcknowledged
		}
		if out, err = s.store.GetPass(ctx, tx, p.TenantID, pass.ID); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "medication.pass.acknowledge",
			Entity: "medication_pass", EntityID: pass.ID, Before: toPass(pass, now), After: toPass(out, now)})
	})
	return answerPass(out, s.now(), err)
}
