package tenant

// Sign-up, review and the super admin's administration of facilities (spec
// 001 §7.3, spec 000 §4 "Tenant audit"). A home signs up from the sign-in page
// (registerFacility) or is added by its owner (registerNewFacility) and waits
// for review as submitted; the super admin approves it or refuses it with a
// reason, and the owner is e-mailed each change. A refused owner fixes the
// sign-up and sends it again (save, with the token of the fix link). The
// super admin also disables, enables, deletes (softly) and restores homes; a
// disabled or deleted home's people are signed out everywhere at once.

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"strings"
	"time"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/blob"
	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/mail"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/param"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/cloud/platform/wire"
	"hearth/shared"
)

// LookupAddressLimit is how many home lookups (getFacilityInfo) one address may make an hour.
const LookupAddressLimit = 60

// Accounts is what the tenant feature needs from identity (iam.Service has it).
type Accounts interface {
	CreateUser(ctx context.Context, q db.Querier, nu auth.NewUser) (string, error)
	AddMembership(ctx context.Context, q db.Querier, tenantID, userID string, role shared.Role) error
	InviteLink(ctx context.Context, q db.Querier, userID string) (string, error)
	ResubmitToken(ctx context.Context, q db.Querier, userID string) (string, error)
	ResubmitUser(ctx context.Context, q db.Querier, token string, spend bool) (string, error)
	CheckCaptcha(ctx context.Context, id, answer string) error
	LimitAddress(ctx context.Context, kind, ip string, limit int) error
	RevokeTenant(ctx context.Context, q db.Querier, tenantID string) error
}

// Deps are the tenant feature's collaborators.
type Deps struct {
	DB       *db.DB
	Accounts Accounts
	Mail     mail.Sender
	Config   *config.Config
	Params   *param.Params // the retention periods a purge waits out
	Blobs    blob.Store    // the stored files a purge removes
	Log      *slog.Logger
	Now      func() time.Time
}

