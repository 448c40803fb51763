package medication

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/residency"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// Orders: save (new or changed), hold, resume, discontinue, restore. Only
// owners and admins write orders (the route says so; the service checks
// again). Every change is one transaction holding the order, its passes,
// a med history row (the date the prescriber ordered it, the prescriber,
// the logged call and the written verification: WAC 388-76-10475) and an
// audit row.

// changeMeta is what a med history row says beyond the order.
type changeMeta struct {
	date, prescriber, note, fileID string
}

// auditActions name each change kind's audit row (medication.delete is the
// move-in wizard's removal, as before the eMAR).
var auditActions = map[shared.MedicationChangeKind]string{
	shared.ChangeCreate: "medication.create", shared.ChangeUpdate: "medication.update", shared.ChangeRemove: "medication.delete",
	shared.ChangeHold: "medication.hold", shared.ChangeResume: "medication.resume", shared.ChangeDiscontinue: "medication.discontinue",
	shared.ChangeRestore: "medication.restore",
}

// recordChange writes the med history row and the audit row of a change,
// attaching the verification file (the caller's own upload) in tx.
func (s *Service) recordChange(ctx context.Context, tx *db.Tx, p *auth.Principal, kind shared.MedicationChangeKind, before, after *row, m changeMeta, now int64) error {
	if m.fileID != "" {
		if err := s.files.Attach(ctx, tx, p, shared.FilePhysicianOrder, []string{m.fileID}); err != nil {
			return err
		}
	}
	c := &changeRow{ID: newID(), TenantID: p.TenantID, Kind: kind, ChangeDate: m.date, Prescriber: m.prescriber, Note: m.note,
		FileID: m.fileID, ActorID: p.UserID, CreatedAt: now}
	var b, a any
	if before != nil {
		v := toMedication(before)
		b = v
		c.MedicationID, c.ResidentID, c.BeforeJSON = before.ID, before.ResidentID, sql.NullString{String: jsonText(v, ""), Valid: true}
	}
	if after != nil {
		v := toMedication(after)
		a = v
		c.MedicationID, c.ResidentID, c.AfterJSON = after.ID, after.ResidentID, sql.NullString{String: jsonText(v, ""), Valid: true}
	}
	if err := s.store.InsertChange(ctx, tx, c); err != nil {
		return err
	}
	return audit.Write(ctx, tx, auditEntry(p, auditActions[kind], c.MedicationID, b, a))
}

