package svcpkg_test

import (
	"bytes"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

const (
	incidentDraft = "/api/care/incidentReport/saveIncidentDraft"
	shiftSubmit   = "/api/care/shiftReport/submit"
	maple         = "Maple House AFH"
)

// pacific is the demo homes' zone.
var pacific = func() *time.Location {
	l, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		panic(err)
	}
	return l
}()

// inJune2027 stands the server's clock on Tuesday 1 June 2027, 10:00 in the
// demo homes' zone: a month with no demo reports in it, whatever day the test runs.
func inJune2027(e *servertest.Env) {
	e.Clock.Advance(time.Date(2027, 6, 1, 10, 0, 0, 0, pacific).Sub(e.Clock.Now()))
}

func fire(e *servertest.Env) shared.SaveIncidentDraftRequest {
	now := e.Clock.Now().UnixMilli()
	return shared.SaveIncidentDraftRequest{Type: shared.IncidentFire, OccurredAt: now - 3600_000, DiscoveredAt: now - 3000_000,
		Location: "Kitchen", Narrative: "A pan caught fire; put out with the blanket."}
}

func shiftReport(text string) shared.SaveShiftReportRequest {
	return shared.SaveShiftReportRequest{ShiftDate: "2027-06-01", FreeText: text}
}

// pdfOf is a PDF of about n bytes (a comment pads it).
func pdfOf(name string, n int) filetest.Part {
	data := filetest.PDF()
	return filetest.Part{Name: name, Data: append(data, append([]byte("%"), bytes.Repeat([]byte("x"), max(n-len(data)-2, 0))...)...)}
}

// Every limit of spec 001 §8 that a package holds is read from the home's
// current package on each call: the super admin changes Maple's package
// (premium) and the very next call answers by the new number, with no
// restart — 7006 shift reports and 7007 incident reports a month, 7008 files
// in one upload, 7009 the home's total storage, 7010 one file's size. (7001,
// 7002 and 7005: TestResidentLimitAndNoPackage and TestCaregiverLimit; 7003,
// 7004 and 7011, the package's function permissions: funcperm's
// TestFunctionPermissions.)
func TestEveryPackageLimitAnswersItsCode(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		inJune2027(e)
		admin := e.SignIn(t, "superadmin")
		owner := e.SignIn(t, "owner_evergreen", maple)
		caregiver := e.SignIn(t, "caregiver_maple1")
		premium := pkg(t, admin, "PREMIUM_PACKAGE")
		set := func(change func(*shared.PackageLimits)) {
			t.Helper()
			change(&premium.Limits)
			premium = save(t, admin, premium)
		}

		// 7007: one incident report a month; a second is refused; unlimited (0), it is taken; one again, refused.
		set(func(l *shared.PackageLimits) { l.MaxIncidentReports = 1 })
		owner.Post(t, incidentDraft, fire(e)).OK(t) // June 2027 has none yet
		owner.Post(t, incidentDraft, fire(e)).Is(t, http.StatusOK, shared.CodeMaxIncidentReports)
		set(func(l *shared.PackageLimits) { l.MaxIncidentReports = 0 })
		owner.Post(t, incidentDraft, fire(e)).OK(t)
		set(func(l *shared.PackageLimits) { l.MaxIncidentReports = 2 }) // two this month already
		owner.Post(t, incidentDraft, fire(e)).Is(t, http.StatusOK, shared.CodeMaxIncidentReports)

		// 7006: the same with submitted shift reports.
		set(func(l *shared.PackageLimits) { l.MaxShiftReports = 1 })
		caregiver.Post(t, shiftSubmit, shiftReport("Quiet morning.")).OK(t)
		caregiver.Post(t, shiftSubmit, shiftReport("Second.")).Is(t, http.StatusOK, shared.CodeMaxShiftReports)
		set(func(l *shared.PackageLimits) { l.MaxShiftReports = 2 })
		caregiver.Post(t, shiftSubmit, shiftReport("Second.")).OK(t)
		caregiver.Post(t, shiftSubmit, shiftReport("Third.")).Is(t, http.StatusOK, shared.CodeMaxShiftReports)

		// 7008: files in one upload.
		two := []filetest.Part{pdfOf("a.pdf", 400), pdfOf("b.pdf", 400)}
		set(func(l *shared.PackageLimits) { l.MaxUploadFiles = 1 })
		filetest.Upload(t, e, caregiver, shared.FileCarePlan, two...).Is(t, http.StatusOK, shared.CodeMaxUploadFiles)
		set(func(l *shared.PackageLimits) { l.MaxUploadFiles = 2 })
		filetest.MustUpload(t, e, caregiver, shared.FileCarePlan, two...)

		// 7010: one file's size, in MB.
		big := pdfOf("big.pdf", 1<<20+200<<10) // 1.2 MB
		set(func(l *shared.PackageLimits) { l.MaxFileMB = 1 })
		filetest.Upload(t, e, caregiver, shared.FileCarePlan, big).Is(t, http.StatusOK, shared.CodeSingleFileSize)
		set(func(l *shared.PackageLimits) { l.MaxFileMB = 2 })
		first := filetest.MustUpload(t, e, caregiver, shared.FileCarePlan, big)[0]

		// 7009: the home's total, in MB: room for less than the big file, then for more.
		var used int64
		if err := d.QueryRowContext(t.Context(), `SELECT COALESCE(SUM(size), 0) + (SELECT COALESCE(SUM(v.size), 0) FROM file_variants v
			JOIN files f ON f.id = v.file_id WHERE v.tenant_id = ? AND f.deleted_at IS NULL)
			FROM files WHERE tenant_id = ? AND deleted_at IS NULL`, e.FacilityID(t, maple), e.FacilityID(t, maple)).Scan(&used); err != nil {
			t.Fatal(err)
		}
		set(func(l *shared.PackageLimits) { l.MaxTotalFileMB = int(used>>20) + 1 }) // at most 1 MB left
		filetest.Upload(t, e, caregiver, shared.FileCarePlan, big).Is(t, http.StatusOK, shared.CodeTotalUploadSize)
		set(func(l *shared.PackageLimits) { l.MaxTotalFileMB = int(used>>20) + 3 })
		filetest.MustUpload(t, e, caregiver, shared.FileCarePlan, big)
		if first.FileID == "" {
			t.Fatal("no file id")
		}
	})
}

