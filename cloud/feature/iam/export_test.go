package iam

import "time"

// SetSessionCacheTTL changes how long s reuses a session check (tests only).
func SetSessionCacheTTL(s *Service, ttl time.Duration) { s.live.ttl = ttl }
