package task

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/keep"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/residency"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Completion rules (spec 000 §5): a comment is always required; a record
// whose window has closed needs the reason it was done late, and the reason
// OTHER needs a remark ("Remark is required"). A record is completed once:
// the second completion (a double tap, a second device, a colleague at the
// same moment) changes nothing and answers who completed it and when.
var (
	ErrRecordOrTask       = problem.Invalid("recordId", "required", "task.recordOrTask", nil)
	ErrLateReasonRequired = problem.Invalid("lateReason", "required", "task.lateReasonRequired", nil)
	ErrRemarkRequired     = problem.Invalid("remark", "required", "task.remarkRequired", nil)
	ErrCleared            = problem.New(shared.CodeConflict, "task.cleared")
	ErrNotYetDue          = problem.New(shared.CodeConflict, "task.notYetDue")
	ErrNotAsNeeded        = problem.Invalid("taskId", "asNeeded", "task.notAsNeeded", nil)
	ErrStopped            = problem.New(shared.CodeConflict, "task.stopped")
	ErrNotToday           = problem.New(shared.CodeConflict, "task.notToday")
	ErrNotCompleted       = problem.New(shared.CodeConflict, "task.notCompleted")
	ErrNotCompleter       = problem.New(shared.CodeForbidden, "task.notCompleter")
	ErrCorrectionClosed   = problem.New(shared.CodeConflict, "task.correctionClosed")
	ErrDayRange           = problem.Invalid("day", "range", "task.dayRange", nil)
)

// earlyCompletion: a record may be completed from this long before its window
// opens (the other half of the ±1 hour pass window of shared.TaskTimeGraceMinutes).
const earlyCompletion = shared.TaskTimeGraceMinutes * time.Minute

var lateReasons = []shared.LateReason{shared.LateResidentRefused, shared.LateResidentAway, shared.LateResidentAsleep, shared.LateOther}

// overdue: PENDING with its window closed, or EXPIRED. A window is [dueStart, dueEnd).
func (r *recordRow) overdue(now int64) bool {
	return r.Status == shared.RecordExpired || (r.Status == shared.RecordPending && now >= r.DueEnd)
}

// changes says when r, pending, turns overdue with no write (keep.ChangesAt).
func (r *recordRow) changes(ctx context.Context) {
	if r.Status == shared.RecordPending {
		keep.ChangesAtMillis(ctx, r.DueEnd)
	}
}

func (r *recordRow) toRecord(now int64) shared.TaskRecord {
	out := shared.TaskRecord{RecordID: r.ID, TaskID: r.TaskID, ResidentID: r.ResidentID.String, ResidentRoom: r.ResidentRoom.String,
		CaregiverID: r.CaregiverID.String, CaregiverName: r.CaregiverName.String, CaregiverColor: r.CaregiverColor.String,
		Title: r.Title, Content: r.Content, Type: r.Type, Area: r.Area, Category: r.Category, TimeSession: r.TimeSession,
		TimeOfDay: r.TimeOfDay, Day: r.Day, DueStart: r.DueStart, DueEnd: r.DueEnd, Status: r.Status, Overdue: r.overdue(now),
		CompletedBy: r.CompletedBy.String, CompletedByName: r.CompletedByName.String, CompletedAt: r.CompletedAt.Int64,
		Comment: r.Comment, Late: r.Late, LateReason: r.LateReason, Remark: r.Remark, ClearedByName: r.ClearedByName.String,
		ClearedAt: r.ClearedAt.Int64, ClearReason: r.ClearReason}
	if r.ResidentFirst.Valid {
		out.ResidentName = r.ResidentFirst.String + " " + r.ResidentLast.String
	}
	return out
}

// carryOpen makes f, a filter of today alone, also take the day before's
// records whose window is still open at now. A session that crosses
// midnight (NIGHT 21:00–06:00, MIDNIGHT 23:00–01:00) or a time of day late
// in the evening belongs to the day it began; after midnight it is still the
// night caregiver's work, due now, until its window closes and it is
// overdue (the Expired tab).
func (f recordFilter) carryOpen(today time.Time, now time.Time) recordFilter {
	f.from, f.openAt = formatDate(today.AddDate(0, 0, -1)), now.UnixMilli()
	return f
}

