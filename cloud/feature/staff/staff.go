// Package staff is the caregiver part of the care service (spec 000 §3
// "Staff", 001 §7.8 "caregiver"): the facility's staff accounts with their
// roles, colours and status, their certificate and continuing-education
// records, and the credential checklist the rules engine (rules.go) computes
// from Washington's timelines (../shared/docs/DOMAIN.md).
package staff

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/jobs"
	"hearth/cloud/platform/keep"
	"hearth/cloud/platform/mail"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/upload"
	"hearth/cloud/platform/web"
	"hearth/cloud/platform/wire"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// Problems this package answers. A caregiver of another facility, or a
// deleted one, answers problem.NotFound so ids cannot be probed.
var (
	ErrColorTaken   = problem.Invalid("color", "unique", "staff.colorTaken", nil)
	ErrNoFreeColor  = problem.Invalid("color", "required", "staff.noFreeColor", nil)
	ErrSelf         = problem.New(shared.CodeConflict, "staff.self")
	ErrAdminByOwner = problem.New(shared.CodeForbidden, "staff.ownerOnly")
	ErrAlreadyOn    = problem.New(shared.CodeConflict, "staff.alreadyEnabled")
	// ErrMaxCaregivers: the home's package allows no more caregivers (spec 001 §8 7005).
	ErrMaxCaregivers = problem.New(shared.CodeMaxCaregivers, "staff.maxCaregivers")
	ErrAlreadyOff    = problem.New(shared.CodeConflict, "staff.alreadyDisabled")
)

// Files is what staff needs from the file service (file.Service has it).
type Files interface {
	Upload(ctx context.Context, p *auth.Principal, category shared.FileCategory, files []upload.File) ([]shared.FileItem, error)
	Attach(ctx context.Context, q db.Querier, p *auth.Principal, category shared.FileCategory, ids []string) error
	Items(ctx context.Context, ids []string) ([]shared.FileItem, error)
	AvatarURL(fileID string) string
}

// Accounts is what staff needs from the identity service (iam.Service has it).
type Accounts interface {
	CreateUser(ctx context.Context, q db.Querier, nu auth.NewUser) (string, error)
	AddMembership(ctx context.Context, q db.Querier, tenantID, userID string, role shared.Role) error
	InviteLink(ctx context.Context, q db.Querier, userID string) (string, error)
	SetMembershipRole(ctx context.Context, q db.Querier, tenantID, userID string, role shared.Role) (bool, error)
	SetMembershipStatus(ctx context.Context, q db.Querier, tenantID, userID string, st shared.UserStatus) error
	RevokeInTenant(ctx context.Context, q db.Querier, tenantID, userID string) error
	UpdateProfile(ctx context.Context, q db.Querier, userID, name, email, phone string) error
	SetLanguage(ctx context.Context, q db.Querier, userID string, l shared.Language) error
}

// Service is the staff service.
type Service struct {
	db       *db.DB
	store    Store
	files    Files
	accounts Accounts
	pkgs     Packages
	mail     mail.Sender
	log      *slog.Logger
	now      func() time.Time
	announce jobs.Announce
	// kept are list answers, until the facility's list version changes (platform/keep).
	kept *keep.Cache[*web.Answer[*shared.Page[shared.Caregiver]]]
}

// Deps are the staff service's collaborators, all required but Log and
// Now (slog.Default, time.Now): New refuses a Deps with one missing.
type Deps struct {
	DB       *db.DB
	Files    Files
	Accounts Accounts
	// Packages give the home's limit of caregivers (7005), read in the writing transaction.
	Packages Packages
	Mail     mail.Sender
	// Announce makes Save announce each new staff member (CREATE_CAREGIVER,
	// subject the new user's id: what tasks are assigned to) in the creating transaction.
	Announce jobs.Announce
	Log      *slog.Logger
	Now      func() time.Time
}

// New makes the staff service, or names the collaborators d lacks.
func New(d Deps) (*Service, error) {
	if err := wire.Check("staff", d, "Log", "Now"); err != nil {
		return nil, err
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{db: d.DB, files: d.Files, accounts: d.Accounts, pkgs: d.Packages, mail: d.Mail, announce: d.Announce, log: d.Log, now: d.Now,
		kept: keep.New[*web.Answer[*shared.Page[shared.Caregiver]]](keep.MaxAnswers, keep.MaxAge)}, nil
}

func isOwner(p *auth.Principal) bool {
	return p.Has(shared.FacilityOwners...)
}

// today is the calendar day in the facility's time zone (DOMAIN.md "Vocabulary": every schedule in the facility's zone).
func (s *Service) today(ctx context.Context, tenantID string) (time.Time, error) {
	loc, _, err := zone.Facility(ctx, s.db, tenantID)
	if err != nil {
		return time.Time{}, err
	}
	n := s.now().In(loc)
	return date(n.Year(), n.Month(), n.Day()), nil
}

func parseDay(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return time.Time{}
	}
	return t
}

