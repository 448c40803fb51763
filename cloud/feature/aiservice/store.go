package aiservice

import (
	"context"
	"database/sql"
	"errors"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// Store is the SQL of the AI service: its settings, providers, plan
// capabilities, rate windows, daily counts and usage log. Each method takes the querier,
// so the caller chooses the transaction.
type Store struct{}

// providerRow is an ai_providers row.
type providerRow struct {
	Capability     shared.AICapability
	BaseURL, Model string
	KeySealed      string
	KeyLast4       string
	TimeoutSeconds int
	UpdatedAt      int64
	UpdatedBy      string
}

// settingsRow is the ai_settings row.
type settingsRow struct {
	TenantPerMinute int
	UserPerDay      int
	TenantPerDay    int
	UpdatedAt       int64
}

// Settings reads the platform's AI settings.
func (Store) Settings(ctx context.Context, q db.Querier) (settingsRow, error) {
	var s settingsRow
	err := q.QueryRowContext(ctx, `SELECT tenant_per_minute, user_per_day, tenant_per_day, updated_at FROM ai_settings WHERE id = 'platform'`).
		Scan(&s.TenantPerMinute, &s.UserPerDay, &s.TenantPerDay, &s.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return settingsRow{TenantPerMinute: shared.AIDefaultTenantPerMinute, UserPerDay: shared.AIDefaultUserPerDay,
			TenantPerDay: shared.AIDefaultTenantPerDay}, nil
	}
	return s, db.Wrap("ai: settings", err)
}

// SaveSettings writes the platform's AI settings.
func (Store) SaveSettings(ctx context.Context, q db.Querier, s settingsRow, by string) error {
	_, err := q.ExecContext(ctx, `INSERT INTO ai_settings (id, tenant_per_minute, user_per_day, tenant_per_day, updated_at, updated_by)
		VALUES ('platform', ?, ?, ?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET tenant_per_minute = excluded.tenant_per_minute, user_per_day = excluded.user_per_day,
		tenant_per_day = excluded.tenant_per_day, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
		s.TenantPerMinute, s.UserPerDay, s.TenantPerDay, s.UpdatedAt, by)
	return db.Wrap("ai: save settings", err)
}

const selectProvider = `SELECT capability, base_url, model, api_key_enc, api_key_last4, timeout_seconds, updated_at, updated_by FROM ai_providers`

func scanProvider(sc interface{ Scan(...any) error }) (providerRow, error) {
	var r providerRow
	err := sc.Scan(&r.Capability, &r.BaseURL, &r.Model, &r.KeySealed, &r.KeyLast4, &r.TimeoutSeconds, &r.UpdatedAt, &r.UpdatedBy)
	return r, err
}

// Providers reads every saved provider, by capability.
func (Store) Providers(ctx context.Context, q db.Querier) (map[shared.AICapability]providerRow, error) {
	rows, err := q.QueryContext(ctx, selectProvider)
	if err != nil {
		return nil, db.Wrap("ai: providers", err)
	}
	defer rows.Close()
	out := map[shared.AICapability]providerRow{}
	for rows.Next() {
		r, err := scanProvider(rows)
		if err != nil {
			return nil, db.Wrap("ai: providers", err)
		}
		out[r.Capability] = r
	}
	return out, db.Wrap("ai: providers", rows.Err())
}

// Provider reads one capability's saved provider; ok is false when none is saved.
func (Store) Provider(ctx context.Context, q db.Querier, c shared.AICapability) (providerRow, bool, error) {
	r, err := scanProvider(q.QueryRowContext(ctx, selectProvider+` WHERE capability = ?`, c))
	if errors.Is(err, sql.ErrNoRows) {
		return r, false, nil
	}
	return r, err == nil, db.Wrap("ai: provider", err)
}

// SaveProvider writes one capability's provider.
func (Store) SaveProvider(ctx context.Context, q db.Querier, r providerRow) error {
	_, err := q.ExecContext(ctx, `INSERT INTO ai_providers (capability, base_url, model, api_key_enc, api_key_last4, timeout_seconds, updated_at, updated_by)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (capability) DO UPDATE SET base_url = excluded.base_url, model = excluded.model, api_key_enc = excluded.api_key_enc,
		api_key_last4 = excluded.api_key_last4, timeout_seconds = excluded.timeout_seconds, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
		r.Capability, r.BaseURL, r.Model, r.KeySealed, r.KeyLast4, r.TimeoutSeconds, r.UpdatedAt, r.UpdatedBy)
	return db.Wrap("ai: save provider", err)
}

// PlanCapabilities reads which capabilities each plan may use.
func (Store) PlanCapabilities(ctx context.Context, q db.Querier) (map[shared.Plan][]shared.AICapability, error) {
	rows, err := q.QueryContext(ctx, `SELECT plan, capability FROM ai_plan_capabilities ORDER BY plan, capability`)
	if err != nil {
		return nil, db.Wrap("ai: plan capabilities", err)
	}
	defer rows.Close()
	out := map[shared.Plan][]shared.AICapability{}
	for rows.Next() {
		var p shared.Plan
		var c shared.AICapability
		if err := rows.Scan(&p, &c); err != nil {
			return nil, db.Wrap("ai: plan capabilities", err)
		}
		out[p] = append(out[p], c)
	}
	return out, db.Wrap("ai: plan capabilities", rows.Err())
}

// PlanAllows reports whether plan may use capability.
func (Store) PlanAllows(ctx context.Context, q db.Querier, plan shared.Plan, c shared.AICapability) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM ai_plan_capabilities WHERE plan = ? AND capability = ?`, plan, c).Scan(&n)
	return n > 0, db.Wrap("ai: plan allows", err)
}

// ReplacePlanCapabilities writes one plan's capabilities in place of its old ones.
func (Store) ReplacePlanCapabilities(ctx context.Context, q db.Querier, plan shared.Plan, caps []shared.AICapability) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM ai_plan_capabilities WHERE plan = ?`, plan); err != nil {
		return db.Wrap("ai: replace plan capabilities", err)
	}
	for _, c := range caps {
		if _, err := q.ExecContext(ctx, `INSERT INTO ai_plan_capabilities (plan, capability) VALUES (?, ?)`, plan, c); err != nil {
			return db.Wrap("ai: replace plan capabilities", err)
		}
	}
	return nil
}

