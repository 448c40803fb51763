package param_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/param"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

var admin = &auth.Principal{UserID: "super", Roles: shared.SuperAdmins}

// A parameter gives its default until set, its value once set (with an audit
// row of before and after), and its default again after a reset; values
// outside the bounds are refused with the rule broken, and a bad value put
// in by SQL gives the default and a warning.
func TestParams(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		var logged bytes.Buffer
		p := param.New(d, param.NewVersions(d), slog.New(slog.NewTextHandler(&logged, nil)), nil)
		if got := p.Text(ctx, param.HelpPhone); got != "" {
			t.Fatalf("default help phone = %q", got)
		}
		if _, err := p.Update(ctx, admin, shared.UpdateParamRequest{Key: "support.helpPhone", Value: "2065550100"}); err != nil {
			t.Fatal(err)
		}
		if got := p.Text(ctx, param.HelpPhone); got != "2065550100" {
			t.Fatalf("help phone after update = %q", got)
		}
		var before, after string
		if err := d.QueryRowContext(ctx, `SELECT before_json, after_json FROM audit_log WHERE action = 'param.update' AND entity_id = 'support.helpPhone'`).
			Scan(&before, &after); err != nil {
			t.Fatal(err)
		}
		if before != `{"value":""}` || after != `{"value":"2065550100"}` {
			t.Fatalf("audit before %s after %s", before, after)
		}
		_, err := p.Update(ctx, admin, shared.UpdateParamRequest{Key: "support.helpPhone", Value: strings.Repeat("1", shared.PhoneMax+1)})
		if pe, ok := problem.As(err); !ok || pe.Code != shared.CodeValidation {
			t.Fatalf("too long: %v", err)
		}
		if _, err := p.Update(ctx, admin, shared.UpdateParamRequest{Key: "no.such", Value: "1"}); !errors.Is(err, param.ErrUnknown) {
			t.Fatalf("unknown key: %v", err)
		}
		carer := &auth.Principal{UserID: "c", Roles: []shared.Role{shared.RoleCaregiverStaff}}
		if _, err := p.Update(ctx, carer, shared.UpdateParamRequest{Key: "support.helpPhone", Value: "2065550111"}); !errors.Is(err, problem.Forbidden) {
			t.Fatalf("caregiver: %v", err)
		}
		// An operator's SQL writes a value out of bounds: the default, and a warning.
		if _, err := d.ExecContext(ctx, `UPDATE platform_params SET value = ? WHERE key = 'support.helpPhone'`, strings.Repeat("9", 30)); err != nil {
			t.Fatal(err)
		}
		if _, err := d.ExecContext(ctx, `UPDATE platform_versions SET version = version + 1 WHERE name = 'params'`); err != nil {
			t.Fatal(err)
		}
		waitFor(t, func() bool { return p.Text(ctx, param.HelpPhone) == "" })
		if !strings.Contains(logged.String(), "support.helpPhone") {
			t.Fatalf("no warning logged: %s", logged.String())
		}
		got, err := p.Reset(ctx, admin, "support.helpPhone")
		if err != nil || !got.IsDefault || got.Value != "" {
			t.Fatalf("reset: %+v %v", got, err)
		}
		list, err := p.List(ctx)
		if err != nil || len(list) == 0 || list[0].Description == "" {
			t.Fatalf("list: %+v %v", list, err)
		}
	})
}

// A change made on one replica is used by another within a second: on
// PostgreSQL the notification makes it at once; without it (SQLite, a lost
// notification) the version is read again after VersionTTL.
func TestParamsAcrossReplicas(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		log := slog.New(slog.DiscardHandler)
		one := param.New(d, param.NewVersions(d), log, nil)
		otherVersions := param.NewVersions(d)
		other := param.New(d, otherVersions, log, nil)
		go func() { _ = otherVersions.Listen(ctx, log) }()
		if got := other.Text(ctx, param.HelpPhone); got != "" {
			t.Fatalf("before: %q", got)
		}
		start := time.Now()
		if _, err := one.Update(ctx, admin, shared.UpdateParamRequest{Key: "support.helpPhone", Value: "2065550199"}); err != nil {
			t.Fatal(err)
		}
		waitFor(t, func() bool { return other.Text(ctx, param.HelpPhone) == "2065550199" })
		t.Logf("%s: seen by the other replica after %v", d.Engine, time.Since(start))
	})
}

// waitFor polls ok for up to a few seconds (a change is due within VersionTTL).
func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * param.VersionTTL)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatal("not seen in time")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// An INT parameter: the environment's default replaces the built-in one (a
// default out of bounds is logged and the built-in one kept); a stored value
// out of range, put in by an operator's SQL, gives the default and a warning.
func TestIntParamDefaultsAndBadValues(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		var logged bytes.Buffer
		log := slog.New(slog.NewTextHandler(&logged, nil))
		p := param.New(d, param.NewVersions(d), log, param.Defaults{"chat.recallSeconds": "300"})
		if got := p.Int(ctx, param.ChatRecallSeconds); got != 300 {
			t.Fatalf("recall with the environment's default = %d", got)
		}
		if got := p.Int(ctx, param.LockAfterFailures); got != 10 {
			t.Fatalf("lock after = %d, want the built-in 10", got)
		}
		bad := param.New(d, param.NewVersions(d), log, param.Defaults{"chat.recallSeconds": "5"})
		if got := bad.Int(ctx, param.ChatRecallSeconds); got != shared.ChatRecallSeconds {
			t.Fatalf("recall with a default out of bounds = %d", got)
		}
		if !strings.Contains(logged.String(), "chat.recallSeconds") {
			t.Fatalf("a default out of bounds is not logged: %s", logged.String())
		}
		if _, err := p.Update(ctx, admin, shared.UpdateParamRequest{Key: "signIn.lockAfterFailures", Value: "4"}); err != nil {
			t.Fatal(err)
		}
		if got := p.Int(ctx, param.LockAfterFailures); got != 4 {
			t.Fatalf("lock after, set = %d", got)
		}
		for _, v := range []string{"0", "51", "ten"} {
			_, err := p.Update(ctx, admin, shared.UpdateParamRequest{Key: "signIn.lockAfterFailures", Value: v})
			if pe, ok := problem.As(err); !ok || pe.Code != shared.CodeValidation {
				t.Fatalf("%q: %v", v, err)
			}
		}
		logged.Reset()
		if _, err := d.ExecContext(ctx, `UPDATE platform_params SET value = '500' WHERE key = 'signIn.lockAfterFailures'`); err != nil {
			t.Fatal(err)
		}
		if _, err := d.ExecContext(ctx, `UPDATE platform_versions SET version = version + 1 WHERE name = 'params'`); err != nil {
			t.Fatal(err)
		}
		waitFor(t, func() bool { return p.Int(ctx, param.LockAfterFailures) == 10 })
		if !strings.Contains(logged.String(), "signIn.lockAfterFailures") || !strings.Contains(logged.String(), "level=WARN") {
			t.Fatalf("no warning logged: %s", logged.String())
		}
	})
}