// visible finds a live caregiver of the caller's facility, or answers 4004.
func (s *Service) visible(ctx context.Context, q db.Querier, p *auth.Principal, id string) (*row, error) {
	if p.TenantID == "" {
		return nil, problem.NotFound
	}
	r, err := s.store.Get(ctx, q, p.TenantID, id)
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	return r, nil
}

// manageable is visible plus the rule that only an owner acts on a facility
// admin (spec 000 §6: the owner promotes and demotes; an admin manages caregivers).
func (s *Service) manageable(ctx context.Context, q db.Querier, p *auth.Principal, id string) (*row, error) {
	r, err := s.visible(ctx, q, p, id)
	if err != nil {
		return nil, err
	}
	if r.Role == shared.RoleFacilityAdmin && !isOwner(p) && r.UserID != p.UserID {
		return nil, ErrAdminByOwner
	}
	return r, nil
}

// checkDates checks the hire date and the birthday against each other and today.
func checkDates(hire, birth string, today time.Time) (time.Time, time.Time, error) {
	h := parseDay(hire)
	if h.IsZero() {
		return h, h, problem.Invalid("hireDate", "format", "validation.pattern", nil)
	}
	if h.After(addYears(today, 1)) || h.Year() < 1950 {
		return h, h, problem.Invalid("hireDate", "maximum", "staff.hireDateRange", nil)
	}
	var b time.Time
	if birth != "" {
		if b = parseDay(birth); b.IsZero() {
			return h, b, problem.Invalid("birthDate", "format", "validation.pattern", nil)
		}
		// A worker is at least 16 and born after 1900.
		if b.Year() < 1900 || !b.Before(addYears(h, -16)) {
			return h, b, problem.Invalid("birthDate", "maximum", "staff.birthDateRange", nil)
		}
	}
	return h, b, nil
}

func joinSpecialties(sp []shared.Specialty) string {
	var out []string
	for _, s := range sp {
		if !slices.Contains(out, string(s)) {
			out = append(out, string(s))
		}
	}
	slices.Sort(out)
	return strings.Join(out, ",")
}

// pickColor checks a chosen colour or picks the first free one of the palette.
func (s *Service) pickColor(ctx context.Context, q db.Querier, tenantID, color, except string) (string, error) {
	if color != "" {
		color = strings.ToUpper(color)
		taken, err := s.store.ColorTaken(ctx, q, tenantID, color, except)
		if err != nil {
			return "", err
		}
		if taken {
			return "", ErrColorTaken
		}
		return color, nil
	}
	used, err := s.store.UsedColors(ctx, q, tenantID)
	if err != nil {
		return "", err
	}
	for _, c := range shared.StaffColors {
		if !used[strings.ToLower(c)] {
			return c, nil
		}
	}
	return "", ErrNoFreeColor
}

