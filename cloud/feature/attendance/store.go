package attendance

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/people"
	"hearth/shared"
)

// Store is the SQL of punches, kiosk devices, PINs and their offline
// verifiers. Every method takes the querier so the caller chooses the
// transaction; every query is led by the tenant id, which comes from the
// caller's token or the kiosk's credential, never from the request.
type Store struct{}

// punchRow is a clock_punches row with the names shown beside it.
type punchRow struct {
	ID, TenantID, ClientID, UserID string
	Type                           shared.PunchType
	PunchedAt, ReceivedAt          int64
	Source                         shared.PunchSource
	DeviceID                       sql.NullString
	PinCheck                       shared.PinCheck
	Late                           bool
	UserName                       string
	CaregiverID                    sql.NullString
	DeviceName                     sql.NullString
}

const punchSelect = `SELECT p.id, p.tenant_id, p.client_punch_id, p.user_id, p.punch_type, p.punched_at, p.received_at,
	p.source, p.device_id, p.pin_check, p.late, c.id, d.name
	FROM clock_punches p
	LEFT JOIN caregivers c ON c.tenant_id = p.tenant_id AND c.user_id = p.user_id
	LEFT JOIN kiosk_devices d ON d.id = p.device_id`

func scanPunch(sc interface{ Scan(...any) error }) (*punchRow, error) {
	var r punchRow
	var late int
	err := sc.Scan(&r.ID, &r.TenantID, &r.ClientID, &r.UserID, &r.Type, &r.PunchedAt, &r.ReceivedAt,
		&r.Source, &r.DeviceID, &r.PinCheck, &late, &r.CaregiverID, &r.DeviceName)
	if err != nil {
		return nil, err
	}
	r.Late = late != 0
	return &r, nil
}

// namedPunches fills in whose punches they are, with one lookup for all.
func namedPunches(ctx context.Context, q db.Querier, rs []punchRow) error {
	return people.Fill(ctx, q, rs, func(r *punchRow) string { return r.UserID }, func(r *punchRow, n string) { r.UserName = n })
}

// onePunch is a punch of one query, named.
func onePunch(ctx context.Context, q db.Querier, what string, sc *sql.Row) (*punchRow, error) {
	r, err := scanPunch(sc)
	if err != nil {
		return nil, db.NotFound(what, err)
	}
	rs := []punchRow{*r}
	if err := namedPunches(ctx, q, rs); err != nil {
		return nil, err
	}
	return &rs[0], nil
}

// PunchByClientID finds the punch a client id already made in the facility (db.ErrNotFound if none).
func (Store) PunchByClientID(ctx context.Context, q db.Querier, tenantID, clientID string) (*punchRow, error) {
	return onePunch(ctx, q, "attendance: punch by client id",
		q.QueryRowContext(ctx, punchSelect+` WHERE p.tenant_id = ? AND p.client_punch_id = ?`, tenantID, clientID))
}

// LastPunch is a person's latest punch at or before at (db.ErrNotFound if none).
func (Store) LastPunch(ctx context.Context, q db.Querier, tenantID, userID string, at int64) (*punchRow, error) {
	return onePunch(ctx, q, "attendance: last punch", q.QueryRowContext(ctx, punchSelect+` WHERE p.tenant_id = ? AND p.user_id = ? AND p.punched_at <= ?
		ORDER BY p.punched_at DESC, p.received_at DESC, p.id DESC LIMIT 1`, tenantID, userID, at))
}

// LockClock bumps the person's punch counter, creating their row: the row
// lock (or SQLite's write lock) makes two punches of one person take turns.
func (Store) LockClock(ctx context.Context, q db.Querier, tenantID, userID string, now int64) error {
	_, err := q.ExecContext(ctx, `INSERT INTO caregiver_clocks (tenant_id, user_id, punch_count, updated_at) VALUES (?, ?, 1, ?)
		ON CONFLICT (tenant_id, user_id) DO UPDATE SET punch_count = caregiver_clocks.punch_count + 1, updated_at = excluded.updated_at`,
		tenantID, userID, now)
	return db.Wrap("attendance: lock clock", err)
}

