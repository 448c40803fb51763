// Package incident keeps a facility's incident reports (spec 000 §2 /incident
// and /incident-management, §3 "Incident report", §4 incident states, §6;
// spec 001 §7.9, §8 7007). A caregiver writes a draft and submits it; the
// facility's owners and admins are notified, tick the reporting duties the law
// sets (duties.go), read the AI analyses (analysis.go) and approve. A
// completed report is read-only for ever. Every change is audited and kept in
// the report's timeline.
package incident

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/jobs"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/param"
	"hearth/cloud/platform/people"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/shell"
	"hearth/cloud/platform/wire"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// Problems of this package (messages in messages/*.json).
var (
	ErrChanged      = problem.New(shared.CodeConflict, "incident.changed")
	ErrCompleted    = problem.New(shared.CodeForbidden, "incident.completed")
	ErrNotDraft     = problem.New(shared.CodeConflict, "incident.notDraft")
	ErrNotPending   = problem.New(shared.CodeConflict, "incident.notPending")
	ErrSubmitted    = problem.New(shared.CodeForbidden, "incident.submittedLocked")
	ErrNotAuthor    = problem.New(shared.CodeForbidden, "incident.notAuthor")
	ErrMaxIncidents = problem.New(shared.CodeMaxIncidentReports, "incident.maxReports")
)

// Notifier tells people something in the caller's transaction (notification.Service).
type Notifier interface {
	Notify(ctx context.Context, tx *db.Tx, tenantID string, userIDs []string, d shared.NotificationDraft) error
}

// Files attaches uploads to a record and lists them (file.Service).
type Files interface {
	Attach(ctx context.Context, q db.Querier, p *auth.Principal, category shared.FileCategory, ids []string) error
	Items(ctx context.Context, ids []string) ([]shared.FileItem, error)
}

// FileCategory is the category incident photos and documents are uploaded with.
const FileCategory = shared.FileOther

// Service is the incident reports service.
type Service struct {
	db    *db.DB
	store Store
	log   *slog.Logger
	now   func() time.Time
	pkgs  Packages // the home's package: reports a month (0 = unlimited)

	notify   Notifier
	files    Files
	announce jobs.Announce
	analyzer Analyzer
	queue    *jobs.Queue
	chat     Chat          // Hearth's chat (chat.go)
	params   *param.Params // the export limit (report.printMaxRecords)
}

// Packages answer a home's limits from its current service package
// (cloud/feature/svcpkg): 7001 when it has none.
type Packages interface {
	Limits(ctx context.Context, q db.Querier, tenantID string) (shared.PackageLimits, error)
}

// Deps are the incident service's collaborators, all required but Log and
// Now (slog.Default, time.Now): New refuses a Deps with one missing.
type Deps struct {
	DB *db.DB
	// Packages give the home's limit of reports written in its calendar month (7007).
	Packages Packages
	Notify   Notifier      // owners and admins told of a submitted report
	Files    Files         // the report's photos and documents
	Announce jobs.Announce // the business event of a completed report's care plan changes
	// Analyzer is the AI service (AI analyses, analysis.go); Queue the job queue
	// the preliminary analysis runs on (New registers its worker there).
	Analyzer Analyzer
	Queue    *jobs.Queue
	Chat     Chat // Hearth's chat: a report for review (chat.go)
	// Params are the run-time parameters: the export's limit (report.printMaxRecords).
	Params *param.Params
	Log    *slog.Logger
	Now    func() time.Time
}