// Two replicas of the server on one database race for the last place the
// package allows: four owners' calls at once, two through each replica, add
// a caregiver (7005), a resident (7002) and submit a shift report (7006);
// exactly one of each wins and the others answer the limit's code. The check
// and the write run under the home's row lock that svcpkg.Limits takes
// (PostgreSQL) or SQLite's single writer.
func TestTwoReplicasRaceForTheLastPlace(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		a := servertest.Start(t, d)
		b := servertest.Start(t, d, servertest.Options{NoDemo: true}) // the demo is in the database already
		inJune2027(a)
		inJune2027(b)
		admin := a.SignIn(t, "superadmin")
		mapleID := a.FacilityID(t, maple)
		var caregivers, residentsNow int
		if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM caregivers c JOIN memberships m ON m.tenant_id = c.tenant_id AND m.user_id = c.user_id
			WHERE c.tenant_id = ? AND c.deleted_at IS NULL AND m.role = 'CAREGIVER_STAFF'`, mapleID).Scan(&caregivers); err != nil {
			t.Fatal(err)
		}
		if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM residents WHERE tenant_id = ? AND status IN (?, ?)`, mapleID,
			string(shared.ResidentNormal), string(shared.ResidentGoingOut)).Scan(&residentsNow); err != nil {
			t.Fatal(err)
		}
		premium := pkg(t, admin, "PREMIUM_PACKAGE")
		premium.Limits.MaxCaregivers, premium.Limits.MaxResidents, premium.Limits.MaxShiftReports = caregivers+1, residentsNow+1, 1
		save(t, admin, premium)

		// Racer i calls through replica i%2 (a client's calls may run at once: it only reads its tokens).
		const racers = 4
		owners := []*servertest.Client{a.SignIn(t, "owner_evergreen", maple), b.SignIn(t, "owner_evergreen", maple)}
		staff := []*servertest.Client{a.SignIn(t, "caregiver_maple1"), b.SignIn(t, "caregiver_maple1")}
		race := func(name string, limit string, call func(i int) *servertest.Response) {
			t.Helper()
			codes := make([]string, racers)
			var wg sync.WaitGroup
			for i := range racers {
				wg.Go(func() { codes[i] = call(i).Code })
			}
			wg.Wait()
			won, refused := 0, 0
			for _, c := range codes {
				switch c {
				case shared.CodeOK:
					won++
				case limit:
					refused++
				}
			}
			if won != 1 || refused != racers-1 {
				t.Errorf("%s: %d won, %d refused with %s (codes %v): want 1 and %d", name, won, refused, limit, codes, racers-1)
			}
		}
		race("caregivers", shared.CodeMaxCaregivers, func(i int) *servertest.Response {
			return owners[i%2].Post(t, caregiver, shared.SaveCaregiverRequest{Account: fmt.Sprintf("race_cg%d", i), Name: "Lena Petrova",
				Email: fmt.Sprintf("race%d@maple.example", i), Phone: fmt.Sprintf("+1 360 555 02%02d", i), HireDate: "2026-01-05", BirthDate: "1991-08-19"})
		})
		race("residents", shared.CodeMaxResidents, func(i int) *servertest.Response {
			return owners[i%2].Post(t, residents, newResident(10+i))
		})
		race("shift reports", shared.CodeMaxShiftReports, func(i int) *servertest.Response {
			return staff[i%2].Post(t, shiftSubmit, shiftReport(fmt.Sprintf("Report %d.", i)))
		})
	})
}
