package iam

import (
	"time"

	"hearth/cloud/platform/param"
)

// The sign-in rules' defaults (run-time parameters), for the tests that count
// to them.
var (
	AccountLockAfter = int(param.LockAfterFailures.Default())
	LockDuration     = time.Duration(param.LockMinutes.Default()) * time.Minute
	CodeTTL          = time.Duration(param.CodeValidMinutes.Default()) * time.Minute
	CodeResendAfter  = time.Duration(param.CodeResendSeconds.Default()) * time.Second
	PasswordMaxAge   = time.Duration(param.PasswordMaxAgeDays.Default()) * 24 * time.Hour
)

// SetSessionCacheTTL changes how long s reuses a session check and forgets
// the checks it kept (tests and benchmarks only).
func SetSessionCacheTTL(s *Service, ttl time.Duration) {
	s.live.dropAll()
	s.live.mu.Lock()
	s.live.ttl = ttl
	s.live.mu.Unlock()
}
