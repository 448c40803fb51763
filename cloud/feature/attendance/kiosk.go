package attendance

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strings"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// credentialPrefix marks a kiosk credential so a leaked one is recognisable
// (in logs, secret scanners).
const credentialPrefix = "hk_"

// Kiosk is a registered door kiosk that presented a valid credential.
type Kiosk struct{ row *deviceRow }

func hashCredential(c string) string {
	sum := sha256.Sum256([]byte(c))
	return hex.EncodeToString(sum[:])
}

func randomBase64(n int, enc *base64.Encoding) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return enc.EncodeToString(b)
}

// RegisterKiosk registers a kiosk for the owner's facility and answers its
// credential, this once. The facility's plan must include caregivers' clock-in
// (YourStatus), or the kiosk could do nothing.
func (s *Service) RegisterKiosk(ctx context.Context, p *auth.Principal, req shared.RegisterKioskRequest) (*shared.KioskRegistration, error) {
	if p.TenantID == "" {
		return nil, errNotAFacilityID
	}
	if !p.IsSuperAdmin() && !auth.PlanAllows(p.Plan, shared.FnYourStatus) {
		return nil, problem.NoFunction
	}
	name := strings.TrimSpace(req.DeviceName)
	if name == "" {
		return nil, problem.Invalid("deviceName", "required", "validation.required", nil)
	}
	cred := credentialPrefix + randomBase64(32, base64.RawURLEncoding)
	r := &deviceRow{ID: uuid.Must(uuid.NewV7()).String(), TenantID: p.TenantID, Name: name,
		Salt: randomBase64(16, base64.StdEncoding), CreatedBy: p.UserID, CreatedAt: s.now().UnixMilli()}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.store.InsertDevice(ctx, tx, r, hashCredential(cred)); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "kiosk.register",
			Entity: "kiosk_device", EntityID: r.ID, After: map[string]any{"name": name}})
	})
	if err != nil {
		return nil, err
	}
	saved, err := s.store.Device(ctx, s.db, p.TenantID, r.ID)
	if err != nil {
		return nil, err
	}
	return &shared.KioskRegistration{Device: toDevice(saved), Credential: cred}, nil
}

// Kiosks are the facility's kiosks, active first.
func (s *Service) Kiosks(ctx context.Context, p *auth.Principal) ([]shared.KioskDevice, error) {
	if p.TenantID == "" {
		return nil, errNotAFacilityID
	}
	rows, err := s.store.Devices(ctx, s.db, p.TenantID, false)
	if err != nil {
		return nil, err
	}
	out := []shared.KioskDevice{}
	for i := range rows {
		out = append(out, toDevice(&rows[i]))
	}
	return out, nil
}

// RevokeKiosk ends a kiosk's credential at once; its punches stay.
func (s *Service) RevokeKiosk(ctx context.Context, p *auth.Principal, id string) (*shared.KioskDevice, error) {
	if p.TenantID == "" {
		return nil, errNotAFacilityID
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		d, err := s.store.Device(ctx, tx, p.TenantID, id)
		if errors.Is(err, db.ErrNotFound) {
			return problem.NotFound
		}
		if err != nil {
			return err
		}
		ok, err := s.store.RevokeDevice(ctx, tx, p.TenantID, id, p.UserID, s.now().UnixMilli())
		if err != nil {
			return err
		}
		if !ok {
			return ErrKioskRevoked
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "kiosk.revoke",
			Entity: "kiosk_device", EntityID: id, Before: map[string]any{"name": d.Name}})
	})
	if err != nil {
		return nil, err
	}
	d, err := s.store.Device(ctx, s.db, p.TenantID, id)
	if err != nil {
		return nil, err
	}
	out := toDevice(d)
	return &out, nil
}

// CheckKiosk turns a kiosk credential into its kiosk: 4001 when unknown or
// revoked, 7003 when the facility's plan no longer includes clock-in.
func (s *Service) CheckKiosk(ctx context.Context, credential string) (*Kiosk, error) {
	if !strings.HasPrefix(credential, credentialPrefix) || len(credential) > 200 {
		return nil, problem.Unauthorized
	}
	d, err := s.store.DeviceByCredential(ctx, s.db, hashCredential(credential))
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.Unauthorized
	}
	if err != nil {
		return nil, err
	}
	if !auth.PlanAllows(shared.Plan(d.Plan.String), shared.FnYourStatus) {
		return nil, problem.NoFunction
	}
	if err := s.store.SeenDevice(ctx, s.db, d.ID, s.now().UnixMilli()); err != nil {
		return nil, err
	}
	return &Kiosk{row: d}, nil
}

// KioskHome is the kiosk's start screen: the facility and its enabled caregivers.
func (s *Service) KioskHome(ctx context.Context, k *Kiosk) (*shared.KioskHome, error) {
	d := k.row
	people, err := s.store.KioskPeople(ctx, s.db, d.TenantID)
	if err != nil {
		return nil, err
	}
	on, err := s.store.OnShift(ctx, s.db, d.TenantID)
	if err != nil {
		return nil, err
	}
	out := &shared.KioskHome{DeviceID: d.ID, DeviceName: d.Name, FacilityName: d.FacilityName, TimeZone: d.TimeZone,
		ServerTime: s.now().UnixMilli(), Caregivers: []shared.KioskCaregiver{}}
	for _, p := range people {
		kc := shared.KioskCaregiver{CaregiverID: p.CaregiverID, Name: p.Name, Color: p.Color, PinSet: p.PinSet}
		if p.Avatar != "" {
			kc.AvatarURL = s.avatars.AvatarURL(p.Avatar)
		}
		_, kc.OnShift = on[p.UserID]
		out.Caregivers = append(out.Caregivers, kc)
	}
	return out, nil
}

