// Package disposal keeps medication disposal records (spec 000 §2
// /resident/medication-disposal/{residentId}, §3 "Medication disposal
// record", §5 "Medication disposal"; spec 001 §9 "Disposal methods") and
// works out which medications must be disposed of and by when, on
// Washington's clocks (WAC 388-76-10490; due.go).
//
// A record names one medication of one resident and copies its order (name,
// type, dose, route, instructions, diagnosis, Rx number, start and end
// dates) when it is made, with how (mail-back program, deactivation kit, or
// another method in words), why (patient refused, discontinued, or another
// reason in words), when and how many were disposed of. Records are never
// deleted; every change keeps the record before and after, who and when
// (the history), and is audited.
package disposal

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/residency"
	"hearth/cloud/platform/wire"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// Methods and Reasons are the spec's (001 §9), in its order.
var (
	Methods = []shared.DisposalMethod{shared.DisposalMailBack, shared.DisposalDeactivationKit, shared.DisposalMethodOther}
	Reasons = []shared.DisposalReason{shared.DisposalPatientRefused, shared.DisposalDiscontinued, shared.DisposalReasonOther}
)

// FutureSkew is how far ahead of the server's clock a disposal time may be:
// a device whose clock runs a little fast is not refused, a time typed for
// later today is.
const FutureSkew = 2 * time.Minute

// Problems of this package (messages in messages/*.json).
var (
	ErrChanged = problem.New(shared.CodeConflict, "disposal.changed")
)

// Medications is what disposal needs of the eMAR's logic
// (medication.Service has it). The orders themselves (what a record copies,
// and a DISCONTINUED order's stop time, medications.end_at) are read in
// disposal's own queries: the list of candidates is one query joining them
// with the residents and the latest disposal.
type Medications interface {
	// RefusedSince is, by medication, when each refused dose of the tenant's
	// residents (one resident's when residentID is set) due at or after since
	// was refused, read in q.
	RefusedSince(ctx context.Context, q db.Querier, tenantID, residentID string, since int64) (map[string][]int64, error)
}

// Service is the medication disposal service.
type Service struct {
	db    *db.DB
	store Store
	meds  Medications
	now   func() time.Time
}

// New makes the disposal service. meds is required: without the refused
// doses a refusal would start no clock, so New refuses to build it (and the
// server does not start) rather than answer a short list.
func New(d *db.DB, meds Medications, now func() time.Time) (*Service, error) {
	if err := wire.Check("disposal", struct {
		DB          *db.DB
		Medications Medications
	}{d, meds}); err != nil {
		return nil, err
	}
	if now == nil {
		now = time.Now
	}
	return &Service{db: d, meds: meds, now: now}, nil
}

func (s *Service) toDisposal(p *auth.Principal, r *row) shared.MedicationDisposal {
	return shared.MedicationDisposal{RecordID: r.ID, ResidentID: r.ResidentID, ResidentName: r.ResidentName,
		MedicationID: r.MedicationID, TaskID: r.TaskID, MedicationName: r.MedicationName, MedicationType: r.MedicationType,
		Dose: r.Dose, Route: r.Route, Instructions: r.Instructions, Diagnosis: r.Diagnosis, RxNumber: r.RxNumber,
		StartDate: r.StartDate, EndDate: r.EndDate, MedicationStatus: r.MedicationStatus, DisposalMethod: r.Method,
		CustomMethod: r.CustomMethod, DisposalReason: r.Reason, CustomReason: r.CustomReason, DisposalTime: r.DisposalTime,
		PillsNumber: r.Pills, Remarks: r.Remarks, Version: r.Version, CreatedByName: r.CreatedByName, CreateTime: r.CreatedAt,
		UpdatedByName: r.UpdatedByName, UpdateTime: r.UpdatedAt, Editable: p != nil && p.Has(shared.FacilityManagers...)}
}

