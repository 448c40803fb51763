package core

import (
	"bytes"
	"context"
	"crypto/md5"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"hearth/shared"
)

// Sending kept med writes. Each goes with an access token of the person who
// made it, seen on that person's own calls from the page (kept in memory
// only, never on disk); a write whose person has no live token here waits,
// and the status names them. The cloud's clock is learnt from its answers'
// Date header, so a write's time and the request's t are the cloud's time
// even when this computer's clock is off.

// medPrefetchEvery: how often the shell asks the cloud for today's /emars
// day of each person who opened it here, so the med pass can go on from a
// fresh copy when the cloud goes away. A variable for tests.
var medPrefetchEvery = 5 * time.Minute

// medState is the med outbox's memory: tokens, the cloud's clock, who reads /emars.
type medState struct {
	mu      sync.Mutex
	people  map[string]*medPerson // who → their latest token
	readers map[string]bool       // who opened /emars on this computer (prefetched)
	skew    int64                 // ms: the cloud's clock minus this computer's
	wake    chan struct{}

	// queueMu makes "is this pass already logged here?" and the insert one step.
	queueMu sync.Mutex
}

func newMedState() medState {
	return medState{people: map[string]*medPerson{}, readers: map[string]bool{}, wake: make(chan struct{}, 1)}
}

// medPerson is what a person's calls from the page showed: their token
// (whose claims are read, not checked: the cloud checks), device and language.
type medPerson struct {
	token    string
	deviceID string
	lang     string
	exp      int64 // epoch ms the token expires; 0 = unknown
	stale    bool  // the cloud refused it (4001/4002)
}

// personWho: a signed-in person's cache key (not a kiosk, not the public).
func personWho(who string) bool {
	return who != "" && who != whoPublic && !strings.HasPrefix(who, whoKiosk)
}

// tenantOf is the facility of a person's cache key.
func tenantOf(who string) string {
	_, tid, _ := strings.Cut(who, "@")
	return tid
}

// tokenExpiry reads a JWT's exp claim (seconds) as epoch ms, 0 when unreadable.
func tokenExpiry(token string) int64 {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return 0
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return 0
	}
	var cl struct {
		Exp int64 `json:"exp"`
	}
	if json.Unmarshal(raw, &cl) != nil {
		return 0
	}
	return cl.Exp * 1000
}

// noteToken keeps the token of a person's call from the page; a newer one
// (or one replacing a refused one) wakes the med outbox.
func (c *Core) noteToken(r *http.Request, who string) {
	if !personWho(who) {
		return
	}
	tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok || strings.TrimSpace(tok) == "" {
		return
	}
	tok = strings.TrimSpace(tok)
	exp := tokenExpiry(tok)
	m := &c.med
	m.mu.Lock()
	p := m.people[who]
	fresh := p == nil || (p.token != tok && (p.stale || exp >= p.exp))
	if fresh {
		m.people[who] = &medPerson{token: tok, deviceID: r.Header.Get("X-Device-Id"), lang: langOf(r), exp: exp}
	}
	m.mu.Unlock()
	if fresh {
		c.pokeMed()
	}
}

// forgetPerson drops a person's token (they signed out on this computer).
// Their waiting writes stay and go when they sign in here again.
func (c *Core) forgetPerson(who string) {
	c.med.mu.Lock()
	delete(c.med.people, who)
	delete(c.med.readers, who)
	c.med.mu.Unlock()
}

// liveToken is a person's token if the cloud may still take it.
func (c *Core) liveToken(who string) *medPerson {
	now := c.serverNow()
	c.med.mu.Lock()
	defer c.med.mu.Unlock()
	p := c.med.people[who]
	if p == nil || p.stale || (p.exp != 0 && p.exp <= now+10_000) {
		return nil
	}
	cp := *p
	return &cp
}