// residentOf is a resident of p's facility whom calls may name: 4004 when
// none, when still moving in (the wizard's), or when the move-in was cancelled.
func (s *Service) residentOf(ctx context.Context, q db.Querier, tenantID, residentID string) (*residentRef, error) {
	res, err := s.store.Resident(ctx, q, tenantID, strings.TrimSpace(residentID))
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

// order is an order of p's facility whose resident calls may name (4004 otherwise).
func (s *Service) order(ctx context.Context, q db.Querier, tenantID, id string) (*row, error) {
	r, err := s.store.Get(ctx, q, tenantID, strings.TrimSpace(id))
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	if _, err := s.residentOf(ctx, q, tenantID, r.ResidentID); err != nil {
		return nil, err
	}
	return r, nil
}

// Get is getMedicationById.
func (s *Service) Get(ctx context.Context, p *auth.Principal, id string) (*shared.Medication, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	r, err := s.order(ctx, s.db, p.TenantID, id)
	if err != nil {
		return nil, err
	}
	out := toMedication(r)
	return &out, nil
}

// List is listMedication: a resident's orders (residentId required), current first, then by name.
func (s *Service) List(ctx context.Context, p *auth.Principal, f shared.MedicationFilter) ([]shared.Medication, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	if strings.TrimSpace(f.ResidentID) == "" {
		return nil, invalid("residentId", "required", "validation.required", nil)
	}
	lf, err := s.filter(ctx, p, f)
	if err != nil {
		return nil, err
	}
	rows, _, err := s.store.List(ctx, s.db, lf, shared.MedicationsListMax, 0)
	if err != nil {
		return nil, err
	}
	out := make([]shared.Medication, len(rows))
	for i := range rows {
		out[i] = toMedication(&rows[i])
	}
	return out, nil
}

// Page is listMedicationByPage: the facility's orders (or a resident's).
func (s *Service) Page(ctx context.Context, p *auth.Principal, req shared.PageRequest[shared.MedicationFilter]) (*shared.Page[shared.Medication], error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	lf, err := s.filter(ctx, p, req.Data)
	if err != nil {
		return nil, err
	}
	page, size, offset := shared.Window(req.Current, req.Size)
	rows, total, err := s.store.List(ctx, s.db, lf, size, offset)
	if err != nil {
		return nil, err
	}
	return shared.PageOf(page, size, total, rows, toMedication), nil
}

func (s *Service) filter(ctx context.Context, p *auth.Principal, f shared.MedicationFilter) (listFilter, error) {
	lf := listFilter{tenantID: p.TenantID, name: strings.TrimSpace(f.Name), status: f.Status, typ: f.Type}
	if id := strings.TrimSpace(f.ResidentID); id != "" {
		if _, err := s.residentOf(ctx, s.db, p.TenantID, id); err != nil {
			return lf, err
		}
		lf.residentID = id
	}
	return lf, nil
}

// Save is /medication/save: a new order of a resident who lives here
// (without medicationId), or a change of a current one made on its current
// version (an older one answers 4009 naming who changed it, with the order as
// it is now). Its passes of today and tomorrow are made (or remade when the
// schedule changed) at once.
func (s *Service) Save(ctx context.Context, p *auth.Principal, req shared.SaveMedicationRequest) (*shared.Medication, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	r, err := check(req)
	if err != nil {
		return nil, fieldProblem(err)
	}
	fileID := strings.TrimSpace(req.VerificationFileID)
	var id string
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		loc, _, err := zone.Facility(ctx, tx, p.TenantID)
		if err != nil {
			return err
		}
		now := s.now()
		ms := now.UnixMilli()
		meta := changeMeta{date: orToday(req.ChangeDate, now.In(loc).Format(time.DateOnly)), prescriber: r.Physician,
			note: strings.TrimSpace(req.ChangeNote), fileID: fileID}
		r.TenantID, r.UpdatedBy, r.UpdatedAt = p.TenantID, p.UserID, ms
		if r.ID == "" {
			res, err := s.residentOf(ctx, tx, p.TenantID, req.ResidentID)
			if err != nil {
				if strings.TrimSpace(req.ResidentID) == "" {
					return invalid("residentId", "required", "validation.required", nil)
				}
				return err
			}
			if !residency.Lives(res.Status) {
				return ErrResidentLeft.With(map[string]any{"name": res.Name})
			}
			r.ID, r.ResidentID, r.Status, r.CreatedBy, r.CreatedAt = newID(), res.ID, shared.MedicationCurrent, p.UserID, ms
			if err := s.store.Insert(ctx, tx, &r); err != nil {
				return err
			}
			id = r.ID
			if err := s.recordChange(ctx, tx, p, shared.ChangeCreate, nil, &r, meta, ms); err != nil {
				return err
			}
			return s.replan(ctx, tx, &r, loc, now)
		}
		old, err := s.order(ctx, tx, p.TenantID, r.ID)
		if err != nil {
			return err
		}
		id, r.ResidentID = old.ID, old.ResidentID
		if old.Status != shared.MedicationCurrent {
			return ErrNotCurrent.With(map[string]any{"name": old.Name})
		}
		switch {
		case req.Version == 0:
			return invalid("version", "required", "medication.versionRequired", nil)
		case req.Version != old.Version:
			return ErrChanged
		}
		keepState(&r, old)
		if sameOrder(old, &r) {
			return nil // nothing changed: nothing to write or record
		}
		// Conditional on the version read: of two saves at once one writes, the other answers 4009.
		ok, err := s.store.Update(ctx, tx, &r, old.Version)
		if err != nil {
			return err
		}
		if !ok {
			return ErrChanged
		}
		r.Version = old.Version + 1
		if err := s.recordChange(ctx, tx, p, shared.ChangeUpdate, old, &r, meta, ms); err != nil {
			return err
		}
		if sameSchedule(old, &r) {
			return nil
		}
		return s.replan(ctx, tx, &r, loc, now)
	})
	if errors.Is(err, ErrChanged) {
		return nil, s.changed(ctx, p.TenantID, id)
	}
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, p, id)
}