// New makes the service and registers the preliminary analysis job on
// d.Queue, or names the collaborators d lacks.
func New(d Deps) (*Service, error) {
	if err := wire.Check("incident", d, "Log", "Now"); err != nil {
		return nil, err
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	s := &Service{db: d.DB, pkgs: d.Packages, log: d.Log, now: d.Now, notify: d.Notify, files: d.Files,
		announce: d.Announce, analyzer: d.Analyzer, queue: d.Queue, chat: d.Chat, params: d.Params}
	jobs.Register(d.Queue, &analysisWorker{s: s})
	return s, nil
}

func isManager(p *auth.Principal) bool { return p.Has(shared.FacilityManagers...) }

// visible reports whether p may see r: its author always; owners and admins
// every submitted report.
func visible(p *auth.Principal, r *row) bool {
	return r.AuthorID == p.UserID || (isManager(p) && r.State != shared.IncidentDraft)
}

// load is a report p may see, or 4004.
func (s *Service) load(ctx context.Context, q db.Querier, p *auth.Principal, id string) (*row, error) {
	r, err := s.store.Get(ctx, q, p.TenantID, strings.TrimSpace(id))
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	if !visible(p, r) {
		return nil, problem.NotFound
	}
	return r, nil
}

func editable(p *auth.Principal, r *row) bool {
	switch r.State {
	case shared.IncidentDraft:
		return r.AuthorID == p.UserID
	case shared.IncidentPendingReview:
		return isManager(p)
	}
	return false
}

// to is the answer for p; full adds the files (lists leave them out).
func (s *Service) to(ctx context.Context, p *auth.Principal, r *row, full bool) (shared.IncidentReport, error) {
	now := s.now().UnixMilli()
	duties := slices.Clone(r.Duties)
	if r.State == shared.IncidentDraft {
		due := r.Body.dueBase(r, now)
		duties = computeDuties(r.Type, r.Body, due, nil)
		markNotified(duties, r.Body.Notifications)
	}
	od := 0
	if r.State != shared.IncidentCompleted {
		od = overdue(duties, now)
	}
	out := shared.IncidentReport{IncidentID: r.ID, Group: r.Group, Type: r.Type, ResidentID: r.ResidentID, ResidentName: r.ResidentName,
		OccurredAt: r.OccurredAt, DiscoveredAt: r.DiscoveredAt, Location: r.Body.Location, Narrative: r.Body.Narrative,
		Injuries: r.Body.Injuries, BodyLocations: nonNil(r.Body.BodyLocations), ImmediateActions: r.Body.ImmediateActions,
		Notifications: nonNil(r.Body.Notifications), Witnesses: r.Body.Witnesses, StaffInvolvedIDs: nonNil(r.Body.StaffInvolvedIDs),
		FileIDs: nonNil(r.Body.FileIDs), Files: []shared.FileItem{}, ReviewerID: r.ReviewerID, ReviewerName: r.ReviewerName,
		SexualAssault: r.Body.SexualAssault, PhysicalAssault: r.Body.PhysicalAssault, State: r.State, AuthorID: r.AuthorID,
		AuthorName: r.AuthorName, CreatedAt: r.CreatedAt, SubmittedAt: r.SubmittedAt, CompletedAt: r.CompletedAt, Version: r.Version,
		Duties: nonNil(duties), Analyses: nonNil(r.Analyses), Timeline: nonNil(r.Timeline), OverdueDuties: od,
		Editable: editable(p, r), AnalysisRunning: r.AnalysisPending}
	if full && len(r.Body.FileIDs) > 0 {
		items, err := s.files.Items(ctx, r.Body.FileIDs)
		if err != nil {
			return out, err
		}
		out.Files = nonNil(items)
	}
	return out, nil
}

// dueBase is when "immediately" runs from: discovery, else submission, else now.
func (b body) dueBase(r *row, now int64) int64 {
	switch {
	case r.DiscoveredAt > 0:
		return r.DiscoveredAt
	case r.SubmittedAt > 0:
		return r.SubmittedAt
	}
	return now
}

// input checks a draft's fields (bounds, the resident, the staff) into r.
func (s *Service) input(ctx context.Context, q db.Querier, p *auth.Principal, in shared.SaveIncidentDraftRequest, r *row) error {
	r.Type = in.Type
	r.Group = in.Type.GroupOf()
	if r.Group == "" {
		return problem.Invalid("type", "required", "incident.typeRequired", nil)
	}
	now := s.now().UnixMilli()
	for _, t := range []struct {
		field string
		v     int64
	}{{"occurredAt", in.OccurredAt}, {"discoveredAt", in.DiscoveredAt}} {
		if t.v < 0 || t.v > now+2*60*1000 {
			return problem.Invalid(t.field, "notFuture", "incident.future", nil)
		}
	}
	if in.OccurredAt > 0 && in.DiscoveredAt > 0 && in.OccurredAt > in.DiscoveredAt {
		return problem.Invalid("discoveredAt", "order", "incident.discoveredBeforeOccurred", nil)
	}
	r.OccurredAt, r.DiscoveredAt = in.OccurredAt, in.DiscoveredAt
	var b body
	var err error
	for _, f := range []struct {
		name string
		in   string
		out  *string
		max  int
	}{
		{"location", in.Location, &b.Location, shared.TitleMax}, {"narrative", in.Narrative, &b.Narrative, shared.LongDetailsMax},
		{"injuries", in.Injuries, &b.Injuries, shared.DetailsMax}, {"immediateActions", in.ImmediateActions, &b.ImmediateActions, shared.DetailsMax},
		{"witnesses", in.Witnesses, &b.Witnesses, shared.SubDetailsMax},
	} {
		if *f.out, err = problem.Text(f.name, f.in, false, f.max); err != nil {
			return err
		}
	}
	if len(in.BodyLocations) > shared.IncidentBodyLocationsMax {
		return problem.Invalid("bodyLocations", "maxItems", "validation.maxItems", map[string]any{"max": shared.IncidentBodyLocationsMax})
	}
	for _, l := range in.BodyLocations {
		v, err := problem.Text("bodyLocations", l, false, shared.ShortTextMax)
		if err != nil {
			return err
		}
		if v != "" && !slices.Contains(b.BodyLocations, v) {
			b.BodyLocations = append(b.BodyLocations, v)
		}
	}
	if len(in.Notifications) > shared.IncidentNotificationsMax {
		return problem.Invalid("notifications", "maxItems", "validation.maxItems", map[string]any{"max": shared.IncidentNotificationsMax})
	}
	for _, n := range in.Notifications {
		if _, ok := partyName[n.Party]; !ok {
			return problem.Invalid("notifications", "enum", "incident.partyRequired", nil)
		}
		if n.NotifiedAt <= 0 || n.NotifiedAt > now+2*60*1000 {
			return problem.Invalid("notifications", "notFuture", "incident.notifiedAt", nil)
		}
		if n.By, err = problem.Text("notifications", n.By, false, shared.ShortTextMax); err != nil {
			return err
		}
		if n.Note, err = problem.Text("notifications", n.Note, false, shared.SubDetailsMax); err != nil {
			return err
		}
		b.Notifications = append(b.Notifications, n)
	}
	if len(in.StaffInvolvedIDs) > shared.IncidentStaffMax {
		return problem.Invalid("staffInvolvedIds", "maxItems", "validation.maxItems", map[string]any{"max": shared.IncidentStaffMax})
	}
	for _, id := range in.StaffInvolvedIDs {
		if id = strings.TrimSpace(id); id != "" && !slices.Contains(b.StaffInvolvedIDs, id) {
			b.StaffInvolvedIDs = append(b.StaffInvolvedIDs, id)
		}
	}
	if ok, err := s.store.StaffOK(ctx, q, p.TenantID, b.StaffInvolvedIDs); err != nil || !ok {
		if err != nil {
			return err
		}
		return problem.Invalid("staffInvolvedIds", "ofFacility", "incident.staffUnknown", nil)
	}
	if len(in.FileIDs) > shared.IncidentFilesMax {
		return problem.Invalid("fileIds", "maxItems", "validation.maxItems", map[string]any{"max": shared.IncidentFilesMax})
	}
	var added []string
	for _, id := range in.FileIDs {
		if id = strings.TrimSpace(id); id != "" && !slices.Contains(b.FileIDs, id) {
			b.FileIDs = append(b.FileIDs, id)
			if !slices.Contains(r.Body.FileIDs, id) {
				added = append(added, id)
			}
		}
	}
	if len(added) > 0 {
		// Files new to the report must be the caller's uploads (file.Service.Attach confirms them).
		if err := s.files.Attach(ctx, q, p, FileCategory, added); err != nil {
			return err
		}
	}
	b.SexualAssault, b.PhysicalAssault = in.SexualAssault, in.PhysicalAssault
	r.ResidentID, r.ResidentName = "", ""
	if r.Group == shared.IncidentGroupResident {
		if id := strings.TrimSpace(in.ResidentID); id != "" {
			name, moveIn, ok, err := s.store.Resident(ctx, q, p.TenantID, id)
			if err != nil {
				return err
			}
			if !ok {
				return problem.Invalid("residentId", "ofFacility", "incident.residentUnknown", nil)
			}
			if err := notBeforeMoveIn(ctx, q, p.TenantID, moveIn, in); err != nil {
				return err
			}
			r.ResidentID, r.ResidentName = id, name
		}
	}
	r.Body = b
	return nil
}

// notBeforeMoveIn refuses a resident's incident that happened, or was
// discovered, before the day the resident moved in: it did not happen here.
func notBeforeMoveIn(ctx context.Context, q db.Querier, tenantID, moveIn string, in shared.SaveIncidentDraftRequest) error {
	if moveIn == "" || (in.OccurredAt == 0 && in.DiscoveredAt == 0) {
		return nil
	}
	loc, _, err := zone.Facility(ctx, q, tenantID)
	if err != nil {
		return err
	}
	if shared.BeforeMoveIn(in.OccurredAt, moveIn, loc) {
		return problem.BeforeMoveIn("occurredAt", moveIn)
	}
	if shared.BeforeMoveIn(in.DiscoveredAt, moveIn, loc) {
		return problem.BeforeMoveIn("discoveredAt", moveIn)
	}
	return nil
}

// checkLimit refuses a new report past the package's monthly limit (spec 001
// §8 7007; 0 = unlimited), counted in the facility's calendar month; 7001
// when the home has no package.
func (s *Service) checkLimit(ctx context.Context, q db.Querier, p *auth.Principal) error {
	l, err := s.pkgs.Limits(ctx, q, p.TenantID)
	if err != nil {
		return fmt.Errorf("incident: the package's limits: %w", err)
	}
	limit := l.MaxIncidentReports
	if limit <= 0 {
		return nil
	}
	loc, _, err := zone.Facility(ctx, q, p.TenantID)
	if err != nil {
		return err
	}
	now := s.now().In(loc)
	from := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, loc)
	n, err := s.store.CountCreated(ctx, q, p.TenantID, from.UnixMilli(), from.AddDate(0, 1, 0).UnixMilli())
	if err != nil {
		return err
	}
	if n >= limit {
		return ErrMaxIncidents.With(map[string]any{"max": limit}).WithData(map[string]any{"max": limit})
	}
	return nil
}

