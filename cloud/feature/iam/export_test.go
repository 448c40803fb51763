package iam

import "time"

// SetSessionCacheTTL changes how long s reuses a session check and forgets
// the checks it kept (tests and benchmarks only).
func SetSessionCacheTTL(s *Service, ttl time.Duration) {
	s.live.dropAll()
	s.live.mu.Lock()
	s.live.ttl = ttl
	s.live.mu.Unlock()
}