// New makes the tenant service; every collaborator but Log and Now is required.
func New(d Deps) (*Service, error) {
	if err := wire.Check("tenant", d, "Log", "Now"); err != nil {
		return nil, err //nolint:wrapcheck // wire says what is missing
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{db: d.DB, now: d.Now, accounts: d.Accounts, mail: d.Mail, cfg: d.Config, params: d.Params, blobs: d.Blobs, log: d.Log}, nil
}

// Problems of sign-up and review.
var (
	ErrDuplicate    = problem.New(shared.CodeConflict, "tenant.duplicate")
	ErrNotSubmitted = problem.New(shared.CodeConflict, "tenant.notSubmitted")
	ErrNotRefused   = problem.New(shared.CodeConflict, "tenant.notRefused")
	ErrNotDeleted   = problem.New(shared.CodeConflict, "tenant.notDeleted")
	ErrPurged       = problem.New(shared.CodeConflict, "tenant.purged")
)

func clean(v *string) { *v = strings.TrimSpace(*v) }

// checkLengths checks the trimmed lengths of spec 000 §5 (the tags check the raw ones).
func checkLengths(fields map[string][3]any) error {
	for name, f := range fields {
		v, lo, hi := f[0].(string), f[1].(int), f[2].(int)
		n := len([]rune(v))
		if n < lo {
			return problem.Invalid(name, "minLength", "validation.minLength", map[string]any{"min": lo})
		}
		if n > hi {
			return problem.Invalid(name, "maxLength", "validation.maxLength", map[string]any{"max": hi})
		}
	}
	return nil
}

type homeFields struct {
	Name, Address, Zip, Licence, Intro *string
}

func (h homeFields) check(introRequired bool) error {
	for _, v := range []*string{h.Name, h.Address, h.Zip, h.Licence, h.Intro} {
		clean(v)
	}
	introMin := shared.IntroductionMin
	if !introRequired && *h.Intro == "" {
		introMin = 0
	}
	return checkLengths(map[string][3]any{
		"facilityName":    {*h.Name, shared.FacilityNameMin, shared.FacilityNameMax},
		"address":         {*h.Address, shared.FacilityAddrMin, shared.FacilityAddrMax},
		"zipCode":         {*h.Zip, shared.ZipCodeMin, shared.ZipCodeMax},
		"businessLicense": {*h.Licence, shared.LicenceNumberMin, shared.LicenceNumberMax},
		"introduction":    {*h.Intro, introMin, shared.IntroductionMax},
	})
}

// registered finds a home (not deleted) with the licence and zip code, other than except.
func (s *Service) registered(ctx context.Context, q db.Querier, licence, zip, except string) (string, error) {
	var name string
	err := q.QueryRowContext(ctx, `SELECT facility_name FROM tenants WHERE licence_number = ? AND zip_code = ? AND deleted_at IS NULL AND id <> ?`,
		licence, zip, except).Scan(&name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return name, db.Wrap("tenant: registered", err)
}

func (s *Service) duplicate(ctx context.Context, q db.Querier, licence, zip, except string) error {
	name, err := s.registered(ctx, q, licence, zip, except)
	if err != nil {
		return err
	}
	if name != "" {
		return ErrDuplicate.With(map[string]any{"name": name})
	}
	return nil
}

// newHome inserts a facility with the sign-up's fields in q's transaction.
func (s *Service) newHome(ctx context.Context, q db.Querier, orgID, ownerID string, f Facility, zip, intro string) (string, error) {
	id, err := NewStore(s.db).CreateFacility(ctx, q, f)
	if err != nil {
		return "", db.Wrap("tenant: new home", err)
	}
	var submitted any
	if f.Status == shared.TenantSubmitted {
		submitted = s.now().UnixMilli()
	}
	if _, err := q.ExecContext(ctx, `UPDATE tenants SET zip_code = ?, introduction = ?, owner_user_id = ?, submitted_at = ? WHERE id = ?`,
		zip, intro, ownerID, submitted, id); err != nil {
		return "", db.Wrap("tenant: new home", err)
	}
	return id, nil
}

func (s *Service) clientIP(ctx context.Context) string {
	return web.ClientIP(web.Request(ctx), s.cfg.TrustProxy)
}

// Register is a new owner's sign-up from the sign-in page: a picture code, a
// per-address limit, a home not registered yet. The owner's account is made
// unverified and e-mailed a link to choose a password; the home waits for review.
func (s *Service) Register(ctx context.Context, req shared.RegisterFacilityRequest) (*shared.RegisterFacilityResult, error) {
	if err := s.accounts.LimitAddress(ctx, "signup", s.clientIP(ctx), shared.SignupAddressLimit); err != nil {
		return nil, err //nolint:wrapcheck // a problem for the caller
	}
	if err := s.accounts.CheckCaptcha(ctx, req.CaptchaID, req.CaptchaCode); err != nil {
		return nil, err //nolint:wrapcheck // a problem for the caller
	}
	clean(&req.OwnerName)
	if err := (homeFields{&req.FacilityName, &req.Address, &req.ZipCode, &req.LicenceNumber, &req.Introduction}).check(true); err != nil {
		return nil, err
	}
	if err := checkLengths(map[string][3]any{"ownerName": {req.OwnerName, shared.PersonNameMin, shared.PersonNameMax}}); err != nil {
		return nil, err
	}
	var res shared.RegisterFacilityResult
	var link string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.duplicate(ctx, tx, req.LicenceNumber, req.ZipCode, ""); err != nil {
			return err
		}
		userID, err := s.accounts.CreateUser(ctx, tx, auth.NewUser{Account: strings.TrimSpace(req.Account), Email: strings.TrimSpace(req.Email),
			Phone: strings.TrimSpace(req.Phone), Name: req.OwnerName, Password: auth.TempPassword(), TempPassword: true, Status: shared.UserUnverified})
		if err != nil {
			return err //nolint:wrapcheck // a problem for the caller
		}
		if req.Language != "" {
			if _, err := tx.ExecContext(ctx, `UPDATE users SET language = ? WHERE id = ?`, string(req.Language), userID); err != nil {
				return db.Wrap("tenant: owner language", err)
			}
		}
		orgID, err := NewStore(s.db).CreateOrganisation(ctx, tx, req.FacilityName)
		if err != nil {
			return db.Wrap("tenant: sign-up", err)
		}
		res.TenantID, err = s.newHome(ctx, tx, orgID, userID, Facility{OrganisationID: orgID, Name: req.FacilityName, TimeZone: req.TimeZone,
			LicenceNumber: req.LicenceNumber, Address: req.Address, Status: shared.TenantSubmitted}, req.ZipCode, req.Introduction)
		if err != nil {
			return err
		}
		res.Status = shared.TenantSubmitted
		if err := s.accounts.AddMembership(ctx, tx, res.TenantID, userID, shared.RoleFacilityOwnerRegister); err != nil {
			return err //nolint:wrapcheck // iam wraps its own
		}
		if link, err = s.accounts.InviteLink(ctx, tx, userID); err != nil {
			return err //nolint:wrapcheck // iam wraps its own
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: res.TenantID, ActorID: userID, Action: "tenant.register", Entity: "tenant",
			EntityID: res.TenantID, After: map[string]any{"facilityName": req.FacilityName, "businessLicense": req.LicenceNumber,
				"zipCode": req.ZipCode, "status": res.Status}})
	})
	if err != nil {
		return nil, err
	}
	lang := req.Language
	if lang == "" {
		lang = msg.Language(ctx)
	}
	s.send(ctx, strings.TrimSpace(req.Email), lang, "tenant.mail.registered",
		map[string]any{"name": req.OwnerName, "facility": req.FacilityName, "account": req.Account, "link": link})
	return &res, nil
}