func (s *Service) who(ctx context.Context, q db.Querier, p *auth.Principal) (string, error) {
	name, err := people.Name(ctx, q, p.UserID)
	if err != nil {
		return "", fmt.Errorf("incident: who: %w", err)
	}
	return name, nil
}

// step appends a timeline entry.
func step(r *row, at int64, who string, a shared.IncidentTimelineAction, detail string) {
	r.Timeline = append(r.Timeline, shared.IncidentTimelineEntry{At: at, Who: who, Action: a, Detail: detail})
}

// write runs fn on the report in a transaction, saves it at its version and
// audits the change; fn may refuse.
func (s *Service) write(ctx context.Context, p *auth.Principal, id string, version int, action string,
	fn func(tx *db.Tx, r *row, who string, now int64) error, after func(tx *db.Tx, r *row) error) (*shared.IncidentReport, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	var out *row
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		r, err := s.load(ctx, tx, p, id)
		if err != nil {
			return err
		}
		if r.State == shared.IncidentCompleted {
			return ErrCompleted
		}
		if version != 0 && version != r.Version {
			return ErrChanged
		}
		before := *r
		who, err := s.who(ctx, tx, p)
		if err != nil {
			return err
		}
		now := s.now().UnixMilli()
		if err := fn(tx, r, who, now); err != nil {
			return err
		}
		r.UpdatedAt = now
		ok, err := s.store.Update(ctx, tx, r, before.Version)
		if err != nil {
			return err
		}
		if !ok {
			return ErrChanged
		}
		if after != nil {
			if err := after(tx, r); err != nil {
				return err
			}
		}
		if err := audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: action, Entity: "incident_report",
			EntityID: r.ID, Before: &before, After: r}); err != nil {
			return err
		}
		out = r
		return nil
	})
	if err != nil {
		return nil, err
	}
	rep, err := s.to(ctx, p, out, true)
	return &rep, err
}

