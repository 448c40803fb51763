package iam_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"hearth/cloud/feature/demo"
	"hearth/cloud/feature/iam"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

const userInfoPath = "/api/system/user/getUserInfo"

// Every signed-in call reuses a recent session check (at most
// iam.SessionCacheTTL old). Each way a sign-in ends on this server must still
// be refused on the very next call, even right after a call that was answered
// from the kept check.
func TestSessionCheckCacheForgetsRevokedSignIns(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		// A long TTL: only the paths that end a sign-in can make the next call fail.
		iam.SetSessionCacheTTL(e.Server.IAM, time.Hour)
		warm := func(c *servertest.Client) {
			t.Helper()
			c.Get(t, userInfoPath).OK(t)
			c.Get(t, "/api/system/menu/listUserMenuTree").OK(t)
		}

		t.Run("sign-out with the access token", func(t *testing.T) {
			c := e.SignIn(t, "caregiver_maple2")
			warm(c)
			c.Post(t, "/api/system/user/logout", shared.LogoutRequest{}).OK(t)
			c.Get(t, userInfoPath).Is(t, http.StatusGone, shared.CodeSessionRevoked)
		})

		t.Run("sign-out with the refresh token only, from another client", func(t *testing.T) {
			c := e.SignIn(t, "caregiver_maple2")
			warm(c)
			e.Client().Post(t, "/api/system/user/logout", shared.LogoutRequest{RefreshToken: c.RefreshToken}).OK(t)
			c.Get(t, userInfoPath).Is(t, http.StatusGone, shared.CodeSessionRevoked)
		})

		t.Run("a spent refresh token presented again", func(t *testing.T) {
			c := e.SignIn(t, "caregiver_maple2")
			first := c.Result
			c.Use(loginResult(t, refresh(t, c, first.RefreshToken)))
			warm(c)
			e.Clock.Advance(iam.RefreshRaceGrace + time.Second)
			refresh(t, e.Client(), first.RefreshToken).Is(t, http.StatusGone, shared.CodeSessionRevoked)
			c.Get(t, userInfoPath).Is(t, http.StatusGone, shared.CodeSessionRevoked)
		})

		t.Run("a password change ends the other sign-ins", func(t *testing.T) {
			const next = "Fresh@2026x"
			mine := e.SignIn(t, "caregiver_maple2")
			other := e.SignIn(t, "caregiver_maple2")
			warm(mine)
			warm(other)
			updatePassword(t, mine, demo.DemoPassword, next).OK(t)
			other.Get(t, userInfoPath).Is(t, http.StatusGone, shared.CodeSessionRevoked)
			mine.Get(t, userInfoPath).OK(t)
			updatePassword(t, mine, next, demo.DemoPassword).OK(t)
		})

		t.Run("a disabled account", func(t *testing.T) {
			ctx := t.Context()
			c := e.SignIn(t, "caregiver_cedar1")
			warm(c)
			id := e.UserID(t, "caregiver_cedar1")
			if err := e.Server.IAM.SetUserStatus(ctx, id, shared.UserDisabled); err != nil {
				t.Fatal(err)
			}
			c.Get(t, userInfoPath).Is(t, http.StatusGone, shared.CodeSessionRevoked)
			if err := e.Server.IAM.SetUserStatus(ctx, id, shared.UserEnabled); err != nil {
				t.Fatal(err)
			}
		})

		t.Run("a membership disabled by the staff page", func(t *testing.T) {
			ctx := t.Context()
			c := e.SignIn(t, "caregiver_cedar1")
			warm(c)
			id, cedarID := e.UserID(t, "caregiver_cedar1"), e.FacilityID(t, cedar)
			err := d.InTx(ctx, func(tx *db.Tx) error {
				if err := e.Server.IAM.SetMembershipStatus(ctx, tx, cedarID, id, shared.UserDisabled); err != nil {
					return err
				}
				return e.Server.IAM.RevokeInTenant(ctx, tx, cedarID, id)
			})
			if err != nil {
				t.Fatal(err)
			}
			c.Get(t, userInfoPath).Is(t, http.StatusGone, shared.CodeSessionRevoked)
			if err := e.Server.IAM.SetMembershipStatus(ctx, d, cedarID, id, shared.UserEnabled); err != nil {
				t.Fatal(err)
			}
			e.SignIn(t, "caregiver_cedar1").Get(t, userInfoPath).OK(t)
		})

		t.Run("a transaction rolled back leaves the sign-in live", func(t *testing.T) {
			ctx := t.Context()
			c := e.SignIn(t, "caregiver_cedar1")
			warm(c)
			id, cedarID := e.UserID(t, "caregiver_cedar1"), e.FacilityID(t, cedar)
			err := d.InTx(ctx, func(tx *db.Tx) error {
				if err := e.Server.IAM.RevokeInTenant(ctx, tx, cedarID, id); err != nil {
					return err
				}
				return errRollback
			})
			if !errors.Is(err, errRollback) {
				t.Fatalf("InTx: %v", err)
			}
			c.Get(t, userInfoPath).OK(t)
		})
	})
}