// changed is the 4009 of an order someone changed after the caller read it:
// who and when (on the facility's clock, in the caller's language) in the
// message, the order as it is now in data, so a form can show it and reload.
func (s *Service) changed(ctx context.Context, tenantID, id string) error {
	cur, err := s.store.Get(ctx, s.db, tenantID, id)
	if errors.Is(err, db.ErrNotFound) {
		return problem.NotFound
	}
	if err != nil {
		return err
	}
	loc, _, err := zone.Facility(ctx, s.db, tenantID)
	if err != nil {
		return err
	}
	lang := msg.Language(ctx)
	name := cur.UpdatedByName
	if name == "" {
		name = msg.T(lang, "medication.someone", nil)
	}
	at := time.UnixMilli(cur.UpdatedAt).In(loc)
	return ErrChanged.With(map[string]any{"name": name, "date": msg.Date(lang, at), "time": msg.Clock(lang, at)}).WithData(toMedication(cur))
}

// fieldProblem names a field of the save request by its own name
// (medication.dose → dose), as the route's validation does.
func fieldProblem(err error) error {
	pe, ok := problem.As(err)
	if !ok {
		return err
	}
	fes, ok := pe.Data.([]shared.FieldError)
	if !ok || len(fes) == 0 {
		return err
	}
	out := *pe
	field := strings.TrimPrefix(fes[0].Field, "medication.")
	out.Data = []shared.FieldError{{Field: field, Rule: fes[0].Rule}}
	args := map[string]any{}
	for k, v := range pe.Args {
		args[k] = v
	}
	args["field"] = "medication." + field
	out.Args = args
	return &out
}

// change runs one order change of kind in a transaction: load the order,
// apply do (which checks its state and writes the order and its passes),
// record the change.
func (s *Service) change(ctx context.Context, p *auth.Principal, id string, kind shared.MedicationChangeKind, m changeMeta,
	do func(tx *db.Tx, old *row, loc *time.Location, now time.Time) error) (*shared.Medication, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	var orderID string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		old, err := s.order(ctx, tx, p.TenantID, id)
		if err != nil {
			return err
		}
		orderID = old.ID
		loc, _, err := zone.Facility(ctx, tx, p.TenantID)
		if err != nil {
			return err
		}
		now := s.now()
		if err := do(tx, old, loc, now); err != nil {
			return err
		}
		after, err := s.store.Get(ctx, tx, p.TenantID, old.ID)
		if err != nil {
			return err
		}
		if m.prescriber == "" {
			m.prescriber = old.Physician
		}
		m.date = orToday(m.date, now.In(loc).Format(time.DateOnly))
		return s.recordChange(ctx, tx, p, kind, old, after, m, now.UnixMilli())
	})
	if errors.Is(err, ErrChanged) && orderID != "" {
		return nil, s.changed(ctx, p.TenantID, orderID)
	}
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, p, orderID)
}

// checkChange checks the words of a hold, resume or restore.
func checkChange(req shared.MedicationChangeRequest) (changeMeta, error) {
	reason, err := text("reason", req.Reason, true, shared.PassReasonMax)
	if err != nil {
		return changeMeta{}, err
	}
	prescriber, err := text("prescriber", req.Prescriber, false, shared.PersonNameMax)
	if err != nil {
		return changeMeta{}, err
	}
	date := strings.TrimSpace(req.ChangeDate)
	if date != "" {
		if _, err := time.Parse(time.DateOnly, date); err != nil {
			return changeMeta{}, invalid("changeDate", "format", "medication.date", nil)
		}
	}
	return changeMeta{date: date, prescriber: prescriber, note: reason, fileID: strings.TrimSpace(req.VerificationFileID)}, nil
}

// Hold is /medication/hold: the prescriber holds a current order. Its passes
// not logged from an hour ago on (those still in their window) show ON_HOLD,
// and so do the passes made while it stays held; passes already overdue stay so.
func (s *Service) Hold(ctx context.Context, p *auth.Principal, req shared.MedicationChangeRequest) (*shared.Medication, error) {
	m, err := checkChange(req)
	if err != nil {
		return nil, err
	}
	return s.change(ctx, p, req.MedicationID, shared.ChangeHold, m, func(tx *db.Tx, old *row, _ *time.Location, now time.Time) error {
		switch {
		case old.Status != shared.MedicationCurrent:
			return ErrNotCurrent.With(map[string]any{"name": old.Name})
		case old.OnHold:
			return ErrAlreadyOnHold.With(map[string]any{"name": old.Name})
		}
		ms := now.UnixMilli()
		ok, err := s.store.SetHold(ctx, tx, p.TenantID, old.ID, true, m.note, ms, p.UserID)
		if err != nil {
			return err
		}
		if !ok {
			return ErrChanged
		}
		return s.store.SetPassesHold(ctx, tx, p.TenantID, old.ID, ms-window, true, ms)
	})
}

