package attendance

import (
	"context"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"golang.org/x/crypto/argon2"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/mail"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// The kiosk PIN. The server keeps an argon2id hash of it (auth.HashPassword)
// and checks it for online kiosk punches, counting wrong PINs: the fifth in a
// row locks that caregiver's kiosk punches for 15 minutes and e-mails the
// facility's owners (issue 5).
//
// For offline checks each kiosk holds, per caregiver, a verifier
// argon2id(PIN, salt = the kiosk's own random salt + the caregiver's staff id)
// with the parameters below, synced from GET /kiosk/pinVerifiers. The salt is
// per device, so one kiosk's verifiers are useless on another. A 4–6 digit PIN
// has at most a million values: whoever steals a kiosk can search them in
// hours; the slow KDF only makes that search cost something. The remedy is to
// revoke the stolen kiosk (its verifiers stop syncing, its credential fails)
// and, to be thorough, have its caregivers set new PINs.

// VerifierKDF are the offline verifier's argon2id parameters: OWASP's minimum
// for argon2id (19 MiB, 2 passes, 1 lane), light enough for a cheap tablet.
// Source: OWASP Password Storage Cheat Sheet, "Argon2id".
var VerifierKDF = shared.PinKDF{Algorithm: "argon2id", Time: 2, MemoryKiB: 19 * 1024, Threads: 1, KeyLength: 32}

// Verifier computes a PIN's offline verifier for a kiosk salt (base64) and a
// caregiver's staff id; the kiosk does the same to check a PIN.
func Verifier(pin, deviceSalt, caregiverID string) (string, error) {
	salt, err := base64.StdEncoding.DecodeString(deviceSalt)
	if err != nil {
		return "", fmt.Errorf("attendance: kiosk salt: %w", err)
	}
	k := VerifierKDF
	key := argon2.IDKey([]byte(pin), append(salt, caregiverID...), uint32(k.Time), uint32(k.MemoryKiB), uint8(k.Threads), uint32(k.KeyLength))
	return base64.StdEncoding.EncodeToString(key), nil
}

// CheckVerifier reports whether pin matches a verifier (what a kiosk does offline).
func CheckVerifier(pin, deviceSalt, caregiverID, verifier string) bool {
	v, err := Verifier(pin, deviceSalt, caregiverID)
	return err == nil && subtle.ConstantTimeCompare([]byte(v), []byte(verifier)) == 1
}

// SetPin sets the signed-in person's kiosk PIN for the facility they are
// signed in to, clears any lock, and replaces their verifiers on every active
// kiosk of the facility.
func (s *Service) SetPin(ctx context.Context, p *auth.Principal, req shared.SetPinRequest) (*shared.ClockInStatus, error) {
	if p.TenantID == "" {
		return nil, errNotAFacilityID
	}
	if !validPin(req.Pin) {
		return nil, problem.Invalid("pin", "pattern", "attendance.pinRule", map[string]any{"min": shared.PinMinLength, "max": shared.PinMaxLength})
	}
	if GuessablePin(req.Pin) {
		return nil, ErrGuessablePin
	}
	hash, err := auth.HashPassword(req.Pin)
	if err != nil {
		return nil, err
	}
	me, err := s.store.PersonByUser(ctx, s.db, p.TenantID, p.UserID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	// The slow verifiers are made before the transaction, which stays short.
	var verifiers []verifierRow
	now := s.now().UnixMilli()
	if me.CaregiverID != "" {
		devices, err := s.store.Devices(ctx, s.db, p.TenantID, true)
		if err != nil {
			return nil, err
		}
		for _, d := range devices {
			v, err := Verifier(req.Pin, d.Salt, me.CaregiverID)
			if err != nil {
				return nil, err
			}
			verifiers = append(verifiers, verifierRow{DeviceID: d.ID, TenantID: p.TenantID, UserID: p.UserID,
				CaregiverID: me.CaregiverID, Verifier: v, UpdatedAt: now})
		}
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.store.SetPin(ctx, tx, p.TenantID, p.UserID, hash, now); err != nil {
			return err
		}
		if err := s.store.DeleteVerifiers(ctx, tx, p.TenantID, p.UserID); err != nil {
			return err
		}
		for _, v := range verifiers {
			if err := s.store.PutVerifier(ctx, tx, v); err != nil {
				return err
			}
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "attendance.setPin",
			Entity: "caregiver_clock", EntityID: p.UserID, After: map[string]any{"pinSet": true, "kiosks": len(verifiers)}})
	})
	if err != nil {
		return nil, err
	}
	return s.MyStatus(ctx, p)
}

// ErrGuessablePin refuses a PIN anyone at the door would try first.
var ErrGuessablePin = problem.Invalid("pin", "guessable", "attendance.pinGuessable", nil)

