package iam_test

import (
	"context"
	"testing"
	"time"

	"hearth/cloud/feature/iam"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
)

// BenchmarkSessionCheck is the check every signed-in call makes
// (iam.Service.CheckSession), for caregiver_maple1 on both engines: "kept" is
// the usual case, answered from the kept check (at most iam.SessionCacheTTL
// old); "database" reads users, memberships and sessions each time, as the
// first call of a second does. "http/getUserInfo" is a whole signed-in call
// through the real server over loopback (signature, token, session check,
// JSON), answered from the kept check.
func BenchmarkSessionCheck(b *testing.B) {
	dbtest.EachB(b, func(b *testing.B, d *db.DB) {
		e := servertest.Start(b, d)
		ctx := context.Background()
		c := e.SignIn(b, "caregiver_maple1")
		tokens, err := auth.NewTokens([]byte(servertest.JWTSecret), e.Clock.Now)
		if err != nil {
			b.Fatal(err)
		}
		p, err := tokens.Verify(c.Token)
		if err != nil {
			b.Fatal(err)
		}
		s := e.Server.IAM

		b.Run("kept", func(b *testing.B) {
			iam.SetSessionCacheTTL(s, time.Hour)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.CheckSession(ctx, p); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("database", func(b *testing.B) {
			iam.SetSessionCacheTTL(s, 0)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.CheckSession(ctx, p); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("http/getUserInfo", func(b *testing.B) {
			iam.SetSessionCacheTTL(s, iam.SessionCacheTTL)
			b.ReportAllocs()
			for b.Loop() {
				c.Get(b, userInfoPath).OK(b)
			}
		})
	})
}