// snapshot is the record as the history keeps it (no caller-dependent flag).
func snapshot(r *row) *shared.MedicationDisposal {
	d := (&Service{}).toDisposal(nil, r)
	return &d
}

// residentOf is a resident of p's facility whose records may be shown
// (residency: 4004 for none, one moving in, or a cancelled move-in).
func (s *Service) residentOf(ctx context.Context, q db.Querier, p *auth.Principal, residentID string) (*resident, error) {
	res, err := s.store.Resident(ctx, q, p.TenantID, residentID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	if residency.Hidden(res.Status) {
		return nil, problem.NotFound
	}
	return res, nil
}

// Get answers one record of the caller's facility.
func (s *Service) Get(ctx context.Context, p *auth.Principal, recordID string) (*shared.MedicationDisposal, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	r, err := s.store.Get(ctx, s.db, p.TenantID, recordID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	out := s.toDisposal(p, r)
	return &out, nil
}

// List answers a page of one resident's records, the latest disposal first.
func (s *Service) List(ctx context.Context, p *auth.Principal, req shared.PageRequest[shared.DisposalFilter]) (*shared.Page[shared.MedicationDisposal], error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	if _, err := s.residentOf(ctx, s.db, p, req.Data.ResidentID); err != nil {
		return nil, err
	}
	page, size, offset := shared.Window(req.Current, req.Size)
	rows, total, err := s.store.List(ctx, s.db, listFilter{tenantID: p.TenantID, residentID: req.Data.ResidentID,
		medicationID: req.Data.MedicationID, method: req.Data.DisposalMethod, reason: req.Data.DisposalReason}, size, offset)
	if err != nil {
		return nil, err
	}
	return shared.PageOf(page, size, total, rows, func(r *row) shared.MedicationDisposal { return s.toDisposal(p, r) }), nil
}

// History answers a record's changes, newest first: its creation and every
// edit with the record before and after, who and when.
func (s *Service) History(ctx context.Context, p *auth.Principal, recordID string) ([]shared.DisposalChange, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	_, err := s.store.Get(ctx, s.db, p.TenantID, recordID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	changes, err := s.store.Changes(ctx, s.db, p.TenantID, recordID, shared.DisposalHistoryMax)
	if err != nil {
		return nil, err
	}
	out := make([]shared.DisposalChange, 0, len(changes))
	for _, c := range changes {
		fields := c.Fields
		if fields == nil {
			fields = []string{}
		}
		out = append(out, shared.DisposalChange{ChangeID: c.ID, RecordID: c.DisposalID, Action: c.Action, ChangedBy: c.ChangedBy,
			ChangedByName: c.ChangedByName, ChangeTime: c.ChangedAt, Fields: fields, Before: c.Before, After: c.After})
	}
	return out, nil
}

// details are the checked parts of a disposal both save and quickCreate take.
type details struct {
	method       shared.DisposalMethod
	customMethod string
	reason       shared.DisposalReason
	customReason string
	time         int64
	pills        int
	remarks      string
}

// checkDetails validates method, reason, time, pills and remarks (spec 000 §5
// "Medication disposal": required fields, a valid number, a valid date-time,
// a custom method when the method is other).
func (s *Service) checkDetails(in details) (details, error) {
	out := in
	if in.method == "" {
		return out, problem.Invalid("disposalMethod", "required", "disposal.methodRequired", nil)
	}
	if !slices.Contains(Methods, in.method) {
		return out, problem.Invalid("disposalMethod", "enum", "disposal.methodRequired", nil)
	}
	var err error
	if in.method == shared.DisposalMethodOther {
		if out.customMethod, err = problem.Text("customMethod", in.customMethod, false, shared.DisposalCustomTextMax); err != nil {
			return out, err
		}
		if out.customMethod == "" {
			return out, problem.Invalid("customMethod", "required", "disposal.customMethodRequired", nil)
		}
	} else {
		out.customMethod = "" // only an OTHER method has words of its own
	}
	if in.reason == "" {
		return out, problem.Invalid("disposalReason", "required", "disposal.reasonRequired", nil)
	}
	if !slices.Contains(Reasons, in.reason) {
		return out, problem.Invalid("disposalReason", "enum", "disposal.reasonRequired", nil)
	}
	if in.reason == shared.DisposalReasonOther {
		if out.customReason, err = problem.Text("customReason", in.customReason, false, shared.DisposalCustomTextMax); err != nil {
			return out, err
		}
		if out.customReason == "" {
			return out, problem.Invalid("customReason", "required", "disposal.customReasonRequired", nil)
		}
	} else {
		out.customReason = ""
	}
	if in.time == 0 {
		return out, problem.Invalid("disposalTime", "required", "disposal.timeRequired", nil)
	}
	if in.time > s.now().Add(FutureSkew).UnixMilli() {
		return out, problem.Invalid("disposalTime", "notFuture", "disposal.timeFuture", nil)
	}
	if in.time < shared.MinDateMillis {
		return out, problem.Invalid("disposalTime", "dateRange", "disposal.timeRequired", nil)
	}
	if in.pills < shared.DisposalPillsMin || in.pills > shared.DisposalPillsMax {
		return out, problem.Invalid("pillsNumber", "range", "disposal.pills",
			map[string]any{"min": shared.DisposalPillsMin, "max": shared.DisposalPillsMax})
	}
	if out.remarks, err = problem.Text("remarks", in.remarks, false, shared.DisposalRemarksMax); err != nil {
		return out, err
	}
	return out, nil
}

// medicationFor is the resident's medication a record names: required, and
// one of the resident's (current or discontinued, not removed from the list).
// Another resident's or another facility's medication is refused alike.
func (s *Service) medicationFor(ctx context.Context, q db.Querier, p *auth.Principal, residentID, medicationID string) (*medication, error) {
	medicationID = strings.TrimSpace(medicationID)
	if medicationID == "" {
		return nil, problem.Invalid("medicationId", "required", "disposal.medicationRequired", nil)
	}
	m, err := s.store.Medication(ctx, q, p.TenantID, residentID, medicationID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.Invalid("medicationId", "ofResident", "disposal.medicationNotOfResident", nil)
	}
	if err != nil {
		return nil, err
	}
	return m, nil
}

// copyOrder copies the medication's order into the record.
func copyOrder(r *row, m *medication) {
	r.MedicationID, r.MedicationName, r.MedicationType, r.Dose, r.Route = m.ID, m.Name, m.Type, m.Dose, m.Route
	r.Instructions, r.Diagnosis, r.RxNumber, r.StartDate, r.EndDate = m.Instructions, m.Diagnosis, m.RxNumber, m.StartDate, m.EndDate
	r.MedicationStatus = m.Status
}

func applyDetails(r *row, d details) {
	r.Method, r.CustomMethod, r.Reason, r.CustomReason = d.method, d.customMethod, d.reason, d.customReason
	r.DisposalTime, r.Pills, r.Remarks = d.time, d.pills, d.remarks
}

// Save makes a record (recordId empty) or edits one (recordId and the
// version the editor saw): owners and admins. The medication must be one of
// the resident's; its order is copied into the record. An edit that changes
// nothing writes nothing; one made on an older version answers 4009.
func (s *Service) Save(ctx context.Context, p *auth.Principal, req shared.SaveDisposalRequest) (*shared.MedicationDisposal, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	d, err := s.checkDetails(details{method: req.DisposalMethod, customMethod: req.CustomMethod, reason: req.DisposalReason,
		customReason: req.CustomReason, time: req.DisposalTime, pills: req.PillsNumber, remarks: req.Remarks})
	if err != nil {
		return nil, err
	}
	recordID := strings.TrimSpace(req.RecordID)
	var out *row
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := s.residentOf(ctx, tx, p, req.ResidentID)
		if err != nil {
			return err
		}
		loc, _, err := zone.Facility(ctx, tx, p.TenantID)
		if err != nil {
			return err
		}
		if shared.BeforeMoveIn(d.time, res.MoveIn, loc) { // nothing of theirs was disposed of before they came
			return problem.BeforeMoveIn("disposalTime", res.MoveIn)
		}
		m, err := s.medicationFor(ctx, tx, p, req.ResidentID, req.MedicationID)
		if err != nil {
			return err
		}
		taskID := strings.TrimSpace(req.TaskID)
		if taskID != "" {
			ok, err := s.store.TaskOfResident(ctx, tx, p.TenantID, req.ResidentID, taskID)
			if err != nil {
				return err
			}
			if !ok {
				return problem.Invalid("taskId", "ofResident", "disposal.taskNotOfResident", nil)
			}
		}
		if recordID == "" {
			r := &row{ID: uuid.Must(uuid.NewV7()).String(), TenantID: p.TenantID, ResidentID: req.ResidentID, TaskID: taskID}
			copyOrder(r, m)
			applyDetails(r, d)
			out, err = s.create(ctx, tx, p, r)
			return err
		}
		old, err := s.store.Get(ctx, tx, p.TenantID, recordID)
		if errors.Is(err, db.ErrNotFound) {
			return problem.NotFound
		}
		if err != nil {
			return err
		}
		if old.ResidentID != req.ResidentID {
			return problem.NotFound
		}
		if req.Version == 0 {
			return problem.Invalid("version", "required", "disposal.versionRequired", nil)
		}
		if req.Version != old.Version {
			return ErrChanged
		}
		r := *old
		r.TaskID = taskID
		copyOrder(&r, m)
		applyDetails(&r, d)
		out, err = s.update(ctx, tx, p, old, &r)
		return err
	})
	if err != nil {
		return nil, err
	}
	res := s.toDisposal(p, out)
	return &res, nil
}

// create inserts r with its first change and the audit row, in tx.
func (s *Service) create(ctx context.Context, tx *db.Tx, p *auth.Principal, r *row) (*row, error) {
	now := s.now().UnixMilli()
	r.Version, r.CreatedBy, r.CreatedAt, r.UpdatedBy, r.UpdatedAt = 1, p.UserID, now, p.UserID, now
	if err := s.store.Insert(ctx, tx, r); err != nil {
		return nil, err
	}
	stored, err := s.store.Get(ctx, tx, p.TenantID, r.ID) // with the names
	if err != nil {
		return nil, err
	}
	after := snapshot(stored)
	if err := s.store.InsertChange(ctx, tx, &change{ID: uuid.Must(uuid.NewV7()).String(), TenantID: p.TenantID,
		DisposalID: r.ID, Action: shared.DisposalCreated, Fields: changedFields(nil, after), After: after,
		ChangedBy: p.UserID, ChangedAt: now}); err != nil {
		return nil, err
	}
	if err := audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "medicationDisposal.create",
		Entity: "medicationDisposal", EntityID: r.ID, After: after}); err != nil {
		return nil, err
	}
	return stored, nil
}