// SaveDraft is saveIncidentDraft: a new draft of the caller's.
func (s *Service) SaveDraft(ctx context.Context, p *auth.Principal, in shared.SaveIncidentDraftRequest) (*shared.IncidentReport, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	var out *row
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.checkLimit(ctx, tx, p); err != nil {
			return err
		}
		now := s.now().UnixMilli()
		r := &row{ID: uuid.Must(uuid.NewV7()).String(), TenantID: p.TenantID, State: shared.IncidentDraft, AuthorID: p.UserID,
			CreatedAt: now, UpdatedAt: now}
		if err := s.input(ctx, tx, p, in, r); err != nil {
			return err
		}
		who, err := s.who(ctx, tx, p)
		if err != nil {
			return err
		}
		step(r, now, who, shared.TimelineCreated, "")
		if err := s.store.Insert(ctx, tx, r); err != nil {
			return err
		}
		if err := audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "incidentReport.create",
			Entity: "incident_report", EntityID: r.ID, After: r}); err != nil {
			return err
		}
		out, err = s.store.Get(ctx, tx, p.TenantID, r.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	rep, err := s.to(ctx, p, out, true)
	return &rep, err
}

// Update is updateIncidentReport: the author's draft, or (owners and admins)
// a report pending review; never a completed one.
func (s *Service) Update(ctx context.Context, p *auth.Principal, in shared.UpdateIncidentReportRequest) (*shared.IncidentReport, error) {
	if in.Version == 0 {
		return nil, problem.Invalid("version", "required", "incident.versionRequired", nil)
	}
	return s.write(ctx, p, in.IncidentID, in.Version, "incidentReport.update", func(tx *db.Tx, r *row, who string, now int64) error {
		switch {
		case r.State == shared.IncidentDraft && r.AuthorID != p.UserID:
			return ErrNotAuthor
		case r.State == shared.IncidentPendingReview && !isManager(p):
			return ErrSubmitted
		}
		if err := s.input(ctx, tx, p, in.SaveIncidentDraftRequest, r); err != nil {
			return err
		}
		if r.State == shared.IncidentPendingReview {
			r.Duties = computeDuties(r.Type, r.Body, r.Body.dueBase(r, now), r.Duties)
			markNotified(r.Duties, r.Body.Notifications)
			step(r, now, who, shared.TimelineUpdated, "")
		}
		return nil
	}, nil)
}