// CountCall counts one call of a facility in the minute starting at window
// and answers the calls counted in it so far, this one included. One upsert,
// so replicas counting at once each see their own number.
func (Store) CountCall(ctx context.Context, q db.Querier, tenantID string, window int64) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `INSERT INTO ai_rate_windows (tenant_id, window_start, calls) VALUES (?, ?, 1)
		ON CONFLICT (tenant_id, window_start) DO UPDATE SET calls = ai_rate_windows.calls + 1
		RETURNING calls`, tenantID, window).Scan(&n)
	return n, db.Wrap("ai: count call", err)
}

// ForgetWindows deletes a facility's counters of minutes before window.
func (Store) ForgetWindows(ctx context.Context, q db.Querier, tenantID string, window int64) error {
	_, err := q.ExecContext(ctx, `DELETE FROM ai_rate_windows WHERE tenant_id = ? AND window_start < ?`, tenantID, window)
	return db.Wrap("ai: forget windows", err)
}

// Scopes of ai_daily_calls.
const (
	scopeUser   = "user"
	scopeTenant = "tenant"
)

// CountDay counts one call of a person or facility on the UTC day starting
// at day, unless it has already made max: ok is false then, and nothing is
// counted. n is the day's calls, this one included. One conditional upsert,
// so replicas counting at once never let more than max through.
func (Store) CountDay(ctx context.Context, q db.Querier, scope, subject string, day int64, max int) (n int, ok bool, err error) {
	err = q.QueryRowContext(ctx, `INSERT INTO ai_daily_calls (scope, subject_id, day, calls) VALUES (?, ?, ?, 1)
		ON CONFLICT (scope, subject_id, day) DO UPDATE SET calls = ai_daily_calls.calls + 1 WHERE ai_daily_calls.calls < ?
		RETURNING calls`, scope, subject, day, max).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) { // the update's condition failed: the quota is used up
		return max, false, nil
	}
	return n, err == nil, db.Wrap("ai: count day", err)
}

