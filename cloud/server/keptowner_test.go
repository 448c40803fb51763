package server_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"hearth/cloud/feature/billing"
	"hearth/cloud/feature/disposal"
	"hearth/cloud/feature/facilitydoc"
	"hearth/cloud/platform/backup"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/param"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// counts is each line of a card by its key (a status line counts 1).
func counts(c shared.DashboardCard) map[string]int {
	out := map[string]int{}
	for _, it := range c.Items {
		out[it.Key] = it.Count
		if it.Status {
			out[it.Key] = 1
		}
	}
	return out
}

// ownerTables counts the statements d runs while fn does that read the rows
// of the owner's and admin's last kept cards (documents, disposals, orders, backups).
func ownerTables(d *db.DB, fn func()) int {
	var mu sync.Mutex
	n := 0
	stop := d.Trace(func(q string) {
		mu.Lock()
		defer mu.Unlock()
		for _, table := range []string{"facility_documents", "medications", "billing_orders", "subscription_plans", "backup_runs"} {
			if strings.Contains(q, table) {
				n++
				return
			}
		}
	})
	defer stop()
	fn()
	return n
}

// The owner's and admin's facility documents, disposals and subscription
// cards are kept, and a write of what each counts shows on the next read,
// made through plain SQL as an operator would (each compared with the same
// cards made afresh); another home's writes leave them kept; a document
// turning expired at the facility's midnight shows then with no write.
func TestKeptOwnerCardsFollowWrites(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := servertest.Start(t, d)
		owner, admin := e.SignIn(t, "owner_evergreen", "Maple House AFH"), e.SignIn(t, "admin_maple")
		maple, cedar := e.FacilityID(t, "Maple House AFH"), e.FacilityID(t, "Cedar Home AFH")
		people := map[string]*servertest.Client{"owner": owner, "admin": admin}
		exec := func(q string, args ...any) int64 {
			t.Helper()
			res, err := d.ExecContext(ctx, q, args...)
			if err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			n, _ := res.RowsAffected()
			return n
		}
		keptIsFresh(t, d, maple, "at first", people)

		// Kept: asked again, the cards read none of their rows, nor after writes at Cedar.
		cards(t, owner)
		if n := ownerTables(d, func() { cards(t, owner); cards(t, admin) }); n != 0 {
			t.Errorf("the owner's and admin's cards asked again ran %d statements on their rows", n)
		}
		now := e.Clock.Now().UnixMilli()
		exec(`UPDATE medications SET status = ?, end_at = ?, updated_at = ? WHERE tenant_id = ?`, string(shared.MedicationDiscontinued), now, now, cedar)
		exec(`INSERT INTO billing_orders (id, order_no, tenant_id, package_id, business_type, status, payment_type, subtotal_cents, total_cents,
			created_at, updated_at) VALUES ('kept-order-cedar', 'KEPT-CEDAR', ?, '', 'RENEW', ?, 'MANUAL', 100, 100, ?, ?)`,
			cedar, string(shared.OrderPendingPayment), now, now)
		if n := ownerTables(d, func() { cards(t, owner); cards(t, admin) }); n != 0 {
			t.Errorf("writes at Cedar made Maple's cards read again: %d statements", n)
		}

		// Disposals: an order discontinued today is due for disposal.
		due := func(c shared.DashboardCard) int {
			m := counts(c)
			return m["disposalsOverdue"] + m["disposalsDueSoon"] + m["disposalsDue"]
		}
		before := due(cards(t, admin)[disposal.CardDisposals])
		if exec(`UPDATE medications SET status = ?, end_at = ?, updated_at = ? WHERE id = (
			SELECT m.id FROM medications m JOIN residents r ON r.id = m.resident_id AND r.tenant_id = m.tenant_id
			WHERE m.tenant_id = ? AND m.status = ? AND m.end_date = '' AND m.deleted_at IS NULL AND r.status = ?
			AND NOT EXISTS (SELECT 1 FROM medication_passes p WHERE p.tenant_id = m.tenant_id AND p.medication_id = m.id AND p.outcome = ?)
			ORDER BY m.id LIMIT 1)`, string(shared.MedicationDiscontinued), now, now, maple, string(shared.MedicationCurrent),
			string(shared.ResidentNormal), string(shared.OutcomeRefused)) != 1 {
			t.Fatal("no current order with no refusal to discontinue")
		}
		if after := due(cards(t, admin)[disposal.CardDisposals]); after != before+1 {
			t.Errorf("medications due for disposal after one was discontinued: %d → %d", before, after)
		}
		keptIsFresh(t, d, maple, "after an order was discontinued", people)

		// Subscription: an order waiting for payment shows on the owner's card.
		if _, ok := cards(t, owner)[billing.CardSubscription]; ok && counts(cards(t, owner)[billing.CardSubscription])["subscriptionPending"] == 1 {
			t.Fatal("the demo home already has an order waiting for payment")
		}
		exec(`INSERT INTO billing_orders (id, order_no, tenant_id, package_id, business_type, status, payment_type, subtotal_cents, total_cents,
			created_at, updated_at) VALUES ('kept-order-maple', 'KEPT-MAPLE', ?, '', 'RENEW', ?, 'MANUAL', 100, 100, ?, ?)`,
			maple, string(shared.OrderPendingPayment), now, now)
		if got := counts(cards(t, owner)[billing.CardSubscription]); got["subscriptionPending"] != 1 {
			t.Errorf("an order waiting for payment, the subscription card says %v", got)
		}
		keptIsFresh(t, d, maple, "after an order was placed", people)
		exec(`UPDATE billing_orders SET status = ? WHERE id = 'kept-order-maple'`, string(shared.OrderPaid))
		if got := counts(cards(t, owner)[billing.CardSubscription]); got["subscriptionPending"] != 0 {
			t.Errorf("the order paid, the subscription card says %v", got)
		}

		// Facility documents: the license uploaded, expiring in 10 days; then its check finds an item missing.
		pacific, err := time.LoadLocation("America/Los_Angeles") // the demo homes' zone
		if err != nil {
			t.Fatal(err)
		}
		today := e.Clock.Now().In(pacific)
		expires := time.Date(today.Year(), today.Month(), today.Day()+10, 0, 0, 0, 0, pacific)
		var fileID string
		if err := d.QueryRowContext(ctx, `SELECT id FROM files WHERE tenant_id = ? ORDER BY id LIMIT 1`, maple).Scan(&fileID); err != nil {
			t.Fatalf("a file of Maple's: %v", err)
		}
		owned := e.UserID(t, "owner_evergreen")
		docs := func() map[string]int { return counts(cards(t, admin)[facilitydoc.CardDocuments]) }
		before2 := docs()
		exec(`INSERT INTO facility_documents (id, tenant_id, document_id, version, category, requirement_code, name, valid_from, expires_on,
			file_id, uploaded_on, uploader_id, created_at) VALUES ('kept-license', ?, 'kept-license-doc', 1, 'LICENSING_COMPLIANCE', 'LICENSE',
			'License', ?, ?, ?, ?, ?, ?)`, maple, today.Format(time.DateOnly), expires.Format(time.DateOnly), fileID,
			today.Format(time.DateOnly), owned, now)
		after2 := docs()
		if after2["facilityDocsMissing"] != before2["facilityDocsMissing"]-1 || after2["facilityDocsExpiringSoon"] != before2["facilityDocsExpiringSoon"]+1 {
			t.Errorf("the license uploaded, expiring in 10 days: %v → %v", before2, after2)
		}
		exec(`INSERT INTO facility_doc_analyses (id, tenant_id, version_id, state, method, report, requested_by, created_at, finished_at)
			VALUES ('kept-license-check', ?, 'kept-license', ?, 'RULES', '{"items":[{"code":"LICENSE_NUMBER","covered":false}]}', ?, ?, ?)`,
			maple, string(shared.FacilityDocAnalysisDone), owned, now, now)
		if got := docs(); got["facilityDocsRedFlags"] != after2["facilityDocsRedFlags"]+1 {
			t.Errorf("the license's check found an item missing: red flags %d → %d", after2["facilityDocsRedFlags"], got["facilityDocsRedFlags"])
		}
		keptIsFresh(t, d, maple, "after the license and its check", people)

		// With no write: two minutes before the midnight that ends the license's
		// last day, then two minutes after (less than a kept card's longest life).
		end := expires.AddDate(0, 0, 1)
		e.Clock.Advance(end.Add(-2 * time.Minute).Sub(e.Clock.Now()))
		admin = e.SignIn(t, "admin_maple")
		owner = e.SignIn(t, "owner_evergreen", "Maple House AFH")
		people = map[string]*servertest.Client{"owner": owner, "admin": admin}
		keptIsFresh(t, d, maple, "just before the license expires", people)
		last := docs()
		e.Clock.Advance(4 * time.Minute)
		if got := docs(); got["facilityDocsExpired"] != last["facilityDocsExpired"]+1 || got["facilityDocsExpiringSoon"] != last["facilityDocsExpiringSoon"]-1 {
			t.Errorf("the license expired at midnight: %v → %v", last, got)
		}
		keptIsFresh(t, d, maple, "just after the license expired", people)
	})
}