// Save creates a staff account in the caller's facility: the user (unverified,
// with a random temporary password nobody is told), the membership, the
// profile, and an e-mailed invite link to choose a password (spec 001 §7.8).
func (s *Service) Save(ctx context.Context, p *auth.Principal, req shared.SaveCaregiverRequest) (*shared.Caregiver, error) {
	role := req.RoleType
	if role == "" {
		role = shared.RoleCaregiverStaff
	}
	if role == shared.RoleFacilityAdmin && !isOwner(p) {
		return nil, ErrAdminByOwner
	}
	name := strings.TrimSpace(req.Name)
	if len([]rune(name)) < shared.StaffNameMin {
		return nil, problem.Invalid("name", "minLength", "validation.minLength", map[string]any{"min": shared.StaffNameMin})
	}
	today, err := s.today(ctx, p.TenantID)
	if err != nil {
		return nil, err
	}
	if _, _, err := checkDates(req.HireDate, req.BirthDate, today); err != nil {
		return nil, err
	}
	now := s.now().UnixMilli()
	r := &row{ID: uuid.Must(uuid.NewV7()).String(), TenantID: p.TenantID, HireDate: req.HireDate, BirthDate: req.BirthDate,
		Specialties: joinSpecialties(req.Specialties), NurseDelegation: req.NurseDelegation || req.DiabetesDelegation,
		DiabetesDelegation: req.DiabetesDelegation, Status: shared.UserEnabled, CreatedAt: now, UpdatedAt: now, Name: name}
	var link string
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if role == shared.RoleCaregiverStaff {
			if err := s.checkCaregiverRoom(ctx, tx, p.TenantID); err != nil {
				return err
			}
		}
		if r.Color, err = s.pickColor(ctx, tx, p.TenantID, req.Color, ""); err != nil {
			return err
		}
		if r.UserID, err = s.accounts.CreateUser(ctx, tx, auth.NewUser{Account: strings.TrimSpace(req.Account), Email: strings.TrimSpace(req.Email),
			Phone: strings.TrimSpace(req.Phone), Name: name, Password: auth.TempPassword(), TempPassword: true, Status: shared.UserUnverified}); err != nil {
			return err
		}
		if err := s.accounts.AddMembership(ctx, tx, p.TenantID, r.UserID, role); err != nil {
			return err
		}
		if req.Language != "" {
			if err := s.accounts.SetLanguage(ctx, tx, r.UserID, req.Language); err != nil {
				return err
			}
		}
		if err := s.store.Insert(ctx, tx, r, p.UserID); err != nil {
			if db.IsUniqueViolation(err) {
				return ErrColorTaken // two saves picked the same colour at once
			}
			return err
		}
		if link, err = s.accounts.InviteLink(ctx, tx, r.UserID); err != nil {
			return err
		}
		if err := s.announce(ctx, tx, shared.BusinessCreateCaregiver, p.TenantID, r.UserID, p.UserID); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "caregiver.create", Entity: "caregiver",
			EntityID: r.ID, After: map[string]any{"userId": r.UserID, "account": req.Account, "role": role, "color": r.Color,
				"hireDate": r.HireDate, "birthDate": r.BirthDate, "specialties": r.Specialties}})
	})
	if err != nil {
		return nil, err
	}
	lang := req.Language
	if lang == "" {
		lang = msg.Language(ctx)
	}
	s.sendInvite(ctx, p, lang, name, strings.TrimSpace(req.Email), strings.TrimSpace(req.Account), link)
	return s.Get(ctx, p, r.ID)
}

// Packages answer a home's limits from its current service package
// (cloud/feature/svcpkg): 7001 when it has none.
type Packages interface {
	Limits(ctx context.Context, q db.Querier, tenantID string) (shared.PackageLimits, error)
}

// checkCaregiverRoom refuses a new caregiver when the home already employs
// its package's maximum (spec 001 §8 7005; 0 = unlimited). The home's row is
// locked first, so two saves at once cannot both take the last place.
func (s *Service) checkCaregiverRoom(ctx context.Context, tx *db.Tx, tenantID string) error {
	l, err := s.pkgs.Limits(ctx, tx, tenantID)
	if err != nil {
		return fmt.Errorf("staff: the package's limits: %w", err)
	}
	if l.MaxCaregivers <= 0 {
		return nil
	}
	if err := db.LockTenant(ctx, tx, tenantID); err != nil {
		return err
	}
	n, err := s.store.CountCaregivers(ctx, tx, tenantID)
	if err != nil {
		return err
	}
	if n >= l.MaxCaregivers {
		return ErrMaxCaregivers.With(map[string]any{"max": l.MaxCaregivers}).WithData(map[string]any{"max": l.MaxCaregivers})
	}
	return nil
}

// sendInvite e-mails the invite after the account exists. A failed send is
// logged, not answered: the account is made, and "resend activation e-mail"
// (POST /user/resendVerifyEmail) sends a new link.
func (s *Service) sendInvite(ctx context.Context, p *auth.Principal, lang shared.Language, name, email, account, link string) {
	facility, err := s.store.FacilityName(ctx, s.db, p.TenantID)
	if err != nil {
		s.log.WarnContext(ctx, "invite: facility name", "err", err)
	}
	args := map[string]any{"name": name, "facility": facility, "account": account, "link": link}
	if err := s.mail.Send(ctx, mail.Message{To: email, Subject: msg.T(lang, "staff.invite.subject", args),
		Body: msg.T(lang, "staff.invite.body", args)}); err != nil {
		s.log.WarnContext(ctx, "invite e-mail not sent", "to", email, "err", err)
	}
}