// update writes an edit of old as r (a version on), with its change and the
// audit row, in tx; nothing when no field changed.
func (s *Service) update(ctx context.Context, tx *db.Tx, p *auth.Principal, old, r *row) (*row, error) {
	before := snapshot(old)
	fields := changedFields(before, snapshot(r))
	if len(fields) == 0 {
		return old, nil
	}
	now := s.now().UnixMilli()
	r.Version, r.UpdatedBy, r.UpdatedAt = old.Version+1, p.UserID, now
	ok, err := s.store.Update(ctx, tx, r)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrChanged
	}
	stored, err := s.store.Get(ctx, tx, p.TenantID, r.ID)
	if err != nil {
		return nil, err
	}
	after := snapshot(stored)
	if err := s.store.InsertChange(ctx, tx, &change{ID: uuid.Must(uuid.NewV7()).String(), TenantID: p.TenantID,
		DisposalID: r.ID, Action: shared.DisposalUpdated, Fields: fields, Before: before, After: after,
		ChangedBy: p.UserID, ChangedAt: now}); err != nil {
		return nil, err
	}
	if err := audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "medicationDisposal.update",
		Entity: "medicationDisposal", EntityID: r.ID, Before: before, After: after}); err != nil {
		return nil, err
	}
	return stored, nil
}

