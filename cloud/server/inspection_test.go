package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The inspection readiness page's residents and staff areas (issue 32,
// cloud/platform/inspection): every resident checked against every rule the
// features register, each gap linked to its fix, the score the share in order.

const (
	residentAreaPath = "/api/care/resident/getResidentFileInspections"
	staffAreaPath    = "/api/care/caregiver/getStaffFileInspections"
)

func area(t *testing.T, c *servertest.Client, path string) shared.AreaInspections {
	t.Helper()
	var a shared.AreaInspections
	c.Get(t, path).OK(t).Into(t, &a)
	inOrder, total := 0, 0
	for _, s := range a.Subjects {
		for _, ch := range s.Checks {
			total++
			if ch.InOrder {
				inOrder++
			} else if ch.Count < 1 || ch.Link == "" {
				t.Errorf("%s %s: a gap without a count or a link: %+v", s.Name, ch.Rule, ch)
			}
		}
		if s.Total != len(s.Checks) {
			t.Errorf("%s: total %d of %d checks", s.Name, s.Total, len(s.Checks))
		}
	}
	if a.InOrder != inOrder || a.Total != total || (total > 0 && a.Score != inOrder*100/total) {
		t.Fatalf("%s: score %d, %d of %d in order; counted %d of %d", path, a.Score, a.InOrder, a.Total, inOrder, total)
	}
	return a
}

func check(t *testing.T, a shared.AreaInspections, subjectID, rule string) shared.InspectionCheck {
	t.Helper()
	for _, s := range a.Subjects {
		if s.ID != subjectID {
			continue
		}
		for _, c := range s.Checks {
			if c.Rule == rule {
				return c
			}
		}
		t.Fatalf("%s has no %s check: %+v", s.Name, rule, s.Checks)
	}
	t.Fatalf("no subject %s in %s", subjectID, a.Area)
	return shared.InspectionCheck{}
}