// needsSignIn: a person's waiting writes cannot go until they sign in here
// again: no token of theirs seen since this computer started, the cloud
// refused it, or it expired while the cloud answers (an expired token while
// the cloud is away is renewed by the page's first call once it is back).
func (c *Core) needsSignIn(who string) bool {
	if c.liveToken(who) != nil {
		return false
	}
	c.med.mu.Lock()
	p := c.med.people[who]
	c.med.mu.Unlock()
	return p == nil || p.stale || c.isOnline()
}

// tokenRefused marks a person's token dead (the cloud answered 4001/4002).
func (c *Core) tokenRefused(who, token string) {
	c.med.mu.Lock()
	if p := c.med.people[who]; p != nil && p.token == token {
		p.stale = true
	}
	c.med.mu.Unlock()
}

// noteCloudDate learns the cloud's clock from an answer's Date header
// (second precision: differences under 2 s are taken as none).
func (c *Core) noteCloudDate(h http.Header) {
	at, err := http.ParseTime(h.Get("Date"))
	if err != nil {
		return
	}
	skew := at.UnixMilli() + 500 - c.now().UnixMilli() // the header drops the milliseconds: +500 is the second's middle
	if skew > -2000 && skew < 2000 {
		skew = 0
	}
	c.med.mu.Lock()
	c.med.skew = skew
	c.med.mu.Unlock()
}

// serverNow is the cloud's clock as this computer reckons it (epoch ms).
func (c *Core) serverNow() int64 {
	c.med.mu.Lock()
	skew := c.med.skew
	c.med.mu.Unlock()
	return c.now().UnixMilli() + skew
}

// pokeMed wakes the med outbox without blocking.
func (c *Core) pokeMed() {
	select {
	case c.med.wake <- struct{}{}:
	default:
	}
}

// noteMedReader remembers that a person opened /emars here (prefetched from then on).
func (c *Core) noteMedReader(who string) {
	c.med.mu.Lock()
	c.med.readers[who] = true
	c.med.mu.Unlock()
}

// signPath is the request path without /api and the service prefix (docs/api.md "Every request").
func signPath(path string) string {
	rest, ok := strings.CutPrefix(path, "/api/")
	if !ok {
		return path
	}
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		return rest[i:]
	}
	return "/"
}

// callAs sends one POST to the cloud as a person, signed as the page signs
// (t, Sign = md5(token + t + path), X-Device-Id, Accept-Language).
func (c *Core) callAs(ctx context.Context, p *medPerson, path string, body []byte) (*cloudAnswer, error) {
	base := c.cloudURL()
	if base == "" {
		return nil, &cloudDown{errNoCloudURL}
	}
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	t := strconv.FormatInt(c.serverNow(), 10)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+path+"?t="+t, bytes.NewReader(body))
	if err != nil {
		return nil, &cloudDown{err}
	}
	sum := md5.Sum([]byte(p.token + t + signPath(path)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+p.token)
	req.Header.Set("Sign", hex.EncodeToString(sum[:]))
	req.Header.Set("Cache-Control", "no-cache")
	if p.deviceID != "" {
		req.Header.Set("X-Device-Id", p.deviceID)
	}
	if p.lang != "" {
		req.Header.Set("Accept-Language", p.lang)
	}
	res, err := c.client.Do(req)
	if err != nil {
		c.noteOffline()
		return nil, &cloudDown{err}
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 16<<20))
	if err != nil {
		c.noteOffline()
		return nil, &cloudDown{err}
	}
	if isGatewayStatus(res.StatusCode) {
		c.noteOffline()
		return nil, &cloudDown{fmt.Errorf("HTTP %d", res.StatusCode)}
	}
	a := &cloudAnswer{Status: res.StatusCode, Body: raw}
	if err := json.Unmarshal(raw, a); err != nil || a.Code == "" {
		c.noteOffline()
		return nil, &cloudDown{fmt.Errorf("HTTP %d without an envelope", res.StatusCode)}
	}
	c.noteCloudDate(res.Header)
	c.noteOnline()
	return a, nil
}