// send e-mails a message of the catalogue; a failure is logged, the change stands.
func (s *Service) send(ctx context.Context, to string, lang shared.Language, key string, args map[string]any) {
	if err := s.mail.Send(ctx, mail.Message{To: to, Subject: msg.T(lang, key+".subject", args), Body: msg.T(lang, key+".body", args)}); err != nil {
		s.log.WarnContext(ctx, "tenant: e-mail not sent", "key", key, "err", err)
	}
}

// RegisterNew is an owner adding another home to their organisation; it waits for review.
func (s *Service) RegisterNew(ctx context.Context, p *auth.Principal, req shared.NewFacilityRequest) (*shared.RegisterFacilityResult, error) {
	if p.TenantID == "" || !p.Has(shared.FacilityOwners...) {
		return nil, problem.Forbidden
	}
	if err := (homeFields{&req.FacilityName, &req.Address, &req.ZipCode, &req.LicenceNumber, &req.Introduction}).check(true); err != nil {
		return nil, err
	}
	var res shared.RegisterFacilityResult
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.duplicate(ctx, tx, req.LicenceNumber, req.ZipCode, ""); err != nil {
			return err
		}
		var orgID string
		if err := tx.QueryRowContext(ctx, `SELECT organisation_id FROM tenants WHERE id = ?`, p.TenantID).Scan(&orgID); err != nil {
			return db.NotFound("tenant: organisation", err)
		}
		var err error
		res.TenantID, err = s.newHome(ctx, tx, orgID, p.UserID, Facility{OrganisationID: orgID, Name: req.FacilityName, TimeZone: req.TimeZone,
			LicenceNumber: req.LicenceNumber, Address: req.Address, Status: shared.TenantSubmitted}, req.ZipCode, req.Introduction)
		if err != nil {
			return err
		}
		res.Status = shared.TenantSubmitted
		if err := s.accounts.AddMembership(ctx, tx, res.TenantID, p.UserID, p.Roles[0]); err != nil {
			return err //nolint:wrapcheck // iam wraps its own
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: res.TenantID, ActorID: p.UserID, Action: "tenant.register", Entity: "tenant",
			EntityID: res.TenantID, After: map[string]any{"facilityName": req.FacilityName, "organisationId": orgID, "status": res.Status}})
	})
	if err != nil {
		return nil, err
	}
	return &res, nil
}

// Lookup answers whether a home with a licence and zip code is registered (limited per address).
func (s *Service) Lookup(ctx context.Context, q shared.FacilityLookupQuery) (*shared.FacilityLookup, error) {
	if err := s.accounts.LimitAddress(ctx, "lookup", s.clientIP(ctx), LookupAddressLimit); err != nil {
		return nil, err //nolint:wrapcheck // a problem for the caller
	}
	name, err := s.registered(ctx, s.db, strings.TrimSpace(q.LicenceNumber), strings.TrimSpace(q.ZipCode), "")
	if err != nil {
		return nil, err
	}
	return &shared.FacilityLookup{Registered: name != "", FacilityName: name}, nil
}