// Update changes a caregiver's profile (name, e-mail, phone, colour, dates, duties).
func (s *Service) Update(ctx context.Context, p *auth.Principal, req shared.UpdateCaregiverRequest) (*shared.Caregiver, error) {
	name := strings.TrimSpace(req.Name)
	if len([]rune(name)) < shared.StaffNameMin {
		return nil, problem.Invalid("name", "minLength", "validation.minLength", map[string]any{"min": shared.StaffNameMin})
	}
	today, err := s.today(ctx, p.TenantID)
	if err != nil {
		return nil, err
	}
	if _, _, err := checkDates(req.HireDate, req.BirthDate, today); err != nil {
		return nil, err
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := s.manageable(ctx, tx, p, req.CaregiverID)
		if err != nil {
			return err
		}
		after := *before
		after.Name, after.HireDate, after.BirthDate = name, req.HireDate, req.BirthDate
		after.Specialties = joinSpecialties(req.Specialties)
		after.NurseDelegation, after.DiabetesDelegation = req.NurseDelegation || req.DiabetesDelegation, req.DiabetesDelegation
		after.UpdatedAt = s.now().UnixMilli()
		if after.Color, err = s.pickColor(ctx, tx, p.TenantID, req.Color, before.ID); err != nil {
			return err
		}
		if err := s.accounts.UpdateProfile(ctx, tx, before.UserID, name, strings.TrimSpace(req.Email), strings.TrimSpace(req.Phone)); err != nil {
			return err
		}
		ok, err := s.store.Update(ctx, tx, &after)
		if db.IsUniqueViolation(err) {
			return ErrColorTaken
		}
		if err != nil {
			return err
		}
		if !ok {
			return problem.NotFound
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "caregiver.update", Entity: "caregiver",
			EntityID: before.ID, Before: profileView(before), After: profileView(&after)})
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, p, req.CaregiverID)
}

func profileView(r *row) map[string]any {
	return map[string]any{"name": r.Name, "email": r.Email, "phone": r.Phone, "color": r.Color, "hireDate": r.HireDate,
		"birthDate": r.BirthDate, "specialties": r.Specialties, "nurseDelegation": r.NurseDelegation, "diabetesDelegation": r.DiabetesDelegation}
}

// SetEnabled suspends or reactivates a caregiver in the facility (spec 001 §4
// "Caregiver"). Disabling ends their sign-ins into the facility at once: the
// membership is disabled (the session check of every request reads it) and
// the refresh tokens are revoked.
func (s *Service) SetEnabled(ctx context.Context, p *auth.Principal, id string, enabled bool) error {
	st := shared.UserDisabled
	if enabled {
		st = shared.UserEnabled
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		r, err := s.manageable(ctx, tx, p, id)
		if err != nil {
			return err
		}
		if r.UserID == p.UserID {
			return ErrSelf
		}
		ok, err := s.store.SetStatus(ctx, tx, p.TenantID, id, st, s.now().UnixMilli())
		if err != nil {
			return err
		}
		if !ok {
			if enabled {
				return ErrAlreadyOn
			}
			return ErrAlreadyOff
		}
		if err := s.accounts.SetMembershipStatus(ctx, tx, p.TenantID, r.UserID, st); err != nil {
			return err
		}
		if !enabled {
			if err := s.accounts.RevokeInTenant(ctx, tx, p.TenantID, r.UserID); err != nil {
				return err
			}
		}
		action := "caregiver.disable"
		if enabled {
			action = "caregiver.enable"
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: action, Entity: "caregiver", EntityID: id,
			Before: map[string]any{"status": r.Status}, After: map[string]any{"status": st}})
	})
}

// Delete ends a caregiver's employment in the facility: the profile is marked
// deleted, the membership disabled and the sign-ins ended; the account, the
// credential records and everything they did stay (DOMAIN.md "records":
// personnel files are kept for employment plus 2 years).
func (s *Service) Delete(ctx context.Context, p *auth.Principal, id string) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		r, err := s.manageable(ctx, tx, p, id)
		if err != nil {
			return err
		}
		if r.UserID == p.UserID {
			return ErrSelf
		}
		ok, err := s.store.SoftDelete(ctx, tx, p.TenantID, id, s.now().UnixMilli())
		if err != nil {
			return err
		}
		if !ok {
			return problem.NotFound
		}
		if err := s.accounts.SetMembershipStatus(ctx, tx, p.TenantID, r.UserID, shared.UserDisabled); err != nil {
			return err
		}
		if err := s.accounts.RevokeInTenant(ctx, tx, p.TenantID, r.UserID); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "caregiver.delete", Entity: "caregiver",
			EntityID: id, Before: profileView(r)})
	})
}