// InsertPunch stores a punch.
func (Store) InsertPunch(ctx context.Context, q db.Querier, r *punchRow) error {
	late := 0
	if r.Late {
		late = 1
	}
	_, err := q.ExecContext(ctx, `INSERT INTO clock_punches (id, tenant_id, client_punch_id, user_id, punch_type, punched_at,
		received_at, source, device_id, pin_check, late) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.TenantID, r.ClientID, r.UserID, r.Type, r.PunchedAt, r.ReceivedAt, r.Source, r.DeviceID, r.PinCheck, late)
	return db.Wrap("attendance: insert punch", err)
}

// punchFilter narrows a punch list; tenantID is always set.
type punchFilter struct {
	tenantID string
	userIDs  []string // empty: everyone
	from, to int64    // punched_at in [from, to); 0 = open
	source   shared.PunchSource
	lateOnly bool
}

func (f punchFilter) where() (string, []any) {
	w := ` WHERE p.tenant_id = ?`
	args := []any{f.tenantID}
	if len(f.userIDs) > 0 {
		w += ` AND p.user_id IN (?` + strings.Repeat(", ?", len(f.userIDs)-1) + `)`
		for _, id := range f.userIDs {
			args = append(args, id)
		}
	}
	if f.from > 0 {
		w += ` AND p.punched_at >= ?`
		args = append(args, f.from)
	}
	if f.to > 0 {
		w += ` AND p.punched_at < ?`
		args = append(args, f.to)
	}
	if f.source != "" {
		w += ` AND p.source = ?`
		args = append(args, f.source)
	}
	if f.lateOnly {
		w += ` AND p.late = 1`
	}
	return w, args
}

// ListPunches is one page of punches, newest first, and the total.
func (Store) ListPunches(ctx context.Context, q db.Querier, f punchFilter, limit, offset int) ([]punchRow, int64, error) {
	where, args := f.where()
	var total int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM clock_punches p`+where, args...).Scan(&total); err != nil {
		return nil, 0, db.Wrap("attendance: list punches", err)
	}
	rows, err := q.QueryContext(ctx, punchSelect+where+` ORDER BY p.punched_at DESC, p.id DESC LIMIT ? OFFSET ?`,
		append(args, limit, offset)...)
	if err != nil {
		return nil, 0, db.Wrap("attendance: list punches", err)
	}
	out, err := collectPunches(ctx, q, rows)
	return out, total, db.Wrap("attendance: list punches", err)
}

// PunchesBetween are the punches in the filter's range, oldest first.
func (Store) PunchesBetween(ctx context.Context, q db.Querier, f punchFilter) ([]punchRow, error) {
	where, args := f.where()
	rows, err := q.QueryContext(ctx, punchSelect+where+` ORDER BY p.punched_at, p.received_at, p.id`, args...)
	if err != nil {
		return nil, db.Wrap("attendance: punches between", err)
	}
	return collectPunches(ctx, q, rows)
}

func collectPunches(ctx context.Context, q db.Querier, rows *sql.Rows) ([]punchRow, error) {
	defer rows.Close()
	var out []punchRow
	for rows.Next() {
		r, err := scanPunch(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *r)
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap("attendance: punches", err)
	}
	if err := namedPunches(ctx, q, out); err != nil {
		return nil, err
	}
	return out, nil
}

// person is someone whose hours a summary shows.
type person struct {
	UserID, Name string
	CaregiverID  string
	Color        string
}

// People are the facility's staff records not deleted, and anyone else who
// punched in [from, to) (an owner who works shifts, someone since removed).
func (Store) People(ctx context.Context, q db.Querier, tenantID string, from, to int64) ([]person, error) {
	rows, err := q.QueryContext(ctx, `SELECT u.id, u.name, COALESCE(c.id, ''), COALESCE(c.color, '')
		FROM users u LEFT JOIN caregivers c ON c.tenant_id = ? AND c.user_id = u.id
		WHERE u.id IN (SELECT user_id FROM caregivers WHERE tenant_id = ? AND deleted_at IS NULL
			UNION SELECT user_id FROM clock_punches WHERE tenant_id = ? AND punched_at >= ? AND punched_at < ?)
		ORDER BY u.name, u.id`, tenantID, tenantID, tenantID, from, to)
	if err != nil {
		return nil, db.Wrap("attendance: people", err)
	}
	defer rows.Close()
	var out []person
	for rows.Next() {
		var p person
		if err := rows.Scan(&p.UserID, &p.Name, &p.CaregiverID, &p.Color); err != nil {
			return nil, db.Wrap("attendance: people", err)
		}
		out = append(out, p)
	}
	return out, db.Wrap("attendance: people", rows.Err())
}

