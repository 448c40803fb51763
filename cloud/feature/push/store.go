package push

import (
	"context"
	"database/sql"
	"errors"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// Store is the SQL of Web Push. Every subscription and preference query names
// the facility and the person, which the service takes from the token (or
// from the job it works); the VAPID keys are the server's own.
type Store struct{}

// subscription is a push_subscriptions row.
type subscription struct {
	ID, TenantID, UserID, DeviceID string
	Endpoint, P256dh, Auth         string
	CreatedAt, UpdatedAt           int64
}

// VapidKeys are the kept key pair; db.ErrNotFound before the first start made them.
func (Store) VapidKeys(ctx context.Context, q db.Querier) (public, private string, err error) {
	err = q.QueryRowContext(ctx, `SELECT public_key, private_key FROM push_vapid_keys WHERE id = 1`).Scan(&public, &private)
	return public, private, db.NotFound("push: vapid keys", err)
}

// KeepVapidKeys stores a key pair unless one is kept already (another
// replica's, made at the same moment): the caller reads the kept one after.
func (Store) KeepVapidKeys(ctx context.Context, q db.Querier, public, private string, now int64) error {
	_, err := q.ExecContext(ctx, `INSERT INTO push_vapid_keys (id, public_key, private_key, created_at) VALUES (1, ?, ?, ?)
		ON CONFLICT (id) DO NOTHING`, public, private, now)
	return db.Wrap("push: keep vapid keys", err)
}

// Subscribe keeps s as the device's subscription (replacing the device's
// earlier one), and takes its endpoint from whoever else had it: one browser
// is one device, so a phone signed in by someone else stops getting the
// first person's alerts.
func (Store) Subscribe(ctx context.Context, q db.Querier, s *subscription) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE endpoint = ? AND NOT (tenant_id = ? AND user_id = ? AND device_id = ?)`,
		s.Endpoint, s.TenantID, s.UserID, s.DeviceID); err != nil {
		return db.Wrap("push: subscribe (endpoint moves)", err)
	}
	_, err := q.ExecContext(ctx, `INSERT INTO push_subscriptions (id, tenant_id, user_id, device_id, endpoint, p256dh, auth, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (tenant_id, user_id, device_id) DO UPDATE SET endpoint = excluded.endpoint, p256dh = excluded.p256dh,
		auth = excluded.auth, updated_at = excluded.updated_at`,
		s.ID, s.TenantID, s.UserID, s.DeviceID, s.Endpoint, s.P256dh, s.Auth, s.CreatedAt, s.UpdatedAt)
	return db.Wrap("push: subscribe", err)
}

// TrimDevices removes the person's subscriptions beyond the keep most recently subscribed.
func (Store) TrimDevices(ctx context.Context, q db.Querier, tenantID, userID string, keep int) error {
	_, err := q.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE tenant_id = ? AND user_id = ? AND id NOT IN
		(SELECT id FROM push_subscriptions WHERE tenant_id = ? AND user_id = ? ORDER BY updated_at DESC, id DESC LIMIT ?)`,
		tenantID, userID, tenantID, userID, keep)
	return db.Wrap("push: trim devices", err)
}

// Unsubscribe removes the device's subscription; false when it had none.
func (Store) Unsubscribe(ctx context.Context, q db.Querier, tenantID, userID, deviceID string) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE tenant_id = ? AND user_id = ? AND device_id = ?`,
		tenantID, userID, deviceID))
	return ok, db.Wrap("push: unsubscribe", err)
}

// Gone removes a subscription the push service no longer knows (404/410),
// unless the device subscribed again meanwhile (a new endpoint).
func (Store) Gone(ctx context.Context, q db.Querier, id, endpoint string) (bool, error) {
	ok, err := db.Affected(q.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE id = ? AND endpoint = ?`, id, endpoint))
	return ok, db.Wrap("push: gone", err)
}

// Status is how many devices the person has subscribed and whether deviceID is one.
func (Store) Status(ctx context.Context, q db.Querier, tenantID, userID, deviceID string) (subscribed bool, devices int, err error) {
	var mine int
	err = q.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN device_id = ? THEN 1 ELSE 0 END), 0)
		FROM push_subscriptions WHERE tenant_id = ? AND user_id = ?`, deviceID, tenantID, userID).Scan(&devices, &mine)
	return mine > 0, devices, db.Wrap("push: status", err)
}

// Subscriptions are the person's subscriptions in the facility.
func (Store) Subscriptions(ctx context.Context, q db.Querier, tenantID, userID string) ([]subscription, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, tenant_id, user_id, device_id, endpoint, p256dh, auth, created_at, updated_at
		FROM push_subscriptions WHERE tenant_id = ? AND user_id = ? ORDER BY id`, tenantID, userID)
	if err != nil {
		return nil, db.Wrap("push: subscriptions", err)
	}
	defer rows.Close()
	var out []subscription
	for rows.Next() {
		var s subscription
		if err := rows.Scan(&s.ID, &s.TenantID, &s.UserID, &s.DeviceID, &s.Endpoint, &s.P256dh, &s.Auth, &s.CreatedAt, &s.UpdatedAt); err != nil {
			return nil, db.Wrap("push: subscriptions", err)
		}
		out = append(out, s)
	}
	return out, db.Wrap("push: subscriptions", rows.Err())
}

// Subscription is one subscription by id; db.ErrNotFound when it was removed.
func (Store) Subscription(ctx context.Context, q db.Querier, id string) (*subscription, error) {
	var s subscription
	err := q.QueryRowContext(ctx, `SELECT id, tenant_id, user_id, device_id, endpoint, p256dh, auth, created_at, updated_at
		FROM push_subscriptions WHERE id = ?`, id).Scan(&s.ID, &s.TenantID, &s.UserID, &s.DeviceID, &s.Endpoint, &s.P256dh, &s.Auth,
		&s.CreatedAt, &s.UpdatedAt)
	if err != nil {
		return nil, db.NotFound("push: subscription", err)
	}
	return &s, nil
}

// Preferences are the person's choices; every alert on when they made none.
func (Store) Preferences(ctx context.Context, q db.Querier, tenantID, userID string) (shared.PushPreferences, error) {
	var p shared.PushPreferences
	err := q.QueryRowContext(ctx, `SELECT med_pass, prn_check, shift_reminder, chat_message FROM push_preferences
		WHERE tenant_id = ? AND user_id = ?`, tenantID, userID).Scan(&p.MedPass, &p.PrnCheck, &p.ShiftReminder, &p.ChatMessage)
	if errors.Is(err, sql.ErrNoRows) {
		return shared.PushPreferences{MedPass: true, PrnCheck: true, ShiftReminder: true, ChatMessage: true}, nil
	}
	return p, db.Wrap("push: preferences", err)
}

// SavePreferences keeps the person's choices.
func (Store) SavePreferences(ctx context.Context, q db.Querier, tenantID, userID string, p shared.PushPreferences, now int64) error {
	_, err := q.ExecContext(ctx, `INSERT INTO push_preferences (tenant_id, user_id, med_pass, prn_check, shift_reminder, chat_message, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (tenant_id, user_id) DO UPDATE SET med_pass = excluded.med_pass, prn_check = excluded.prn_check,
		shift_reminder = excluded.shift_reminder, chat_message = excluded.chat_message, updated_at = excluded.updated_at`,
		tenantID, userID, p.MedPass, p.PrnCheck, p.ShiftReminder, p.ChatMessage, now)
	return db.Wrap("push: save preferences", err)
}