// medLoop sends waiting med writes, oldest first, and keeps today's /emars
// day fresh for the people who use it here.
func (c *Core) medLoop(ctx context.Context) {
	failures := 0
	prefetch := time.NewTicker(medPrefetchEvery)
	defer prefetch.Stop()
	for {
		wait, sent := c.sendNextMed(ctx)
		switch {
		case sent:
			failures = 0
			continue
		case wait < 0:
			failures = 0
			select {
			case <-ctx.Done():
				return
			case <-c.med.wake:
			case <-prefetch.C:
				c.prefetchDays(ctx)
			}
			continue
		case wait == 0:
			continue
		}
		failures++
		t := time.NewTimer(backoff(failures))
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-c.med.wake:
			t.Stop()
		case <-t.C:
		}
	}
}

// sendNextMed sends the oldest waiting write that can go now: its person
// has a live token here and, for an effect check of a dose kept here, the
// dose is on the cloud. sent: the cloud settled it (next at once); wait < 0:
// nothing can go; wait == 0: look again at once; wait > 0: back off.
func (c *Core) sendNextMed(ctx context.Context) (wait time.Duration, sent bool) {
	if ctx.Err() != nil || c.cloudURL() == "" {
		return -1, false
	}
	rows, err := c.medWaitingRows(ctx)
	if err != nil {
		if ctx.Err() == nil {
			slog.Error("desktop med outbox: read", "err", err)
		}
		return 1, false
	}
	for i := range rows {
		row := &rows[i]
		p := c.liveToken(row.Who)
		if p == nil {
			continue // waits for its person to sign in again here
		}
		body := row.Body
		if row.Kind == shared.MedOutboxFollowUp && strings.HasPrefix(row.PassID, shared.LocalPassPrefix) {
			dose, err := c.medByClientID(ctx, strings.TrimPrefix(row.PassID, shared.LocalPassPrefix))
			if err != nil && !errors.Is(err, errNotFound) {
				return 1, false
			}
			switch {
			case err == nil && dose.State == stateWaiting:
				continue // the dose goes first
			case err == nil && dose.State == stateSent && dose.ServerPassID != "":
				if body, err = withPassID(body, dose.ServerPassID); err != nil {
					return 1, false
				}
			default: // the dose was refused or lost to another log: this check has nothing to belong to
				why := tr(shared.Language(row.Lang), "desktop.med.doseNotRecorded", nil)
				if err := c.medSettle(ctx, row.Seq, stateRefused, nil, why, "", ""); err != nil {
					return 1, false
				}
				return 0, true
			}
		}
		if syncPace > 0 {
			time.Sleep(syncPace)
		}
		return c.sendMed(ctx, row, p, body)
	}
	return -1, false
}

// withPassID is an effect check's body naming the cloud's pass.
func withPassID(body []byte, passID string) ([]byte, error) {
	var req shared.PrnFollowUpRequest
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, wrap("effect check: decode", err)
	}
	req.PassID = passID
	raw, err := json.Marshal(req)
	return raw, wrap("effect check: encode", err)
}

// medPaths are the cloud's calls for each kind of med write.
var medPaths = map[shared.MedOutboxKind]string{
	shared.MedOutboxPass:     medPrefix + "logPass",
	shared.MedOutboxPrn:      medPrefix + "logPrn",
	shared.MedOutboxFollowUp: medPrefix + "prnFollowUp",
}