// PersonByUser is one member of the facility by account (db.ErrNotFound if not a member).
func (Store) PersonByUser(ctx context.Context, q db.Querier, tenantID, userID string) (*person, error) {
	var p person
	err := q.QueryRowContext(ctx, `SELECT m.user_id, COALESCE(c.id, ''), COALESCE(c.color, '')
		FROM memberships m
		LEFT JOIN caregivers c ON c.tenant_id = m.tenant_id AND c.user_id = m.user_id
		WHERE m.tenant_id = ? AND m.user_id = ?`, tenantID, userID).Scan(&p.UserID, &p.CaregiverID, &p.Color)
	if err != nil {
		return nil, db.NotFound("attendance: person by user", err)
	}
	if p.Name, err = people.Name(ctx, q, p.UserID); err != nil {
		return nil, fmt.Errorf("attendance: person by user: %w", err)
	}
	return &p, nil
}

// UserOfCaregiver is the account of a staff record of the facility (db.ErrNotFound if none).
func (Store) UserOfCaregiver(ctx context.Context, q db.Querier, tenantID, caregiverID string) (string, error) {
	var id string
	err := q.QueryRowContext(ctx, `SELECT user_id FROM caregivers WHERE tenant_id = ? AND id = ?`, tenantID, caregiverID).Scan(&id)
	if err != nil {
		return "", db.NotFound("attendance: user of caregiver", err)
	}
	return id, nil
}

// kioskPerson is an enabled caregiver as the kiosk sees them.
type kioskPerson struct {
	CaregiverID, UserID, Name, Color, Avatar string
	PinSet                                   bool
}

const kioskPeopleSelect = `SELECT c.id, u.id, u.name, c.color, u.avatar, COALESCE(k.pin_hash, '')
	FROM caregivers c JOIN users u ON u.id = c.user_id
	JOIN memberships m ON m.tenant_id = c.tenant_id AND m.user_id = c.user_id
	LEFT JOIN caregiver_clocks k ON k.tenant_id = c.tenant_id AND k.user_id = c.user_id
	WHERE c.tenant_id = ? AND c.status = 'enabled' AND c.deleted_at IS NULL AND u.status = 'enabled' AND m.status = 'enabled'`

// KioskPeople are the facility's enabled caregivers (and admins), by name.
func (Store) KioskPeople(ctx context.Context, q db.Querier, tenantID string) ([]kioskPerson, error) {
	rows, err := q.QueryContext(ctx, kioskPeopleSelect+` ORDER BY u.name, c.id`, tenantID)
	if err != nil {
		return nil, db.Wrap("attendance: kiosk people", err)
	}
	defer rows.Close()
	var out []kioskPerson
	for rows.Next() {
		var p kioskPerson
		var hash string
		if err := rows.Scan(&p.CaregiverID, &p.UserID, &p.Name, &p.Color, &p.Avatar, &hash); err != nil {
			return nil, db.Wrap("attendance: kiosk people", err)
		}
		p.PinSet = hash != ""
		out = append(out, p)
	}
	return out, db.Wrap("attendance: kiosk people", rows.Err())
}

// KioskPerson is one enabled caregiver of the facility by staff id (db.ErrNotFound if none).
func (Store) KioskPerson(ctx context.Context, q db.Querier, tenantID, caregiverID string) (*kioskPerson, error) {
	var p kioskPerson
	var hash string
	err := q.QueryRowContext(ctx, kioskPeopleSelect+` AND c.id = ?`, tenantID, caregiverID).
		Scan(&p.CaregiverID, &p.UserID, &p.Name, &p.Color, &p.Avatar, &hash)
	if err != nil {
		return nil, db.NotFound("attendance: kiosk person", err)
	}
	p.PinSet = hash != ""
	return &p, nil
}

