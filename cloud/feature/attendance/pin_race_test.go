package attendance_test

import (
	"errors"
	"net/http"
	"sync"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// Forty wrong PINs sent at once get at most four "wrong" answers: every
// other one is told the punches are locked, the owner gets one mail, and the
// right PIN is refused until the lock ends.
func TestPinLockRace(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		ow := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		reg := register(t, ow, "Back door")
		e.SignIn(t, "caregiver_maple1").Post(t, rec+"/setPin", shared.SetPinRequest{Pin: "975310"}).OK(t)
		amina := caregiverID(t, home(t, e, reg.Credential), "Amina Njoroge")
		ownerMail := e.Email(t, "owner_evergreen")
		before := len(e.Mails(t, ownerMail))

		const n = 40
		codes, errs := make([]string, n), make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				r, err := e.Client().Try(kioskRequest(reg.Credential, http.MethodPost, kiosk+"/punch",
					shared.KioskPunchRequest{CaregiverID: amina, ClientPunchID: newID("k"), Pin: "000000"}))
				if errs[i] = err; err == nil {
					codes[i] = r.Code
				}
			})
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
		count := map[string]int{}
		for _, c := range codes {
			count[c]++
		}
		if count[string(shared.CodePinWrong)] > shared.PinMaxFailures-1 || count[string(shared.CodePinLocked)] < n-(shared.PinMaxFailures-1) {
			t.Errorf("answers to %d wrong PINs at once: %v", n, count)
		}
		if got := len(e.Mails(t, ownerMail)) - before; got != 1 {
			t.Errorf("%d lock mails to the owner", got)
		}
		kioskCall(t, e, reg.Credential, http.MethodPost, kiosk+"/punch",
			shared.KioskPunchRequest{CaregiverID: amina, ClientPunchID: newID("k"), Pin: "975310"}).Is(t, http.StatusOK, shared.CodePinLocked)
	})
}
