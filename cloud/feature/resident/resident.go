// Package resident is the residents part of the care service (spec 000 §2/§3/§4
// "Resident", "Contact", "File item"; 001 §7.6, §7.7 contacts): the profile,
// the status machine, contacts, documents and the dashboard's counts.
package resident

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/careevent"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/jobs"
	"hearth/cloud/platform/keep"
	"hearth/cloud/platform/param"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/upload"
	"hearth/cloud/platform/web"
	"hearth/cloud/platform/wire"
	"hearth/shared"
)

// Problems this package answers. A resident of another facility answers
// problem.NotFound (4004), so ids cannot be probed.
var (
	// ErrFinal: moved out and deceased are final (spec 000 §4); the record stays readable only.
	ErrFinal = problem.New(shared.CodeConflict, "resident.final")
	// ErrNotNormal: only a resident at home can go out.
	ErrNotNormal = problem.New(shared.CodeConflict, "resident.notNormal")
	// ErrNotGoingOut: only a resident who is out can return.
	ErrNotGoingOut = problem.New(shared.CodeConflict, "resident.notGoingOut")
	// ErrChanged: another change landed between the read and the conditional write.
	ErrChanged = problem.New(shared.CodeConflict, "resident.changed")
	// ErrMaxResidents: the plan's limit of active residents (spec 001 §8: 7002).
	ErrMaxResidents = problem.New(shared.CodeMaxResidents, "resident.maxResidents")
)

// activeStatuses are the residents who live in the home (the default list, the
// dashboard and the plan's limit).
var activeStatuses = []shared.ResidentStatus{shared.ResidentNormal, shared.ResidentGoingOut}

// editableStatuses are the statuses whose care data may still change: the
// active ones and a resident still moving in (the move-in wizard, checkin.go).
var editableStatuses = []shared.ResidentStatus{shared.ResidentNormal, shared.ResidentGoingOut, shared.ResidentMovingIn}

func isFinal(s shared.ResidentStatus) bool {
	return s == shared.ResidentMovedOut || s == shared.ResidentDeceased
}

// Files is what residents need from the file service.
type Files interface {
	// Upload checks and stores a batch of uploads (all or none) as p's, unconfirmed.
	Upload(ctx context.Context, p *auth.Principal, category shared.FileCategory, files []upload.File) ([]shared.FileItem, error)
	// Attach checks that ids are p's own uploads of category and confirms them in q's transaction.
	Attach(ctx context.Context, q db.Querier, p *auth.Principal, category shared.FileCategory, ids []string) error
	// Items are the file items of ids with signed links, in order, leaving out deleted ones.
	Items(ctx context.Context, ids []string) ([]shared.FileItem, error)
	// Delete removes a file: an unconfirmed upload with its bytes; a confirmed one is soft-deleted.
	Delete(ctx context.Context, p *auth.Principal, id string) error
}

// Service is the residents service.
type Service struct {
	db    *db.DB
	store Store
	files Files
	pkgs  Packages
	now   func() time.Time
	// The move-in wizard's collaborators (checkin.go).
	tasks    CheckInTasks
	meds     CheckInMedications
	announce jobs.Announce
	chart    Chart         // the resident's record
	params   *param.Params // the audit trail export's limit (report.printMaxRecords)
	// kept are list answers, until the facility's list version changes (platform/keep).
	kept *keep.Cache[*web.Answer[*shared.Page[shared.Resident]]]
}

// Packages answer a home's limits from its current service package
// (cloud/feature/svcpkg): 7001 when it has none.
type Packages interface {
	Limits(ctx context.Context, q db.Querier, tenantID string) (shared.PackageLimits, error)
}

// Deps are the residents service's collaborators, all required but Now
// (time.Now): New refuses a Deps with one missing.
type Deps struct {
	DB    *db.DB
	Files Files
	// Packages give the home's limit of active residents (7002), read in the writing transaction.
	Packages Packages
	// The move-in wizard's collaborators (checkin.go): the care plan's tasks, the
	// medications, and the business event of a completed move-in.
	Tasks    CheckInTasks
	Meds     CheckInMedications
	Announce jobs.Announce
	Chart    Chart // the resident's record: going out and returning
	// Params are the run-time parameters: the audit trail export's limit (report.printMaxRecords).
	Params *param.Params
	Now    func() time.Time
}