// refusedHome is the refused home of the owner a fix token names.
func (s *Service) refusedHome(ctx context.Context, q db.Querier, token string, spend bool) (userID, tenantID string, err error) {
	if userID, err = s.accounts.ResubmitUser(ctx, q, token, spend); err != nil {
		return "", "", err //nolint:wrapcheck // a problem for the caller
	}
	err = q.QueryRowContext(ctx, `SELECT id FROM tenants WHERE owner_user_id = ? AND status = ? AND deleted_at IS NULL ORDER BY updated_at DESC LIMIT 1`,
		userID, string(shared.TenantRefused)).Scan(&tenantID)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", ErrNotRefused
	}
	return userID, tenantID, db.Wrap("tenant: refused home", err)
}

// Registration is the refused sign-up a fix link opens.
func (s *Service) Registration(ctx context.Context, token string) (*shared.Registration, error) {
	_, tenantID, err := s.refusedHome(ctx, s.db, token, false)
	if err != nil {
		return nil, err
	}
	row, err := s.row(ctx, s.db, tenantID)
	if err != nil {
		return nil, err
	}
	return &shared.Registration{TenantID: row.TenantID, FacilityName: row.FacilityName, OwnerName: row.OwnerName, Address: row.Address,
		ZipCode: row.ZipCode, LicenceNumber: row.LicenceNumber, Introduction: row.Introduction, TimeZone: row.TimeZone,
		Status: row.Status, RefuseReason: row.RefuseReason}, nil
}

// Resubmit is the owner of a refused sign-up fixing it and sending it for review again.
func (s *Service) Resubmit(ctx context.Context, req shared.ResubmitRequest) (*shared.RegisterFacilityResult, error) {
	if err := (homeFields{&req.FacilityName, &req.Address, &req.ZipCode, &req.LicenceNumber, &req.Introduction}).check(true); err != nil {
		return nil, err
	}
	var tenantID string
	var before *adminRow
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		userID, id, err := s.refusedHome(ctx, tx, req.Token, true)
		if err != nil {
			return err
		}
		tenantID = id
		if err := s.duplicate(ctx, tx, req.LicenceNumber, req.ZipCode, id); err != nil {
			return err
		}
		if before, err = s.row(ctx, tx, id); err != nil {
			return err
		}
		now := s.now().UnixMilli()
		if _, err := tx.ExecContext(ctx, `UPDATE tenants SET facility_name = ?, address = ?, zip_code = ?, licence_number = ?, introduction = ?,
			time_zone = ?, status = ?, refuse_reason = '', submitted_at = ?, updated_at = ? WHERE id = ?`,
			req.FacilityName, req.Address, req.ZipCode, req.LicenceNumber, req.Introduction, string(req.TimeZone),
			string(shared.TenantSubmitted), now, now, id); err != nil {
			return db.Wrap("tenant: resubmit", err)
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: id, ActorID: userID, Action: "tenant.resubmit", Entity: "tenant", EntityID: id,
			Before: before, After: map[string]any{"facilityName": req.FacilityName, "businessLicense": req.LicenceNumber, "zipCode": req.ZipCode,
				"address": req.Address, "introduction": req.Introduction, "status": shared.TenantSubmitted}})
	})
	if err != nil {
		return nil, err
	}
	s.tellOwner(ctx, tenantID, "tenant.mail.resubmitted", nil)
	return &shared.RegisterFacilityResult{TenantID: tenantID, Status: shared.TenantSubmitted}, nil
}

// tellOwner e-mails the home's owner in their language.
func (s *Service) tellOwner(ctx context.Context, tenantID, key string, extra map[string]any) {
	row, err := s.row(ctx, s.db, tenantID)
	if err != nil || row.OwnerEmail == "" {
		s.log.WarnContext(ctx, "tenant: no owner to e-mail", "tenant_id", tenantID, "err", err)
		return
	}
	var lang shared.Language
	_ = s.db.QueryRowContext(ctx, `SELECT language FROM users WHERE email = ?`, row.OwnerEmail).Scan(&lang)
	if lang == "" {
		lang = msg.Language(ctx)
	}
	args := map[string]any{"name": row.OwnerName, "facility": row.FacilityName, "reason": row.RefuseReason, "link": s.cfg.PublicURL + "/login"}
	for k, v := range extra {
		args[k] = v
	}
	s.send(ctx, row.OwnerEmail, lang, key, args)
}