// carried: r is a record of the day before that a carryOpen filter took.
func (f recordFilter) carried(r *recordRow) bool {
	return f.openAt != 0 && r.Day == f.from
}

// residentOf checks that residentID ("" = none) is a resident of the caller's facility.
func (s *Service) residentOf(ctx context.Context, q db.Querier, tenantID, residentID string) (*residentRef, error) {
	if residentID == "" {
		return nil, nil
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

// Today is listTodayTask: a facility day's occurrences (today unless req.Day
// names another, up to TaskFutureDays ahead or CalendarRangeDays back), by
// due time then resident, with the anytime tasks that can be logged and the
// day's figures. "Overdue" is worked out from the clock, never from whether
// the expiry job has run.
func (s *Service) Today(ctx context.Context, p *auth.Principal, req shared.TodayTaskRequest) (*web.Answer[*shared.TodayTasks], error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	residentID := strings.TrimSpace(req.ResidentID)
	if _, err := s.residentOf(ctx, s.db, p.TenantID, residentID); err != nil {
		return nil, err
	}
	now := s.now()
	mine := ""
	if req.Mine {
		mine = p.UserID // her own tasks; otherwise the day is the same for every member of the facility
	}
	parts := []string{"today", p.RoleKey(), req.Day, residentID, string(req.Category), mine}
	return s.keptToday.Serve(ctx, s.db, p.TenantID, now, parts, web.AnswerOf(func(ctx context.Context) (*shared.TodayTasks, error) {
		return s.today(ctx, p, req, residentID, now)
	}))
}

// today makes Today's answer at now, saying when each pending occurrence
// turns overdue (keep.ChangesAt).
func (s *Service) today(ctx context.Context, p *auth.Principal, req shared.TodayTaskRequest, residentID string, now time.Time) (*shared.TodayTasks, error) {
	f, err := s.facilityOf(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	today := civil(now, f.loc)
	day := today
	if req.Day != "" {
		d, ok := parseDate(req.Day)
		if !ok {
			return nil, problem.Invalid("day", "pattern", "task.date", nil)
		}
		if d.After(horizon(today)) || d.Before(today.AddDate(0, 0, -shared.CalendarRangeDays)) {
			return nil, ErrDayRange.With(map[string]any{"future": shared.TaskFutureDays, "past": shared.CalendarRangeDays})
		}
		day = d
	}
	rf := recordFilter{tenantID: p.TenantID, residentID: residentID, from: formatDate(day), to: formatDate(day), category: req.Category}
	if req.Mine {
		rf.mine = p.UserID
	}
	if day.Equal(today) {
		rf = rf.carryOpen(today, now)
	}
	rows, err := s.unnamedRecords(ctx, rf)
	if err != nil {
		return nil, err
	}
	// The plan beyond a task's horizon (the horizon job has not reached this
	// day yet) and the anytime tasks, in one statement, and the names both
	// show in one more.
	withAnytime := req.Category == "" || req.Category == shared.CategoryOnGoing
	from, projected := projectionDays(day, day, f, now)
	tf := taskFilter{tenantID: p.TenantID, residentID: residentID, runStatus: shared.RunNormal}
	switch {
	case projected:
		tf.behind, tf.orAnytime = formatDate(day), withAnytime
	case withAnytime:
		tf.frequency = shared.FrequencyAnytime
	}
	var tasks []taskRow
	if projected || withAnytime {
		if tasks, err = s.store.AllUnnamedTasks(ctx, s.db, tf); err != nil {
			return nil, err
		}
	}
	if err := withNames(ctx, s.db, rows, tasks); err != nil {
		return nil, db.Wrap("task: today", err)
	}
	var behind, anytime []taskRow
	for _, t := range tasks {
		if t.Frequency == shared.FrequencyAnytime {
			anytime = append(anytime, t)
		} else {
			behind = append(behind, t)
		}
	}
	if projected {
		for _, r := range projectionsOf(behind, from, day, f, now) {
			if (req.Category == "" || r.Category == req.Category) && (!req.Mine || !r.CaregiverID.Valid || r.CaregiverID.String == p.UserID) {
				rows = append(rows, r)
			}
		}
	}
	sortRecords(rows)
	ms := now.UnixMilli()
	out := &shared.TodayTasks{Day: formatDate(day), Records: make([]shared.TaskRecord, 0, len(rows)), AsNeeded: []shared.Task{}}
	for i := range rows {
		rec := rows[i].toRecord(ms)
		rows[i].changes(ctx)
		if rf.carried(&rows[i]) {
			keep.ChangesAtMillis(ctx, rows[i].DueEnd) // done or not, it leaves today's list when its window closes
		}
		out.Records = append(out.Records, rec)
		switch {
		case rec.Status == shared.RecordCompleted:
			out.Completed++
		case rec.Overdue:
			out.Expired++
		}
	}
	out.Total = len(out.Records)
	if withAnytime {
		for i := range anytime {
			t := &anytime[i]
			if !activeOn(t, day) || (req.Mine && t.CaregiverID.Valid && t.CaregiverID.String != p.UserID) {
				continue
			}
			out.AsNeeded = append(out.AsNeeded, s.toTask(t, nil))
		}
	}
	return out, nil
}

// activeOn: an anytime task of a resident who lives here, within its start and end dates.
func activeOn(t *taskRow, day time.Time) bool {
	if t.ResidentID.Valid && !activeStatus(shared.ResidentStatus(t.ResidentStatus.String)) {
		return false
	}
	d := formatDate(day)
	return t.StartDate <= d && (t.EndDate == "" || d <= t.EndDate)
}

// sortRecords orders records by due time, then by resident's last and first
// name and title run together; ties keep their order.
func sortRecords(rows []recordRow) {
	sortRows(rows, true, func(a, b *recordRow) int {
		if a.DueStart != b.DueStart {
			if a.DueStart < b.DueStart {
				return -1
			}
			return 1
		}
		return compareJoined([3]string{a.ResidentLast.String, a.ResidentFirst.String, a.Title},
			[3]string{b.ResidentLast.String, b.ResidentFirst.String, b.Title})
	})
}

// sortRows sorts rows by cmp (stable: ties keep their order) comparing
// pointers and moving each row once: a record is some 600 bytes, and sorting
// the rows themselves copies two of them into every comparison and more
// with every swap.
func sortRows(rows []recordRow, stable bool, cmp func(a, b *recordRow) int) {
	order := make([]int, len(rows))
	for i := range order {
		order[i] = i
	}
	by := func(a, b int) int { return cmp(&rows[a], &rows[b]) }
	if stable {
		slices.SortStableFunc(order, by)
	} else {
		slices.SortFunc(order, by)
	}
	// order[i] is the row that goes to i: follow each cycle once.
	for i := range order {
		if order[i] < 0 {
			continue
		}
		held, j := rows[i], i
		for {
			k := order[j]
			order[j] = -1
			if k == i {
				rows[j] = held
				break
			}
			rows[j], j = rows[k], k
		}
	}
}

// compareJoined is strings.Compare(a[0]+a[1]+a[2], b[0]+b[1]+b[2]) without
// making the joined strings (a sort compares each record several times).
func compareJoined(a, b [3]string) int {
	ai, bi := 0, 0
	as, bs := a[0], b[0]
	for {
		for as == "" && ai < len(a)-1 {
			ai++
			as = a[ai]
		}
		for bs == "" && bi < len(b)-1 {
			bi++
			bs = b[bi]
		}
		switch {
		case as == "" && bs == "":
			return 0
		case as == "":
			return -1
		case bs == "":
			return 1
		}
		n := min(len(as), len(bs))
		if c := strings.Compare(as[:n], bs[:n]); c != 0 {
			return c
		}
		as, bs = as[n:], bs[n:]
	}
}

// Complete is completeTask: a scheduled occurrence (recordId) or an anytime
// task logged now (taskId). Every facility role completes facility and
// resident tasks of its facility, assigned to them or not.
func (s *Service) Complete(ctx context.Context, p *auth.Principal, req shared.CompleteTaskRequest) (*shared.TaskRecord, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	comment, err := problem.Text("comment", req.Comment, true, shared.TaskCommentMax)
	if err != nil {
		return nil, err
	}
	remark, err := problem.Text("remark", req.Remark, false, shared.TaskCommentMax)
	if err != nil {
		return nil, err
	}
	if req.LateReason != "" && !slices.Contains(lateReasons, req.LateReason) {
		return nil, problem.Invalid("lateReason", "enum", "validation.enum", map[string]any{"values": enumValues(lateReasons)})
	}
	recordID, taskID := strings.TrimSpace(req.RecordID), strings.TrimSpace(req.TaskID)
	if (recordID == "") == (taskID == "") {
		return nil, ErrRecordOrTask
	}
	if taskID != "" {
		return s.logAnytime(ctx, p, taskID, comment, remark, req.Readings)
	}
	already := false
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		r, err := s.store.GetRecord(ctx, tx, p.TenantID, recordID)
		if errors.Is(err, db.ErrNotFound) {
			return problem.NotFound
		}
		if err != nil {
			return err
		}
		switch r.Status {
		case shared.RecordCompleted:
			already = true
			return nil
		case shared.RecordCleared:
			return ErrCleared.With(map[string]any{"name": r.ClearedByName.String})
		}
		now := s.now()
		ms := now.UnixMilli()
		if ms < r.DueStart-earlyCompletion.Milliseconds() {
			return ErrNotYetDue.With(map[string]any{"minutes": shared.TaskTimeGraceMinutes})
		}
		c := completion{by: p.UserID, at: ms, comment: comment, remark: remark}
		if r.overdue(ms) {
			if req.LateReason == "" {
				return ErrLateReasonRequired
			}
			if req.LateReason == shared.LateOther && remark == "" {
				return ErrRemarkRequired
			}
			c.late, c.lateReason = true, req.LateReason
		}
		ok, err := s.store.Complete(ctx, tx, p.TenantID, r.ID, c)
		if err != nil {
			return err
		}
		if !ok { // someone else was first (PostgreSQL: their transaction committed while ours waited)
			again, err := s.store.GetRecord(ctx, tx, p.TenantID, recordID)
			if errors.Is(err, db.ErrNotFound) {
				return problem.Conflict
			}
			if err != nil {
				return err
			}
			if again.Status == shared.RecordCompleted {
				already = true
				return nil
			}
			if again.Status == shared.RecordCleared {
				return ErrCleared.With(map[string]any{"name": again.ClearedByName.String})
			}
			return problem.Conflict
		}
		if err := s.chartCompletion(ctx, tx, p.TenantID, p.UserID, r, ms, req.Readings); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "task.complete", Entity: "task_record",
			EntityID: r.ID, Before: map[string]any{"status": r.Status},
			After: map[string]any{"status": shared.RecordCompleted, "comment": comment, "late": c.late, "lateReason": c.lateReason, "remark": remark}})
	})
	if err != nil {
		return nil, err
	}
	out, err := s.Record(ctx, p, recordID)
	if err != nil {
		return nil, err
	}
	out.AlreadyCompleted = already
	return out, nil
}