// sendMed sends one write and records the cloud's verdict.
func (c *Core) sendMed(ctx context.Context, row *medRow, p *medPerson, body []byte) (time.Duration, bool) {
	triedBefore := row.FirstTryAt != 0
	if err := c.medBeginTry(ctx, row.Seq); err != nil {
		return 1, false
	}
	a, err := c.callAs(ctx, p, medPaths[row.Kind], body)
	if err != nil {
		if ctx.Err() != nil {
			return -1, false
		}
		_ = c.medNote(ctx, row.Seq, err.Error())
		return 1, false
	}
	why := a.Code + ": " + a.Message
	var pass shared.MedPass
	hasPass := a.Data != nil && json.Unmarshal(a.Data, &pass) == nil && pass.PassID != ""
	switch {
	case a.Status == http.StatusUnauthorized || a.Status == http.StatusGone ||
		a.Code == shared.CodeUnauthorized || a.Code == shared.CodeSessionRevoked:
		// The token died (expired, or the sign-in ended): the write waits for a new one.
		c.tokenRefused(row.Who, p.token)
		_ = c.medNote(ctx, row.Seq, tr(shared.Language(row.Lang), "desktop.med.signIn", map[string]any{"name": row.StaffName}))
		return 0, false
	case a.Code == shared.CodeOK:
		if err := c.medSettle(ctx, row.Seq, stateSent, a.Body, "", pass.PassID, pass.StaffName); err != nil {
			return 1, false // sent again later: the cloud answers a repeated clientId with the same record
		}
		return 0, true
	case a.Code == shared.CodeConflict && hasPass:
		state := stateConflict
		if row.Kind == shared.MedOutboxFollowUp && triedBefore && sameFollowUp(row.Body, &pass) {
			// An effect check carries no client id: one tried before whose answer was lost is
			// answered 4009 with itself. The same verdict and note, documented after our first
			// try, is ours.
			state, why = stateSent, ""
		}
		if err := c.medSettle(ctx, row.Seq, state, a.Body, why, "", ""); err != nil {
			return 1, false
		}
		if state == stateConflict {
			slog.Warn("desktop med outbox: someone logged it first", "clientId", row.ClientID, "kind", row.Kind)
		}
		return 0, true
	case a.Code == shared.CodeInternal || a.Code == shared.CodeUnavailable || a.Code == shared.CodeStorageFull ||
		a.Code == shared.CodeBadSignature || a.Code == shared.CodeRateLimited || strings.HasPrefix(a.Code, "7"):
		// 5000 rolled back; 5003 and 5007 (the cloud's database away, its disk full) saved nothing; 4005 is a clock this computer will learn; 4029 passes; 7xxx (the plan
		// lost the eMAR) refuses every write alike until the owner fixes it: keep them all.
		_ = c.medNote(ctx, row.Seq, why)
		return 1, false
	default: // refused for good: a rule (4022), gone (4004), a role (4003), a state (4009 without a record)
		if err := c.medSettle(ctx, row.Seq, stateRefused, a.Body, why, "", ""); err != nil {
			return 1, false
		}
		slog.Warn("desktop med outbox: the cloud refused a med write", "clientId", row.ClientID, "code", a.Code)
		return 0, true
	}
}

// sameFollowUp: the check on the cloud says what this row says.
func sameFollowUp(body []byte, on *shared.MedPass) bool {
	var req shared.PrnFollowUpRequest
	if json.Unmarshal(body, &req) != nil || on.FollowUpEffective == nil {
		return false
	}
	return *on.FollowUpEffective == req.Effective && strings.TrimSpace(on.FollowUpNote) == strings.TrimSpace(req.Note)
}

// prefetchDays keeps today's /emars day of each person who opened it here.
func (c *Core) prefetchDays(ctx context.Context) {
	c.med.mu.Lock()
	var who []string
	for w := range c.med.readers {
		who = append(who, w)
	}
	c.med.mu.Unlock()
	for _, w := range who {
		p := c.liveToken(w)
		if p == nil || !c.isOnline() || ctx.Err() != nil {
			continue
		}
		a, err := c.callAs(ctx, p, medLogPath, []byte(`{}`))
		if err != nil || a.Code != shared.CodeOK || a.Status != http.StatusOK {
			if err == nil && a.Code != shared.CodeOK { // no eMAR for this person (role, plan): stop asking
				c.med.mu.Lock()
				delete(c.med.readers, w)
				c.med.mu.Unlock()
			}
			continue
		}
		key, _ := medDayKey([]byte(`{}`))
		if err := c.cachePut(ctx, w, medLogPath, key, "application/json", a.Body, c.now().UnixMilli()); err != nil {
			slog.Warn("desktop cache: keep the /emars day", "err", err)
		}
	}
}