// KioskPunch punches for a caregiver at a kiosk. Online the PIN is checked
// here. A punch queued offline says pinCheckedOffline instead: the server
// takes the kiosk's word that it checked the PIN against its verifier. That
// is a trust in the device, not in the request: only a registered, unrevoked
// kiosk can say it, only for a caregiver it holds a verifier for, and such
// punches are marked pinCheck=OFFLINE for the owner to see. A replayed id
// answers its original punch without a PIN check.
func (s *Service) KioskPunch(ctx context.Context, k *Kiosk, req shared.KioskPunchRequest) (*shared.KioskPunchResult, error) {
	d := k.row
	who, err := s.store.KioskPerson(ctx, s.db, d.TenantID, strings.TrimSpace(req.CaregiverID))
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	in := punchIn{tenantID: d.TenantID, userID: who.UserID, clientID: req.ClientPunchID, at: req.PunchTime,
		source: shared.PunchFromKiosk, deviceID: d.ID}
	if r, err := s.replay(ctx, s.db, in); err != nil || r != nil {
		if err != nil {
			return nil, err
		}
		return toKioskResult(r, who), nil
	}
	var verifier *verifierRow
	if req.PinCheckedOffline {
		has, err := s.store.HasVerifier(ctx, s.db, d.ID, who.UserID)
		if err != nil {
			return nil, err
		}
		if !has {
			return nil, ErrNoVerifier
		}
		in.pinCheck = shared.PinCheckedOffline
	} else {
		if req.Pin == "" {
			return nil, ErrPinRequired
		}
		if _, err := s.checkTime(req.PunchTime); err != nil { // before counting a PIN against anyone
			return nil, err
		}
		if err := s.checkPin(ctx, d, who, req.Pin); err != nil {
			return nil, err
		}
		in.pinCheck = shared.PinCheckedOnline
		has, err := s.store.HasVerifier(ctx, s.db, d.ID, who.UserID)
		if err != nil {
			return nil, err
		}
		if !has { // the first online punch here since the PIN was set: give this kiosk its offline check
			v, err := Verifier(req.Pin, d.Salt, who.CaregiverID)
			if err != nil {
				return nil, err
			}
			verifier = &verifierRow{DeviceID: d.ID, TenantID: d.TenantID, UserID: who.UserID, CaregiverID: who.CaregiverID,
				Verifier: v, UpdatedAt: s.now().UnixMilli()}
		}
	}
	var r *punchRow
	err = s.db.InTx(ctx, func(tx *db.Tx) (err error) {
		if in.pinCheck == shared.PinCheckedOnline {
			c, err := s.store.Clock(ctx, tx, d.TenantID, who.UserID)
			if err != nil && !errors.Is(err, db.ErrNotFound) {
				return err
			}
			now := s.now()
			if c != nil && c.PinLockedUntil > now.UnixMilli() { // locked by wrong PINs while this one was checked
				return lockedProblem(c.PinLockedUntil, now)
			}
			if err := s.store.ResetPinFailures(ctx, tx, d.TenantID, who.UserID, now.UnixMilli()); err != nil {
				return err
			}
			if verifier != nil && c != nil {
				if err := s.store.PutVerifier(ctx, tx, *verifier); err != nil {
					return err
				}
			}
		}
		r, err = s.punch(ctx, tx, in)
		return err
	})
	if err != nil {
		return nil, err
	}
	return toKioskResult(r, who), nil
}

// KioskVerifiers are the kiosk's offline PIN checks and how to compute them.
func (s *Service) KioskVerifiers(ctx context.Context, k *Kiosk) (*shared.KioskPinVerifiers, error) {
	rows, err := s.store.Verifiers(ctx, s.db, k.row.TenantID, k.row.ID)
	if err != nil {
		return nil, err
	}
	out := &shared.KioskPinVerifiers{DeviceSalt: k.row.Salt, KDF: VerifierKDF, Verifiers: []shared.PinVerifier{}}
	for _, v := range rows {
		out.Verifiers = append(out.Verifiers, shared.PinVerifier{CaregiverID: v.CaregiverID, Verifier: v.Verifier, UpdateTime: v.UpdatedAt})
	}
	return out, nil
}

func toKioskResult(r *punchRow, who *kioskPerson) *shared.KioskPunchResult {
	return &shared.KioskPunchResult{RecordID: r.ID, ClientPunchID: r.ClientID, CaregiverID: who.CaregiverID, CaregiverName: who.Name,
		PunchType: r.Type, PunchTime: r.PunchedAt, Late: r.Late}
}

func toDevice(r *deviceRow) shared.KioskDevice {
	out := shared.KioskDevice{DeviceID: r.ID, DeviceName: r.Name, Status: shared.KioskActive, CreatorName: r.CreatorName,
		CreateTime: r.CreatedAt, LastSeenTime: r.LastSeenAt.Int64, RevokedTime: r.RevokedAt.Int64}
	if r.RevokedAt.Valid {
		out.Status = shared.KioskRevoked
	}
	return out
}
