package core

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"hearth/shared"
)

// The door kiosk's start screen, avatars and PIN verifiers. In kiosk mode
// nothing personal is kept but the start screen (names, colours, on shift),
// the avatars and the verifiers.

// serveKioskHome is GET /api/care/kiosk/caregivers at the kiosk: asked of the
// cloud with the credential, kept, avatars pointed at this computer.
func (c *Core) serveKioskHome(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	cred := c.kioskCredential()
	if cred == "" {
		c.fail(w, r, shared.CodeKioskNotSetUp, "desktop.kioskNotSetUp", nil, nil)
		return
	}
	a, err := c.callCloud(ctx, http.MethodGet, kioskHomePath, cred, langOf(r), nil)
	if err == nil && a.Code == shared.CodeOK {
		var home shared.KioskHome
		if err := json.Unmarshal(a.Data, &home); err != nil {
			c.internal(w, r, err)
			return
		}
		if err := c.storeKioskHome(ctx, &home, c.now()); err != nil {
			c.internal(w, r, err)
			return
		}
		go c.prefetchAvatars(context.WithoutCancel(ctx))
	} else if err == nil { // the cloud refused (4001 revoked, 7003): tell the screen
		if a.Code == shared.CodeUnauthorized {
			c.haltSync(a)
		}
		passThrough(w, a)
		return
	}
	home, at, found, cerr := c.cachedKioskHome(ctx)
	if cerr != nil {
		c.internal(w, r, cerr)
		return
	}
	if !found {
		detail := "nothing kept"
		if err != nil {
			detail = err.Error()
		}
		c.fail(w, r, shared.CodeOffline, "desktop.offline", nil, map[string]any{"detail": detail})
		return
	}
	if err := c.overlayWaiting(ctx, home); err != nil {
		c.internal(w, r, err)
		return
	}
	if err != nil { // offline: the kept screen, saying how old it is
		w.Header().Set(shared.OfflineSinceHeader, strconv.FormatInt(at, 10))
	}
	c.ok(w, r, home)
}

// storeKioskHome keeps the start screen with each avatar pointed at
// /api/desktop/kiosk/avatar/{caregiverId}, and remembers the cloud's signed
// links (valid 10 minutes) to fetch the pictures.
func (c *Core) storeKioskHome(ctx context.Context, home *shared.KioskHome, at time.Time) error {
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return wrap("kiosk home: begin", err)
	}
	defer tx.Rollback()
	keep := map[string]bool{}
	for i := range home.Caregivers {
		kc := &home.Caregivers[i]
		if kc.AvatarURL == "" {
			continue
		}
		source := kc.AvatarURL
		if u, err := url.Parse(kc.AvatarURL); err == nil {
			source = u.Path // the file; the query is the signature, new each time
		}
		keep[kc.CaregiverID] = true
		_, err := tx.ExecContext(ctx, `INSERT INTO kiosk_avatars (caregiver_id, source, signed_url, signed_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (caregiver_id) DO UPDATE SET signed_url = excluded.signed_url, signed_at = excluded.signed_at,
			body = CASE WHEN kiosk_avatars.source = excluded.source THEN kiosk_avatars.body END,
			fetched_at = CASE WHEN kiosk_avatars.source = excluded.source THEN kiosk_avatars.fetched_at ELSE 0 END,
			source = excluded.source`, kc.CaregiverID, source, kc.AvatarURL, at.UnixMilli())
		if err != nil {
			return wrap("kiosk home: keep avatar link", err)
		}
		kc.AvatarURL = avatarPrefix + url.PathEscape(kc.CaregiverID)
	}
	kept, err := avatarIDs(ctx, tx)
	if err != nil {
		return err
	}
	for _, id := range kept {
		if keep[id] {
			continue
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM kiosk_avatars WHERE caregiver_id = ?`, id); err != nil {
			return wrap("kiosk home: forget avatar", err)
		}
	}
	body, err := envelopeOK(home)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO read_cache (who, path, query, content_type, body, size, fetched_at) VALUES (?, ?, '', ?, ?, ?, ?)
		ON CONFLICT (who, path, query) DO UPDATE SET body = excluded.body, size = excluded.size, fetched_at = excluded.fetched_at`,
		whoKiosk, kioskHomePath, "application/json", body, len(body), at.UnixMilli()); err != nil {
		return wrap("kiosk home: keep", err)
	}
	return wrap("kiosk home: commit", tx.Commit())
}