// Resume is /medication/resume: an order on hold is given again from now
// (its passes due from now on are no longer ON_HOLD; those held stay so).
func (s *Service) Resume(ctx context.Context, p *auth.Principal, req shared.MedicationChangeRequest) (*shared.Medication, error) {
	m, err := checkChange(req)
	if err != nil {
		return nil, err
	}
	return s.change(ctx, p, req.MedicationID, shared.ChangeResume, m, func(tx *db.Tx, old *row, _ *time.Location, now time.Time) error {
		switch {
		case old.Status != shared.MedicationCurrent:
			return ErrNotCurrent.With(map[string]any{"name": old.Name})
		case !old.OnHold:
			return ErrNotOnHold.With(map[string]any{"name": old.Name})
		}
		ms := now.UnixMilli()
		ok, err := s.store.SetHold(ctx, tx, p.TenantID, old.ID, false, "", ms, p.UserID)
		if err != nil {
			return err
		}
		if !ok {
			return ErrChanged
		}
		return s.store.SetPassesHold(ctx, tx, p.TenantID, old.ID, ms, false, ms)
	})
}

// Discontinue is /medication/discontinue: a current order stops at endTime
// (0 = now; at most 7 days back, not in the future: a later end is the
// order's end date). Its passes never logged from then on are removed and
// none is made after.
func (s *Service) Discontinue(ctx context.Context, p *auth.Principal, q shared.DiscontinueQuery) (*shared.Medication, error) {
	m, err := checkChange(shared.MedicationChangeRequest{MedicationID: q.MedicationID, Reason: q.Reason, Prescriber: q.Prescriber,
		ChangeDate: q.ChangeDate, VerificationFileID: q.VerificationFileID})
	if err != nil {
		return nil, err
	}
	return s.change(ctx, p, q.MedicationID, shared.ChangeDiscontinue, m, func(tx *db.Tx, old *row, _ *time.Location, now time.Time) error {
		if old.Status != shared.MedicationCurrent {
			return ErrNotCurrent.With(map[string]any{"name": old.Name})
		}
		ms := now.UnixMilli()
		end := q.EndTime
		switch {
		case end == 0:
			end = ms
		case end > ms+shared.PassClockSkewSeconds*1000:
			return ErrEndInFuture
		case end < ms-int64(shared.PassLogMaxAgeDays)*day:
			return ErrEndTooOld
		}
		end = min(end, ms)
		ok, err := s.store.Discontinue(ctx, tx, p.TenantID, old.ID, end, m.note, p.UserID, ms)
		if err != nil {
			return err
		}
		if !ok {
			return ErrChanged
		}
		return s.store.DropUnlogged(ctx, tx, p.TenantID, old.ID, end, nil)
	})
}

// Restore is /medication/restore: a discontinued order is current again
// (plan editing: a medication moved to discontinued is restored, spec 000
// §4); its passes are made from now on.
func (s *Service) Restore(ctx context.Context, p *auth.Principal, req shared.MedicationChangeRequest) (*shared.Medication, error) {
	m, err := checkChange(req)
	if err != nil {
		return nil, err
	}
	return s.change(ctx, p, req.MedicationID, shared.ChangeRestore, m, func(tx *db.Tx, old *row, loc *time.Location, now time.Time) error {
		if old.Status != shared.MedicationDiscontinued {
			return ErrNotDiscontinued.With(map[string]any{"name": old.Name})
		}
		res, err := s.residentOf(ctx, tx, p.TenantID, old.ResidentID)
		if err != nil {
			return err
		}
		if !residency.Lives(res.Status) {
			return ErrResidentLeft.With(map[string]any{"name": res.Name})
		}
		ok, err := s.store.Restore(ctx, tx, p.TenantID, old.ID, p.UserID, now.UnixMilli())
		if err != nil {
			return err
		}
		if !ok {
			return ErrChanged
		}
		r, err := s.store.Get(ctx, tx, p.TenantID, old.ID)
		if err != nil {
			return err
		}
		return s.replan(ctx, tx, r, loc, now)
	})
}

