package keep

import (
	"time"

	"hearth/cloud/platform/db"
)

// SetVersionTTL changes how long d's versions of every kind are reused (tests).
func SetVersionTTL(d *db.DB, ttl time.Duration) {
	for _, k := range kinds {
		v := versionsOf(d, k)
		v.mu.Lock()
		v.ttl = ttl
		v.mu.Unlock()
	}
}
