package funcperm_test

import (
	"net/http"
	"sync"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

const (
	sys      = "/api/system"
	incident = "/api/care/incidentReport/saveIncidentDraft"
)

func fire(e *servertest.Env) shared.SaveIncidentDraftRequest {
	now := e.Clock.Now().UnixMilli()
	return shared.SaveIncidentDraftRequest{Type: shared.IncidentFire, OccurredAt: now - 3600_000, DiscoveredAt: now - 3000_000,
		Location: "Kitchen", Narrative: "A pan caught fire; put out with the blanket."}
}

func incidentPermission(t *testing.T, admin *servertest.Client, pkg shared.Plan) shared.FunctionPermission {
	t.Helper()
	var perms []shared.FunctionPermission
	admin.Get(t, sys+"/functionPermission/list?packageId="+string(pkg)).OK(t).Into(t, &perms)
	for _, p := range perms {
		if p.FunctionID == "fn-incident-report" {
			return p
		}
	}
	return shared.FunctionPermission{FunctionID: "fn-incident-report", PackageID: string(pkg)}
}

// The plan table's rule is the permissions' default data; the super admin
// switches incident reports off (7003), limits them in time (7004) and in
// count (7011) for the premium package; other roles cannot touch the rules.
func TestFunctionPermissions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		admin := e.SignIn(t, "superadmin")
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		birch := e.SignIn(t, "owner_birch")

		// Default data: free and essential plans have incident reports switched off.
		if p := incidentPermission(t, admin, shared.PlanFree); p.PermissionType != shared.PermissionDisabled || p.Status != "ENABLED" {
			t.Fatalf("free plan default: %+v", p)
		}
		birch.Post(t, incident, fire(e)).Is(t, http.StatusOK, shared.CodeFunctionMissing)

		// Nobody but the super admin reads or changes the rules.
		for _, c := range []*servertest.Client{owner, birch, e.SignIn(t, "caregiver_maple1")} {
			c.Get(t, sys+"/functionPermission/list").Is(t, http.StatusOK, shared.CodeForbidden)
			c.Post(t, sys+"/functionPermission/save", shared.FunctionPermission{FunctionID: "fn-incident-report", PackageID: "PREMIUM_PLAN",
				PermissionType: shared.PermissionDisabled, Status: "ENABLED"}).Is(t, http.StatusOK, shared.CodeForbidden)
		}

		owner.Post(t, incident, fire(e)).OK(t)
		p := incidentPermission(t, admin, shared.PlanPremium)
		p.PermissionType, p.Status = shared.PermissionDisabled, "ENABLED"
		admin.Post(t, sys+"/functionPermission/save", p).OK(t).Into(t, &p)
		owner.Post(t, incident, fire(e)).Is(t, http.StatusOK, shared.CodeFunctionMissing)

		p.PermissionType, p.LimitTime = shared.PermissionTimeLimited, e.Clock.Now().Add(time.Minute).UnixMilli()
		admin.Post(t, sys+"/functionPermission/save", p).OK(t)
		owner.Post(t, incident, fire(e)).OK(t)
		e.Clock.Advance(2 * time.Minute)
		owner.Post(t, incident, fire(e)).Is(t, http.StatusOK, shared.CodeTimeLimit)

		p.PermissionType, p.LimitCount = shared.PermissionUsageLimited, 2
		admin.Post(t, sys+"/functionPermission/save", p).OK(t)
		owner.Post(t, incident, fire(e)).OK(t)
		bad := fire(e)
		bad.OccurredAt = e.Clock.Now().Add(time.Hour).UnixMilli() // in the future: refused, and not counted
		owner.Post(t, incident, bad).Is(t, http.StatusOK, shared.CodeValidation)
		owner.Post(t, incident, fire(e)).OK(t)
		owner.Post(t, incident, fire(e)).Is(t, http.StatusOK, shared.CodeUsageCount)
		// Another facility of the same package has its own count.
		e.SignIn(t, "owner_evergreen", "Maple House AFH") // the same facility: still used up
		var other int
		if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM function_usage`).Scan(&other); err != nil || other != 1 {
			t.Fatalf("usage rows %d %v", other, err)
		}

		// Bad input changes nothing.
		admin.Post(t, sys+"/functionPermission/save", shared.FunctionPermission{FunctionID: "fn-incident-report", PackageID: "PREMIUM_PLAN",
			PermissionType: shared.PermissionUsageLimited, Status: "ENABLED"}).Is(t, http.StatusOK, shared.CodeValidation)
		admin.Post(t, sys+"/functionPermission/save", shared.FunctionPermission{FunctionID: "no-such", PackageID: "PREMIUM_PLAN",
			PermissionType: shared.PermissionDisabled, Status: "ENABLED"}).Is(t, http.StatusOK, shared.CodeValidation)
		admin.Post(t, sys+"/functionPermission/delete", shared.FunctionPermissionIDRequest{ID: "no-such"}).Is(t, http.StatusOK, shared.CodeNotFound)

		// Deleting the rule lifts the limit; each change is in the audit log.
		admin.Post(t, sys+"/functionPermission/delete", shared.FunctionPermissionIDRequest{ID: p.ID}).OK(t)
		owner.Post(t, incident, fire(e)).OK(t)
		var audited int
		if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM audit_log WHERE entity = 'functionPermission' AND entity_id = ?`, p.ID).Scan(&audited); err != nil || audited != 4 {
			t.Fatalf("audit rows %d %v", audited, err)
		}
	})
}

// Two replicas on one PostgreSQL database, many calls at once at a usage
// limit: exactly the limit gets through.
func TestUsageLimitAcrossReplicas(t *testing.T) {
	d := dbtest.Postgres(t)
	a := servertest.Start(t, d)
	b := servertest.Start(t, d, servertest.Options{NoDemo: true})
	admin := a.SignIn(t, "superadmin")
	p := incidentPermission(t, admin, shared.PlanPremium)
	const limit = 5
	p.PermissionType, p.Status, p.LimitCount = shared.PermissionUsageLimited, "ENABLED", limit
	admin.Post(t, sys+"/functionPermission/save", p).OK(t)
	owners := []*servertest.Client{a.SignIn(t, "owner_evergreen", "Maple House AFH"), b.SignIn(t, "owner_evergreen", "Maple House AFH")}
	envs := []*servertest.Env{a, b}
	const calls = 16
	codes := make(chan string, calls)
	var wg sync.WaitGroup
	for i := range calls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := owners[i%2].Try(servertest.Request{Method: http.MethodPost, Path: incident, Body: fire(envs[i%2])})
			if err != nil {
				codes <- err.Error()
				return
			}
			codes <- r.Code
		}()
	}
	wg.Wait()
	close(codes)
	got := map[string]int{}
	for c := range codes {
		got[c]++
	}
	if got[shared.CodeOK] != limit || got[shared.CodeUsageCount] != calls-limit {
		t.Fatalf("answers %v, want %d × 0000 and %d × 7011", got, limit, calls-limit)
	}
}