// History is /medHistory/getMedHistory: a resident's order changes (or one
// order's), newest first, with the verification file as a signed link.
func (s *Service) History(ctx context.Context, p *auth.Principal, q shared.MedHistoryQuery) (*shared.Page[shared.MedicationChange], error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	res, err := s.residentOf(ctx, s.db, p.TenantID, q.ResidentID)
	if err != nil {
		return nil, err
	}
	medID := strings.TrimSpace(q.MedicationID)
	if medID != "" {
		r, err := s.order(ctx, s.db, p.TenantID, medID)
		if err != nil {
			return nil, err
		}
		if r.ResidentID != res.ID {
			return nil, problem.NotFound
		}
	}
	page, size, offset := shared.Window(q.Current, q.Size)
	rows, total, err := s.store.Changes(ctx, s.db, p.TenantID, res.ID, medID, size, offset)
	if err != nil {
		return nil, err
	}
	files := map[string]*shared.FileItem{}
	var ids []string
	for _, c := range rows {
		if c.FileID != "" {
			ids = append(ids, c.FileID)
		}
	}
	if len(ids) > 0 {
		items, err := s.files.Items(ctx, ids)
		if err != nil {
			return nil, err
		}
		for i := range items {
			files[items[i].FileID] = &items[i]
		}
	}
	return shared.PageOf(page, size, total, rows, func(c *changeRow) shared.MedicationChange {
		out := shared.MedicationChange{ChangeID: c.ID, MedicationID: c.MedicationID, ResidentID: c.ResidentID, MedicationName: c.MedName,
			Kind: c.Kind, ChangeDate: c.ChangeDate, Prescriber: c.Prescriber, Note: c.Note, VerificationFile: files[c.FileID],
			ActorID: c.ActorID, ActorName: c.ActorName, CreateTime: c.CreatedAt}
		out.Before, out.After = decodeOrder(c.BeforeJSON), decodeOrder(c.AfterJSON)
		return out
	}), nil
}

func decodeOrder(s sql.NullString) *shared.Medication {
	if !s.Valid || s.String == "" {
		return nil
	}
	var m shared.Medication
	if err := json.Unmarshal([]byte(s.String), &m); err != nil {
		return nil
	}
	return &m
}

// Assistance is getAssistance: a resident's medication assistance level
// (empty level until recorded).
func (s *Service) Assistance(ctx context.Context, p *auth.Principal, residentID string) (*shared.MedicationAssistance, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	res, err := s.residentOf(ctx, s.db, p.TenantID, residentID)
	if err != nil {
		return nil, err
	}
	a, err := s.store.Assistance(ctx, s.db, p.TenantID, res.ID)
	if errors.Is(err, db.ErrNotFound) {
		return &shared.MedicationAssistance{ResidentID: res.ID}, nil
	}
	if err != nil {
		return nil, err
	}
	return &shared.MedicationAssistance{ResidentID: a.ResidentID, Level: a.Level, Note: a.Note, UpdateTime: a.UpdatedAt,
		UpdatedByName: a.UpdatedByName}, nil
}

// SaveAssistance is saveAssistance: records a resident's level (WAC
// 388-76-10440…10460), audited.
func (s *Service) SaveAssistance(ctx context.Context, p *auth.Principal, req shared.SaveAssistanceRequest) (*shared.MedicationAssistance, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	note, err := text("note", req.Note, false, shared.SubDetailsMax)
	if err != nil {
		return nil, err
	}
	if !containsLevel(req.Level) {
		return nil, invalid("level", "enum", "validation.enum", map[string]any{"values": "INDEPENDENT, SELF_WITH_ASSISTANCE, ADMINISTRATION"})
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := s.residentOf(ctx, tx, p.TenantID, req.ResidentID)
		if err != nil {
			return err
		}
		before, err := s.store.Assistance(ctx, tx, p.TenantID, res.ID)
		if errors.Is(err, db.ErrNotFound) {
			before, err = nil, nil // the first level recorded
		}
		if err != nil {
			return err
		}
		a := &assistanceRow{ResidentID: res.ID, Level: req.Level, Note: note, UpdatedBy: p.UserID, UpdatedAt: s.now().UnixMilli()}
		if err := s.store.SaveAssistance(ctx, tx, p.TenantID, a); err != nil {
			return err
		}
		var b any
		if before != nil {
			b = map[string]any{"level": before.Level, "note": before.Note}
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "medication.assistance",
			Entity: "resident", EntityID: res.ID, Before: b, After: map[string]any{"level": a.Level, "note": a.Note}})
	})
	if err != nil {
		return nil, err
	}
	return s.Assistance(ctx, p, req.ResidentID)
}

func containsLevel(l shared.AssistanceLevel) bool {
	for _, v := range Levels {
		if v == l {
			return true
		}
	}
	return false
}
