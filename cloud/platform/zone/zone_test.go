package zone_test

import (
	"testing"

	"hearth/cloud/platform/zone"
	"hearth/shared"
)

func TestOf(t *testing.T) {
	for code, want := range map[shared.TimeZone]string{
		shared.TimeZoneET: "America/New_York", shared.TimeZoneCT: "America/Chicago", shared.TimeZoneMT: "America/Denver",
		shared.TimeZonePT: "America/Los_Angeles", shared.TimeZoneAKT: "America/Anchorage", shared.TimeZoneHAT: "Pacific/Honolulu",
		"": "America/Los_Angeles", "UTC": "America/Los_Angeles", "XX": "America/Los_Angeles",
	} {
		if got := zone.Of(code).String(); got != want {
			t.Errorf("Of(%q) = %s, want %s", code, got, want)
		}
	}
}
