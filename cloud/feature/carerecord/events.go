package carerecord

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"hearth/cloud/platform/careevent"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// What other features call through their own small interfaces, wired by
// cloud/server: Event (resident.Chart, medication.Chart, task.Chart) and
// Readings (medication.Chart, task.Chart). Each runs in the caller's
// transaction, so the event and the record commit together.

// eventTypes is the progress note type each event writes (spec 000 §3 note types).
var eventTypes = map[careevent.Kind]shared.ProgressNoteType{
	careevent.GoingOut:          shared.NoteOther,
	careevent.Returned:          shared.NoteReturnedToFacility,
	careevent.DoseRefused:       shared.NoteRefusedMedications,
	careevent.DoseNotGiven:      shared.NoteMissedMedication,
	careevent.VitalCheckOverdue: shared.NoteOverdueVitalSigns,
}

// Event writes the progress note of an event on a resident's record, once
// per SourceID. Its sentence is kept as a message key with its arguments, so
// every reader reads it in their language; notes holds the English.
func (s *Service) Event(ctx context.Context, q db.Querier, e careevent.Note) error {
	typ, ok := eventTypes[e.Kind]
	if !ok {
		return fmt.Errorf("carerecord: unknown event %q", e.Kind)
	}
	res, err := s.store.Resident(ctx, q, e.TenantID, e.ResidentID)
	if errors.Is(err, db.ErrNotFound) {
		return nil // no such resident here: nothing to chart
	}
	if err != nil {
		return err
	}
	loc, err := s.facilityZone(ctx, q, e.TenantID)
	if err != nil {
		return err
	}
	args := map[string]any{"name": res.Name}
	for k, v := range e.Args {
		args[k] = v
	}
	if e.When != 0 {
		args["when"] = time.UnixMilli(e.When).In(loc).Format("2006-01-02 15:04")
	}
	raw, err := json.Marshal(args)
	if err != nil {
		return fmt.Errorf("carerecord: event args: %w", err)
	}
	now := s.now().UnixMilli()
	at := e.At
	if at == 0 {
		at = now
	}
	key := "carerecord.event." + string(e.Kind)
	if r, _ := args["reason"].(string); r == "" && msg.Has(shared.LangEnUS, key+".noReason") {
		key += ".noReason"
	}
	source := e.SourceID
	if source == "" {
		source = newID()
	}
	r := &noteRow{ID: newID(), TenantID: e.TenantID, ResidentID: res.ID, ReportDate: at, Day: dayOf(at, loc), Type: typ,
		Notes: msg.T(shared.LangEnUS, key, args), Language: shared.LangEnUS, MsgKey: key, MsgArgs: string(raw),
		SourceID: string(e.Kind) + ":" + source, CreatedAt: now, UpdatedAt: now}
	added, err := s.store.InsertEventNote(ctx, q, r)
	if err != nil || !added || e.ActorID == "" {
		return err
	}
	// The user whose action wrote it has read it, as an author has read his own note.
	return s.store.MarkRead(ctx, q, e.TenantID, r.ID, e.ActorID, now)
}

// Readings stores measurements another feature took (a task's vitals, the
// vital before a med pass), each judged against the resident's normal range.
// Readings of one time from a task must pass every rule of a direct save
// (plausible, each metric once, blood pressure as a pair); a med pass's one
// vital must be plausible. A refused value answers 4022 naming the metric.
func (s *Service) Readings(ctx context.Context, q db.Querier, rs []careevent.Reading) error {
	if len(rs) == 0 {
		return nil
	}
	lang := msg.Language(ctx)
	first := rs[0]
	in := make([]shared.HealthReadingInput, len(rs))
	for i, r := range rs {
		if r.TenantID != first.TenantID || r.ResidentID != first.ResidentID || r.At != first.At || r.Source != first.Source || r.SourceID != first.SourceID {
			return fmt.Errorf("carerecord: readings of one call are of one time and source")
		}
		in[i] = shared.HealthReadingInput{Metric: r.Metric, Value: r.Value}
	}
	if first.Source == shared.SourceTask {
		if err := checkReadings(lang, "readings", in); err != nil {
			return err
		}
	} else {
		for i, r := range in {
			if err := plausible(lang, fmt.Sprintf("readings[%d].value", i), r.Metric, r.Value); err != nil {
				return err
			}
		}
	}
	res, err := s.store.Resident(ctx, q, first.TenantID, first.ResidentID)
	if errors.Is(err, db.ErrNotFound) {
		return problem.NotFound
	}
	if err != nil {
		return err
	}
	at := first.At
	if at == 0 {
		at = s.now().UnixMilli()
	}
	_, err = s.storeReadings(ctx, q, readingBatch{tenantID: first.TenantID, res: res, takenAt: at, source: first.Source,
		sourceID: first.SourceID, actorID: first.ActorID, note: first.Note, readings: in})
	return err
}

// Care records an ADL care given that another feature recorded (a completed
// care-plan task), once per source, in the caller's transaction.
func (s *Service) Care(ctx context.Context, q db.Querier, c careevent.Care) error {
	res, err := s.store.Resident(ctx, q, c.TenantID, c.ResidentID)
	if errors.Is(err, db.ErrNotFound) {
		return nil // no such resident here: nothing to chart
	}
	if err != nil {
		return err
	}
	loc, err := s.facilityZone(ctx, q, c.TenantID)
	if err != nil {
		return err
	}
	at := c.At
	if at == 0 {
		at = s.now().UnixMilli()
	}
	return s.store.InsertEventCare(ctx, q, &careRow{ID: newID(), TenantID: c.TenantID, ResidentID: res.ID, Activity: c.Activity,
		Day: dayOf(at, loc), GivenAt: at, Note: c.Note, Source: shared.SourceTask, SourceID: c.SourceID, RecordedBy: c.ActorID,
		CreatedAt: s.now().UnixMilli()})
}