// ChangeRole promotes a caregiver to FACILITY_ADMIN or demotes an admin to
// CAREGIVER_STAFF (owner only, spec 000 §6); a demotion needs a caregiver's
// place in the home's package (7005). Their sign-ins into the facility end, so
// the new role takes effect at once.
func (s *Service) ChangeRole(ctx context.Context, p *auth.Principal, id string, role shared.Role) (*shared.Caregiver, error) {
	if !isOwner(p) {
		return nil, ErrAdminByOwner
	}
	if role != shared.RoleFacilityAdmin && role != shared.RoleCaregiverStaff {
		return nil, problem.Invalid("roleType", "enum", "validation.enum", map[string]any{"values": "FACILITY_ADMIN, CAREGIVER_STAFF"})
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		r, err := s.visible(ctx, tx, p, id)
		if err != nil {
			return err
		}
		if r.Role == role {
			return nil
		}
		// An admin made a caregiver takes a caregiver's place in the package's limit (7005).
		if role == shared.RoleCaregiverStaff {
			if err := s.checkCaregiverRoom(ctx, tx, p.TenantID); err != nil {
				return err
			}
		}
		ok, err := s.accounts.SetMembershipRole(ctx, tx, p.TenantID, r.UserID, role)
		if err != nil {
			return err
		}
		if !ok {
			return problem.NotFound
		}
		if err := s.accounts.RevokeInTenant(ctx, tx, p.TenantID, r.UserID); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "caregiver.changeRole", Entity: "caregiver",
			EntityID: id, Before: map[string]any{"role": r.Role}, After: map[string]any{"role": role}})
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, p, id)
}

// ColorTaken answers checkSystemColor: false means the colour is free in the facility.
func (s *Service) ColorTaken(ctx context.Context, p *auth.Principal, req shared.CheckColorRequest) (bool, error) {
	return s.store.ColorTaken(ctx, s.db, p.TenantID, req.Color, req.CaregiverID)
}

// records turns credential rows into the engine's records.
func records(cs []credential) []Record {
	out := make([]Record, 0, len(cs))
	for _, c := range cs {
		out = append(out, Record{ID: c.ID, Type: c.Type, Issue: parseDay(c.IssueDate), Expiry: parseDay(c.Expiry), CEMinutes: c.CEMinutes})
	}
	return out
}

func inputOf(r *row, cs []credential, today time.Time) Input {
	return Input{HireDate: parseDay(r.HireDate), BirthDate: parseDay(r.BirthDate), Role: r.Role, Specialties: r.specialties(),
		NurseDelegation: r.NurseDelegation, DiabetesDelegation: r.DiabetesDelegation, Records: records(cs), Today: today}
}

// evaluate runs the engine for several caregivers with one credentials query.
func (s *Service) evaluate(ctx context.Context, tenantID string, rows []row) (map[string][]shared.InspectionItem, error) {
	today, err := s.today(ctx, tenantID)
	if err != nil {
		return nil, err
	}
	return s.evaluateOn(ctx, tenantID, rows, today)
}

// evaluateOn is evaluate on the facility's date today.
func (s *Service) evaluateOn(ctx context.Context, tenantID string, rows []row, today time.Time) (map[string][]shared.InspectionItem, error) {
	ids := make([]string, len(rows))
	for i := range rows {
		ids[i] = rows[i].ID
	}
	cs, err := s.store.Credentials(ctx, s.db, tenantID, ids, "")
	if err != nil {
		return nil, err
	}
	by := map[string][]credential{}
	for _, c := range cs {
		by[c.CaregiverID] = append(by[c.CaregiverID], c)
	}
	out := make(map[string][]shared.InspectionItem, len(rows))
	for i := range rows {
		out[rows[i].ID] = Evaluate(inputOf(&rows[i], by[rows[i].ID], today))
	}
	return out, nil
}