// logAnytime records an anytime (as-needed) task as done now: a completed record at once.
func (s *Service) logAnytime(ctx context.Context, p *auth.Principal, taskID, comment, remark string, readings []shared.HealthReadingInput) (*shared.TaskRecord, error) {
	var id string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		t, err := s.store.GetTask(ctx, tx, p.TenantID, taskID)
		if errors.Is(err, db.ErrNotFound) {
			return problem.NotFound
		}
		if err != nil {
			return err
		}
		if t.Frequency != shared.FrequencyAnytime {
			return ErrNotAsNeeded
		}
		if t.RunStatus == shared.RunStopped {
			return ErrStopped
		}
		if t.ResidentID.Valid && !activeStatus(shared.ResidentStatus(t.ResidentStatus.String)) {
			return ErrResidentLeft.With(map[string]any{"name": t.residentName()})
		}
		f, err := s.facilityOf(ctx, tx, p.TenantID)
		if err != nil {
			return err
		}
		now := s.now()
		today := civil(now, f.loc)
		if !activeOn(t, today) {
			return ErrNotToday
		}
		ms := now.UnixMilli()
		r := recordOf(t, window{day: today, start: now, end: now}, uuid.Must(uuid.NewV7()).String(), ms)
		r.CompletedBy, r.CompletedAt, r.Comment, r.Remark = db.NullString(p.UserID), sql.NullInt64{Int64: ms, Valid: true}, comment, remark
		if err := s.store.InsertCompleted(ctx, tx, &r); err != nil {
			if db.IsUniqueViolation(err) { // logged twice in the same millisecond: once is enough
				return problem.Conflict
			}
			return err
		}
		id = r.ID
		if err := s.chartCompletion(ctx, tx, p.TenantID, p.UserID, &r, ms, readings); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "task.complete", Entity: "task_record",
			EntityID: r.ID, After: map[string]any{"status": shared.RecordCompleted, "taskId": t.ID, "comment": comment, "remark": remark}})
	})
	if err != nil {
		return nil, err
	}
	return s.Record(ctx, p, id)
}