// New makes the residents service, or names the collaborators d lacks.
func New(d Deps) (*Service, error) {
	if err := wire.Check("resident", d, "Now"); err != nil {
		return nil, err
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	return &Service{db: d.DB, files: d.Files, pkgs: d.Packages, now: d.Now,
		tasks: d.Tasks, meds: d.Meds, announce: d.Announce, chart: d.Chart, params: d.Params,
		kept: keep.New[*web.Answer[*shared.Page[shared.Resident]]](keep.MaxAnswers, keep.MaxAge)}, nil
}

func writer(p *auth.Principal) error {
	if err := auth.Member(p); err != nil {
		return err
	}
	if !p.Has(shared.FacilityManagers...) {
		return problem.Forbidden
	}
	return nil
}

// found finds a resident of p's facility, or answers 4004.
func (s *Service) found(ctx context.Context, q db.Querier, p *auth.Principal, id string) (*row, error) {
	r, err := s.store.Get(ctx, q, p.TenantID, strings.TrimSpace(id))
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	// A move-in in progress shows to owners and admins only (shared/checkin.go).
	if r.Status == shared.ResidentMovingIn && !p.Has(shared.FacilityManagers...) {
		return nil, problem.NotFound
	}
	return r, nil
}

// editable finds a resident whose care data may change, in q.
func (s *Service) editable(ctx context.Context, q db.Querier, p *auth.Principal, id string) (*row, error) {
	r, err := s.found(ctx, q, p, id)
	if err != nil {
		return nil, err
	}
	if isFinal(r.Status) {
		return nil, finalProblem(r)
	}
	return r, nil
}

func finalProblem(r *row) *problem.Error {
	return ErrFinal.With(map[string]any{"name": r.name()})
}

func auditEntry(p *auth.Principal, action, id string, before, after any) audit.Entry {
	return audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: action, Entity: "resident", EntityID: id,
		Before: before, After: after}
}

// Get answers one resident with its emergency contact and photo.
func (s *Service) Get(ctx context.Context, p *auth.Principal, id string) (*shared.Resident, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	r, err := s.found(ctx, s.db, p, id)
	if err != nil {
		return nil, err
	}
	out, err := s.view(ctx, p, []row{*r}, s.now())
	if err != nil {
		return nil, err
	}
	res := out[0]
	ec, err := s.store.FirstContact(ctx, s.db, p.TenantID, r.ID, shared.ContactEmergency)
	switch {
	case errors.Is(err, db.ErrNotFound): // no emergency contact yet
	case err != nil:
		return nil, err
	default:
		c := toContact(ec)
		res.EmergencyContact = &c
	}
	return &res, nil
}

// view converts rows to the wire, with their photos' signed links.
func (s *Service) view(ctx context.Context, p *auth.Principal, rows []row, now time.Time) ([]shared.Resident, error) {
	var avatarIDs []string
	for _, r := range rows {
		if r.AvatarFileID.Valid {
			avatarIDs = append(avatarIDs, r.AvatarFileID.String)
		}
	}
	avatars := map[string]shared.FileItem{}
	if len(avatarIDs) > 0 {
		items, err := s.files.Items(ctx, avatarIDs)
		if err != nil {
			return nil, err
		}
		for _, it := range items {
			avatars[it.FileID] = it
		}
	}
	canWrite := p.Has(shared.FacilityManagers...)
	out := make([]shared.Resident, len(rows))
	for i := range rows {
		r := &rows[i]
		out[i] = toResident(r, now)
		out[i].Editable = canWrite && !isFinal(r.Status)
		if it, ok := avatars[r.AvatarFileID.String]; ok {
			out[i].Avatar = &it
		}
	}
	return out, nil
}

// List answers a page of p's facility's residents. Moved-out and deceased
// residents are shown only when the status filter asks for them.
func (s *Service) List(ctx context.Context, p *auth.Principal, req shared.OptionPageRequest[shared.ResidentFilter]) (*shared.Page[shared.Resident], error) {
	ans, err := s.ListAnswer(ctx, p, req)
	if err != nil {
		return nil, err
	}
	return ans.Data, nil
}