type rollback struct{}

func (rollback) Error() string { return "roll back" }

var errRollback error = rollback{}

// eventually polls ok until it holds or the deadline passes.
func eventually(t *testing.T, deadline time.Duration, ok func() bool) bool {
	t.Helper()
	end := time.Now().Add(deadline)
	for {
		if ok() {
			return true
		}
		if time.Now().After(end) {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Two server instances on one PostgreSQL database, as replicas behind a load
// balancer: a sign-out on A is refused on B too. B keeps its session checks
// for an hour here, so only A's notification can tell it.
func TestRevocationReachesOtherReplicas(t *testing.T) {
	d := dbtest.Postgres(t)
	a := servertest.Start(t, d)
	b := servertest.Start(t, d, servertest.Options{NoDemo: true})
	iam.SetSessionCacheTTL(a.Server.IAM, time.Hour)
	iam.SetSessionCacheTTL(b.Server.IAM, time.Hour)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = b.Server.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })

	onB := func(c *servertest.Client) *servertest.Client {
		cb := b.Client()
		cb.Token, cb.RefreshToken = c.Token, c.RefreshToken
		return cb
	}
	revokedOnB := func(c *servertest.Client) bool {
		r := onB(c).Get(t, userInfoPath)
		if r.Status == http.StatusOK {
			return false
		}
		r.Is(t, http.StatusGone, shared.CodeSessionRevoked)
		return true
	}
	// B is listening once a revocation made after the start reaches it.
	probe := a.SignIn(t, "caregiver_maple2")
	onB(probe).Get(t, userInfoPath).OK(t)
	if !eventually(t, 10*time.Second, func() bool {
		probe.Post(t, "/api/system/user/logout", shared.LogoutRequest{}).OK(t)
		return revokedOnB(probe)
	}) {
		t.Fatal("replica B never heard of a sign-out on A")
	}

	t.Run("sign-out", func(t *testing.T) {
		c := a.SignIn(t, "caregiver_maple1")
		onB(c).Get(t, userInfoPath).OK(t) // B now keeps the check
		c.Post(t, "/api/system/user/logout", shared.LogoutRequest{}).OK(t)
		c.Get(t, userInfoPath).Is(t, http.StatusGone, shared.CodeSessionRevoked)
		if !eventually(t, 3*time.Second, func() bool { return revokedOnB(c) }) {
			t.Fatal("B still accepts a token signed out on A")
		}
	})

	t.Run("a disabled account", func(t *testing.T) {
		c := a.SignIn(t, "caregiver_cedar1")
		onB(c).Get(t, userInfoPath).OK(t)
		id := a.UserID(t, "caregiver_cedar1")
		if err := a.Server.IAM.SetUserStatus(context.Background(), id, shared.UserDisabled); err != nil {
			t.Fatal(err)
		}
		if !eventually(t, 3*time.Second, func() bool { return revokedOnB(c) }) {
			t.Fatal("B still accepts the token of an account disabled on A")
		}
	})
}