func (s *Service) view(r *row, items []shared.InspectionItem) shared.Caregiver {
	o, soon, _ := Summary(items)
	return shared.Caregiver{CaregiverID: r.ID, UserID: r.UserID, Account: r.Account, Name: r.Name, Email: r.Email, Phone: r.Phone,
		Avatar: s.files.AvatarURL(r.Avatar), RoleType: r.Role, Status: r.status(), Color: r.Color, HireDate: r.HireDate,
		BirthDate: r.BirthDate, Specialties: r.specialties(), NurseDelegation: r.NurseDelegation, DiabetesDelegation: r.DiabetesDelegation,
		OverdueCount: o, ExpiringSoonCount: soon, CreateTime: r.CreatedAt, WorstState: Worst(items)}
}

// Get is one caregiver of the caller's facility with the checklist's counts.
func (s *Service) Get(ctx context.Context, p *auth.Principal, id string) (*shared.Caregiver, error) {
	r, err := s.visible(ctx, s.db, p, id)
	if err != nil {
		return nil, err
	}
	items, err := s.evaluate(ctx, p.TenantID, []row{*r})
	if err != nil {
		return nil, err
	}
	v := s.view(r, items[r.ID])
	return &v, nil
}

// own is the caller's own profile in the facility (4004 when they have none).
func (s *Service) own(ctx context.Context, p *auth.Principal) (*row, error) {
	if p.TenantID == "" {
		return nil, problem.NotFound
	}
	r, err := s.store.ByUser(ctx, s.db, p.TenantID, p.UserID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	return r, nil
}

// Mine is the caller's own profile (the caregiver's /your-status).
func (s *Service) Mine(ctx context.Context, p *auth.Principal) (*shared.Caregiver, error) {
	r, err := s.own(ctx, p)
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, p, r.ID)
}

func filterOf(p *auth.Principal, f shared.CaregiverFilter) filter {
	return filter{tenantID: p.TenantID, nameKey: strings.ToLower(strings.TrimSpace(f.Name)), status: f.Status, role: f.RoleType}
}

// List is listCaregiverByPage: the facility's staff by name, each with the checklist's counts.
// The answer is kept until the facility's list version changes (platform/keep):
// the version is read before the rows, and the key holds the facility, the
// caller's roles, the request and the facility's date (the credentials' states).
func (s *Service) List(ctx context.Context, p *auth.Principal, req shared.PageRequest[shared.CaregiverFilter]) (*shared.Page[shared.Caregiver], error) {
	ans, err := s.ListAnswer(ctx, p, req)
	if err != nil {
		return nil, err
	}
	return ans.Data, nil
}

