package keep_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/keep"
)

func careVersion(t *testing.T, d *db.DB, tenant string) int64 {
	t.Helper()
	v, _, ok, err := keep.Care.Of(context.Background(), d, tenant)
	if err != nil || !ok {
		t.Fatalf("care version of %s: %v, known %v", tenant, err, ok)
	}
	return v
}

// The care version moves with every insert, update and delete of a care
// record of its facility, made in plain SQL, and with no other facility's;
// it is a version apart from the list version.
func TestCareVersionSeesWrites(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		addFacility(t, d, "t1")
		addFacility(t, d, "t2")
		keep.SetVersionTTL(d, time.Hour)
		lists, other := version(t, d, "t1"), careVersion(t, d, "t2")
		last := careVersion(t, d, "t1")
		for _, q := range []string{
			`INSERT INTO facility_routines (tenant_id, sessions, updated_at) VALUES ('t1', '[]', 0)`,
			`UPDATE facility_routines SET medication_prep_enabled = TRUE WHERE tenant_id = 't1'`,
			`INSERT INTO shift_types (id, tenant_id, name, name_key, start_time, end_time, color, created_at, updated_at)
				VALUES ('s1', 't1', 'Day', 'day', '07:00', '15:00', '#fff', 0, 0)`,
			`DELETE FROM shift_types WHERE id = 's1'`,
			`DELETE FROM facility_routines WHERE tenant_id = 't1'`,
		} {
			if _, err := d.ExecContext(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			v := careVersion(t, d, "t1")
			if v <= last {
				t.Fatalf("%s left the care version at %d", q, v)
			}
			last = v
		}
		if got := careVersion(t, d, "t2"); got != other {
			t.Errorf("t1's writes moved t2's care version %d → %d", other, got)
		}
		if got := version(t, d, "t1"); got != lists {
			t.Errorf("care records moved the list version %d → %d", lists, got)
		}
	})
}

// Replicas on one PostgreSQL database: a care record written on one reaches
// the other's kept care version through the triggers' notification, although
// it keeps versions for an hour here.
func TestCareVersionHearsOtherReplicas(t *testing.T) {
	d, other := listeningReplicas(t)
	ctx := t.Context()

	addFacility(t, other, "t4")
	before := careVersion(t, d, "t4")
	deadline := time.Now().Add(10 * time.Second)
	for i := 0; careVersion(t, d, "t4") == before; i++ {
		if time.Now().After(deadline) {
			t.Fatal("a care record written on the other replica never reached this one")
		}
		if _, err := other.ExecContext(ctx, `INSERT INTO shift_types (id, tenant_id, name, name_key, start_time, end_time, color, created_at, updated_at)
			VALUES (?, 't4', ?, ?, '07:00', '15:00', '#fff', 0, 0)`, fmt.Sprintf("s%d", i), fmt.Sprintf("Day %d", i), fmt.Sprintf("day %d", i)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