// changedFields names the fields a person sets or that follow from the
// medication chosen, that differ between before (nil: every one) and after.
func changedFields(before, after *shared.MedicationDisposal) []string {
	if before == nil {
		before = &shared.MedicationDisposal{}
	}
	var out []string
	add := func(name string, changed bool) {
		if changed {
			out = append(out, name)
		}
	}
	add("medicationId", before.MedicationID != after.MedicationID)
	add("taskId", before.TaskID != after.TaskID)
	add("medicationName", before.MedicationName != after.MedicationName)
	add("medicationType", before.MedicationType != after.MedicationType)
	add("dose", before.Dose != after.Dose)
	add("route", before.Route != after.Route)
	add("instructions", before.Instructions != after.Instructions)
	add("diagnosis", before.Diagnosis != after.Diagnosis)
	add("rxNumber", before.RxNumber != after.RxNumber)
	add("startDate", before.StartDate != after.StartDate)
	add("endDate", before.EndDate != after.EndDate)
	add("disposalMethod", before.DisposalMethod != after.DisposalMethod)
	add("customMethod", before.CustomMethod != after.CustomMethod)
	add("disposalReason", before.DisposalReason != after.DisposalReason)
	add("customReason", before.CustomReason != after.CustomReason)
	add("disposalTime", before.DisposalTime != after.DisposalTime)
	add("pillsNumber", before.PillsNumber != after.PillsNumber)
	add("remarks", before.Remarks != after.Remarks)
	return out
}

