package carerecord_test

import (
	"strings"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// A refused batch note reads in words in the user's language, whoever
// refused it: the request's bounds (before the service runs: the note's
// number and its field) or the service's rules (the resident named too).
// The field stays notes[i].field for the form.
func TestBatchRefusalInWords(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 22, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		rose, park := newResident(t, owner, "Rose"), newResident(t, owner, "Ivy")
		carer := e.SignIn(t, "caregiver_maple1")
		good := shared.ProgressNoteInput{ResidentID: rose.ResidentID, NoteType: shared.NoteSleepPatterns, Notes: "Slept well."}
		long := shared.ProgressNoteInput{ResidentID: park.ResidentID, NoteType: shared.NoteOther, Notes: strings.Repeat("a", shared.ProgressNoteTextMax+1)}
		future := shared.ProgressNoteInput{ResidentID: park.ResidentID, NoteType: shared.NoteOther, Notes: "Walked.",
			ReportDate: local(2027, 6, 2, 9, 0).UnixMilli()}
		badType := shared.ProgressNoteInput{ResidentID: park.ResidentID, NoteType: "NAP", Notes: "Walked."}
		cases := []struct {
			lang       shared.Language
			in         shared.ProgressNoteInput
			field, say string
		}{
			{shared.LangEnUS, long, "notes[1].notes", "Note 2: Notes must be at most 4096 characters."},
			{shared.LangEsES, long, "notes[1].notes", "Nota 2: Notas debe tener como máximo 4096 caracteres."},
			{shared.LangZhCN, long, "notes[1].notes", "第 2 条记录：记录内容最多 4096 个字符。"},
			{shared.LangEnUS, future, "notes[1].reportDate", "Note 2 (Ivy Test): Report date cannot be in the future."},
			{shared.LangEsES, future, "notes[1].reportDate", "Nota 2 (Ivy Test): Fecha del informe no puede estar en el futuro."},
			{shared.LangZhCN, future, "notes[1].reportDate", "第 2 条记录（Ivy Test）：报告日期不能是将来的时间。"},
			{shared.LangEnUS, badType, "notes[1].noteType", "Note 2: Note type must be one of: "},
		}
		for _, c := range cases {
			carer.Language = string(c.lang)
			r := carer.Post(t, pn+"/batchSave", shared.BatchSaveProgressNotesRequest{Notes: []shared.ProgressNoteInput{good, c.in}})
			r.Is(t, 200, shared.CodeValidation)
			if !strings.HasPrefix(r.Message, c.say) || strings.Contains(r.Message, "notes[") {
				t.Errorf("%s: message %q, want %q", c.lang, r.Message, c.say)
			}
			if fes := fieldErrors(t, r); len(fes) != 1 || fes[0].Field != c.field || fes[0].Message != r.Message {
				t.Errorf("%s: field errors %+v", c.lang, fes)
			}
		}
		if n := count(t, e, `SELECT COUNT(*) FROM progress_notes WHERE resident_id IN (?, ?)`, rose.ResidentID, park.ResidentID); n != 0 {
			t.Fatalf("a refused batch wrote %d notes", n)
		}
	})
}

// Blood pressure's pair rules answer the field of a blood-pressure reading
// (the systolic one when both were sent), where the form shows them.
func TestBloodPressurePairField(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 9, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		rose := newResident(t, owner, "Rose")
		pulse := shared.HealthReadingInput{Metric: shared.MetricHeartRate, Value: 70}
		cases := []struct {
			readings []shared.HealthReadingInput
			field    string
		}{
			{[]shared.HealthReadingInput{pulse, {Metric: shared.MetricSystolicBP, Value: 120}}, "readings[1].value"},
			{[]shared.HealthReadingInput{{Metric: shared.MetricDiastolicBP, Value: 80}, pulse}, "readings[0].value"},
			{[]shared.HealthReadingInput{pulse, {Metric: shared.MetricDiastolicBP, Value: 90}, {Metric: shared.MetricSystolicBP, Value: 85}}, "readings[2].value"},
		}
		for _, c := range cases {
			r := owner.Post(t, hm+"/save", shared.SaveHealthReadingsRequest{ResidentID: rose.ResidentID, Readings: c.readings})
			r.Is(t, 200, shared.CodeValidation)
			if fes := fieldErrors(t, r); len(fes) != 1 || fes[0].Field != c.field || fes[0].Rule != "bloodPressure" || fes[0].Message != r.Message {
				t.Errorf("%+v: field errors %+v", c.readings, fes)
			}
			if !strings.Contains(r.Message, "lood pressure") {
				t.Errorf("message %q", r.Message)
			}
		}
	})
}

// An event's note is read for the user whose action wrote it, unread for
// everyone else; one a job wrote is unread for everyone.
func TestEventNoteReadByItsActor(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		setClock(e, local(2027, 6, 1, 9, 0))
		owner := e.SignIn(t, "owner_evergreen", maple)
		rose := newResident(t, owner, "Rose")
		carer := e.SignIn(t, "caregiver_maple1")
		before := unread(t, carer, rose.ResidentID)
		owner.Post(t, care+"/resident/goingOut", shared.GoingOutRequest{ResidentID: rose.ResidentID,
			ReturnDate: local(2027, 6, 3, 18, 0).UnixMilli(), Reason: "Family visit"}).OK(t)
		owner.Get(t, care+"/resident/returnFacility?residentId="+rose.ResidentID).OK(t)
		if n := unread(t, owner, rose.ResidentID); n != 0 {
			t.Errorf("the owner who sent her out and back has %d unread notes", n)
		}
		for _, n := range notesOf(t, owner, shared.ProgressNoteFilter{ResidentID: rose.ResidentID}).Records {
			if !n.Automatic || !n.Read {
				t.Errorf("the actor's event note: %+v", n)
			}
		}
		if n := unread(t, carer, rose.ResidentID); n != before+2 {
			t.Errorf("another user's unread: %d, want %d", n, before+2)
		}
		for _, n := range notesOf(t, carer, shared.ProgressNoteFilter{ResidentID: rose.ResidentID}).Records {
			if n.Read {
				t.Errorf("read for a user who did not cause it: %+v", n)
			}
		}
	})
}
