package keep_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/keep"
)

func addFacility(t *testing.T, d *db.DB, id string) {
	t.Helper()
	ctx := context.Background()
	if _, err := d.ExecContext(ctx, `INSERT INTO organisations (id, name, created_at) VALUES (?, 'Org', 0)`, "org-"+id); err != nil {
		t.Fatal(err)
	}
	if _, err := d.ExecContext(ctx, `INSERT INTO tenants (id, organisation_id, facility_name, time_zone, status, created_at, updated_at)
		VALUES (?, ?, 'Maple', 'America/Los_Angeles', 'active', 0, 0)`, id, "org-"+id); err != nil {
		t.Fatal(err)
	}
}

func version(t *testing.T, d *db.DB, tenant string) int64 {
	t.Helper()
	v, _, ok, err := keep.Version(context.Background(), d, tenant)
	if err != nil || !ok {
		t.Fatalf("version of %s: %v, known %v", tenant, err, ok)
	}
	return v
}

// A facility's version is read from the database again after every write
// this instance makes, so the list after a save shows the save; a write made
// outside the instance (an operator's SQL, a replica whose notice was lost)
// is seen once the kept version is older than the TTL; the facility's own
// row raises it (its name and plan are in user info).
func TestVersionSeesWrites(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		addFacility(t, d, "t1")
		keep.SetVersionTTL(d, time.Hour)
		v0 := version(t, d, "t1")

		// A write through this instance, in a transaction or on its own.
		if _, err := d.ExecContext(ctx, `UPDATE tenants SET facility_name = 'Maple House' WHERE id = 't1'`); err != nil {
			t.Fatal(err)
		}
		v1 := version(t, d, "t1")
		if v1 <= v0 {
			t.Fatalf("renaming the facility left its version at %d (was %d)", v1, v0)
		}
		if err := d.InTx(ctx, func(tx *db.Tx) error {
			_, err := tx.ExecContext(ctx, `UPDATE tenants SET subscription_plan = 'premium' WHERE id = 't1'`)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		v2 := version(t, d, "t1")
		if v2 <= v1 {
			t.Fatalf("a plan change in a transaction left the version at %d", v2)
		}

		// A write made by another instance, which this one is not told of:
		// kept for the TTL, then read again.
		other, err := d.Reopen(ctx)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = other.Close() })
		if _, err := other.ExecContext(ctx, `UPDATE tenants SET facility_name = 'Maple House AFH' WHERE id = 't1'`); err != nil {
			t.Fatal(err)
		}
		if got := version(t, d, "t1"); got != v2 {
			t.Fatalf("with an hour's TTL and no notice, the version moved to %d", got)
		}
		keep.SetVersionTTL(d, time.Millisecond)
		time.Sleep(2 * time.Millisecond)
		if got := version(t, d, "t1"); got <= v2 {
			t.Fatalf("past the TTL the version is still %d", got)
		}

		if _, _, ok, err := keep.Version(ctx, d, "no-such-facility"); err != nil || ok {
			t.Fatalf("an unknown facility: known %v, %v", ok, err)
		}
	})
}

// Replicas on one PostgreSQL database: a write on one reaches the other's
// kept version through the triggers' notification, although it keeps versions
// for an hour here.
func TestVersionHearsOtherReplicas(t *testing.T) {
	d, other := listeningReplicas(t)
	ctx := t.Context()

	addFacility(t, other, "t2")
	addFacility(t, other, "t3")
	before := version(t, d, "t2")
	untouched := version(t, d, "t3")
	// The listener is up once a change made after the start reaches it.
	deadline := time.Now().Add(10 * time.Second)
	for version(t, d, "t2") == before {
		if time.Now().After(deadline) {
			t.Fatal("a write on the other replica never reached this one")
		}
		if _, err := other.ExecContext(ctx, `UPDATE tenants SET facility_name = facility_name || '.' WHERE id = 't2'`); err != nil {
			t.Fatal(err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	// A change to a user reaches each of the user's facilities.
	if _, err := other.ExecContext(ctx, `INSERT INTO users (id, account, account_key, email, phone, phone_key, name, password_hash, next_password_update_at, status, created_at, updated_at)
		VALUES ('u1', 'amina', 'amina', 'amina@example.com', '1', '1', 'Amina', 'x', 0, 'enabled', 0, 0)`); err != nil {
		t.Fatal(err)
	}
	if _, err := other.ExecContext(ctx, `INSERT INTO memberships (id, tenant_id, user_id, role, status, created_at) VALUES ('m1', 't3', 'u1', 'CAREGIVER', 'enabled', 0)`); err != nil {
		t.Fatal(err)
	}
	waitFor := func(what string, tenant string, past int64) int64 {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			if v := version(t, d, tenant); v > past {
				return v
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s never reached this replica", what)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	afterMember := waitFor("a new member", "t3", untouched)
	if _, err := other.ExecContext(ctx, `UPDATE users SET name = 'Amina Yusuf' WHERE id = 'u1'`); err != nil {
		t.Fatal(err)
	}
	waitFor("a renamed user", "t3", afterMember)
}

// listeningReplicas is two replicas on one PostgreSQL database: d listens for
// the version notices and keeps versions for an hour, so only a notice can tell
// it of other's writes.
func listeningReplicas(t *testing.T) (d, other *db.DB) {
	t.Helper()
	d = dbtest.Postgres(t)
	ctx, cancel := context.WithCancel(context.Background())
	other, err := d.Reopen(ctx)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { defer close(done); _ = keep.Listen(ctx, d, slog.New(slog.DiscardHandler)) }()
	t.Cleanup(func() { cancel(); <-done; _ = other.Close() })
	keep.SetVersionTTL(d, time.Hour)
	return d, other
}
