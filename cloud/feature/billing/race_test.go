package billing_test

import (
	"sync"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// Six checkouts of one home at once (two tabs, a double click, two replicas on
// one database): one order is made, the others are told one waits (4009).
func TestConcurrentCheckoutsMakeOneOrder(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		clients := make([]*servertest.Client, 6)
		for i := range clients {
			clients[i] = e.SignIn(t, "owner_birch")
		}
		codes := make([]string, len(clients))
		var wg sync.WaitGroup
		for i, c := range clients {
			wg.Go(func() {
				r, err := c.Try(servertest.Request{Method: "POST", Path: sys + "/subscription/checkout",
					Body: shared.CostRequest{PackageID: "ESSENTIAL_PACKAGE", Periods: 1}})
				if err != nil {
					t.Error(err)
					return
				}
				codes[i] = r.Code
			})
		}
		wg.Wait()
		ok, pending := 0, 0
		for _, c := range codes {
			switch c {
			case string(shared.CodeOK):
				ok++
			case string(shared.CodeConflict):
				pending++
			}
		}
		if ok != 1 || pending != len(clients)-1 {
			t.Fatalf("answers: %v", codes)
		}
		if got := orders(t, clients[0], "/billing/order/page", shared.BillingFilter{}); got.Total != 1 {
			t.Fatalf("orders: %d", got.Total)
		}
	})
}