// ForgetDays deletes a person's or facility's counts of days before day.
func (Store) ForgetDays(ctx context.Context, q db.Querier, scope, subject string, day int64) error {
	_, err := q.ExecContext(ctx, `DELETE FROM ai_daily_calls WHERE scope = ? AND subject_id = ? AND day < ?`, scope, subject, day)
	return db.Wrap("ai: forget days", err)
}

// usageRow is an ai_usage row.
type usageRow = shared.AIUsage

// InsertUsage writes one usage row.
func (Store) InsertUsage(ctx context.Context, q db.Querier, u usageRow) error {
	_, err := q.ExecContext(ctx, `INSERT INTO ai_usage (id, tenant_id, user_id, capability, provider, model, prompt_tokens,
		completion_tokens, characters, audio_ms, outcome, latency_ms, created_at, cost_micros) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		u.ID, u.TenantID, u.UserID, u.Capability, u.Provider, u.Model, u.PromptTokens, u.CompletionTokens, u.Characters,
		u.AudioMs, u.Outcome, u.LatencyMs, u.CreatedAt, u.CostMicros)
	return db.Wrap("ai: insert usage", err)
}

// usageScope narrows the usage list: one facility (always, for an owner), or all.
type usageScope struct {
	TenantID string // "" with All: every facility
	All      bool
}

// ListUsage reads a page of usage rows, newest first, and the total. Each row
// carries its facility's name (empty for the platform's own calls).
func (Store) ListUsage(ctx context.Context, q db.Querier, scope usageScope, f shared.AIUsageFilter, limit, offset int) ([]usageRow, int64, error) {
	where, args := ` WHERE 1 = 1`, []any{}
	if !scope.All || scope.TenantID != "" {
		where += ` AND u.tenant_id = ?`
		args = append(args, scope.TenantID)
	}
	if f.Capability != "" {
		where += ` AND u.capability = ?`
		args = append(args, f.Capability)
	}
	if f.From > 0 {
		where += ` AND u.created_at >= ?`
		args = append(args, f.From)
	}
	if f.To > 0 {
		where += ` AND u.created_at < ?`
		args = append(args, f.To)
	}
	var total int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM ai_usage u`+where, args...).Scan(&total); err != nil {
		return nil, 0, db.Wrap("ai: count usage", err)
	}
	rows, err := q.QueryContext(ctx, `SELECT u.id, u.tenant_id, COALESCE(t.facility_name, ''), u.user_id, u.capability, u.provider, u.model,
		u.prompt_tokens, u.completion_tokens, u.characters, u.audio_ms, u.outcome, u.latency_ms, u.created_at, u.cost_micros
		FROM ai_usage u LEFT JOIN tenants t ON t.id = u.tenant_id`+where+` ORDER BY u.created_at DESC, u.id DESC LIMIT ? OFFSET ?`,
		append(args, limit, offset)...)
	if err != nil {
		return nil, 0, db.Wrap("ai: list usage", err)
	}
	defer rows.Close()
	var out []usageRow
	for rows.Next() {
		var u usageRow
		if err := rows.Scan(&u.ID, &u.TenantID, &u.FacilityName, &u.UserID, &u.Capability, &u.Provider, &u.Model, &u.PromptTokens,
			&u.CompletionTokens, &u.Characters, &u.AudioMs, &u.Outcome, &u.LatencyMs, &u.CreatedAt, &u.CostMicros); err != nil {
			return nil, 0, db.Wrap("ai: list usage", err)
		}
		out = append(out, u)
	}
	return out, total, db.Wrap("ai: list usage", rows.Err())
}