// ListAnswer is List as the kept answer the route sends (its encoded bytes
// are kept with it).
func (s *Service) ListAnswer(ctx context.Context, p *auth.Principal, req shared.PageRequest[shared.CaregiverFilter]) (*web.Answer[*shared.Page[shared.Caregiver]], error) {
	page, size, offset := shared.Window(req.Current, req.Size)
	f := filterOf(p, req.Data)
	now := s.now()
	version, tz, known, err := keep.Version(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	if !known {
		out, err := s.list(ctx, p, f, page, size, offset, nil)
		if err != nil {
			return nil, err
		}
		return web.NewAnswer(out), nil
	}
	n := now.In(zone.Of(tz))
	today := date(n.Year(), n.Month(), n.Day())
	key := keep.Key(p.TenantID, p.RoleKey(), strconv.Itoa(page), strconv.Itoa(size),
		f.nameKey, string(f.status), string(f.role), f.userID, today.Format(time.DateOnly))
	return s.kept.Fetch(key, version, true, now, func() (*web.Answer[*shared.Page[shared.Caregiver]], error) {
		out, err := s.list(ctx, p, f, page, size, offset, &today)
		if err != nil {
			return nil, err
		}
		return web.NewAnswer(out), nil
	})
}

// list reads one page; today nil means the facility's date is read too.
func (s *Service) list(ctx context.Context, p *auth.Principal, f filter, page, size, offset int, today *time.Time) (*shared.Page[shared.Caregiver], error) {
	rows, total, err := s.store.List(ctx, s.db, f, size, offset)
	if err != nil {
		return nil, err
	}
	var items map[string][]shared.InspectionItem
	if today != nil {
		items, err = s.evaluateOn(ctx, p.TenantID, rows, *today)
	} else {
		items, err = s.evaluate(ctx, p.TenantID, rows)
	}
	if err != nil {
		return nil, err
	}
	return shared.PageOf(page, size, total, rows, func(r *row) shared.Caregiver { return s.view(r, items[r.ID]) }), nil
}

// Options is listCaregiverBaseInfoByPage: names and colours for pickers (size up to 9999, spec 001 §9).
func (s *Service) Options(ctx context.Context, p *auth.Principal, req shared.OptionPageRequest[shared.CaregiverFilter]) (*shared.Page[shared.CaregiverBaseInfo], error) {
	page, size, offset := shared.Window(req.Current, req.Size)
	rows, total, err := s.store.List(ctx, s.db, filterOf(p, req.Data), size, offset)
	if err != nil {
		return nil, err
	}
	return shared.PageOf(page, size, total, rows, func(r *row) shared.CaregiverBaseInfo {
		return shared.CaregiverBaseInfo{CaregiverID: r.ID, UserID: r.UserID, Name: r.Name, Color: r.Color,
			Avatar: s.files.AvatarURL(r.Avatar), RoleType: r.Role, Status: r.status()}
	}), nil
}

// CountOverdue is countExpiredCertificateFile and the sidebar's
// expiredCertificateCount: overdue checklist items of the facility's working
// staff (enabled or not yet verified) for an owner or admin, the caller's own
// for a caregiver. Its signature is the sidebar counters' (func(ctx, p) (int, error)).
func (s *Service) CountOverdue(ctx context.Context, p *auth.Principal) (int, error) {
	overdue, _, err := s.credentialCounts(ctx, p)
	return overdue, err
}

// Inspections is getCaregiverFileInspections: the caregiver's checklist for today.
func (s *Service) Inspections(ctx context.Context, p *auth.Principal, id string) (*shared.CaregiverInspections, error) {
	r, err := s.visible(ctx, s.db, p, id)
	if err != nil {
		return nil, err
	}
	return s.inspections(ctx, p.TenantID, r)
}

// MyInspections is the caller's own checklist.
func (s *Service) MyInspections(ctx context.Context, p *auth.Principal) (*shared.CaregiverInspections, error) {
	r, err := s.own(ctx, p)
	if err != nil {
		return nil, err
	}
	return s.inspections(ctx, p.TenantID, r)
}

func (s *Service) inspections(ctx context.Context, tenantID string, r *row) (*shared.CaregiverInspections, error) {
	today, err := s.today(ctx, tenantID)
	if err != nil {
		return nil, err
	}
	cs, err := s.store.Credentials(ctx, s.db, tenantID, []string{r.ID}, "")
	if err != nil {
		return nil, err
	}
	items := localizeSources(msg.Language(ctx), Evaluate(inputOf(r, cs, today)))
	o, soon, due := Summary(items)
	return &shared.CaregiverInspections{CaregiverID: r.ID, Today: ymd(today), Items: items, OverdueCount: o, ExpiringSoonCount: soon, DueCount: due}, nil
}

// localizeSources words each rule's source in the caller's language
// ("staff.source.<RULE>" in the staff message files); the engine's English text
// stays when a rule has no entry.
func localizeSources(l shared.Language, items []shared.InspectionItem) []shared.InspectionItem {
	for i := range items {
		if text, ok := msg.Keys(l)["staff.source."+items[i].Rule]; ok {
			items[i].Source = text
		}
	}
	return items
}

// Files is listCaregiverFiles: the caregiver's records, newest issue first, with signed file links.
func (s *Service) Files(ctx context.Context, p *auth.Principal, id string, typ shared.CredentialType) ([]shared.CaregiverFile, error) {
	r, err := s.visible(ctx, s.db, p, id)
	if err != nil {
		return nil, err
	}
	return s.filesOf(ctx, p.TenantID, r, typ)
}

// MyFiles is the caller's own records.
func (s *Service) MyFiles(ctx context.Context, p *auth.Principal) ([]shared.CaregiverFile, error) {
	r, err := s.own(ctx, p)
	if err != nil {
		return nil, err
	}
	return s.filesOf(ctx, p.TenantID, r, "")
}

func (s *Service) filesOf(ctx context.Context, tenantID string, r *row, typ shared.CredentialType) ([]shared.CaregiverFile, error) {
	cs, err := s.store.Credentials(ctx, s.db, tenantID, []string{r.ID}, typ)
	if err != nil {
		return nil, err
	}
	out := make([]shared.CaregiverFile, 0, len(cs))
	for _, c := range cs {
		items, err := s.files.Items(ctx, c.FileIDs)
		if err != nil {
			return nil, err
		}
		out = append(out, credentialView(&c, items))
	}
	return out, nil
}

func credentialView(c *credential, items []shared.FileItem) shared.CaregiverFile {
	return shared.CaregiverFile{CredentialID: c.ID, CaregiverID: c.CaregiverID, CredentialType: c.Type, Name: c.Name,
		IssueDate: c.IssueDate, ExpiryDate: c.Expiry, CEHours: float64(c.CEMinutes) / 60, Files: items, UploaderID: c.UploaderID, CreateTime: c.CreatedAt}
}

// CredentialUpload is one uploadCaregiverFiles request.
type CredentialUpload struct {
	shared.CaregiverCredentialFields
	Files []upload.File
}

// Upload is uploadCaregiverFiles: the files are stored through the file
// service (checked by content, all or none), then the record that holds them
// is written and the uploads confirmed in one transaction.
func (s *Service) Upload(ctx context.Context, p *auth.Principal, up CredentialUpload) (*shared.CaregiverFile, error) {
	f := up.CaregiverCredentialFields
	if !slices.Contains(shared.CredentialTypes, f.CredentialType) {
		return nil, problem.Invalid("credentialType", "enum", "validation.enum", map[string]any{"values": credentialTypeList()})
	}
	issue := parseDay(f.IssueDate)
	if issue.IsZero() {
		return nil, problem.Invalid("issueDate", "format", "validation.pattern", nil)
	}
	today, err := s.today(ctx, p.TenantID)
	if err != nil {
		return nil, err
	}
	if issue.After(today) {
		return nil, problem.Invalid("issueDate", "maximum", "staff.issueInFuture", nil)
	}
	var expiry time.Time
	if f.ExpiryDate != "" {
		if expiry = parseDay(f.ExpiryDate); expiry.IsZero() {
			return nil, problem.Invalid("expiryDate", "format", "validation.pattern", nil)
		}
		if expiry.Before(issue) {
			return nil, problem.Invalid("expiryDate", "minimum", "staff.expiryBeforeIssue", nil)
		}
	}
	if f.CEHours < 0 || f.CEHours > shared.CEHoursMax || math.IsNaN(f.CEHours) {
		return nil, problem.Invalid("ceHours", "maximum", "validation.maximum", map[string]any{"max": shared.CEHoursMax})
	}
	name := strings.TrimSpace(f.Name)
	if len([]rune(name)) > shared.CredentialNameMax {
		return nil, problem.Invalid("name", "maxLength", "validation.maxLength", map[string]any{"max": shared.CredentialNameMax})
	}
	if len(up.Files) == 0 {
		return nil, problem.Invalid("files", "required", "validation.required", nil)
	}
	if len(up.Files) > shared.CredentialMaxFiles {
		return nil, problem.Invalid("files", "maxItems", "validation.maxItems", map[string]any{"max": shared.CredentialMaxFiles})
	}
	// The caregiver must be visible before any byte is stored.
	r, err := s.visible(ctx, s.db, p, f.CaregiverID)
	if err != nil {
		return nil, err
	}
	items, err := s.files.Upload(ctx, p, shared.FileCaregiverCredential, up.Files)
	if err != nil {
		return nil, err
	}
	c := &credential{ID: uuid.Must(uuid.NewV7()).String(), TenantID: p.TenantID, CaregiverID: r.ID, Type: f.CredentialType, Name: name,
		IssueDate: f.IssueDate, Expiry: f.ExpiryDate, CEMinutes: int(math.Round(f.CEHours * 60)), UploaderID: p.UserID, CreatedAt: s.now().UnixMilli()}
	for _, it := range items {
		c.FileIDs = append(c.FileIDs, it.FileID)
	}
	// Not confirmed if this fails: the file service removes the uploads after 24 hours.
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := s.visible(ctx, tx, p, r.ID); err != nil {
			return err
		}
		if err := s.files.Attach(ctx, tx, p, shared.FileCaregiverCredential, c.FileIDs); err != nil {
			return err
		}
		if err := s.store.InsertCredential(ctx, tx, c); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "caregiver.credential.add", Entity: "caregiver_credential",
			EntityID: c.ID, After: map[string]any{"caregiverId": r.ID, "type": c.Type, "issueDate": c.IssueDate, "expiryDate": c.Expiry,
				"ceMinutes": c.CEMinutes, "fileIds": c.FileIDs}})
	})
	if err != nil {
		return nil, err
	}
	v := credentialView(c, items)
	return &v, nil
}

func credentialTypeList() string {
	names := make([]string, len(shared.CredentialTypes))
	for i, t := range shared.CredentialTypes {
		names[i] = string(t)
	}
	return strings.Join(names, ", ")
}