// Submit is submit: the author's draft goes to review. The other owners and
// admins are notified and told in their Hearth chats (chat.go); the duties
// are fixed from the facts; the preliminary analysis is made by a job after
// the commit.
func (s *Service) Submit(ctx context.Context, p *auth.Principal, id string) (*shared.IncidentReport, error) {
	return s.write(ctx, p, id, 0, "incidentReport.submit", func(tx *db.Tx, r *row, who string, now int64) error {
		if r.State != shared.IncidentDraft {
			return ErrNotDraft
		}
		if r.AuthorID != p.UserID {
			return ErrNotAuthor
		}
		switch {
		case r.DiscoveredAt == 0:
			return problem.Invalid("discoveredAt", "required", "incident.discoveredRequired", nil)
		case r.Body.Narrative == "":
			return problem.Invalid("narrative", "required", "incident.narrativeRequired", nil)
		case r.Group == shared.IncidentGroupResident && r.ResidentID == "":
			return problem.Invalid("residentId", "required", "incident.residentRequired", nil)
		}
		r.State, r.SubmittedAt = shared.IncidentPendingReview, now
		r.Duties = computeDuties(r.Type, r.Body, r.Body.dueBase(r, now), nil)
		markNotified(r.Duties, r.Body.Notifications)
		r.AnalysisPending = true
		step(r, now, who, shared.TimelineSubmitted, "")
		return nil
	}, func(tx *db.Tx, r *row) error {
		ids, err := s.store.Managers(ctx, tx, p.TenantID)
		if err != nil {
			return err
		}
		ids = slices.DeleteFunc(ids, func(id string) bool { return id == p.UserID })
		if err := s.notify.Notify(ctx, tx, p.TenantID, ids, shared.NotificationDraft{Kind: shared.NotificationIncident,
			TitleKey: shared.NotifyIncidentSubmittedTitle, BodyKey: shared.NotifyIncidentSubmittedBody,
			Link:      "/incident-management?incidentId=" + r.ID,
			Params:    map[string]string{"type": string(r.Type), "resident": r.ResidentName, "author": r.AuthorName, "discoveredAt": itoa(r.DiscoveredAt)},
			DedupeKey: "incident-submitted:" + r.ID}); err != nil {
			return err
		}
		if err := s.chatForReview(ctx, tx, p.TenantID, ids, r); err != nil {
			return err
		}
		return s.enqueueAnalysis(ctx, tx, r)
	})
}

