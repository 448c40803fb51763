package server_test

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/danielgtaylor/huma/v2"

	"hearth/cloud/feature/tenant"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The INSPECTOR role in the role × plan table: an inspector signed in
// through a link gets 4003 from every signed-in route of the API that does
// not name the role (every route of the OpenAPI document, called as the
// inspector), and the routes that name it answer nothing of another home
// (4004, or 4003 for an area the link does not share). The plan of the home
// binds the inspector as it binds the home's people.
func TestInspectorRoleAcrossEveryRoute(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		const mail = "inspector@dshs.example"
		owner.Post(t, "/api/system/inspector/createInspectorLink", shared.InspectorLinkRequest{InspectorName: "Ines", Email: mail, Days: 2,
			Areas: shared.InspectorAreas, Downloads: true}).OK(t)
		token := e.LinkToken(t, mail)
		insp := e.Client()
		insp.Post(t, "/api/system/inspector/requestInspectorCode", shared.InspectorCodeRequest{Token: token}).OK(t)
		var s shared.InspectorSession
		insp.Post(t, "/api/system/inspector/inspectorSignIn", shared.InspectorSignInRequest{Token: token, Code: e.Code(t, mail)}).OK(t).Into(t, &s)
		insp.Token = s.Token

		var cedarResident, cedarIncident string
		cedar := e.FacilityID(t, "Cedar Home AFH")
		if err := d.QueryRowContext(context.Background(), `SELECT id FROM residents WHERE tenant_id = ? LIMIT 1`, cedar).Scan(&cedarResident); err != nil {
			t.Fatal(err)
		}
		_ = d.QueryRowContext(context.Background(), `SELECT id FROM incident_reports WHERE tenant_id = ? LIMIT 1`, cedar).Scan(&cedarIncident)
		if cedarIncident == "" {
			cedarIncident = cedarResident
		}

		param := regexp.MustCompile(`\{[^}]+\}`)
		inspectorRoutes, others := 0, 0
		for path, item := range e.Server.API.OpenAPI().Paths {
			for method, op := range map[string]*huma.Operation{http.MethodGet: item.Get, http.MethodPost: item.Post, http.MethodPut: item.Put, http.MethodDelete: item.Delete} {
				if op == nil || len(op.Security) == 0 || len(op.Security[0]) == 0 {
					continue // public
				}
				url := param.ReplaceAllString(path, "x")
				if strings.Contains(op.Description, string(shared.RoleInspector)) {
					inspectorRoutes++
					id := cedarResident
					if strings.Contains(path, "Incident") {
						id = cedarIncident
					}
					r := insp.Do(t, servertest.Request{Method: method, Path: url + "?id=" + id})
					if r.Status == http.StatusOK && r.Code == shared.CodeOK && !strings.Contains(path, "/list") && !strings.Contains(path, "Grant") {
						t.Errorf("%s %s with another home's id answered %s: %.200s", method, path, r.Code, r.Body)
					}
					continue
				}
				others++
				rq := servertest.Request{Method: method, Path: url}
				if method != http.MethodGet {
					rq.Body = map[string]any{}
				}
				r := insp.Do(t, rq)
				if strings.HasPrefix(path, "/api/care/kiosk/") && r.Status == http.StatusUnauthorized {
					continue // the door kiosk's calls take a kiosk's own token, which no person holds
				}
				if r.Status != http.StatusOK || r.Code != shared.CodeForbidden {
					t.Errorf("%s %s as the inspector: HTTP %d code %s, want 4003", method, path, r.Status, r.Code)
				}
			}
		}
		if inspectorRoutes != 10 || others < 200 {
			t.Errorf("%d inspector routes, %d others", inspectorRoutes, others)
		}
		// The lists name only this home's records.
		var residents []shared.InspectorResident
		insp.Get(t, "/api/system/inspector/listInspectorResidents").OK(t).Into(t, &residents)
		for _, r := range residents {
			if r.ID == cedarResident {
				t.Errorf("Cedar's resident listed to Maple's inspector")
			}
		}

		// Plans: a home put on the free plan (no inspection page) gives its inspector 7003.
		tenants := tenant.NewStore(d)
		maple := e.FacilityID(t, "Maple House AFH")
		if err := tenants.SetPlan(context.Background(), maple, shared.PlanFree, shared.DefaultPackageID); err != nil {
			t.Fatal(err)
		}
		var next shared.InspectorSession
		e.Client().Post(t, "/api/system/inspector/refreshInspectorToken", shared.InspectorRefreshRequest{RefreshToken: s.RefreshToken}).OK(t).Into(t, &next)
		insp.Token = next.Token
		insp.Get(t, "/api/system/inspector/getInspectorGrant").Is(t, http.StatusOK, shared.CodeFunctionMissing)
	})
}