// ListAnswer is List as the kept answer the route sends (its encoded bytes
// are kept with it).
func (s *Service) ListAnswer(ctx context.Context, p *auth.Principal, req shared.OptionPageRequest[shared.ResidentFilter]) (*web.Answer[*shared.Page[shared.Resident]], error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	if req.Data.Status == shared.ResidentFilterMovingIn && !p.Has(shared.FacilityManagers...) {
		return nil, problem.Forbidden // move-ins in progress are for owners and admins
	}
	page, size, offset := shared.Window(req.Current, req.Size)
	lq := listQuery{tenantID: p.TenantID, statuses: statusesOf(req.Data.Status),
		name: strings.ToLower(strings.TrimSpace(req.Data.Name)), room: strings.ToLower(strings.TrimSpace(req.Data.Room))}
	// The version is read before the rows (platform/keep). The answer depends
	// on the facility, whether the caller may edit, the request and the date
	// (ages).
	now := s.now()
	version, _, known, err := keep.Version(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	key := keep.Key(p.TenantID, strconv.FormatBool(p.Has(shared.FacilityManagers...)), strconv.Itoa(page), strconv.Itoa(size),
		string(req.Data.Status), lq.name, lq.room, now.UTC().Format(time.DateOnly)) // age() counts in UTC
	return s.kept.Fetch(key, version, known, now, func() (*web.Answer[*shared.Page[shared.Resident]], error) {
		rows, total, err := s.store.List(ctx, s.db, lq, size, offset)
		if err != nil {
			return nil, err
		}
		records, err := s.view(ctx, p, rows, now)
		if err != nil {
			return nil, err
		}
		return web.NewAnswer(&shared.Page[shared.Resident]{Records: records, Total: total, Current: page, Size: size}), nil
	})
}

// statusesOf resolves the list's status filter (empty = the active residents).
// A resident moving in shows only under MOVING_IN, never under ALL.
func statusesOf(f shared.ResidentStatusFilter) []shared.ResidentStatus {
	switch f {
	case shared.ResidentFilterInactive:
		return []shared.ResidentStatus{shared.ResidentMovedOut, shared.ResidentDeceased}
	case shared.ResidentFilterAll:
		return []shared.ResidentStatus{shared.ResidentNormal, shared.ResidentGoingOut, shared.ResidentMovedOut, shared.ResidentDeceased}
	case shared.ResidentFilterNormal, shared.ResidentFilterGoingOut, shared.ResidentFilterMovedOut, shared.ResidentFilterDeceased,
		shared.ResidentFilterMovingIn:
		return []shared.ResidentStatus{shared.ResidentStatus(f)}
	default:
		return activeStatuses
	}
}

// maxResidents is the limit of p's home's package (0 = unlimited), read in q.
func (s *Service) maxResidents(ctx context.Context, q db.Querier, p *auth.Principal) (int, error) {
	l, err := s.pkgs.Limits(ctx, q, p.TenantID)
	if err != nil {
		return 0, fmt.Errorf("resident: the package's limits: %w", err)
	}
	return l.MaxResidents, nil
}

// Create adds a resident, NORMAL, within the plan's limit of active residents.
func (s *Service) Create(ctx context.Context, p *auth.Principal, req shared.SaveResidentRequest) (*shared.Resident, error) {
	if err := writer(p); err != nil {
		return nil, err
	}
	now := s.now()
	r := &row{ID: uuid.Must(uuid.NewV7()).String(), TenantID: p.TenantID, Status: shared.ResidentNormal,
		StatusAt: now.UnixMilli(), CreatedAt: now.UnixMilli(), UpdatedAt: now.UnixMilli()}
	r.CreatedBy.String, r.CreatedBy.Valid = p.UserID, true
	if err := applyProfile(r, req, now); err != nil {
		return nil, err
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		// Counted inside the writing transaction (spec 001 §8: 7002 beyond the package's maximum).
		limit, err := s.maxResidents(ctx, tx, p)
		if err != nil {
			return err
		}
		if limit > 0 {
			// Two creates at once must not both see room for one more: the facility's row is
			// locked first (SQLite's writer is single already; on PostgreSQL this is the row lock).
			if err := db.LockTenant(ctx, tx, p.TenantID); err != nil {
				return err
			}
			n, err := s.store.CountActive(ctx, tx, p.TenantID)
			if err != nil {
				return err
			}
			if n >= limit {
				return ErrMaxResidents.With(map[string]any{"max": limit})
			}
		}
		if err := s.attachAvatar(ctx, tx, p, "", r); err != nil {
			return err
		}
		if err := s.store.Insert(ctx, tx, r); err != nil {
			return err
		}
		return audit.Write(ctx, tx, auditEntry(p, "resident.create", r.ID, nil, auditView(r)))
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, p, r.ID)
}

// Update replaces a resident's profile; moved-out and deceased residents are read-only.
func (s *Service) Update(ctx context.Context, p *auth.Principal, req shared.SaveResidentRequest) (*shared.Resident, error) {
	if err := writer(p); err != nil {
		return nil, err
	}
	if strings.TrimSpace(req.ResidentID) == "" {
		return nil, problem.Invalid("residentId", "required", "validation.required", nil)
	}
	now := s.now()
	var id string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		old, err := s.editable(ctx, tx, p, req.ResidentID)
		if err != nil {
			return err
		}
		r := *old
		id = r.ID
		if err := applyProfile(&r, req, now); err != nil {
			return err
		}
		r.UpdatedAt = now.UnixMilli()
		if err := s.attachAvatar(ctx, tx, p, old.AvatarFileID.String, &r); err != nil {
			return err
		}
		ok, err := s.store.UpdateProfile(ctx, tx, &r, editableStatuses)
		if err != nil {
			return err
		}
		if !ok {
			return finalProblem(old)
		}
		return audit.Write(ctx, tx, auditEntry(p, "resident.update", r.ID, auditView(old), auditView(&r)))
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, p, id)
}