// avatarIDs are the caregivers whose avatar links are kept.
func avatarIDs(ctx context.Context, tx *sql.Tx) ([]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT caregiver_id FROM kiosk_avatars`)
	if err != nil {
		return nil, wrap("kiosk avatars: list", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, wrap("kiosk avatars: list", err)
		}
		ids = append(ids, id)
	}
	return ids, wrap("kiosk avatars: list", rows.Err())
}

// cachedKioskHome is the kept start screen.
func (c *Core) cachedKioskHome(ctx context.Context) (*shared.KioskHome, int64, bool, error) {
	_, body, at, found, err := c.cacheGet(ctx, whoKiosk, kioskHomePath, "")
	if err != nil || !found {
		return nil, 0, false, err
	}
	var env shared.Envelope[shared.KioskHome]
	if err := json.Unmarshal(body, &env); err != nil {
		return nil, 0, false, wrap("kiosk home: read kept", err)
	}
	return &env.Data, at, true, nil
}

// overlayWaiting shows each caregiver as the punches still waiting here
// leave them: the cloud does not know those yet.
func (c *Core) overlayWaiting(ctx context.Context, home *shared.KioskHome) error {
	rows, err := c.db.QueryContext(ctx, `SELECT caregiver_id, guessed_type FROM outbox WHERE state = ? ORDER BY seq`, stateWaiting)
	if err != nil {
		return wrap("outbox: waiting punches", err)
	}
	defer rows.Close()
	last := map[string]shared.PunchType{}
	for rows.Next() {
		var id string
		var t shared.PunchType
		if err := rows.Scan(&id, &t); err != nil {
			return wrap("outbox: waiting punches", err)
		}
		last[id] = t
	}
	for i := range home.Caregivers {
		if t, ok := last[home.Caregivers[i].CaregiverID]; ok {
			home.Caregivers[i].OnShift = t == shared.PunchIn
		}
	}
	return wrap("outbox: waiting punches", rows.Err())
}

// noteOnShift records a punch in the kept start screen, so the next guess
// (and the screen while offline) follows it.
func (c *Core) noteOnShift(ctx context.Context, caregiverID string, t shared.PunchType) error {
	home, _, found, err := c.cachedKioskHome(ctx)
	if err != nil || !found {
		return err
	}
	for i := range home.Caregivers {
		if home.Caregivers[i].CaregiverID == caregiverID {
			home.Caregivers[i].OnShift = t == shared.PunchIn
		}
	}
	body, err := envelopeOK(home)
	if err != nil {
		return err
	}
	_, err = c.db.ExecContext(ctx, `UPDATE read_cache SET body = ?, size = ? WHERE who = ? AND path = ? AND query = ''`,
		body, len(body), whoKiosk, kioskHomePath)
	return wrap("kiosk home: note on shift", err)
}

// signedLinkTTL is how long the cloud's avatar links work (shared.SignedURLTTLMillis);
// a minute is kept in hand.
var signedLinkTTL = time.Duration(shared.SignedURLTTLMillis)*time.Millisecond - time.Minute

// prefetchAvatars fetches the avatars not yet on this computer while their links work.
func (c *Core) prefetchAvatars(ctx context.Context) {
	ids, err := c.avatarsToFetch(ctx)
	if err != nil {
		// Best effort: those read are still fetched; the rest come when the screen asks (serveAvatar).
		slog.Debug("desktop kiosk: avatars to fetch", "err", err)
	}
	for _, id := range ids {
		if _, _, err := c.fetchAvatar(ctx, id); err != nil {
			slog.Debug("desktop kiosk: avatar", "caregiver", id, "err", err)
		}
	}
}

// avatarsToFetch are the caregivers whose avatar is not kept yet and whose
// link still works; a row that cannot be read is left out.
func (c *Core) avatarsToFetch(ctx context.Context) ([]string, error) {
	rows, err := c.db.QueryContext(ctx, `SELECT caregiver_id FROM kiosk_avatars WHERE body IS NULL AND signed_at > ?`,
		c.now().Add(-signedLinkTTL).UnixMilli())
	if err != nil {
		return nil, wrap("kiosk avatars: to fetch", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if rows.Scan(&id) == nil {
			ids = append(ids, id)
		}
	}
	return ids, wrap("kiosk avatars: to fetch", rows.Err())
}

var errNoAvatar = errors.New("no avatar")

// fetchAvatar gets one avatar through its signed link and keeps it.
func (c *Core) fetchAvatar(ctx context.Context, id string) (string, []byte, error) {
	var link string
	var signedAt int64
	err := c.db.QueryRowContext(ctx, `SELECT signed_url, signed_at FROM kiosk_avatars WHERE caregiver_id = ?`, id).Scan(&link, &signedAt)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && c.now().Sub(time.UnixMilli(signedAt)) > signedLinkTTL) {
		return "", nil, errNoAvatar
	}
	if err != nil {
		return "", nil, wrap("kiosk avatar: link", err)
	}
	base := c.cloudURL()
	if base == "" {
		return "", nil, errNoCloudURL
	}
	if !strings.HasPrefix(link, "/") { // the cloud's links are relative (cloud/feature/file/signed.go)
		return "", nil, errNoAvatar
	}
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+link, nil)
	if err != nil {
		return "", nil, wrap("kiosk avatar: fetch", err)
	}
	res, err := c.client.Do(req)
	if err != nil {
		return "", nil, wrap("kiosk avatar: fetch", err)
	}
	defer res.Body.Close()
	ct := res.Header.Get("Content-Type")
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(ct, "image/") {
		return "", nil, errNoAvatar
	}
	body, err := io.ReadAll(io.LimitReader(res.Body, 5<<20))
	if err != nil {
		return "", nil, wrap("kiosk avatar: read", err)
	}
	// Matched on the file, not the link: a refreshed start screen signs the
	// same photo anew while this fetch is under way, and the photo is no less kept.
	source := link
	if u, err := url.Parse(link); err == nil {
		source = u.Path
	}
	_, err = c.db.ExecContext(ctx, `UPDATE kiosk_avatars SET content_type = ?, body = ?, fetched_at = ? WHERE caregiver_id = ? AND source = ?`,
		ct, body, c.now().UnixMilli(), id, source)
	return ct, body, wrap("kiosk avatar: keep", err)
}

// serveAvatar is GET /api/desktop/kiosk/avatar/{caregiverId}.
func (c *Core) serveAvatar(w http.ResponseWriter, r *http.Request, rawID string) {
	id, err := url.PathUnescape(rawID)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	var ct string
	var body []byte
	err = c.db.QueryRowContext(r.Context(), `SELECT content_type, body FROM kiosk_avatars WHERE caregiver_id = ? AND body IS NOT NULL`, id).Scan(&ct, &body)
	if errors.Is(err, sql.ErrNoRows) {
		ct, body, err = c.fetchAvatar(r.Context(), id)
	}
	if err != nil || len(body) == 0 {
		w.Header().Set("Cache-Control", "no-store")
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Cache-Control", "private, max-age=300")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	_, _ = w.Write(body)
}

// fetchVerifiers asks the cloud for the kiosk's offline PIN checks.
func (c *Core) fetchVerifiers(ctx context.Context, credential string) (*shared.KioskPinVerifiers, error) {
	a, err := c.callCloud(ctx, http.MethodGet, kioskVerifiersPath, credential, "", nil)
	if err != nil {
		return nil, err
	}
	if a.Code != shared.CodeOK {
		return nil, &cloudRefusal{a}
	}
	var vs shared.KioskPinVerifiers
	if err := json.Unmarshal(a.Data, &vs); err != nil {
		return nil, wrap("pin verifiers: decode", err)
	}
	return &vs, nil
}

// cloudRefusal is a business answer other than 0000.
type cloudRefusal struct{ a *cloudAnswer }

func (e *cloudRefusal) Error() string { return e.a.Code + ": " + e.a.Message }

// replaceVerifiers keeps the whole new set (docs/api.md "Offline PIN checks":
// the kiosk replaces its whole set on each sync).
func (c *Core) replaceVerifiers(ctx context.Context, vs *shared.KioskPinVerifiers) error {
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return wrap("pin verifiers: begin", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM pin_verifiers`); err != nil {
		return wrap("pin verifiers: clear", err)
	}
	k := vs.KDF
	if _, err := tx.ExecContext(ctx, `INSERT INTO kiosk_kdf (id, device_salt, algorithm, time, memory_kib, threads, key_length, synced_at)
		VALUES (1, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET device_salt = excluded.device_salt, algorithm = excluded.algorithm,
		time = excluded.time, memory_kib = excluded.memory_kib, threads = excluded.threads, key_length = excluded.key_length,
		synced_at = excluded.synced_at`, vs.DeviceSalt, k.Algorithm, k.Time, k.MemoryKiB, k.Threads, k.KeyLength, c.now().UnixMilli()); err != nil {
		return wrap("pin verifiers: keep kdf", err)
	}
	for _, v := range vs.Verifiers {
		if _, err := tx.ExecContext(ctx, `INSERT INTO pin_verifiers (caregiver_id, verifier, update_time) VALUES (?, ?, ?)`,
			v.CaregiverID, v.Verifier, v.UpdateTime); err != nil {
			return wrap("pin verifiers: keep", err)
		}
	}
	return wrap("pin verifiers: commit", tx.Commit())
}

// forgetKioskData removes the kiosk's start screen, avatars, verifiers and
// wrong-PIN counts; waiting punches stay.
func (c *Core) forgetKioskData(ctx context.Context) error {
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return wrap("kiosk: forget: begin", err)
	}
	defer tx.Rollback()
	for _, q := range []string{`DELETE FROM pin_verifiers`, `DELETE FROM kiosk_kdf`, `DELETE FROM kiosk_avatars`, `DELETE FROM pin_failures`} {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return wrap("kiosk: forget", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM read_cache WHERE who = ?`, whoKiosk); err != nil {
		return wrap("kiosk: forget start screen", err)
	}
	return wrap("kiosk: forget: commit", tx.Commit())
}