// UpdateRecord is updateTaskRecord: who completed a record corrects its
// comment or remark within TaskRecordUpdateHours; nobody else, and never later.
func (s *Service) UpdateRecord(ctx context.Context, p *auth.Principal, req shared.UpdateTaskRecordRequest) (*shared.TaskRecord, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	comment, err := problem.Text("comment", req.Comment, true, shared.TaskCommentMax)
	if err != nil {
		return nil, err
	}
	remark, err := problem.Text("remark", req.Remark, false, shared.TaskCommentMax)
	if err != nil {
		return nil, err
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		r, err := s.store.GetRecord(ctx, tx, p.TenantID, req.RecordID)
		if errors.Is(err, db.ErrNotFound) {
			return problem.NotFound
		}
		if err != nil {
			return err
		}
		if r.Status != shared.RecordCompleted {
			return ErrNotCompleted
		}
		if r.CompletedBy.String != p.UserID {
			return ErrNotCompleter
		}
		now := s.now().UnixMilli()
		if now-r.CompletedAt.Int64 > int64(shared.TaskRecordUpdateHours)*time.Hour.Milliseconds() {
			return ErrCorrectionClosed.With(map[string]any{"hours": shared.TaskRecordUpdateHours})
		}
		if r.LateReason == shared.LateOther && remark == "" {
			return ErrRemarkRequired
		}
		ok, err := s.store.Correct(ctx, tx, p.TenantID, r.ID, p.UserID, comment, remark, now)
		if err != nil {
			return err
		}
		if !ok {
			return problem.Conflict
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "task.correct", Entity: "task_record",
			EntityID: r.ID, Before: map[string]any{"comment": r.Comment, "remark": r.Remark},
			After: map[string]any{"comment": comment, "remark": remark}})
	})
	if err != nil {
		return nil, err
	}
	return s.Record(ctx, p, req.RecordID)
}