// attachAvatar confirms a newly chosen photo: p's own upload of category
// AVATAR, and an image.
func (s *Service) attachAvatar(ctx context.Context, q db.Querier, p *auth.Principal, previous string, r *row) error {
	id := r.AvatarFileID.String
	if id == "" || id == previous {
		return nil
	}
	if err := s.files.Attach(ctx, q, p, shared.FileAvatar, []string{id}); err != nil {
		return err
	}
	items, err := s.files.Items(ctx, []string{id})
	if err != nil {
		return err
	}
	if len(items) != 1 || !strings.HasPrefix(items[0].ContentType, "image/") {
		return problem.Invalid("avatarFileId", "image", "resident.avatarNotImage", nil)
	}
	return nil
}

// changeStatus runs one status transition: check, conditional write, audit.
func (s *Service) changeStatus(ctx context.Context, p *auth.Principal, id, action string, change func(r *row) error) (*shared.Resident, error) {
	if err := writer(p); err != nil {
		return nil, err
	}
	now := s.now().UnixMilli()
	var rid string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		old, err := s.editable(ctx, tx, p, id)
		if err != nil {
			return err
		}
		r := *old
		rid = r.ID
		if old.Status == shared.ResidentMovingIn {
			return ErrMovingIn.With(map[string]any{"name": old.name()})
		}
		if err := change(&r); err != nil {
			return err
		}
		r.StatusAt, r.UpdatedAt = now, now
		ok, err := s.store.SetStatus(ctx, tx, &r, old.Status)
		if err != nil {
			return err
		}
		if !ok {
			return ErrChanged
		}
		if err := audit.Write(ctx, tx, auditEntry(p, action, r.ID, statusView(old), statusView(&r))); err != nil {
			return err
		}
		return s.chartStatus(ctx, tx, p, action, &r, now)
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, p, rid)
}

// Chart is the resident's record (progress notes), told of a resident going
// out and returning in the transaction of the change (cloud/server wires the
// care-record service: Deps.Chart, required).
type Chart interface {
	Event(ctx context.Context, q db.Querier, n careevent.Note) error
}

