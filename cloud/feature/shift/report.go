package shift

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// missedGrace: an unlogged pass counts as not given this long after its time
// (the ±1 hour pass window, shared.TaskTimeGraceMinutes).
const missedGrace = shared.TaskTimeGraceMinutes * time.Minute

func toReport(p *auth.Principal, r *reportRow) shared.ShiftReport {
	return shared.ShiftReport{ReportID: r.ID, Status: r.Status, ShiftDate: r.ShiftDate, ShiftTypeID: r.ShiftTypeID,
		ShiftTypeName: r.ShiftTypeName, AuthorID: r.AuthorID, AuthorName: r.AuthorName, ResidentsOfConcern: r.Concern,
		MedsGivenHeld: r.Meds, Incidents: r.Incidents, TasksLeftOpen: r.Tasks, FreeText: r.Free, Read: r.Read, ReadCount: r.ReadCount,
		SubmittedAt: r.SubmittedAt, Version: r.Version, CreateTime: r.CreatedAt, UpdateTime: r.UpdatedAt,
		Editable: r.Status == shared.ShiftReportDraft && r.AuthorID == p.UserID}
}

// SaveReport saves the caller's draft (new when reportId is empty).
func (s *Service) SaveReport(ctx context.Context, p *auth.Principal, req shared.SaveShiftReportRequest) (*shared.ShiftReport, error) {
	return s.writeReport(ctx, p, req, false)
}

// SubmitReport saves and submits the caller's report in one: every member of
// the facility then sees it (unread until opened), the others are notified,
// and the business event SHIFT_REPORT goes to the task creation rules.
func (s *Service) SubmitReport(ctx context.Context, p *auth.Principal, req shared.SaveShiftReportRequest) (*shared.ShiftReport, error) {
	return s.writeReport(ctx, p, req, true)
}

func (s *Service) writeReport(ctx context.Context, p *auth.Principal, req shared.SaveShiftReportRequest, submit bool) (*shared.ShiftReport, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	r := &reportRow{TenantID: p.TenantID, AuthorID: p.UserID, ShiftTypeID: strings.TrimSpace(req.ShiftTypeID), Status: shared.ShiftReportDraft}
	var err error
	for _, f := range []struct {
		name, in string
		out      *string
	}{
		{"residentsOfConcern", req.ResidentsOfConcern, &r.Concern}, {"medsGivenHeld", req.MedsGivenHeld, &r.Meds},
		{"incidents", req.Incidents, &r.Incidents}, {"tasksLeftOpen", req.TasksLeftOpen, &r.Tasks}, {"freeText", req.FreeText, &r.Free},
	} {
		if *f.out, err = problem.Text(f.name, f.in, false, shared.ShiftReportSectionMax); err != nil {
			return nil, err
		}
	}
	if submit && r.Concern == "" && r.Meds == "" && r.Incidents == "" && r.Tasks == "" && r.Free == "" {
		return nil, problem.Invalid("freeText", "required", "shift.reportEmpty", nil)
	}
	if strings.TrimSpace(req.ShiftDate) == "" {
		return nil, problem.Invalid("shiftDate", "required", "shift.shiftDateRequired", nil)
	}
	if _, ok := parseDay(req.ShiftDate); !ok {
		return nil, problem.Invalid("shiftDate", "format", "shift.dateFormat", nil)
	}
	r.ShiftDate = req.ShiftDate
	id := strings.TrimSpace(req.ReportID)
	var out *reportRow
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		c, err := s.clockOf(ctx, tx, p.TenantID)
		if err != nil {
			return err
		}
		if r.ShiftDate > c.today {
			return problem.Invalid("shiftDate", "notFuture", "shift.shiftDateFuture", nil)
		}
		if r.ShiftTypeID != "" {
			_, err := s.store.Type(ctx, tx, p.TenantID, r.ShiftTypeID)
			if errors.Is(err, db.ErrNotFound) {
				return problem.Invalid("shiftTypeId", "ofFacility", "shift.typeUnknown", nil)
			}
			if err != nil {
				return err
			}
		}
		now := s.now().UnixMilli()
		r.UpdatedAt = now
		if submit {
			if err := s.checkReportLimit(ctx, tx, p, c); err != nil {
				return err
			}
			r.Status, r.SubmittedAt = shared.ShiftReportSubmit, now
		}
		var before *reportRow
		if id == "" {
			r.ID, r.CreatedAt = uuid.Must(uuid.NewV7()).String(), now
			if err := s.store.InsertReport(ctx, tx, r); err != nil {
				return err
			}
		} else {
			before, err = s.store.Report(ctx, tx, p.TenantID, p.UserID, id)
			if errors.Is(err, db.ErrNotFound) {
				return problem.NotFound
			}
			if err != nil {
				return err
			}
			if before.AuthorID != p.UserID {
				return problem.NotFound
			}
			if before.Status != shared.ShiftReportDraft {
				return ErrReportLocked
			}
			if req.Version == 0 {
				return problem.Invalid("version", "required", "shift.versionRequired", nil)
			}
			if req.Version != before.Version {
				return ErrChanged
			}
			r.ID = id
			ok, err := s.store.UpdateReport(ctx, tx, r, before.Version)
			if err != nil {
				return err
			}
			if !ok {
				return ErrChanged
			}
		}
		if out, err = s.store.Report(ctx, tx, p.TenantID, p.UserID, r.ID); err != nil {
			return err
		}
		if submit {
			if err := s.fanOut(ctx, tx, p, out); err != nil {
				return err
			}
		}
		action := "shiftReport.save"
		if submit {
			action = "shiftReport.submit"
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: action, Entity: "shift_report",
			EntityID: r.ID, Before: before, After: out})
	})
	if err != nil {
		return nil, err
	}
	rep := toReport(p, out)
	return &rep, nil
}

