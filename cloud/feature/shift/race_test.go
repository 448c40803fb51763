package shift_test

import (
	"errors"
	"sync"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// Two owners scheduling one caregiver into overlapping shifts at once: one
// wins, the other is refused with the overlap (never both saved).
func TestConcurrentOverlap(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		atTuesday(e)
		owner := e.SignIn(t, "owner_evergreen", maple)
		admin := e.SignIn(t, "admin_maple")
		wei := caregiverID(t, e, "caregiver_maple2")
		a := newType(t, owner, "Race A", "08:00", "16:00", 1, "")
		b := newType(t, owner, "Race B", "12:00", "20:00", 1, "")
		var wg sync.WaitGroup
		codes, errs := make([]string, 2), make([]error, 2)
		for i, c := range []struct {
			cl  *servertest.Client
			typ string
		}{{owner, a.ShiftTypeID}, {admin, b.ShiftTypeID}} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r, err := c.cl.Try(servertest.Request{Path: api + "/shiftSchedule/save", Body: week(c.typ, nextWeek, map[string][]string{"2027-06-08": {wei}})})
				if errs[i] = err; err == nil {
					codes[i] = r.Code
				}
			}()
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
		ok, refused := 0, 0
		for _, c := range codes {
			switch c {
			case shared.CodeOK:
				ok++
			case shared.CodeValidation:
				refused++
			}
		}
		if ok != 1 || refused != 1 {
			t.Errorf("codes %v: want one saved, one refused", codes)
		}
	})
}
