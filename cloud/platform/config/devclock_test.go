package config

import (
	"strings"
	"testing"
	"time"
)

// The development clock moves the server's time only in development, and says what it wants when refused.
func TestDevClockOffset(t *testing.T) {
	t.Setenv("HEARTH_DATA_DIR", t.TempDir())
	t.Setenv("HEARTH_DEV", "1")
	t.Setenv("HEARTH_DEV_CLOCK_OFFSET", "8h30m")
	c, err := Load()
	if err != nil || c.DevClockOffset != 8*time.Hour+30*time.Minute {
		t.Fatalf("dev: %v %v", c, err)
	}
	t.Setenv("HEARTH_DEV_CLOCK_OFFSET", "-1500ms")
	if c, err = Load(); err != nil || c.DevClockOffset != -1500*time.Millisecond {
		t.Fatalf("negative: %v %v", c, err)
	}
	t.Setenv("HEARTH_DEV_CLOCK_OFFSET", "tonight")
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), "Go duration") {
		t.Fatalf("not a duration: %v", err)
	}
	t.Setenv("HEARTH_DEV", "")
	t.Setenv("HEARTH_DEV_CLOCK_OFFSET", "1h")
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), "HEARTH_DEV=1") {
		t.Fatalf("production refuses it: %v", err)
	}
}