// checkReportLimit refuses a submit past the package's monthly limit (spec
// 001 §8 7006; "Global limits: shift reports", 0 = unlimited), counted in the
// facility's calendar month; 7001 when the home has no package.
func (s *Service) checkReportLimit(ctx context.Context, tx *db.Tx, p *auth.Principal, c clock) error {
	l, err := s.pkgs.Limits(ctx, tx, p.TenantID)
	if err != nil {
		return fmt.Errorf("shift: the package's limits: %w", err)
	}
	limit := l.MaxShiftReports
	if limit <= 0 {
		return nil
	}
	from := time.Date(c.now.Year(), c.now.Month(), 1, 0, 0, 0, 0, c.loc)
	n, err := s.store.CountSubmitted(ctx, tx, p.TenantID, from.UnixMilli(), from.AddDate(0, 1, 0).UnixMilli())
	if err != nil {
		return err
	}
	if n >= limit {
		return ErrMaxShiftReport.With(map[string]any{"max": limit}).WithData(map[string]any{"max": limit})
	}
	return nil
}

// fanOut tells every other member of the facility of a submitted report,
// says it in the facility's chat channel and announces the business event.
func (s *Service) fanOut(ctx context.Context, tx *db.Tx, p *auth.Principal, r *reportRow) error {
	members, err := s.store.Members(ctx, tx, p.TenantID)
	if err != nil {
		return err
	}
	members = slices.DeleteFunc(members, func(id string) bool { return id == p.UserID })
	if err := s.notify.Notify(ctx, tx, p.TenantID, members, shared.NotificationDraft{Kind: shared.NotificationShift,
		TitleKey: shared.NotifyShiftReportTitle, BodyKey: shared.NotifyShiftReportBody, Link: "/shift-report",
		Params:    map[string]string{"author": r.AuthorName, "shiftDate": r.ShiftDate, "shiftType": r.ShiftTypeName},
		DedupeKey: "shift-report:" + r.ID}); err != nil {
		return err
	}
	if err := s.chatReportSubmitted(ctx, tx, p.TenantID, r); err != nil {
		return err
	}
	return s.announce(ctx, tx, shared.BusinessShiftReport, p.TenantID, r.ID, p.UserID)
}

// GetReport answers a report the caller may see (a submitted one, or their
// own draft) and marks a submitted one read for them.
func (s *Service) GetReport(ctx context.Context, p *auth.Principal, id string) (*shared.ShiftReport, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	var out *reportRow
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		r, err := s.store.Report(ctx, tx, p.TenantID, p.UserID, id)
		if errors.Is(err, db.ErrNotFound) {
			return problem.NotFound
		}
		if err != nil {
			return err
		}
		if r.Status == shared.ShiftReportSubmit && !r.Read {
			if err := s.store.MarkRead(ctx, tx, p.TenantID, r.ID, p.UserID, s.now().UnixMilli()); err != nil {
				return err
			}
			if r, err = s.store.Report(ctx, tx, p.TenantID, p.UserID, id); err != nil {
				return err
			}
		}
		out = r
		return nil
	})
	if err != nil {
		return nil, err
	}
	rep := toReport(p, out)
	return &rep, nil
}

// ListReports answers a page of submitted reports and the caller's drafts,
// unread first, then the newest.
//
// Kept per reader and request (keptReports) and sent as the bytes made
// first: its rows (the reports, who has read them, their authors and shift
// types) raise the facility's versions when written, and nothing in it
// changes with time alone.
func (s *Service) ListReports(ctx context.Context, p *auth.Principal, req shared.PageRequest[shared.ListShiftReportFilter]) (*web.Answer[*shared.Page[shared.ShiftReport]], error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	page, size, offset := shared.Window(req.Current, req.Size)
	f := req.Data
	parts := []string{"shiftReports", p.UserID, p.RoleKey(), strconv.Itoa(page), strconv.Itoa(size), string(f.Status), f.StartDate, f.EndDate,
		f.ShiftTypeID, f.AuthorID, strconv.FormatBool(f.UnreadOnly)}
	return s.keptReports.Serve(ctx, s.db, p.TenantID, s.now(), parts, web.AnswerOf(func(ctx context.Context) (*shared.Page[shared.ShiftReport], error) {
		rows, total, err := s.store.Reports(ctx, s.db, reportFilter{tenantID: p.TenantID, readerID: p.UserID, status: f.Status,
			startDate: f.StartDate, endDate: f.EndDate, shiftTypeID: f.ShiftTypeID, authorID: f.AuthorID, unreadOnly: f.UnreadOnly}, size, offset)
		if err != nil {
			return nil, err
		}
		return shared.PageOf(page, size, total, rows, func(r *reportRow) shared.ShiftReport { return toReport(p, r) }), nil
	}))
}