func TestInspectionResidentRules(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		ctx := context.Background()
		maple := e.FacilityID(t, "Maple House AFH")
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		idOf := func(first string) string {
			t.Helper()
			var id string
			if err := d.QueryRowContext(ctx, `SELECT id FROM residents WHERE tenant_id = ? AND first_name = ?`, maple, first).Scan(&id); err != nil {
				t.Fatalf("resident %s: %v", first, err)
			}
			return id
		}
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := d.ExecContext(ctx, q, args...); err != nil {
				t.Fatal(err)
			}
		}
		margaret := idOf("Margaret")
		a := area(t, owner, residentAreaPath)
		if len(a.Subjects) == 0 || len(a.Subjects[0].Checks) != 6 {
			t.Fatalf("residents area: %+v", a)
		}
		rules := []string{}
		for _, c := range a.Subjects[0].Checks {
			rules = append(rules, c.Rule)
		}
		if got := strings.Join(rules, ","); got != "ASSESSMENT,CARE_PLAN,PHYSICIAN_ORDER,MAR_COMPLETE,DISPOSAL,INCIDENT_DUTY" {
			t.Fatalf("rules: %s", got)
		}

		// A care plan past its 12-month review is a gap linked to the care plan tab; recording a review clears it.
		now := e.Clock.Now()
		exec(`UPDATE residents SET care_plan_updated_at = ? WHERE id = ?`, now.AddDate(0, -13, 0).UnixMilli(), margaret)
		c := check(t, area(t, owner, residentAreaPath), margaret, shared.RuleCarePlan)
		if c.InOrder || c.DueDate == "" || c.Link != "/resident-management/detail?residentId="+margaret+"&tab=carePlan" {
			t.Fatalf("care plan overdue: %+v", c)
		}
		owner.Post(t, "/api/care/resident/saveCarePlanUpdateTime", shared.SaveCarePlanUpdateTimeRequest{ResidentID: margaret,
			CarePlanUpdateTime: now.Add(-time.Hour).UnixMilli()}).OK(t)
		if c := check(t, area(t, owner, residentAreaPath), margaret, shared.RuleCarePlan); !c.InOrder {
			t.Fatalf("a reviewed care plan is in order: %+v", c)
		}

		// A current order naming no prescriber is a gap on the resident's orders.
		before := check(t, area(t, owner, residentAreaPath), margaret, shared.RulePhysicianOrder).Count
		exec(`UPDATE medications SET physician = '' WHERE id = (SELECT id FROM medications WHERE resident_id = ? AND status = 'CURRENT'
			AND deleted_at IS NULL AND physician <> '' ORDER BY id LIMIT 1)`, margaret)
		if c := check(t, area(t, owner, residentAreaPath), margaret, shared.RulePhysicianOrder); c.Count != before+1 ||
			c.Link != "/emars/med-schedule/"+margaret {
			t.Fatalf("an order without its prescriber: %+v (before %d)", c, before)
		}

		// A scheduled pass left blank past its window within the last 30 days is a gap on the MAR; a
		// pass given is not, nor one older than 30 days.
		var passID, resident string
		var due int64
		if err := d.QueryRowContext(ctx, `SELECT id, resident_id, due_at FROM medication_passes WHERE tenant_id = ? AND kind = 'SCHEDULED'
			AND outcome = '' AND due_at > ? ORDER BY due_at LIMIT 1`, maple, now.Add(time.Hour).UnixMilli()).Scan(&passID, &resident, &due); err != nil {
			t.Fatalf("a pass to come: %v", err)
		}
		blanks := check(t, area(t, owner, residentAreaPath), resident, shared.RuleMarComplete).Count
		e.Clock.Advance(time.UnixMilli(due).Sub(now) + time.Duration(shared.PassWindowMinutes+1)*time.Minute)
		owner = e.SignIn(t, "owner_evergreen", "Maple House AFH")
		c = check(t, area(t, owner, residentAreaPath), resident, shared.RuleMarComplete)
		if c.Count < blanks+1 || c.Link != "/emars/med-log/"+resident || c.DueDate == "" {
			t.Fatalf("a blank pass: %+v (before %d)", c, blanks)
		}
		exec(`UPDATE medication_passes SET outcome = 'GIVEN', given_at = due_at, logged_at = due_at WHERE tenant_id = ? AND kind = 'SCHEDULED' AND outcome = ''`, maple)
		if c := check(t, area(t, owner, residentAreaPath), resident, shared.RuleMarComplete); !c.InOrder {
			t.Fatalf("every pass given: %+v", c)
		}

		// Time runs on 40 days: the disposal due in the demo is past its clock, the pending
		// incident's reporting duties are overdue, and the MAR's older blanks no longer count.
		disposal := cards(t, owner)["medicationDisposal"]
		disposalResident := strings.TrimPrefix(disposal.Link, "/resident/medication-disposal/")
		exec(`UPDATE medication_passes SET outcome = '' WHERE tenant_id = ? AND id = ?`, maple, passID)
		e.Clock.Advance(40 * 24 * time.Hour)
		owner = e.SignIn(t, "owner_evergreen", "Maple House AFH")
		a = area(t, owner, residentAreaPath)
		if disposalResident == "" {
			t.Fatal("the demo has no disposal due")
		}
		if c := check(t, a, disposalResident, shared.RuleDisposal); c.InOrder || c.Link != "/resident/medication-disposal/"+disposalResident || c.DueDate == "" {
			t.Fatalf("an overdue disposal: %+v", c)
		}
		if c := check(t, a, resident, shared.RuleMarComplete); !c.InOrder {
			t.Fatalf("a blank older than 30 days: %+v", c)
		}
		duties := 0
		for _, s := range a.Subjects {
			for _, c := range s.Checks {
				if c.Rule == shared.RuleIncidentDuty && !c.InOrder {
					duties += c.Count
					if !strings.HasPrefix(c.Link, "/incident-management?incidentId=") {
						t.Errorf("incident duty link: %+v", c)
					}
				}
			}
		}
		var reminders shared.IncidentReminders
		owner.Get(t, "/api/care/incidentReport/countReminders").OK(t).Into(t, &reminders)
		if reminders.OverdueDuties == 0 || duties != reminders.OverdueDuties {
			t.Fatalf("overdue incident duties: %d on the page, %d on the reminders", duties, reminders.OverdueDuties)
		}

		// One resident, and only one who lives here.
		var one shared.AreaInspections
		owner.Get(t, residentAreaPath+"?residentId="+margaret).OK(t).Into(t, &one)
		if len(one.Subjects) != 1 || one.Subjects[0].ID != margaret {
			t.Fatalf("one resident: %+v", one)
		}
		owner.Get(t, residentAreaPath+"?residentId="+idOf("Walter")).Is(t, http.StatusOK, shared.CodeNotFound)
	})
}

