package carerecord

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

var careAssistances = []shared.CareAssistance{shared.AssistIndependent, shared.AssistSupervision, shared.AssistLimited,
	shared.AssistExtensive, shared.AssistTotal, shared.AssistRefused}

func toCare(r *careRow) shared.CareRecord {
	return shared.CareRecord{RecordID: r.ID, ResidentID: r.ResidentID, ResidentName: r.ResidentName, Activity: r.Activity, Day: r.Day,
		Time: r.GivenAt, Value: ptrOf(r.Value), Assistance: r.Assistance, Note: r.Note, Source: r.Source, SourceID: r.SourceID,
		RecordedBy: r.RecordedBy, RecordedByName: r.RecordedByName, CreatedAt: r.CreatedAt}
}

// careValue checks an activity's value: MEALS % eaten (0–100), SLEEP hours
// (0–24), none for the others.
func careValue(a shared.CareActivity, v *float64) (sql.NullFloat64, error) {
	limit := 0
	switch a {
	case shared.CareMeals:
		limit = shared.CareMealPercentMax
	case shared.CareSleep:
		limit = shared.CareSleepHoursMax
	default:
		if v != nil {
			return sql.NullFloat64{}, problem.Invalid("value", "none", "carerecord.careNoValue", nil)
		}
		return sql.NullFloat64{}, nil
	}
	if v == nil {
		return sql.NullFloat64{}, problem.Invalid("value", "required", "carerecord.careValue."+string(a), map[string]any{"max": limit})
	}
	if *v < 0 || *v > float64(limit) {
		return sql.NullFloat64{}, problem.Invalid("value", "range", "carerecord.careValue."+string(a), map[string]any{"max": limit})
	}
	return nullOf(v), nil
}

// SaveCare is careMonitor/save: one care given to a resident. The same
// clientId again answers the stored record.
func (s *Service) SaveCare(ctx context.Context, p *auth.Principal, req shared.SaveCareRecordRequest) (*shared.CareRecord, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	clientID := strings.TrimSpace(req.ClientID)
	if clientID != "" && utf8.RuneCountInString(clientID) < shared.NoteClientIDMin {
		return nil, problem.Invalid("clientId", "minLength", "validation.minLength", map[string]any{"min": shared.NoteClientIDMin})
	}
	if !slices.Contains(shared.CareActivities, req.Activity) {
		return nil, problem.Invalid("activity", "enum", "carerecord.activityUnknown", nil)
	}
	if req.Assistance != "" && !slices.Contains(careAssistances, req.Assistance) {
		return nil, problem.Invalid("assistance", "enum", "carerecord.assistanceUnknown", nil)
	}
	value, err := careValue(req.Activity, req.Value)
	if err != nil {
		return nil, err
	}
	note, err := problem.Text("note", req.Note, false, shared.SubDetailsMax)
	if err != nil {
		return nil, err
	}
	at, err := s.moment("time", req.Time)
	if err != nil {
		return nil, err
	}
	var id string
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := s.residentOf(ctx, tx, p.TenantID, req.ResidentID)
		if err != nil {
			return err
		}
		if clientID != "" {
			old, err := s.store.CareByClient(ctx, tx, p.TenantID, p.UserID, clientID)
			switch {
			case err == nil: // stored before: the device sent it again
				id = old.ID
				return nil
			case !errors.Is(err, db.ErrNotFound):
				return err
			}
		}
		if err := living(res); err != nil {
			return err
		}
		loc, err := s.facilityZone(ctx, tx, p.TenantID)
		if err != nil {
			return err
		}
		if err := notBeforeMoveIn(res, "time", at, loc); err != nil {
			return err
		}
		r := &careRow{ID: newID(), TenantID: p.TenantID, ResidentID: res.ID, Activity: req.Activity, Day: dayOf(at, loc), GivenAt: at,
			Value: value, Assistance: req.Assistance, Note: note, Source: shared.SourceDirect, RecordedBy: p.UserID, ClientID: clientID,
			CreatedAt: s.now().UnixMilli()}
		if err := s.store.InsertCare(ctx, tx, r); err != nil {
			if db.IsUniqueViolation(err) {
				return ErrClientIDTaken
			}
			return err
		}
		id = r.ID
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "careMonitor.save", Entity: "care_record",
			EntityID: r.ID, After: map[string]any{"residentId": res.ID, "activity": r.Activity, "time": at, "value": req.Value,
				"assistance": r.Assistance, "note": note}})
	})
	if err != nil {
		return nil, err
	}
	r, err := s.store.Care(ctx, s.db, p.TenantID, id)
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	out := toCare(r)
	return &out, nil
}