// OnShift are the people of the facility whose latest punch is IN.
func (Store) OnShift(ctx context.Context, q db.Querier, tenantID string) (map[string]int64, error) {
	// One index seek per person who ever punched (caregiver_clocks has a row for each), not a
	// scan of the facility's whole punch history; the order is LastPunch's.
	const last = ` FROM clock_punches p WHERE p.tenant_id = c.tenant_id AND p.user_id = c.user_id
		ORDER BY p.punched_at DESC, p.received_at DESC, p.id DESC LIMIT 1`
	rows, err := q.QueryContext(ctx, `SELECT c.user_id, (SELECT p.punch_type`+last+`), (SELECT p.punched_at`+last+`)
		FROM caregiver_clocks c WHERE c.tenant_id = ?`, tenantID)
	if err != nil {
		return nil, db.Wrap("attendance: on shift", err)
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var user string
		var typ sql.NullString // NULL: a PIN but no punch yet
		var at sql.NullInt64
		if err := rows.Scan(&user, &typ, &at); err != nil {
			return nil, db.Wrap("attendance: on shift", err)
		}
		if shared.PunchType(typ.String) == shared.PunchIn {
			out[user] = at.Int64
		}
	}
	return out, db.Wrap("attendance: on shift", rows.Err())
}

// clockRow is a person's caregiver_clocks row.
type clockRow struct {
	PinHash        string
	PinSetAt       int64
	PinFailures    int
	PinLockedUntil int64
}

// Clock is a person's clock row (db.ErrNotFound if they never punched or set a PIN).
func (Store) Clock(ctx context.Context, q db.Querier, tenantID, userID string) (*clockRow, error) {
	var r clockRow
	err := q.QueryRowContext(ctx, `SELECT pin_hash, pin_set_at, pin_failures, pin_locked_until FROM caregiver_clocks
		WHERE tenant_id = ? AND user_id = ?`, tenantID, userID).Scan(&r.PinHash, &r.PinSetAt, &r.PinFailures, &r.PinLockedUntil)
	if err != nil {
		return nil, db.NotFound("attendance: clock", err)
	}
	return &r, nil
}

// SetPin stores a new PIN hash and clears failures and any lock.
func (Store) SetPin(ctx context.Context, q db.Querier, tenantID, userID, hash string, now int64) error {
	_, err := q.ExecContext(ctx, `INSERT INTO caregiver_clocks (tenant_id, user_id, pin_hash, pin_set_at, updated_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (tenant_id, user_id) DO UPDATE SET pin_hash = excluded.pin_hash, pin_set_at = excluded.pin_set_at,
		pin_failures = 0, pin_locked_until = 0, updated_at = excluded.updated_at`, tenantID, userID, hash, now, now)
	return db.Wrap("attendance: set pin", err)
}

// ReservePinAttempt counts one PIN attempt before the PIN is checked, in one
// statement, so attempts at the same moment each get their own number. It
// answers that number, or 0 when the caregiver's punches are locked or the PIN
// was set again since pinSetAt.
func (Store) ReservePinAttempt(ctx context.Context, q db.Querier, tenantID, userID string, pinSetAt, now int64) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `UPDATE caregiver_clocks SET pin_failures = pin_failures + 1, updated_at = ?
		WHERE tenant_id = ? AND user_id = ? AND pin_set_at = ? AND pin_locked_until <= ? RETURNING pin_failures`,
		now, tenantID, userID, pinSetAt, now).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return n, db.Wrap("attendance: reserve pin attempt", err)
}

// LockPin locks a caregiver's kiosk punches until lockUntil and restarts the
// count; false when the PIN was set again since pinSetAt.
func (Store) LockPin(ctx context.Context, q db.Querier, tenantID, userID string, pinSetAt, now, lockUntil int64) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `UPDATE caregiver_clocks SET pin_failures = 0, pin_locked_until = ?, updated_at = ?
		WHERE tenant_id = ? AND user_id = ? AND pin_set_at = ?`, lockUntil, now, tenantID, userID, pinSetAt))
	return ok, db.Wrap("attendance: lock pin", err)
}

// ResetPinFailures clears the count after a right PIN.
func (Store) ResetPinFailures(ctx context.Context, q db.Querier, tenantID, userID string, now int64) error {
	_, err := q.ExecContext(ctx, `UPDATE caregiver_clocks SET pin_failures = 0, updated_at = ?
		WHERE tenant_id = ? AND user_id = ? AND pin_failures <> 0`, now, tenantID, userID)
	return db.Wrap("attendance: reset pin failures", err)
}

// deviceRow is a kiosk_devices row. CreatorName is filled in by Device and
// Devices (the kiosk's own calls, through DeviceByCredential, never show it).
type deviceRow struct {
	ID, TenantID, Name, Salt, CreatedBy, CreatorName string
	CreatedAt                                        int64
	LastSeenAt, RevokedAt                            sql.NullInt64
	FacilityName                                     string
	TimeZone                                         shared.TimeZone
	Plan                                             sql.NullString
}

