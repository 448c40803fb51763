package keep

import (
	"time"

	"hearth/cloud/platform/db"
)

// SetVersionTTL changes how long d's versions are reused (tests).
func SetVersionTTL(d *db.DB, ttl time.Duration) {
	v := versionsOf(d)
	v.mu.Lock()
	defer v.mu.Unlock()
	v.ttl = ttl
}