// chartStatus writes the progress note of a going out or a return.
func (s *Service) chartStatus(ctx context.Context, q db.Querier, p *auth.Principal, action string, r *row, now int64) error {
	n := careevent.Note{TenantID: p.TenantID, ResidentID: r.ID, ActorID: p.UserID, At: now,
		SourceID: fmt.Sprintf("%s:%s:%d", action, r.ID, now)}
	switch action {
	case "resident.goingOut":
		n.Kind, n.When, n.Args = careevent.GoingOut, r.ReturnDate.Int64, map[string]string{"reason": r.GoingOutReason}
	case "resident.returnFacility":
		n.Kind = careevent.Returned
	default:
		return nil
	}
	return s.chart.Event(ctx, q, n)
}

// GoingOut sends a resident at home out until a return date in the future.
func (s *Service) GoingOut(ctx context.Context, p *auth.Principal, req shared.GoingOutRequest) (*shared.Resident, error) {
	now := s.now().UnixMilli()
	return s.changeStatus(ctx, p, req.ResidentID, "resident.goingOut", func(r *row) error {
		if r.Status != shared.ResidentNormal {
			return ErrNotNormal.With(map[string]any{"name": r.name()})
		}
		if req.ReturnDate <= now {
			return problem.Invalid("returnDate", "future", "resident.returnFuture", nil)
		}
		r.Status = shared.ResidentGoingOut
		r.ReturnDate.Int64, r.ReturnDate.Valid = req.ReturnDate, true
		r.GoingOutReason = strings.TrimSpace(req.Reason)
		return nil
	})
}

// ReturnFacility brings a resident who is out back home.
func (s *Service) ReturnFacility(ctx context.Context, p *auth.Principal, id string) (*shared.Resident, error) {
	return s.changeStatus(ctx, p, id, "resident.returnFacility", func(r *row) error {
		if r.Status != shared.ResidentGoingOut {
			return ErrNotGoingOut.With(map[string]any{"name": r.name()})
		}
		r.Status = shared.ResidentNormal
		r.ReturnDate.Valid, r.ReturnDate.Int64 = false, 0
		r.GoingOutReason = ""
		return nil
	})
}

// confirmName checks the retyped name (spec 000 §5 "Move-out: must retype the resident name").
func confirmName(r *row, typed string) error {
	if !strings.EqualFold(strings.Join(strings.Fields(typed), " "), strings.Join(strings.Fields(r.name()), " ")) {
		return problem.Invalid("confirmName", "match", "resident.confirmName", map[string]any{"name": r.name()})
	}
	return nil
}

// MoveOut records that a resident left for good (final).
func (s *Service) MoveOut(ctx context.Context, p *auth.Principal, req shared.MoveOutRequest) (*shared.Resident, error) {
	return s.changeStatus(ctx, p, req.ResidentID, "resident.moveOut", func(r *row) error {
		if err := confirmName(r, req.ConfirmName); err != nil {
			return err
		}
		other := strings.TrimSpace(req.DestinationOther)
		if req.Destination == shared.MoveOutOther && other == "" {
			return problem.Invalid("destinationOther", "required", "validation.required", nil)
		}
		if req.Destination != shared.MoveOutOther {
			other = ""
		}
		r.Status = shared.ResidentMovedOut
		r.MoveOutDestination, r.DestinationOther = req.Destination, other
		r.ReturnDate.Valid, r.ReturnDate.Int64 = false, 0
		return nil
	})
}

// Deceased records a resident's death (final).
func (s *Service) Deceased(ctx context.Context, p *auth.Principal, req shared.DeceasedQuery) (*shared.Resident, error) {
	return s.changeStatus(ctx, p, req.ResidentID, "resident.deceased", func(r *row) error {
		if err := confirmName(r, req.ConfirmName); err != nil {
			return err
		}
		r.Status = shared.ResidentDeceased
		r.ReturnDate.Valid, r.ReturnDate.Int64 = false, 0
		return nil
	})
}