// GuessablePin reports whether a PIN is one digit repeated (0000, 111111) or
// a straight run up or down (1234, 012345, 4321, 987654): the PINs people
// pick most and a thief at the door tries first (the most common 4-digit PINs
// in leaked-PIN studies such as Bonneau, Preibusch and Anderson, "A birthday
// present every eleven wallets?", 2012). A run does not wrap (7890 is allowed).
func GuessablePin(pin string) bool {
	if len(pin) < 2 {
		return false
	}
	step := int(pin[1]) - int(pin[0])
	if step < -1 || step > 1 {
		return false
	}
	for i := 2; i < len(pin); i++ {
		if int(pin[i])-int(pin[i-1]) != step {
			return false
		}
	}
	return true
}

func validPin(pin string) bool {
	if len(pin) < shared.PinMinLength || len(pin) > shared.PinMaxLength {
		return false
	}
	for _, r := range pin {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// checkPin checks a PIN given at a kiosk. The attempt is counted first, in
// its own statement, and the slow hash is checked after, outside any
// transaction: of many attempts at once, only the first PinMaxFailures are
// checked at all, the one numbered PinMaxFailures locks if wrong, and the
// rest answer "locked". It answers nil when right (the punch's transaction
// then clears the count); the fifth wrong PIN in a row locks and notifies the owners.
func (s *Service) checkPin(ctx context.Context, dev *deviceRow, who *kioskPerson, pin string) error {
	c, err := s.store.Clock(ctx, s.db, dev.TenantID, who.UserID)
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return err
	}
	now := s.now()
	if c == nil || c.PinHash == "" { // no clock row: never set
		return ErrPinNotSet
	}
	if c.PinLockedUntil > now.UnixMilli() {
		return lockedProblem(c.PinLockedUntil, now)
	}
	var n int
	err = s.db.InTx(ctx, func(tx *db.Tx) (err error) {
		n, err = s.store.ReservePinAttempt(ctx, tx, dev.TenantID, who.UserID, c.PinSetAt, now.UnixMilli())
		return err
	})
	if err != nil {
		return err
	}
	lockUntil := now.Add(shared.PinLockMinutes * time.Minute).UnixMilli()
	switch {
	case n == 0: // locked meanwhile, or the PIN was just set again
		if c, err = s.store.Clock(ctx, s.db, dev.TenantID, who.UserID); err == nil && c != nil && c.PinLockedUntil > now.UnixMilli() {
			return lockedProblem(c.PinLockedUntil, now)
		}
		return ErrPinWrong.With(map[string]any{"left": shared.PinMaxFailures}).WithData(shared.RetryInfo{AttemptsLeft: shared.PinMaxFailures})
	case n > shared.PinMaxFailures: // as many attempts as allowed are already counted or being checked
		return lockedProblem(lockUntil, now)
	}
	if auth.CheckPassword(pin, c.PinHash) {
		return nil
	}
	if n < shared.PinMaxFailures {
		left := shared.PinMaxFailures - n
		return ErrPinWrong.With(map[string]any{"left": left}).WithData(shared.RetryInfo{AttemptsLeft: left})
	}
	var locked bool
	err = s.db.InTx(ctx, func(tx *db.Tx) (err error) {
		if locked, err = s.store.LockPin(ctx, tx, dev.TenantID, who.UserID, c.PinSetAt, now.UnixMilli(), lockUntil); err != nil || !locked {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: dev.TenantID, Action: "attendance.pinLocked", Entity: "caregiver_clock",
			EntityID: who.UserID, After: map[string]any{"deviceId": dev.ID, "lockedUntil": lockUntil}})
	})
	if err != nil {
		return err
	}
	if locked {
		s.notifyLocked(ctx, dev, who)
	}
	return lockedProblem(lockUntil, now)
}

func lockedProblem(until int64, now time.Time) error {
	secs := int((until - now.UnixMilli() + 999) / 1000)
	return ErrPinLocked.With(map[string]any{"minutes": (secs + 59) / 60}).WithData(shared.RetryInfo{RetryAfterSeconds: secs})
}

// notifyLocked e-mails the facility's owners that a caregiver's kiosk PIN is
// locked. A mail failure is logged, not answered: the lock itself holds.
func (s *Service) notifyLocked(ctx context.Context, dev *deviceRow, who *kioskPerson) {
	owners, err := s.store.Owners(ctx, s.db, dev.TenantID)
	if err != nil {
		s.log.ErrorContext(ctx, "pin lock: owners", "err", err)
		return
	}
	args := map[string]any{"caregiver": who.Name, "facility": dev.FacilityName, "device": dev.Name,
		"failures": shared.PinMaxFailures, "minutes": shared.PinLockMinutes}
	for _, o := range owners {
		// Each owner reads it in their own language; the kiosk's is the fallback.
		lang := o.Language
		if lang == "" {
			lang = msg.Language(ctx)
		}
		args["name"] = o.Name
		m := mail.Message{To: o.Email, Subject: msg.T(lang, "attendance.mail.pinLocked.subject", args),
			Body: msg.T(lang, "attendance.mail.pinLocked.body", args)}
		if err := s.mail.Send(ctx, m); err != nil {
			s.log.ErrorContext(ctx, "pin lock: mail", "err", err, "to", o.Email)
		}
	}
}