// Delete is deleteIncidentReport: a draft, by its author only.
func (s *Service) Delete(ctx context.Context, p *auth.Principal, id string) error {
	if err := auth.Member(p); err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		r, err := s.load(ctx, tx, p, id)
		if err != nil {
			return err
		}
		if r.State != shared.IncidentDraft {
			return ErrSubmitted
		}
		if r.AuthorID != p.UserID {
			return ErrNotAuthor
		}
		if err := s.store.Delete(ctx, tx, p.TenantID, r.ID); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "incidentReport.delete",
			Entity: "incident_report", EntityID: r.ID, Before: r})
	})
}

// Get is getIncidentReportById.
func (s *Service) Get(ctx context.Context, p *auth.Principal, id string) (*shared.IncidentReport, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	r, err := s.load(ctx, s.db, p, id)
	if err != nil {
		return nil, err
	}
	rep, err := s.to(ctx, p, r, true)
	return &rep, err
}

// List is listIncidentReport.
func (s *Service) List(ctx context.Context, p *auth.Principal, req shared.PageRequest[shared.IncidentFilter]) (*shared.Page[shared.IncidentReport], error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	page, size, offset := shared.Window(req.Current, req.Size)
	rows, total, err := s.store.List(ctx, s.db, filter{tenantID: p.TenantID, viewerID: p.UserID, manager: isManager(p), IncidentFilter: req.Data}, size, offset)
	if err != nil {
		return nil, err
	}
	out := make([]shared.IncidentReport, 0, len(rows))
	for _, r := range rows {
		rep, err := s.to(ctx, p, r, false)
		if err != nil {
			return nil, err
		}
		rep.Timeline, rep.Analyses = []shared.IncidentTimelineEntry{}, []shared.IncidentAnalysis{}
		out = append(out, rep)
	}
	return &shared.Page[shared.IncidentReport]{Records: out, Total: total, Current: page, Size: size}, nil
}

// CheckDuty is checkDuty: ticks or unticks a duty of a report pending review.
func (s *Service) CheckDuty(ctx context.Context, p *auth.Principal, in shared.IncidentDutyCheckRequest) (*shared.IncidentReport, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	return s.write(ctx, p, in.IncidentID, 0, "incidentReport.checkDuty", func(tx *db.Tx, r *row, who string, now int64) error {
		if r.State != shared.IncidentPendingReview {
			return ErrNotPending
		}
		i := slices.IndexFunc(r.Duties, func(d shared.IncidentDuty) bool { return d.DutyID == in.DutyID })
		if i < 0 {
			return problem.Invalid("dutyId", "ofReport", "incident.dutyUnknown", nil)
		}
		if in.DoneAt < 0 || in.DoneAt > now+2*60*1000 {
			return problem.Invalid("doneAt", "notFuture", "incident.future", nil)
		}
		ref, err := problem.Text("reference", in.Reference, false, shared.ShortTextMax)
		if err != nil {
			return err
		}
		if in.Done {
			at := in.DoneAt
			if at == 0 {
				at = now
			}
			r.Duties[i].DoneAt, r.Duties[i].DoneBy, r.Duties[i].Reference = at, who, ref
			step(r, now, who, shared.TimelineDutyChecked, in.DutyID)
		} else {
			r.Duties[i].DoneAt, r.Duties[i].DoneBy, r.Duties[i].Reference = 0, "", ""
			step(r, now, who, shared.TimelineDutyUnchecked, in.DutyID)
		}
		return nil
	}, nil)
}

