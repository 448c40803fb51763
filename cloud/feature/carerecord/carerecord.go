// Package carerecord keeps the resident's record over time (spec 000 §2
// profile tabs "progress notes", "health monitor", "care monitor" and the
// PDF export with print range; §3 "Progress note", "Health metrics"; spec
// 001 §7.7): progress notes with addenda and per-reader read status, health
// readings judged against normal ranges, and the ADL care given.
//
// Notes are never deleted: the author edits in place within
// shared.ProgressNoteEditHours, later corrections are addenda (charting
// practice: an amendment is dated when written and leaves the original
// readable — AHIMA, "Amendments in the Electronic Health Record"). Other
// features write here through small interfaces of their own (careevent):
// a resident going out and returning, a refused or missed dose, a vital
// check left undone, readings taken with a task or a med pass, each in the
// transaction of the event.
package carerecord

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/jobs"
	"hearth/cloud/platform/keep"
	"hearth/cloud/platform/param"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/residency"
	"hearth/cloud/platform/web"
	"hearth/cloud/platform/wire"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// FutureSkew is how far ahead of the server's clock a report, reading or care
// time may be: a device whose clock runs a little fast is not refused.
const FutureSkew = 2 * time.Minute

// Service is the care-record service.
type Service struct {
	db     *db.DB
	store  Store
	params *param.Params // the print limit (report.printMaxRecords)
	now    func() time.Time
	// The English renderings of notes (translate.go).
	translator Translator
	queue      *jobs.Queue
	// keptNotes are the progress note pages asked, per reader (ListNotes).
	keptNotes *keep.Timed[*web.Answer[*shared.Page[shared.ProgressNote]]]
	// keptSeries are the health monitor's series asked (Series).
	keptSeries *keep.Timed[*web.Answer[*shared.HealthSeries]]
	// keptCare are the care monitor's record pages asked (ListCare).
	keptCare *keep.Timed[*web.Answer[*shared.Page[shared.CareRecord]]]
}

// keptNotePages is how many progress note pages are kept (a few per person).
const keptNotePages = 512

// Deps are the care-record service's collaborators, all required but Now
// (time.Now): New refuses a Deps with one missing.
type Deps struct {
	DB *db.DB
	// Translator is the AI service; Queue the job queue the English renderings
	// of notes run on (New registers their worker there; translate.go).
	Translator Translator
	Queue      *jobs.Queue
	Params     *param.Params // run-time parameters: the print limit
	Now        func() time.Time
}

// New makes the care-record service and registers the notes' translation
// job on d.Queue, or names the collaborators d lacks.
func New(d Deps) (*Service, error) {
	if err := wire.Check("carerecord", d, "Now"); err != nil {
		return nil, err
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	s := &Service{db: d.DB, params: d.Params, now: d.Now, translator: d.Translator, queue: d.Queue,
		keptNotes:  keep.NewTimed[*web.Answer[*shared.Page[shared.ProgressNote]]](keptNotePages, keep.TimedMaxAge, zone.Of),
		keptSeries: keep.NewTimed[*web.Answer[*shared.HealthSeries]](keptNotePages, keep.TimedMaxAge, zone.Of),
		keptCare:   keep.NewTimed[*web.Answer[*shared.Page[shared.CareRecord]]](keptNotePages, keep.TimedMaxAge, zone.Of)}
	jobs.Register(d.Queue, &translateWorker{s: s})
	return s, nil
}

var (
	// ErrResidentNotHere: readings and care are recorded for residents who live here (or are out for a while).
	ErrResidentNotHere = problem.New(shared.CodeConflict, "carerecord.residentNotHere")
	errFuture          = func(field string) error { return problem.Invalid(field, "future", "carerecord.future", nil) }
)

// residentOf is a resident of p's facility whose record may be shown
// (residency: 4004 for none, one moving in, or a cancelled move-in).
func (s *Service) residentOf(ctx context.Context, q db.Querier, tenantID, residentID string) (*resident, error) {
	if residentID == "" {
		return nil, problem.NotFound
	}
	r, err := s.store.Resident(ctx, q, tenantID, residentID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	if residency.Hidden(r.Status) {
		return nil, problem.NotFound
	}
	return r, nil
}

// living refuses a resident who has left for good (readings and care are
// for residents living here; a note may still be written after, as a late entry).
func living(r *resident) error {
	if !residency.Lives(r.Status) {
		return ErrResidentNotHere.With(map[string]any{"name": r.Name})
	}
	return nil
}

// moment checks a time a request carries: 0 is now, later than now (with
// FutureSkew) is refused.
func (s *Service) moment(field string, ms int64) (int64, error) {
	now := s.now()
	if ms == 0 {
		return now.UnixMilli(), nil
	}
	if ms > now.Add(FutureSkew).UnixMilli() {
		return 0, errFuture(field)
	}
	return ms, nil
}

// dayOf is the facility day of an instant.
func dayOf(ms int64, loc *time.Location) string {
	return time.UnixMilli(ms).In(loc).Format(time.DateOnly)
}

// rangeOf checks an optional filter range (YYYY-MM-DD, start not after end).
func rangeOf(start, end string) (string, string, error) {
	if start != "" {
		if _, err := time.Parse(time.DateOnly, start); err != nil {
			return "", "", problem.Invalid("startDate", "pattern", "carerecord.dateFormat", nil)
		}
	}
	if end != "" {
		if _, err := time.Parse(time.DateOnly, end); err != nil {
			return "", "", problem.Invalid("endDate", "pattern", "carerecord.dateFormat", nil)
		}
	}
	if start != "" && end != "" && start > end {
		return "", "", problem.Invalid("endDate", "order", "carerecord.dateOrder", nil)
	}
	return start, end, nil
}

// boundedRange checks a required range of at most maxDays days.
func boundedRange(start, end string, maxDays int) (time.Time, time.Time, error) {
	if start == "" {
		return time.Time{}, time.Time{}, problem.Invalid("startDate", "required", "validation.required", nil)
	}
	if end == "" {
		return time.Time{}, time.Time{}, problem.Invalid("endDate", "required", "validation.required", nil)
	}
	if _, _, err := rangeOf(start, end); err != nil {
		return time.Time{}, time.Time{}, err
	}
	a, _ := time.Parse(time.DateOnly, start)
	b, _ := time.Parse(time.DateOnly, end)
	if int(b.Sub(a).Hours()/24)+1 > maxDays {
		return a, b, problem.Invalid("endDate", "maximum", "carerecord.rangeTooLong", map[string]any{"max": maxDays})
	}
	return a, b, nil
}

// notBeforeMoveIn refuses a time (of field) before the day the resident moved
// in: no reading was taken and no care given here before then.
func notBeforeMoveIn(r *resident, field string, ms int64, loc *time.Location) error {
	if shared.BeforeMoveIn(ms, r.MoveIn, loc) {
		return problem.BeforeMoveIn(field, r.MoveIn)
	}
	return nil
}

// facilityZone is the facility's location.
func (s *Service) facilityZone(ctx context.Context, q db.Querier, tenantID string) (*time.Location, error) {
	loc, _, err := zone.Facility(ctx, q, tenantID)
	return loc, err
}

// newID is a UUIDv7.
func newID() string { return uuid.Must(uuid.NewV7()).String() }