// QuickCreate makes a record for a medication that is due for disposal (a
// discontinued or ended order, a refused dose, a resident who died or moved
// out), its order copied. Without a reason the due item's is recorded:
// discontinued, patient refused, or, for a death or a move-out, OTHER with
// the event in words (in the caller's language). Without a time it is now.
func (s *Service) QuickCreate(ctx context.Context, p *auth.Principal, req shared.QuickDisposalRequest) (*shared.MedicationDisposal, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	m, err := s.store.MedicationAnyResident(ctx, s.db, p.TenantID, strings.TrimSpace(req.MedicationID))
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound // another facility's, or none: not probed
	}
	if err != nil {
		return nil, err
	}
	due, err := s.Due(ctx, p, shared.DisposalDueFilter{ResidentID: m.ResidentID})
	if err != nil {
		return nil, err
	}
	i := slices.IndexFunc(due.Items, func(it shared.DisposalDueItem) bool { return it.MedicationID == m.ID })
	if i < 0 {
		return nil, problem.Invalid("medicationId", "due", "disposal.notDue", nil)
	}
	item := due.Items[i]
	reason, customReason := req.DisposalReason, req.CustomReason
	if reason == "" {
		reason = item.Reason
		if reason == shared.DisposalReasonOther && strings.TrimSpace(customReason) == "" {
			customReason = msg.T(msg.Language(ctx), "disposal.reasonText."+string(item.Kind), map[string]any{"date": item.Since})
		}
	}
	at := req.DisposalTime
	if at == 0 {
		at = s.now().UnixMilli()
	}
	return s.Save(ctx, p, shared.SaveDisposalRequest{ResidentID: m.ResidentID, MedicationID: m.ID,
		DisposalMethod: req.DisposalMethod, CustomMethod: req.CustomMethod, DisposalReason: reason, CustomReason: customReason,
		DisposalTime: at, PillsNumber: req.PillsNumber, Remarks: req.Remarks})
}