// Record is getTaskRecord: one record of the facility.
func (s *Service) Record(ctx context.Context, p *auth.Principal, id string) (*shared.TaskRecord, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	r, err := s.store.GetRecord(ctx, s.db, p.TenantID, id)
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	out := r.toRecord(s.now().UnixMilli())
	return &out, nil
}

// Expired is listExpiredTasks: the facility's expired and overdue records (of
// residents who live here, and facility tasks), optionally one resident's or
// one group's, most recent first.
func (s *Service) Expired(ctx context.Context, p *auth.Principal, req shared.PageRequest[shared.ExpiredTaskFilter]) (*web.Answer[*shared.Page[shared.TaskRecord]], error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	residentID := strings.TrimSpace(req.Data.ResidentID)
	if _, err := s.residentOf(ctx, s.db, p.TenantID, residentID); err != nil {
		return nil, err
	}
	if k := req.Data.Kind; k != "" && k != shared.ExpiredCarePlan && k != shared.ExpiredRecord && k != shared.ExpiredMedication {
		return nil, problem.Invalid("data.kind", "enum", "validation.enum", map[string]any{"values": "CARE_PLAN, RECORD, MEDICATION"})
	}
	page, size, offset := shared.Window(req.Current, req.Size)
	at := s.now()
	parts := []string{"expired", p.RoleKey(), residentID, string(req.Data.Kind), strconv.Itoa(page), strconv.Itoa(size)}
	return s.keptExpired.Serve(ctx, s.db, p.TenantID, at, parts, web.AnswerOf(func(ctx context.Context) (*shared.Page[shared.TaskRecord], error) {
		now := at.UnixMilli()
		rows, total, err := s.store.Expired(ctx, s.db, expiredFilter{tenantID: p.TenantID, residentID: residentID, kind: req.Data.Kind}, now, false, size, offset)
		if err != nil {
			return nil, err
		}
		// The list grows as the next open window of any day closes.
		next, err := s.store.NextDueEnd(ctx, s.db, p.TenantID, now)
		if err != nil {
			return nil, err
		}
		keep.ChangesAtMillis(ctx, next)
		return shared.PageOf(page, size, total, rows, func(r *recordRow) shared.TaskRecord { return r.toRecord(now) }), nil
	}))
}

