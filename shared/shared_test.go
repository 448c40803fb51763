package shared_test

import (
	"encoding/json"
	"testing"
	"time"
	_ "time/tzdata" // the test does not depend on the machine's zone files

	"hearth/shared"
)

func TestOffset(t *testing.T) {
	cases := []struct{ current, size, want int }{
		{1, 20, 0}, {2, 20, 20}, {3, 5, 10}, {0, 10, 0}, {-4, 10, 0},
	}
	for _, c := range cases {
		if got := shared.Offset(c.current, c.size); got != c.want {
			t.Errorf("Offset(%d, %d) = %d, want %d", c.current, c.size, got, c.want)
		}
	}
}

// Every facility time zone maps to a zone the server can load.
func TestIANA(t *testing.T) {
	for _, z := range []shared.TimeZone{shared.TimeZoneET, shared.TimeZoneCT, shared.TimeZoneMT, shared.TimeZonePT, shared.TimeZoneAKT, shared.TimeZoneHAT} {
		name, ok := shared.IANA[z]
		if !ok {
			t.Errorf("%s has no IANA name", z)
			continue
		}
		if _, err := time.LoadLocation(name); err != nil {
			t.Errorf("%s: %v", z, err)
		}
	}
}

func TestEnvelopeJSON(t *testing.T) {
	b, err := json.Marshal(shared.Envelope[[]shared.FieldError]{Code: shared.CodeValidation, Message: "m",
		Data: []shared.FieldError{{Field: "account", Rule: "required", Message: "Account is required."}}})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"code":"4022","message":"m","data":[{"field":"account","rule":"required","message":"Account is required."}]}`
	if string(b) != want {
		t.Errorf("got %s\nwant %s", b, want)
	}
	// Empty retry fields stay out of the answer.
	b, _ = json.Marshal(shared.RetryInfo{AttemptsLeft: 3})
	if string(b) != `{"attemptsLeft":3}` {
		t.Errorf("RetryInfo: %s", b)
	}
}

func TestExportFileName(t *testing.T) {
	if got := shared.ExportFileName("attendance", " Maple House AFH ", "2026-11-01", "2026-11-30"); got != "attendance_maple-house-afh_2026-11-01_2026-11-30.csv" {
		t.Errorf("name: %q", got)
	}
	if got := shared.ExportFileName("hours", "枫树之家 (Lynnwood)", "2026-11-01", "2026-11-07"); got != "hours_枫树之家-lynnwood_2026-11-01_2026-11-07.csv" {
		t.Errorf("name: %q", got)
	}
}