// Audit is the super admin's review: a submitted home is approved, or refused with a reason.
func (s *Service) Audit(ctx context.Context, p *auth.Principal, q shared.AuditFacilityQuery) (*shared.TenantRow, error) {
	if !p.IsSuperAdmin() {
		return nil, problem.Forbidden
	}
	q.Reason = strings.TrimSpace(q.Reason)
	if q.Status == shared.TenantRefused {
		if err := checkLengths(map[string][3]any{"reason": {q.Reason, shared.RefuseReasonMin, shared.RefuseReasonMax}}); err != nil {
			return nil, err
		}
	} else {
		q.Reason = ""
	}
	var out *adminRow
	var fix string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := s.row(ctx, tx, q.TenantID)
		if err != nil {
			return err
		}
		if before.Status != shared.TenantSubmitted && before.Status != shared.TenantDraft {
			return ErrNotSubmitted
		}
		now := s.now().UnixMilli()
		if _, err := tx.ExecContext(ctx, `UPDATE tenants SET status = ?, refuse_reason = ?, reviewed_at = ?, updated_at = ? WHERE id = ?`,
			string(q.Status), q.Reason, now, now, q.TenantID); err != nil {
			return db.Wrap("tenant: review", err)
		}
		if out, err = s.row(ctx, tx, q.TenantID); err != nil {
			return err
		}
		if q.Status == shared.TenantRefused && out.OwnerID != "" {
			if fix, err = s.accounts.ResubmitToken(ctx, tx, out.OwnerID); err != nil {
				return err //nolint:wrapcheck // iam wraps its own
			}
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: q.TenantID, ActorID: p.UserID, Action: "tenant.review", Entity: "tenant",
			EntityID: q.TenantID, Before: map[string]any{"status": before.Status}, After: map[string]any{"status": q.Status, "reason": q.Reason}})
	})
	if err != nil {
		return nil, err
	}
	if q.Status == shared.TenantApproved {
		s.tellOwner(ctx, q.TenantID, "tenant.mail.approved", nil)
	} else {
		s.tellOwner(ctx, q.TenantID, "tenant.mail.refused", map[string]any{"fix": s.cfg.PublicURL + "/signup?fix=" + fix})
	}
	return &out.TenantRow, nil
}

// ChangeState enables or disables a home; disabling signs its people out everywhere at once.
func (s *Service) ChangeState(ctx context.Context, p *auth.Principal, req shared.ChangeTenantStatusRequest) (*shared.TenantRow, error) {
	if !p.IsSuperAdmin() {
		return nil, problem.Forbidden
	}
	return s.setState(ctx, p, req.TenantID, "tenant.state", func(r *shared.TenantRow) (string, error) {
		if r.State == shared.TenantDeleted {
			return "", problem.NotFound
		}
		if req.Status == shared.TenantDisabled {
			return `disabled_at = COALESCE(disabled_at, ?)`, nil
		}
		return `disabled_at = NULL`, nil
	}, req.Status == shared.TenantDisabled)
}

// Delete deletes a home softly: nobody signs in to it, its data stays, the super admin may restore it.
func (s *Service) Delete(ctx context.Context, p *auth.Principal, tenantID string) (*shared.TenantRow, error) {
	if !p.IsSuperAdmin() {
		return nil, problem.Forbidden
	}
	return s.setState(ctx, p, tenantID, "tenant.delete", func(r *shared.TenantRow) (string, error) {
		if r.State == shared.TenantDeleted {
			return "", problem.NotFound
		}
		return `deleted_at = ?`, nil
	}, true)
}

// Restore brings a deleted home back.
func (s *Service) Restore(ctx context.Context, p *auth.Principal, tenantID string) (*shared.TenantRow, error) {
	if !p.IsSuperAdmin() {
		return nil, problem.Forbidden
	}
	return s.setState(ctx, p, tenantID, "tenant.restore", func(r *shared.TenantRow) (string, error) {
		if r.State != shared.TenantDeleted {
			return "", ErrNotDeleted
		}
		if r.PurgedAt != 0 {
			return "", ErrPurged
		}
		return `deleted_at = NULL`, nil
	}, false)
}