// CountExpired is countExpiredTasks and the sidebar's expiredTasksCount: the
// facility's expired and overdue records (a caregiver's count is the
// facility's: any caregiver on shift can do them). 0 without a facility.
func (s *Service) CountExpired(ctx context.Context, p *auth.Principal) (int, error) {
	if p == nil || p.TenantID == "" {
		return 0, nil
	}
	now := s.now().UnixMilli()
	n, err := s.store.CountExpired(ctx, s.db, expiredFilter{tenantID: p.TenantID}, now)
	if err != nil || !keep.Tracking(ctx) {
		return n, err
	}
	// It grows as the next open window of any day closes (a kept card or sidebar is made again then).
	next, err := s.store.NextDueEnd(ctx, s.db, p.TenantID, now)
	keep.ChangesAtMillis(ctx, next)
	return n, err
}

// ResidentExpired is listResidentExpiredData: a resident's expired and
// overdue records by group, and the records, oldest first.
func (s *Service) ResidentExpired(ctx context.Context, p *auth.Principal, residentID string) (*shared.ResidentExpiredData, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	if _, err := s.residentOf(ctx, s.db, p.TenantID, residentID); err != nil {
		return nil, err
	}
	now := s.now().UnixMilli()
	out := &shared.ResidentExpiredData{ResidentID: residentID, Records: []shared.TaskRecord{}}
	for kind, n := range map[shared.ExpiredKind]*int{shared.ExpiredCarePlan: &out.CarePlanCount, shared.ExpiredRecord: &out.RecordCount,
		shared.ExpiredMedication: &out.MedicationCount} {
		c, err := s.store.CountExpired(ctx, s.db, expiredFilter{tenantID: p.TenantID, residentID: residentID, kind: kind}, now)
		if err != nil {
			return nil, err
		}
		*n = c
	}
	rows, _, err := s.store.Expired(ctx, s.db, expiredFilter{tenantID: p.TenantID, residentID: residentID}, now, true, shared.MaxOptionSize, 0)
	if err != nil {
		return nil, err
	}
	for i := range rows {
		out.Records = append(out.Records, rows[i].toRecord(now))
	}
	return out, nil
}

// Clear is clearCarePlanExpiredData, clearRecordExpiredData,
// clearMedicationExpiredData and (kind "") clearAllExpiredTask: a resident's
// expired and overdue records of that group become CLEARED with who, when and
// why. Nothing is deleted; one audit row names every record cleared.
func (s *Service) Clear(ctx context.Context, p *auth.Principal, q shared.ClearExpiredQuery, kind shared.ExpiredKind) (*shared.ClearExpiredResult, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	reason, err := problem.Text("reason", q.Reason, true, shared.TaskCommentMax)
	if err != nil {
		return nil, err
	}
	if _, err := s.residentOf(ctx, s.db, p.TenantID, q.ResidentID); err != nil {
		return nil, err
	}
	out := &shared.ClearExpiredResult{}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		ids, err := s.store.Clear(ctx, tx, p.TenantID, q.ResidentID, kind, p.UserID, reason, s.now().UnixMilli())
		if err != nil {
			return err
		}
		out.Cleared = len(ids)
		if len(ids) == 0 {
			return nil
		}
		group := string(kind)
		if group == "" {
			group = "ALL"
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "task.clearExpired", Entity: "resident",
			EntityID: q.ResidentID, After: map[string]any{"kind": group, "reason": reason, "recordIds": ids, "status": shared.RecordCleared}})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