// CountUnread counts the submitted reports of others the caller has not opened.
func (s *Service) CountUnread(ctx context.Context, p *auth.Principal) (int, error) {
	if p == nil || p.TenantID == "" {
		return 0, nil
	}
	return s.store.CountUnread(ctx, s.db, p.TenantID, p.UserID)
}

// Unread answers countUnread.
func (s *Service) Unread(ctx context.Context, p *auth.Principal) (*shared.ShiftReportUnread, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	n, err := s.CountUnread(ctx, p)
	if err != nil {
		return nil, err
	}
	return &shared.ShiftReportUnread{Count: n}, nil
}

// Prefill answers the day's (or the shift's) data for the hand-over: passes
// held, refused or not given, tasks left open, and each resident with any of
// them as a resident of concern. Incidents stay empty until incident reports exist.
func (s *Service) Prefill(ctx context.Context, p *auth.Principal, req shared.ShiftReportPrefillRequest) (*shared.ShiftReportPrefill, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	if _, ok := parseDay(req.ShiftDate); !ok {
		return nil, problem.Invalid("shiftDate", "format", "shift.dateFormat", nil)
	}
	c, err := s.clockOf(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	from, to := wall(c.loc, req.ShiftDate, "00:00"), wall(c.loc, addDays(req.ShiftDate, 1), "00:00")
	typeID := strings.TrimSpace(req.ShiftTypeID)
	if typeID != "" {
		t, err := s.store.Type(ctx, s.db, p.TenantID, typeID)
		if errors.Is(err, db.ErrNotFound) {
			return nil, problem.Invalid("shiftTypeId", "ofFacility", "shift.typeUnknown", nil)
		}
		if err != nil {
			return nil, err
		}
		from, to = span(c.loc, req.ShiftDate, t.StartTime, t.EndTime)
	}
	out := &shared.ShiftReportPrefill{ShiftDate: req.ShiftDate, ShiftTypeID: typeID, From: from.UnixMilli(), To: to.UnixMilli(),
		ResidentsOfConcern: []shared.ShiftReportPrefillItem{}, MedsGivenHeld: []shared.ShiftReportPrefillItem{},
		Incidents: []shared.ShiftReportPrefillItem{}, TasksLeftOpen: []shared.ShiftReportPrefillItem{}}
	meds, given, err := s.store.MedPasses(ctx, s.db, p.TenantID, from.UnixMilli(), to.UnixMilli(), c.now.Add(-missedGrace).UnixMilli())
	if err != nil {
		return nil, err
	}
	tasks, err := s.store.OpenTasks(ctx, s.db, p.TenantID, from.UnixMilli(), to.UnixMilli())
	if err != nil {
		return nil, err
	}
	out.MedsGivenCount = given
	item := func(r prefillRow) shared.ShiftReportPrefillItem {
		return shared.ShiftReportPrefillItem{Kind: r.Kind, ResidentID: r.ResidentID, ResidentName: r.ResidentName, Title: r.Title,
			Detail: r.Detail, Time: r.Time}
	}
	type concern struct {
		name        string
		meds, tasks int
	}
	var order []string
	concerns := map[string]*concern{}
	note := func(r prefillRow, med bool) {
		if r.ResidentID == "" {
			return
		}
		cn := concerns[r.ResidentID]
		if cn == nil {
			cn = &concern{name: r.ResidentName}
			concerns[r.ResidentID] = cn
			order = append(order, r.ResidentID)
		}
		if med {
			cn.meds++
		} else {
			cn.tasks++
		}
	}
	for _, m := range meds {
		out.MedsGivenHeld = append(out.MedsGivenHeld, item(m))
		note(m, true)
	}
	for _, t := range tasks {
		if t.Detail == string(shared.RecordPending) {
			t.Detail = ""
		}
		out.TasksLeftOpen = append(out.TasksLeftOpen, item(t))
		note(t, false)
	}
	for _, id := range order {
		cn := concerns[id]
		out.ResidentsOfConcern = append(out.ResidentsOfConcern, shared.ShiftReportPrefillItem{Kind: shared.PrefillConcern, ResidentID: id,
			ResidentName: cn.name, Detail: concernDetail(cn.meds, cn.tasks)})
	}
	return out, nil
}

// concernDetail is a concern's counts, "meds:2 tasks:1" (the UI words it).
func concernDetail(meds, tasks int) string {
	return "meds:" + strconv.Itoa(meds) + " tasks:" + strconv.Itoa(tasks)
}