// The owner's backup card is kept under the backup runs' platform version: a
// run recorded by another process (`hearth backup`) or by SQL shows within
// param.VersionTTL, and the last good backup turning stale after
// shared.BackupStaleHours shows then with no write.
func TestKeptBackupCard(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		maple := e.FacilityID(t, "Maple House AFH")
		people := map[string]*servertest.Client{"owner": owner}
		keptIsFresh(t, d, maple, "at first", people)
		cards(t, owner)

		// A good backup taken just under BackupStaleHours ago: nothing needs the owner.
		started := e.Clock.Now().Add(-shared.BackupStaleHours*time.Hour + 2*time.Minute)
		backup.Record(ctx, d, started, "kept.tar.age", 3<<20, &backup.Manifest{Files: 3, SchemaVersion: 72}, nil)
		time.Sleep(param.VersionTTL + 100*time.Millisecond) // another process's write: seen within the TTL
		if c, ok := cards(t, owner)[backup.CardBackup]; ok {
			t.Errorf("a good backup %s old, the owner sees %+v", e.Clock.Now().Sub(started), c)
		}
		keptIsFresh(t, d, maple, "after a good backup", people)

		// With no write, three minutes later (less than a kept card's longest life) it is stale.
		cards(t, owner)
		e.Clock.Advance(3 * time.Minute)
		if got := counts(cards(t, owner)[backup.CardBackup]); got["backupLastGood"] != 1 {
			t.Errorf("the last good backup %s old, the owner's card says %v", e.Clock.Now().Sub(started), got)
		}
		keptIsFresh(t, d, maple, "once the backup is stale", people)
	})
}