const deviceSelect = `SELECT d.id, d.tenant_id, d.name, d.salt, d.created_by, d.created_at, d.last_seen_at, d.revoked_at,
	t.facility_name, t.time_zone, t.subscription_plan
	FROM kiosk_devices d JOIN tenants t ON t.id = d.tenant_id`

func scanDevice(sc interface{ Scan(...any) error }) (*deviceRow, error) {
	var r deviceRow
	err := sc.Scan(&r.ID, &r.TenantID, &r.Name, &r.Salt, &r.CreatedBy, &r.CreatedAt, &r.LastSeenAt, &r.RevokedAt,
		&r.FacilityName, &r.TimeZone, &r.Plan)
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// InsertDevice registers a kiosk.
func (Store) InsertDevice(ctx context.Context, q db.Querier, r *deviceRow, credentialHash string) error {
	_, err := q.ExecContext(ctx, `INSERT INTO kiosk_devices (id, tenant_id, name, credential_hash, salt, created_by, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, r.ID, r.TenantID, r.Name, credentialHash, r.Salt, r.CreatedBy, r.CreatedAt)
	return db.Wrap("attendance: insert device", err)
}

// DeviceByCredential is the active kiosk whose credential hashes to hash (db.ErrNotFound if none or revoked).
func (Store) DeviceByCredential(ctx context.Context, q db.Querier, hash string) (*deviceRow, error) {
	r, err := scanDevice(q.QueryRowContext(ctx, deviceSelect+` WHERE d.credential_hash = ? AND d.revoked_at IS NULL`, hash))
	if err != nil {
		return nil, db.NotFound("attendance: device by credential", err)
	}
	return r, nil
}

// Device is one kiosk of the facility (db.ErrNotFound if none).
func (Store) Device(ctx context.Context, q db.Querier, tenantID, id string) (*deviceRow, error) {
	r, err := scanDevice(q.QueryRowContext(ctx, deviceSelect+` WHERE d.tenant_id = ? AND d.id = ?`, tenantID, id))
	if err != nil {
		return nil, db.NotFound("attendance: device", err)
	}
	rs := []deviceRow{*r}
	if err := namedDevices(ctx, q, rs); err != nil {
		return nil, err
	}
	return &rs[0], nil
}

// namedDevices fills in who registered each kiosk, with one lookup for all.
func namedDevices(ctx context.Context, q db.Querier, rs []deviceRow) error {
	return people.Fill(ctx, q, rs, func(r *deviceRow) string { return r.CreatedBy }, func(r *deviceRow, n string) { r.CreatorName = n })
}

// Devices are the facility's kiosks, active first, newest first.
func (Store) Devices(ctx context.Context, q db.Querier, tenantID string, activeOnly bool) ([]deviceRow, error) {
	w := ` WHERE d.tenant_id = ?`
	if activeOnly {
		w += ` AND d.revoked_at IS NULL`
	}
	rows, err := q.QueryContext(ctx, deviceSelect+w+` ORDER BY CASE WHEN d.revoked_at IS NULL THEN 0 ELSE 1 END, d.created_at DESC, d.id`, tenantID)
	if err != nil {
		return nil, db.Wrap("attendance: devices", err)
	}
	defer rows.Close()
	var out []deviceRow
	for rows.Next() {
		r, err := scanDevice(rows)
		if err != nil {
			return nil, db.Wrap("attendance: devices", err)
		}
		out = append(out, *r)
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap("attendance: devices", err)
	}
	if err := namedDevices(ctx, q, out); err != nil {
		return nil, err
	}
	return out, nil
}

// SeenDevice notes a kiosk's call, at most once a minute.
func (Store) SeenDevice(ctx context.Context, q db.Querier, id string, now int64) error {
	_, err := q.ExecContext(ctx, `UPDATE kiosk_devices SET last_seen_at = ? WHERE id = ? AND (last_seen_at IS NULL OR last_seen_at < ?)`,
		now, id, now-60_000)
	return db.Wrap("attendance: seen device", err)
}

// RevokeDevice ends a kiosk's credential; false when it was already revoked.
func (Store) RevokeDevice(ctx context.Context, q db.Querier, tenantID, id, by string, now int64) (bool, error) {
	return db.Affected(q.ExecContext(ctx, `UPDATE kiosk_devices SET revoked_at = ?, revoked_by = ? WHERE tenant_id = ? AND id = ? AND revoked_at IS NULL`,
		now, by, tenantID, id))
}

// verifierRow is one kiosk_pin_verifiers row.
type verifierRow struct {
	DeviceID, TenantID, UserID, CaregiverID, Verifier string
	UpdatedAt                                         int64
}

// HasVerifier reports whether the kiosk holds an offline check for the person.
func (Store) HasVerifier(ctx context.Context, q db.Querier, deviceID, userID string) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM kiosk_pin_verifiers WHERE device_id = ? AND user_id = ?`, deviceID, userID).Scan(&n)
	return n > 0, db.Wrap("attendance: has verifier", err)
}

// PutVerifier stores (or replaces) a person's offline check on a kiosk.
func (Store) PutVerifier(ctx context.Context, q db.Querier, v verifierRow) error {
	_, err := q.ExecContext(ctx, `INSERT INTO kiosk_pin_verifiers (device_id, tenant_id, user_id, caregiver_id, verifier, updated_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (device_id, user_id) DO UPDATE SET caregiver_id = excluded.caregiver_id,
		verifier = excluded.verifier, updated_at = excluded.updated_at`,
		v.DeviceID, v.TenantID, v.UserID, v.CaregiverID, v.Verifier, v.UpdatedAt)
	return db.Wrap("attendance: put verifier", err)
}

// DeleteVerifiers removes a person's offline checks on every kiosk of the facility (their PIN changed).
func (Store) DeleteVerifiers(ctx context.Context, q db.Querier, tenantID, userID string) error {
	_, err := q.ExecContext(ctx, `DELETE FROM kiosk_pin_verifiers WHERE tenant_id = ? AND user_id = ?`, tenantID, userID)
	return db.Wrap("attendance: delete verifiers", err)
}

// Verifiers are a kiosk's offline checks for the caregivers it may still serve.
func (Store) Verifiers(ctx context.Context, q db.Querier, tenantID, deviceID string) ([]verifierRow, error) {
	rows, err := q.QueryContext(ctx, `SELECT v.device_id, v.tenant_id, v.user_id, v.caregiver_id, v.verifier, v.updated_at
		FROM kiosk_pin_verifiers v
		JOIN caregivers c ON c.tenant_id = v.tenant_id AND c.id = v.caregiver_id
		JOIN users u ON u.id = v.user_id
		WHERE v.tenant_id = ? AND v.device_id = ? AND c.status = 'enabled' AND c.deleted_at IS NULL AND u.status = 'enabled'
		ORDER BY v.caregiver_id`, tenantID, deviceID)
	if err != nil {
		return nil, db.Wrap("attendance: verifiers", err)
	}
	defer rows.Close()
	var out []verifierRow
	for rows.Next() {
		var v verifierRow
		if err := rows.Scan(&v.DeviceID, &v.TenantID, &v.UserID, &v.CaregiverID, &v.Verifier, &v.UpdatedAt); err != nil {
			return nil, db.Wrap("attendance: verifiers", err)
		}
		out = append(out, v)
	}
	return out, db.Wrap("attendance: verifiers", rows.Err())
}

// owner is someone to tell about a PIN lock.
type owner struct {
	Email, Name string
	Language    shared.Language // the owner's account language ("" when not known)
}

// Owners are the facility's enabled owners.
func (Store) Owners(ctx context.Context, q db.Querier, tenantID string) ([]owner, error) {
	rows, err := q.QueryContext(ctx, `SELECT u.email, u.name, u.language FROM memberships m JOIN users u ON u.id = m.user_id
		WHERE m.tenant_id = ? AND m.role = ? AND m.status = 'enabled' AND u.status = 'enabled' ORDER BY u.email`,
		tenantID, shared.RoleFacilityOwner)
	if err != nil {
		return nil, db.Wrap("attendance: owners", err)
	}
	defer rows.Close()
	var out []owner
	for rows.Next() {
		var o owner
		if err := rows.Scan(&o.Email, &o.Name, &o.Language); err != nil {
			return nil, db.Wrap("attendance: owners", err)
		}
		out = append(out, o)
	}
	return out, db.Wrap("attendance: owners", rows.Err())
}
