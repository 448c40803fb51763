package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"hearth/cloud/feature/demo"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
)

// seed --scale refuses a disk without room for its estimate, saying what it
// estimated; with room it adds the homes and prints the tables' rows, the
// database's size and the rate.
func TestSeedScale(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{NoDemo: true})
		s := demo.Services{People: e.Server.IAM, Files: e.Server.Files, Medications: e.Server.Medications, Now: e.Clock.Now}
		ctx := context.Background()

		small := func(string) (int64, error) { return 100 << 20, nil }
		var out bytes.Buffer
		err := seedScale(ctx, d, s, 1000, 180, small, &out)
		if err == nil || !strings.Contains(err.Error(), "1000 homes × 180 days need about") {
			t.Fatalf("a small disk: %v", err)
		}
		if err := seedScale(ctx, d, s, 2, 2, diskFree, &out); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"estimated", "medication_passes", "homes 1 to 2 added", "on disk"} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("no %q in:\n%s", want, out.String())
			}
		}
	})
}

func TestMain(m *testing.M) { dbtest.Main(m) }