// setState changes a home's state with set (a SET clause taking the time, or
// none), audited; close signs its people out on every instance.
func (s *Service) setState(ctx context.Context, p *auth.Principal, tenantID, action string, set func(*shared.TenantRow) (string, error), closeIt bool) (*shared.TenantRow, error) {
	var out *adminRow
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := s.row(ctx, tx, tenantID)
		if err != nil {
			return err
		}
		clause, err := set(&before.TenantRow)
		if err != nil {
			return err
		}
		now := s.now().UnixMilli()
		args := []any{}
		if strings.Contains(clause, "?") {
			args = append(args, now)
		}
		// A purged home changes state no more (a purge that won the race answers ErrPurged).
		changed, err := db.Affected(tx.ExecContext(ctx, `UPDATE tenants SET `+clause+`, updated_at = ? WHERE id = ? AND purged_at IS NULL`,
			append(args, now, tenantID)...))
		if err != nil {
			return db.Wrap("tenant: change state", err)
		}
		if !changed {
			return ErrPurged
		}
		if closeIt {
			if err := s.accounts.RevokeTenant(ctx, tx, tenantID); err != nil {
				return err //nolint:wrapcheck // iam wraps its own
			}
		}
		if out, err = s.row(ctx, tx, tenantID); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: tenantID, ActorID: p.UserID, Action: action, Entity: "tenant", EntityID: tenantID,
			Before: map[string]any{"state": before.State}, After: map[string]any{"state": out.State}})
	})
	if err != nil {
		return nil, err
	}
	return &out.TenantRow, nil
}

// CreateAccount is the super admin making a home (approved) and its owner,
// who is e-mailed a link to choose a password.
func (s *Service) CreateAccount(ctx context.Context, p *auth.Principal, req shared.CreateFacilityAccountRequest) (*shared.TenantRow, error) {
	if !p.IsSuperAdmin() {
		return nil, problem.Forbidden
	}
	clean(&req.OwnerName)
	if err := (homeFields{&req.FacilityName, &req.Address, &req.ZipCode, &req.LicenceNumber, &req.Introduction}).check(false); err != nil {
		return nil, err
	}
	if err := checkLengths(map[string][3]any{"ownerName": {req.OwnerName, shared.PersonNameMin, shared.PersonNameMax}}); err != nil {
		return nil, err
	}
	var out *adminRow
	var link string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.duplicate(ctx, tx, req.LicenceNumber, req.ZipCode, ""); err != nil {
			return err
		}
		userID, err := s.accounts.CreateUser(ctx, tx, auth.NewUser{Account: strings.TrimSpace(req.Account), Email: strings.TrimSpace(req.Email),
			Phone: strings.TrimSpace(req.Phone), Name: req.OwnerName, Password: auth.TempPassword(), TempPassword: true, Status: shared.UserUnverified})
		if err != nil {
			return err //nolint:wrapcheck // a problem for the caller
		}
		orgID, err := NewStore(s.db).CreateOrganisation(ctx, tx, req.FacilityName)
		if err != nil {
			return db.Wrap("tenant: create account", err)
		}
		id, err := s.newHome(ctx, tx, orgID, userID, Facility{OrganisationID: orgID, Name: req.FacilityName, TimeZone: req.TimeZone,
			LicenceNumber: req.LicenceNumber, Address: req.Address, Status: shared.TenantApproved}, req.ZipCode, req.Introduction)
		if err != nil {
			return err
		}
		if err := s.accounts.AddMembership(ctx, tx, id, userID, shared.RoleFacilityOwner); err != nil {
			return err //nolint:wrapcheck // iam wraps its own
		}
		if link, err = s.accounts.InviteLink(ctx, tx, userID); err != nil {
			return err //nolint:wrapcheck // iam wraps its own
		}
		if out, err = s.row(ctx, tx, id); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: id, ActorID: p.UserID, Action: "tenant.create", Entity: "tenant", EntityID: id, After: out.TenantRow})
	})
	if err != nil {
		return nil, err
	}
	s.send(ctx, out.OwnerEmail, msg.Language(ctx), "tenant.mail.created",
		map[string]any{"name": req.OwnerName, "facility": req.FacilityName, "account": req.Account, "link": link})
	return &out.TenantRow, nil
}
