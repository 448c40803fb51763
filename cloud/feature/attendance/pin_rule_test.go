package attendance_test

import (
	"net/http"
	"testing"

	"hearth/cloud/feature/attendance"
	"hearth/cloud/feature/demo"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The PINs refused as guessable: one digit repeated, or a straight run up or down.
func TestGuessablePin(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		pin       string
		guessable bool
	}{
		{"0000", true}, {"1111", true}, {"99999", true}, {"111111", true},
		{"1234", true}, {"0123", true}, {"6789", true}, {"12345", true}, {"012345", true}, {"456789", true},
		{"4321", true}, {"3210", true}, {"9876", true}, {"98765", true}, {"987654", true}, {"543210", true},
		{"2468", false}, {"1357", false}, {"4826", false}, {"9753", false}, {"975310", false},
		{"7890", false}, {"8901", false}, {"1123", false}, {"1233", false}, {"123457", false},
		{"0001", false}, {"1000", false}, {"1212", false}, {"1221", false}, {"234567", true}, {"123454", false},
	} {
		if got := attendance.GuessablePin(tc.pin); got != tc.guessable {
			t.Errorf("GuessablePin(%q) = %v, want %v", tc.pin, got, tc.guessable)
		}
	}
	// The demo's PINs are PINs the rule accepts (the journey's 4826 is in the table above).
	for account, pin := range demo.DemoPins {
		if attendance.GuessablePin(pin) {
			t.Errorf("demo PIN %s of %s is guessable", pin, account)
		}
	}
}

// setPin refuses a guessable PIN with 4022 naming the field pin, in the
// caller's language, and keeps the PIN already set.
func TestSetPinRefusesGuessable(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		c := e.SignIn(t, "caregiver_maple1")
		for _, pin := range []string{"0000", "111111", "1234", "4321", "012345", "987654"} {
			r := c.Post(t, rec+"/setPin", shared.SetPinRequest{Pin: pin}).Is(t, http.StatusOK, shared.CodeValidation)
			var fields []shared.FieldError
			r.Into(t, &fields)
			if len(fields) != 1 || fields[0].Field != "pin" || fields[0].Rule != "guessable" {
				t.Errorf("%s: field errors %+v", pin, fields)
			}
			if r.Message != "This PIN is too easy to guess. Do not use one digit repeated (like 0000) or digits in a row (like 1234 or 4321)." {
				t.Errorf("%s: message %q", pin, r.Message)
			}
		}
		c.Language = "es-ES"
		r := c.Post(t, rec+"/setPin", shared.SetPinRequest{Pin: "5555"}).Is(t, http.StatusOK, shared.CodeValidation)
		if r.Message != "Este PIN es demasiado fácil de adivinar. No use un mismo dígito repetido (como 0000) ni dígitos seguidos (como 1234 o 4321)." {
			t.Errorf("es-ES message %q", r.Message)
		}
		c.Language = ""
		// The demo PIN still works at the kiosk: the refused PINs changed nothing.
		var st shared.ClockInStatus
		c.Get(t, rec+"/myStatus").OK(t).Into(t, &st)
		if !st.PinSet {
			t.Fatalf("status: %+v", st)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM audit_log WHERE action = 'attendance.setPin'`); n != 0 {
			t.Errorf("%d setPin audit rows after refusals", n)
		}
		c.Post(t, rec+"/setPin", shared.SetPinRequest{Pin: "7890"}).OK(t)
	})
}