func TestInspectionStaffAndAccess(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		admin := e.SignIn(t, "admin_maple")

		// The staff area counts the overdue credentials the staff list does, each linked to the person's page.
		a := area(t, admin, staffAreaPath)
		var overdue int
		owner.Get(t, "/api/care/caregiver/countExpiredCertificateFile").OK(t).Into(t, &overdue)
		got := 0
		for _, s := range a.Subjects {
			c := check(t, a, s.ID, shared.RuleCredentials)
			got += c.Count
			if !c.InOrder && c.Link != "/staff-management/detail/"+s.ID {
				t.Errorf("%s: %+v", s.Name, c)
			}
		}
		if overdue == 0 || got != overdue || a.Score == 100 {
			t.Fatalf("expired credentials: %d on the page, %d counted by the staff list (score %d)", got, overdue, a.Score)
		}
		// A year later, more credentials have expired.
		e.Clock.Advance(400 * 24 * time.Hour)
		owner = e.SignIn(t, "owner_evergreen", "Maple House AFH")
		if later := area(t, owner, staffAreaPath); later.InOrder >= a.InOrder && a.InOrder > 0 {
			t.Fatalf("a year on, %d in order (was %d)", later.InOrder, a.InOrder)
		}

		// A caregiver is refused; the free plan lacks the page; Cedar's owner sees only Cedar.
		carer := e.SignIn(t, "caregiver_maple1")
		carer.Get(t, residentAreaPath).Is(t, http.StatusOK, shared.CodeForbidden)
		carer.Get(t, staffAreaPath).Is(t, http.StatusOK, shared.CodeForbidden)
		free := e.SignIn(t, "owner_birch")
		free.Get(t, residentAreaPath).Is(t, http.StatusOK, shared.CodeFunctionMissing)
		e.Client().Get(t, residentAreaPath).Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)

		maple := area(t, owner, residentAreaPath)
		mapleStaff := area(t, owner, staffAreaPath)
		cedar := e.SignIn(t, "owner_evergreen", "Cedar Home AFH")
		for path, theirs := range map[string]shared.AreaInspections{residentAreaPath: maple, staffAreaPath: mapleStaff} {
			mine := area(t, cedar, path)
			for _, s := range mine.Subjects {
				for _, m := range theirs.Subjects {
					if s.ID == m.ID {
						t.Fatalf("Cedar's owner sees Maple's %s in %s", s.Name, path)
					}
				}
			}
		}
		cedar.Get(t, residentAreaPath+"?residentId="+maple.Subjects[0].ID).Is(t, http.StatusOK, shared.CodeNotFound)
		// Cedar is on the essential plan, which has no incident management: no incident rule there.
		cedarResidents := area(t, cedar, residentAreaPath)
		if len(cedarResidents.Subjects) == 0 {
			t.Fatal("Cedar has residents in the demo")
		}
		for _, s := range cedarResidents.Subjects {
			if len(s.Checks) != 5 {
				t.Fatalf("Cedar's %s: %+v", s.Name, s.Checks)
			}
			for _, c := range s.Checks {
				if c.Rule == shared.RuleIncidentDuty {
					t.Fatalf("an incident rule on the essential plan: %+v", s)
				}
			}
		}
	})
}
