package core

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"time"

	"golang.org/x/crypto/argon2"

	"hearth/shared"
)

// Kiosk punches. Each is saved (CHECKING) before anything else happens, in
// the order they were pressed. With nothing older waiting and the cloud
// answering, the cloud checks the PIN and stores the punch (SENT). Otherwise
// this kiosk checks the PIN against its verifier and queues the punch
// (WAITING) for the sync worker, which sends queued punches strictly in order:
// the cloud decides IN or OUT from the previous punch, so a later punch must
// never overtake an earlier one.

var punchIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{8,64}$`) // shared.KioskPunchRequest
var kioskPinPattern = regexp.MustCompile(`^[0-9]{4,6}$`)

// serveKioskPunch is POST /api/care/kiosk/punch at the kiosk.
func (c *Core) serveKioskPunch(w http.ResponseWriter, r *http.Request) {
	var req shared.KioskPunchRequest
	if !c.decodeBody(w, r, &req) {
		return
	}
	req.CaregiverID = strings.TrimSpace(req.CaregiverID)
	var bad []fieldRule
	switch { // bounds of shared.KioskPunchRequest
	case req.CaregiverID == "":
		bad = append(bad, fieldRule{"caregiverId", "minLength", map[string]any{"min": 1}})
	case len(req.CaregiverID) > shared.IDMax:
		bad = append(bad, fieldRule{"caregiverId", "maxLength", map[string]any{"max": shared.IDMax}})
	}
	if !punchIDPattern.MatchString(req.ClientPunchID) {
		bad = append(bad, fieldRule{"clientPunchId", "pattern", nil})
	}
	if !kioskPinPattern.MatchString(req.Pin) {
		bad = append(bad, fieldRule{"pin", "pattern", nil})
	}
	if len(bad) > 0 {
		c.failFields(w, r, bad)
		return
	}
	cred := c.kioskCredential()
	if cred == "" {
		c.fail(w, r, shared.CodeKioskNotSetUp, "desktop.kioskNotSetUp", nil, nil)
		return
	}
	c.punchMu.Lock()
	defer c.punchMu.Unlock()
	// Once saved, a punch is seen through even if the page stops waiting.
	ctx := context.WithoutCancel(r.Context())
	now := c.now()

	_, lockedUntil, err := c.pinFailures(ctx, req.CaregiverID)
	if err != nil {
		c.internal(w, r, err)
		return
	}
	if lockedUntil > now.UnixMilli() {
		c.failLocked(w, r, "desktop.pinLocked", lockedUntil, now)
		return
	}
	switch prev, err := c.outboxByClientID(ctx, req.ClientPunchID); {
	case err == nil:
		c.replayPunch(w, r, prev, cred, req)
		return
	case !errors.Is(err, errNotFound):
		c.internal(w, r, err)
		return
	}

	row := &outboxRow{ClientPunchID: req.ClientPunchID, CaregiverID: req.CaregiverID, PunchTime: now.UnixMilli()}
	if err := c.insertChecking(ctx, row); err != nil {
		c.internal(w, r, err)
		return
	}
	earlier, err := c.waitingBefore(ctx, row.Seq)
	if err != nil {
		c.dropAndFail(w, r, row, err)
		return
	}
	if !earlier && c.isOnline() {
		// punchTime 0: the cloud's own clock, so a drifting kiosk clock cannot get an online punch refused.
		a, err := c.callCloud(ctx, http.MethodPost, kioskPunchPath, cred, langOf(r),
			shared.KioskPunchRequest{CaregiverID: req.CaregiverID, ClientPunchID: req.ClientPunchID, Pin: req.Pin})
		if err == nil && a.Code != shared.CodeInternal && a.Code != shared.CodeUnavailable && a.Code != shared.CodeStorageFull {
			c.cloudPunched(w, r, row, a)
			return
		}
		// No answer (or a 5000, 5003 or 5007, which saved nothing): this kiosk checks the PIN.
	}
	c.queuePunch(w, r, row, req.Pin)
}

// cloudPunched finishes a punch the cloud answered.
func (c *Core) cloudPunched(w http.ResponseWriter, r *http.Request, row *outboxRow, a *cloudAnswer) {
	ctx := context.WithoutCancel(r.Context())
	if a.Code != shared.CodeOK { // 4120/4121/4122/4003/4004/4022, 4001, 7003: nothing was stored
		if err := c.deleteOutbox(ctx, row.Seq); err != nil {
			c.internal(w, r, err)
			return
		}
		if a.Code == shared.CodeUnauthorized {
			c.haltSync(a)
		}
		passThrough(w, a)
		return
	}
	var res shared.KioskPunchResult
	_ = json.Unmarshal(a.Data, &res)
	if err := c.markSent(ctx, row.Seq, res.CaregiverName); err != nil {
		// The cloud has the punch, which is what counts; the row stays CHECKING
		// and is dropped at the next start. Answering 5000 here would make the
		// caregiver press again and punch twice.
		slog.Error("desktop kiosk: mark a punch sent", "clientPunchId", row.ClientPunchID, "err", err)
	}
	_ = c.resetPinFailures(ctx, row.CaregiverID)
	if res.PunchType != "" {
		_ = c.noteOnShift(ctx, row.CaregiverID, res.PunchType)
	}
	passThrough(w, a)
}

// queuePunch checks the PIN here and queues the punch, or drops it.
func (c *Core) queuePunch(w http.ResponseWriter, r *http.Request, row *outboxRow, pin string) {
	ctx := context.WithoutCancel(r.Context())
	v, err := c.verifierFor(ctx, row.CaregiverID)
	if errors.Is(err, errNotFound) {
		if err := c.deleteOutbox(ctx, row.Seq); err != nil {
			c.internal(w, r, err)
			return
		}
		c.fail(w, r, shared.CodeNoOfflinePinCheck, "desktop.noOfflinePinCheck", nil, nil)
		return
	}
	if err != nil {
		c.dropAndFail(w, r, row, err)
		return
	}
	if !v.matches(pin, row.CaregiverID) {
		if err := c.deleteOutbox(ctx, row.Seq); err != nil {
			c.internal(w, r, err)
			return
		}
		failures, lockedUntil, err := c.addPinFailure(ctx, row.CaregiverID)
		if err != nil {
			c.internal(w, r, err)
			return
		}
		now := c.now()
		if lockedUntil > now.UnixMilli() {
			c.failLocked(w, r, "desktop.pinLocked", lockedUntil, now)
			return
		}
		left := shared.KioskLocalMaxFailures - failures
		c.fail(w, r, shared.CodePinWrong, "desktop.pinWrong", map[string]any{"left": left}, shared.RetryInfo{AttemptsLeft: left})
		return
	}
	if err := c.resetPinFailures(ctx, row.CaregiverID); err != nil {
		c.dropAndFail(w, r, row, err)
		return
	}
	// The best guess of IN or OUT: the last thing this kiosk knew, waiting punches included.
	guess, name := shared.PunchIn, ""
	if home, _, found, err := c.cachedKioskHome(ctx); err == nil && found {
		if err := c.overlayWaiting(ctx, home); err == nil {
			for _, kc := range home.Caregivers {
				if kc.CaregiverID == row.CaregiverID {
					name = kc.Name
					if kc.OnShift {
						guess = shared.PunchOut
					}
				}
			}
		}
	}
	if err := c.markWaiting(ctx, row.Seq, name, guess); err != nil {
		c.dropAndFail(w, r, row, err)
		return
	}
	_ = c.noteOnShift(ctx, row.CaregiverID, guess)
	c.poke()
	c.ok(w, r, shared.KioskPunchResult{ClientPunchID: row.ClientPunchID, CaregiverID: row.CaregiverID, CaregiverName: name,
		PunchType: guess, PunchTime: row.PunchTime, Queued: true})
}

// replayPunch answers a punch id this kiosk already has (the page retried).
func (c *Core) replayPunch(w http.ResponseWriter, r *http.Request, prev *outboxRow, cred string, req shared.KioskPunchRequest) {
	if prev.CaregiverID != req.CaregiverID {
		c.failFields(w, r, []fieldRule{{"clientPunchId", "pattern", nil}})
		return
	}
	if prev.State == stateWaiting {
		c.ok(w, r, shared.KioskPunchResult{ClientPunchID: prev.ClientPunchID, CaregiverID: prev.CaregiverID,
			CaregiverName: prev.CaregiverName, PunchType: prev.GuessedType, PunchTime: prev.PunchTime, Queued: true})
		return
	}
	// Sent or refused: the cloud answers a replayed id with its original verdict.
	a, err := c.callCloud(context.WithoutCancel(r.Context()), http.MethodPost, kioskPunchPath, cred, langOf(r),
		shared.KioskPunchRequest{CaregiverID: req.CaregiverID, ClientPunchID: req.ClientPunchID, Pin: req.Pin})
	if err != nil {
		c.fail(w, r, shared.CodeOffline, "desktop.offline", nil, map[string]any{"detail": err.Error()})
		return
	}
	passThrough(w, a)
}

// dropAndFail removes a punch that could not be finished and answers 5000.
func (c *Core) dropAndFail(w http.ResponseWriter, r *http.Request, row *outboxRow, err error) {
	_ = c.deleteOutbox(context.WithoutCancel(r.Context()), row.Seq)
	c.internal(w, r, err)
}

// pinVerifier is one caregiver's offline PIN check with the kiosk's KDF.
type pinVerifier struct {
	salt     []byte
	kdf      shared.PinKDF
	verifier string
}

// verifierFor is the caregiver's verifier (errNotFound when this kiosk holds
// none it can use).
func (c *Core) verifierFor(ctx context.Context, caregiverID string) (*pinVerifier, error) {
	var v pinVerifier
	var salt string
	err := c.db.QueryRowContext(ctx, `SELECT k.device_salt, k.algorithm, k.time, k.memory_kib, k.threads, k.key_length, v.verifier
		FROM pin_verifiers v CROSS JOIN kiosk_kdf k WHERE v.caregiver_id = ?`, caregiverID).
		Scan(&salt, &v.kdf.Algorithm, &v.kdf.Time, &v.kdf.MemoryKiB, &v.kdf.Threads, &v.kdf.KeyLength, &v.verifier)
	if err != nil {
		return nil, notFound("pin verifier", err)
	}
	if v.kdf.Algorithm != "argon2id" { // a KDF this kiosk does not know cannot check anything
		return nil, fmt.Errorf("pin verifier: KDF %q unknown here: %w", v.kdf.Algorithm, errNotFound)
	}
	if v.salt, err = base64.StdEncoding.DecodeString(salt); err != nil { // a broken salt checks nothing either
		return nil, fmt.Errorf("pin verifier: device salt unreadable (%w): %w", err, errNotFound)
	}
	return &v, nil
}

// matches checks a PIN the way the cloud made the verifier: argon2id(PIN,
// salt = device salt bytes + caregiverId bytes) with the synced parameters,
// standard base64. Source: docs/api.md "Offline PIN checks",
// cloud/feature/attendance/pin.go Verifier.
func (v *pinVerifier) matches(pin, caregiverID string) bool {
	k := v.kdf
	if k.Time < 1 || k.MemoryKiB < 1 || k.Threads < 1 || k.KeyLength < 16 || k.Threads > 255 {
		return false
	}
	salt := append(append([]byte{}, v.salt...), caregiverID...)
	key := argon2.IDKey([]byte(pin), salt, uint32(k.Time), uint32(k.MemoryKiB), uint8(k.Threads), uint32(k.KeyLength))
	got := base64.StdEncoding.EncodeToString(key)
	return subtle.ConstantTimeCompare([]byte(got), []byte(v.verifier)) == 1
}

// pinFailures are the wrong PINs typed here for a caregiver and the lock.
func (c *Core) pinFailures(ctx context.Context, caregiverID string) (failures int, lockedUntil int64, err error) {
	err = c.db.QueryRowContext(ctx, `SELECT failures, locked_until FROM pin_failures WHERE caregiver_id = ?`, caregiverID).
		Scan(&failures, &lockedUntil)
	if errors.Is(err, sql.ErrNoRows) { // none typed wrong here
		return 0, 0, nil
	}
	return failures, lockedUntil, wrap("pin failures", err)
}

// addPinFailure counts a wrong PIN; the KioskLocalMaxFailures-th in a row
// locks the caregiver's punches here for PinLockMinutes.
func (c *Core) addPinFailure(ctx context.Context, caregiverID string) (failures int, lockedUntil int64, err error) {
	lock := c.now().Add(shared.PinLockMinutes * time.Minute).UnixMilli()
	err = c.db.QueryRowContext(ctx, `INSERT INTO pin_failures (caregiver_id, failures, locked_until) VALUES (?, 1, 0)
		ON CONFLICT (caregiver_id) DO UPDATE SET failures = pin_failures.failures + 1
		RETURNING failures`, caregiverID).Scan(&failures)
	if err != nil {
		return 0, 0, wrap("pin failures: count", err)
	}
	if failures >= shared.KioskLocalMaxFailures {
		_, err = c.db.ExecContext(ctx, `UPDATE pin_failures SET failures = 0, locked_until = ? WHERE caregiver_id = ?`, lock, caregiverID)
		return failures, lock, wrap("pin failures: lock", err)
	}
	return failures, 0, nil
}

// resetPinFailures: a right PIN clears the count (not a running lock).
func (c *Core) resetPinFailures(ctx context.Context, caregiverID string) error {
	_, err := c.db.ExecContext(ctx, `UPDATE pin_failures SET failures = 0 WHERE caregiver_id = ?`, caregiverID)
	return wrap("pin failures: reset", err)
}
