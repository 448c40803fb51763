// Package param holds the run-time parameters the super admin changes at
// /params-setting (issue 30): each has a type, bounds, a default and a
// description in the three languages (defs.go, messages/). Features read them
// through one typed accessor (Params.Int, Bool, Text); a missing or
// out-of-range value gives the default and a warning, never an error. A change
// is written with an audit row (before and after) and takes effect on every
// replica within a second: the change raises the parameters' version
// (platform_versions) and tells the others (Versions.Listen).
package param

import (
	"context"
	"log/slog"
	"strconv"
	"sync"
	"unicode/utf8"

	"hearth/cloud/platform/db"
)

// Params reads and keeps the parameters' values.
type Params struct {
	db       *db.DB
	versions *Versions
	log      *slog.Logger
	defaults map[string]string

	mu      sync.Mutex
	version int64
	loaded  bool
	values  map[string]stored
}

type stored struct {
	value     string
	updatedBy string
	updatedAt int64
}

// Defaults replace a parameter's built-in default (the server's environment
// settings, e.g. HEARTH_CHAT_RECALL_SECONDS).
type Defaults map[string]string

// New makes the parameter reader; defaults may be nil. A default outside its
// parameter's bounds is logged and the built-in default used instead.
func New(d *db.DB, v *Versions, log *slog.Logger, defaults Defaults) *Params {
	for key, value := range defaults {
		def, ok := Lookup(key)
		if !ok {
			log.Warn("default of an unknown parameter ignored", "key", key)
			continue
		}
		if _, err := parse(def, value); err != nil {
			log.Warn("default outside the parameter's bounds; using the built-in default", "key", key, "value", value,
				"min", def.Min, "max", def.Max, "builtIn", def.Default)
		}
	}
	return &Params{db: d, versions: v, log: log, defaults: defaults}
}

// Versions is the platform settings' version reader Params uses.
func (p *Params) Versions() *Versions { return p.versions }

// Int is the value of an INT parameter.
func (p *Params) Int(ctx context.Context, k IntKey) int64 {
	raw, ok := p.raw(ctx, k.def)
	if ok {
		if n, err := parse(k.def, raw); err == nil {
			return n.(int64)
		}
		p.log.WarnContext(ctx, "parameter out of range; using its default", "key", k.def.Key, "value", raw)
	}
	n, _ := parse(k.def, p.defaultOf(k.def))
	v, _ := n.(int64)
	return v
}

// Bool is the value of a BOOL parameter.
func (p *Params) Bool(ctx context.Context, k BoolKey) bool {
	raw, ok := p.raw(ctx, k.def)
	if ok {
		if b, err := parse(k.def, raw); err == nil {
			return b.(bool)
		}
		p.log.WarnContext(ctx, "parameter not true or false; using its default", "key", k.def.Key, "value", raw)
	}
	b, _ := parse(k.def, p.defaultOf(k.def))
	v, _ := b.(bool)
	return v
}

// Text is the value of a TEXT parameter.
func (p *Params) Text(ctx context.Context, k TextKey) string {
	raw, ok := p.raw(ctx, k.def)
	if ok {
		if _, err := parse(k.def, raw); err == nil {
			return raw
		}
		p.log.WarnContext(ctx, "parameter out of bounds; using its default", "key", k.def.Key, "value", raw)
	}
	return p.defaultOf(k.def)
}

func (p *Params) defaultOf(d *Def) string {
	if v, ok := p.defaults[d.Key]; ok {
		if _, err := parse(d, v); err == nil {
			return v
		}
	}
	return d.Default
}

// raw is the stored value of d, if one is stored (and readable).
func (p *Params) raw(ctx context.Context, d *Def) (string, bool) {
	values, err := p.all(ctx)
	if err != nil {
		p.log.WarnContext(ctx, "parameters unreadable; using the default", "key", d.Key, "err", err)
		return "", false
	}
	s, ok := values[d.Key]
	return s.value, ok
}

// all is every stored value, read again when the parameters' version moved.
func (p *Params) all(ctx context.Context) (map[string]stored, error) {
	version, err := p.versions.Version(ctx, NameParams)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	if p.loaded && p.version == version {
		values := p.values
		p.mu.Unlock()
		return values, nil
	}
	p.mu.Unlock()
	rows, err := p.db.QueryContext(ctx, `SELECT key, value, COALESCE(updated_by, ''), updated_at FROM platform_params`)
	if err != nil {
		return nil, db.Wrap("param: read", err)
	}
	defer rows.Close()
	values := map[string]stored{}
	for rows.Next() {
		var k string
		var s stored
		if err := rows.Scan(&k, &s.value, &s.updatedBy, &s.updatedAt); err != nil {
			return nil, db.Wrap("param: read", err)
		}
		values[k] = s
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap("param: read", err)
	}
	p.mu.Lock()
	p.values, p.version, p.loaded = values, version, true
	p.mu.Unlock()
	return values, nil
}

// errBounds says a value breaks its parameter's type or bounds (the rule named).
type errBounds struct{ rule string }

func (e errBounds) Error() string { return "param: value breaks " + e.rule }

// parse checks raw against d's kind and bounds: an int64, a bool or the text.
func parse(d *Def, raw string) (any, error) {
	switch d.Kind {
	case "INT":
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil {
			return nil, errBounds{"integer"}
		}
		if n < d.Min {
			return nil, errBounds{"minimum"}
		}
		if n > d.Max {
			return nil, errBounds{"maximum"}
		}
		return n, nil
	case "BOOL":
		b, err := strconv.ParseBool(raw)
		if err != nil || (raw != "true" && raw != "false") {
			return nil, errBounds{"boolean"}
		}
		return b, nil
	default:
		n := int64(utf8.RuneCountInString(raw))
		if n < d.Min {
			return nil, errBounds{"minLength"}
		}
		if n > d.Max {
			return nil, errBounds{"maxLength"}
		}
		if check := textChecks[d.Key]; check != nil && check(raw) != nil {
			return nil, errBounds{"format"}
		}
		return raw, nil
	}
}
