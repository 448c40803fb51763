package smartsetup_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"hearth/cloud/platform/ai/aitest"
	"hearth/cloud/platform/blob/s3test"
	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

// Two replicas on one PostgreSQL database with their files in one S3 store,
// both working the queue at once: every job of a batch started through one
// runs exactly once (one AI call per mapping step), and both answer its progress.
// Not parallel: the S3 test server sets the AWS credential variables.
func TestTwoReplicasRunEachJobOnce(t *testing.T) {
	s3 := s3test.Start(t, "hearth")
	const key = "sk-test-smart-replicas"
	ai := aitest.Start(t, key)
	ai.Chat = func(system, prompt string) string { return `{"tasks":[],"medications":[],"contacts":[]}` }
	cfg := func(c *config.Config) {
		c.Files = config.DefaultFiles(c.DataDir)
		c.Files.Dir, c.Files.S3 = "s3://hearth/files", s3.Options()
		c.AI = config.AI{BaseURL: ai.BaseURL(), APIKey: key, Model: "gpt-4o-mini"}
	}
	d := dbtest.Postgres(t)
	a := servertest.Start(t, d, servertest.Options{Config: cfg})
	b := servertest.Start(t, d, servertest.Options{Config: cfg, NoDemo: true})
	ownerA := a.SignIn(t, "owner_evergreen", "Maple House AFH")
	ownerB := b.SignIn(t, "owner_evergreen", "Maple House AFH")
	batch := uploadFiles(t, a, ownerA, nil, filetest.Part{Name: "rose.pdf", Data: filetest.TextPDF(t, "Resident papers", faceSheetRose)},
		filetest.Part{Name: "rose-mar.pdf", Data: filetest.TextPDF(t, "Resident papers", marRose)}, filetest.Part{Name: "juan.pdf", Data: filetest.TextPDF(t, "Resident papers", faceSheetJuan)})
	ownerB.Post(t, ss+"/start", shared.SmartSetupBatchRequest{BatchID: batch.BatchID}).OK(t)
	// Both replicas drain until nothing is left (a job one enqueues may be taken by the other).
	for range 3 {
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, e := range []*servertest.Env{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = e.Server.Jobs.Drain(context.Background())
			}()
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
	}
	got := batchOf(t, ownerA, batch.BatchID)
	if len(got.Groups) != 2 {
		t.Fatalf("groups: %+v", got.Groups)
	}
	for _, g := range got.Groups {
		for _, j := range g.Jobs {
			if j.State != shared.SmartCompleted {
				t.Fatalf("%s: %+v", g.Name, g.Jobs)
			}
		}
	}
	if n := ai.Calls(aitest.ChatPath); n != 8 {
		t.Errorf("AI calls %d, want 8 (4 steps for each of 2 residents, once each)", n)
	}
	if p := progressOf(t, ownerB, batch.BatchID); !p.Done || p.Progress != 100 {
		t.Errorf("progress through the other replica: %+v", p)
	}
}
