package param

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"time"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/people"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// ErrUnknown answers a key that names no parameter.
var ErrUnknown = problem.Invalid("key", "unknown", "param.unknown", nil)

// List is every parameter with its value in force, described in the caller's language.
func (p *Params) List(ctx context.Context) ([]shared.Param, error) {
	values, err := p.all(ctx)
	if err != nil {
		return nil, err
	}
	lang := msg.Language(ctx)
	out := make([]shared.Param, 0, len(defs))
	for _, d := range defs {
		s, set := values[d.Key]
		def := p.defaultOf(d)
		v := shared.Param{Key: d.Key, Group: d.Group, Kind: d.Kind, Value: def, DefaultValue: def, Min: d.Min, Max: d.Max,
			Unit: d.Unit, Description: msg.T(lang, "param."+d.Key, nil), Roles: d.Roles, IsDefault: true}
		if set {
			v.UpdatedBy, v.UpdateTime = s.updatedBy, s.updatedAt
			if _, err := parse(d, s.value); err == nil {
				v.Value, v.IsDefault = s.value, false
			}
		}
		out = append(out, v)
	}
	err = people.Fill(ctx, p.db, out, func(v *shared.Param) string { return v.UpdatedBy }, func(v *shared.Param, name string) { v.UpdatedBy = name })
	return out, err
}

// Update sets a parameter, with an audit row of the value before and after.
func (p *Params) Update(ctx context.Context, who *auth.Principal, req shared.UpdateParamRequest) (*shared.Param, error) {
	d, ok := Lookup(req.Key)
	if !ok {
		return nil, ErrUnknown
	}
	if !who.Has(d.Roles...) {
		return nil, problem.Forbidden
	}
	if _, err := parse(d, req.Value); err != nil {
		var b errBounds
		errors.As(err, &b)
		key := "param.bounds"
		if b.rule == "format" {
			key = "param.format" // a text whose form the parameter's description gives
		}
		return nil, problem.Invalid("value", b.rule, key, map[string]any{"min": d.Min, "max": d.Max})
	}
	return p.write(ctx, who, d, &req.Value)
}

// Reset puts a parameter back to its default.
func (p *Params) Reset(ctx context.Context, who *auth.Principal, key string) (*shared.Param, error) {
	d, ok := Lookup(key)
	if !ok {
		return nil, ErrUnknown
	}
	if !who.Has(d.Roles...) {
		return nil, problem.Forbidden
	}
	return p.write(ctx, who, d, nil)
}

// write stores value (nil: remove the row) in one transaction with its audit
// row and the version raise, then answers the parameter as now in force.
func (p *Params) write(ctx context.Context, who *auth.Principal, d *Def, value *string) (*shared.Param, error) {
	now := time.Now().UnixMilli()
	err := p.db.InTx(ctx, func(tx *db.Tx) error {
		before := p.defaultOf(d)
		var old string
		switch err := tx.QueryRowContext(ctx, `SELECT value FROM platform_params WHERE key = ?`, d.Key).Scan(&old); {
		case err == nil:
			before = old
		case !errors.Is(err, sql.ErrNoRows):
			return db.Wrap("param: read before", err)
		}
		after := p.defaultOf(d)
		if value == nil {
			if _, err := tx.ExecContext(ctx, `DELETE FROM platform_params WHERE key = ?`, d.Key); err != nil {
				return db.Wrap("param: reset", err)
			}
		} else {
			after = *value
			if _, err := tx.ExecContext(ctx, `INSERT INTO platform_params (key, value, updated_by, updated_at) VALUES (?, ?, ?, ?)
				ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
				d.Key, *value, who.UserID, now); err != nil {
				return db.Wrap("param: update", err)
			}
		}
		if err := p.versions.Bump(ctx, tx, NameParams); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{ActorID: who.UserID, Action: "param.update", Entity: "param", EntityID: d.Key,
			Before: map[string]string{"value": before}, After: map[string]string{"value": after}})
	})
	if err != nil {
		return nil, err
	}
	all, err := p.List(ctx)
	if err != nil {
		return nil, err
	}
	for i := range all {
		if all[i].Key == d.Key {
			return &all[i], nil
		}
	}
	return nil, ErrUnknown
}

// Routes mounts the parameters under /api/system/params: the super admin's
// list and changes, and the public values the sign-in page shows.
func Routes(api *web.API, p *Params) {
	op := func(method, path, summary string) web.Op {
		return web.Op{Service: web.System, Method: method, Path: "/params" + path, Summary: summary, Access: web.SignedIn,
			Roles: shared.SuperAdmins, Function: web.AnyPlan}
	}
	web.Handle(api, op(http.MethodGet, "/list", "Every run-time parameter: type, bounds, default, value in force, description"),
		func(ctx context.Context, _ *web.None) ([]shared.Param, error) { return p.List(ctx) })
	web.Handle(api, op(http.MethodPost, "/update", "Change a parameter (every server uses it within a second; audited)"),
		func(ctx context.Context, in *web.Body[shared.UpdateParamRequest]) (*shared.Param, error) {
			return p.Update(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodPost, "/reset", "Put a parameter back to its default (audited)"),
		func(ctx context.Context, in *web.Body[shared.ParamKeyRequest]) (*shared.Param, error) {
			return p.Reset(ctx, auth.From(ctx), in.Body.Key)
		})
	web.Handle(api, web.Op{Service: web.System, Method: http.MethodGet, Path: "/params/public", Access: web.Public,
		Summary: "What the sign-in page shows: customer service's phone"},
		func(ctx context.Context, _ *web.None) (*shared.PublicParams, error) {
			return &shared.PublicParams{HelpPhone: p.Text(ctx, HelpPhone)}, nil
		})
}