// ListCare is listCareMonitorByPage: newest first.
//
// Kept per facility, role and request (keptCare; the same for every member in
// a role) and sent as its first bytes: its rows (care records, residents,
// who recorded them) raise the facility's versions; nothing in it moves with
// time alone.
func (s *Service) ListCare(ctx context.Context, p *auth.Principal, req shared.PageRequest[shared.CareMonitorFilter]) (*web.Answer[*shared.Page[shared.CareRecord]], error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	f := req.Data
	if f.Activity != "" && !slices.Contains(shared.CareActivities, f.Activity) {
		return nil, problem.Invalid("activity", "enum", "carerecord.activityUnknown", nil)
	}
	start, end, err := rangeOf(f.StartDate, f.EndDate)
	if err != nil {
		return nil, err
	}
	if f.ResidentID != "" {
		if _, err := s.residentOf(ctx, s.db, p.TenantID, f.ResidentID); err != nil {
			return nil, err
		}
	}
	page, size, offset := shared.Window(req.Current, req.Size)
	parts := []string{"careRecords", p.RoleKey(), strconv.Itoa(page), strconv.Itoa(size), f.ResidentID, string(f.Activity), start, end}
	return s.keptCare.Serve(ctx, s.db, p.TenantID, s.now(), parts, web.AnswerOf(func(ctx context.Context) (*shared.Page[shared.CareRecord], error) {
		rows, total, err := s.store.CareRecords(ctx, s.db, careFilter{tenantID: p.TenantID, residentID: f.ResidentID, activity: f.Activity,
			startDay: start, endDay: end}, size, offset)
		if err != nil {
			return nil, err
		}
		return shared.PageOf(page, size, total, rows, toCare), nil
	}))
}

// Grid is listResidentCareRecord: a resident's days (oldest first) ×
// activities, counted (MEALS: average % eaten; SLEEP: total hours).
func (s *Service) Grid(ctx context.Context, p *auth.Principal, q shared.CareGridQuery) (*shared.ResidentCareGrid, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	res, err := s.residentOf(ctx, s.db, p.TenantID, q.ResidentID)
	if err != nil {
		return nil, err
	}
	loc, err := s.facilityZone(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	end := q.EndDate
	if end == "" {
		end = s.now().In(loc).Format(time.DateOnly)
	}
	start := q.StartDate
	if start == "" {
		if e, err := time.Parse(time.DateOnly, end); err == nil {
			start = e.AddDate(0, 0, 1-shared.CareGridDaysDefault).Format(time.DateOnly)
		}
	}
	a, b, err := boundedRange(start, end, shared.CareGridDaysMax)
	if err != nil {
		return nil, err
	}
	cells, err := s.store.Grid(ctx, s.db, p.TenantID, res.ID, start, end)
	if err != nil {
		return nil, err
	}
	type key struct {
		day string
		a   shared.CareActivity
	}
	byKey := make(map[key]gridCell, len(cells))
	for _, c := range cells {
		byKey[key{c.Day, c.Activity}] = c
	}
	out := &shared.ResidentCareGrid{ResidentID: res.ID, StartDate: start, EndDate: end, Activities: shared.CareActivities}
	for d := a; !d.After(b); d = d.AddDate(0, 0, 1) {
		day := shared.CareGridDay{Day: d.Format(time.DateOnly), Cells: make([]shared.CareGridCell, 0, len(shared.CareActivities))}
		for _, act := range shared.CareActivities {
			c := byKey[key{day.Day, act}]
			cell := shared.CareGridCell{Activity: act, Count: c.Count, Refused: c.Refused}
			switch act {
			case shared.CareMeals:
				cell.Value = ptrOf(c.Avg)
			case shared.CareSleep:
				cell.Value = ptrOf(c.Sum)
			}
			day.Cells = append(day.Cells, cell)
		}
		out.Days = append(out.Days, day)
	}
	return out, nil
}