// CarePlanUpdateTime answers when the care plan was last updated and when it
// is next due (reassess at least every 12 months: WAC 388-76-10130, DOMAIN.md).
func (s *Service) CarePlanUpdateTime(ctx context.Context, p *auth.Principal, id string) (*shared.CarePlanUpdateTime, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	r, err := s.found(ctx, s.db, p, id)
	if err != nil {
		return nil, err
	}
	return carePlanTime(r, s.now()), nil
}

func carePlanTime(r *row, now time.Time) *shared.CarePlanUpdateTime {
	out := &shared.CarePlanUpdateTime{ResidentID: r.ID}
	if r.CarePlanUpdatedAt.Valid {
		out.CarePlanUpdateTime = r.CarePlanUpdatedAt.Int64
		next := time.UnixMilli(r.CarePlanUpdatedAt.Int64).UTC().AddDate(0, shared.CarePlanReviewMonths, 0)
		out.NextReviewTime = next.UnixMilli()
		out.ReviewOverdue = !isFinal(r.Status) && now.After(next)
	}
	return out
}

// SaveCarePlanUpdateTime records when the care plan was last updated (not in the future).
func (s *Service) SaveCarePlanUpdateTime(ctx context.Context, p *auth.Principal, req shared.SaveCarePlanUpdateTimeRequest) (*shared.CarePlanUpdateTime, error) {
	if err := writer(p); err != nil {
		return nil, err
	}
	now := s.now()
	if req.CarePlanUpdateTime > now.Add(time.Minute).UnixMilli() {
		return nil, problem.Invalid("carePlanUpdateTime", "past", "resident.notFuture", nil)
	}
	var out *shared.CarePlanUpdateTime
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		old, err := s.editable(ctx, tx, p, req.ResidentID)
		if err != nil {
			return err
		}
		ok, err := s.store.SetCarePlanUpdated(ctx, tx, p.TenantID, old.ID, req.CarePlanUpdateTime, now.UnixMilli(), editableStatuses)
		if err != nil {
			return err
		}
		if !ok {
			return finalProblem(old)
		}
		r := *old
		r.CarePlanUpdatedAt.Int64, r.CarePlanUpdatedAt.Valid = req.CarePlanUpdateTime, true
		out = carePlanTime(&r, now)
		return audit.Write(ctx, tx, auditEntry(p, "resident.carePlanUpdateTime", r.ID,
			map[string]any{"carePlanUpdateTime": old.CarePlanUpdatedAt.Int64}, map[string]any{"carePlanUpdateTime": req.CarePlanUpdateTime}))
	})
	return out, err
}

// Dashboard answers the facility's residents by status and the occupied rooms.
func (s *Service) Dashboard(ctx context.Context, p *auth.Principal) (*shared.ResidentDashboard, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	counts, err := s.store.CountByStatus(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	active, _, err := s.store.List(ctx, s.db, listQuery{tenantID: p.TenantID, statuses: activeStatuses}, shared.MaxOptionSize, 0)
	if err != nil {
		return nil, err
	}
	d := &shared.ResidentDashboard{
		NormalCount: counts[shared.ResidentNormal], GoingOutCount: counts[shared.ResidentGoingOut],
		MovedOutCount: counts[shared.ResidentMovedOut], DeceasedCount: counts[shared.ResidentDeceased],
		Rooms: []shared.ResidentRoom{},
	}
	// A home with no package shows no limit here (its writes answer 7001).
	if limit, err := s.maxResidents(ctx, s.db, p); err == nil {
		d.MaxResidents = limit
	} else if !errors.Is(err, problem.NoPlan) {
		return nil, err
	}
	d.ActiveCount = d.NormalCount + d.GoingOutCount
	byRoom := map[string]int{}
	for _, r := range active {
		key := strings.ToLower(r.Room)
		i, ok := byRoom[key]
		if !ok {
			i = len(d.Rooms)
			byRoom[key] = i
			d.Rooms = append(d.Rooms, shared.ResidentRoom{Room: r.Room})
		}
		d.Rooms[i].Residents = append(d.Rooms[i].Residents, r.name())
	}
	sortRooms(d.Rooms)
	d.RoomCount = len(d.Rooms)
	return d, nil
}