// Approve is approval: closes a report pending review. Every mandatory duty
// must be done or waived here with a reason. Accepted care plan changes are
// kept on the latest analysis and announced to the task creation rules.
func (s *Service) Approve(ctx context.Context, p *auth.Principal, in shared.IncidentApprovalRequest) (*shared.IncidentReport, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	if in.Version == 0 {
		return nil, problem.Invalid("version", "required", "incident.versionRequired", nil)
	}
	if len(in.Waivers) > shared.IncidentWaiversMax {
		return nil, problem.Invalid("waivers", "maxItems", "validation.maxItems", map[string]any{"max": shared.IncidentWaiversMax})
	}
	edited, err := problem.Text("editedCarePlanChanges", in.EditedCarePlanChanges, false, shared.LongDetailsMax)
	if err != nil {
		return nil, err
	}
	accepted := false
	return s.write(ctx, p, in.IncidentID, in.Version, "incidentReport.approve", func(tx *db.Tx, r *row, who string, now int64) error {
		if r.State != shared.IncidentPendingReview {
			return ErrNotPending
		}
		for _, w := range in.Waivers {
			reason, err := problem.Text("waivers", w.Reason, true, shared.SubDetailsMax)
			if err != nil {
				return err
			}
			i := slices.IndexFunc(r.Duties, func(d shared.IncidentDuty) bool { return d.DutyID == w.DutyID })
			if i < 0 {
				return problem.Invalid("waivers", "ofReport", "incident.dutyUnknown", nil)
			}
			if r.Duties[i].DoneAt == 0 {
				r.Duties[i].WaivedReason = reason
			}
		}
		for _, d := range r.Duties {
			if d.Mandatory && d.DoneAt == 0 && d.WaivedReason == "" {
				return problem.Invalid("waivers", "dutyOpen", "incident.dutyOpen", map[string]any{"duty": msg.T(msg.Language(ctx), "incident.duty."+string(d.Code), nil)}).
					WithData([]shared.FieldError{{Field: "duties." + d.DutyID, Rule: "dutyOpen"}})
			}
		}
		if in.AcceptCarePlanChanges && len(r.Analyses) > 0 {
			a := &r.Analyses[len(r.Analyses)-1]
			a.Accepted, a.EditedText = true, edited
			accepted = len(a.CarePlanChanges) > 0 || edited != ""
		}
		r.State, r.CompletedAt, r.ReviewerID, r.ReviewerName = shared.IncidentCompleted, now, p.UserID, who
		step(r, now, who, shared.TimelineApproved, "")
		return nil
	}, func(tx *db.Tx, r *row) error {
		if accepted {
			return s.announce(ctx, tx, shared.BusinessIncidentReport, p.TenantID, r.ID, p.UserID)
		}
		return nil
	})
}

// Reminders is countReminders.
func (s *Service) Reminders(ctx context.Context, p *auth.Principal) (*shared.IncidentReminders, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	out := &shared.IncidentReminders{}
	var err error
	if out.MyDrafts, err = s.store.Count(ctx, s.db, p.TenantID, shared.IncidentDraft, p.UserID); err != nil {
		return nil, err
	}
	if isManager(p) {
		pending, err := s.store.Pending(ctx, s.db, p.TenantID)
		if err != nil {
			return nil, err
		}
		out.PendingReview = len(pending)
		now := s.now().UnixMilli()
		for _, r := range pending {
			out.OverdueDuties += overdue(r.Duties, now)
			for _, d := range r.Duties {
				if d.DoneAt == 0 && d.WaivedReason == "" && d.DueBy > 0 {
					shell.ChangesAtMillis(ctx, d.DueBy+1) // overdue from the millisecond after (a kept card is made again)
				}
			}
		}
	}
	return out, nil
}

// CountPending is the sidebar's incidentReportCount: reports waiting for the
// viewer's review (owners and admins; 0 for others).
func (s *Service) CountPending(ctx context.Context, p *auth.Principal) (int, error) {
	if p == nil || p.TenantID == "" || !isManager(p) {
		return 0, nil
	}
	return s.store.Count(ctx, s.db, p.TenantID, shared.IncidentPendingReview, "")
}

var partyName = map[shared.IncidentParty]bool{shared.PartyPhysician: true, shared.PartyFamily: true, shared.PartyCaseManager: true,
	shared.PartyDSHS: true, shared.PartyLawEnforcement: true}
