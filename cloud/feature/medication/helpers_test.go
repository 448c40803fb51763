package medication_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"hearth/cloud/feature/medication"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/problem"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

const (
	care = "/api/care/medication"
	hist = "/api/care/medHistory"
)

var pacific = func() *time.Location {
	loc, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		panic(err)
	}
	return loc
}()

// local is a wall-clock time in Pacific time (Maple's and Cedar's zone).
func local(y int, m time.Month, d, h, min int) time.Time {
	return time.Date(y, m, d, h, min, 0, 0, pacific)
}

// setClock moves the server's clock to at (back or forward).
func setClock(e *servertest.Env, at time.Time) { e.Clock.Advance(at.Sub(e.Clock.Now())) }

// env is a test's server with Maple's people as principals (service calls
// need no sign-in, so the clock can move hours without tokens expiring).
type env struct {
	*servertest.Env
	s                      *medication.Service
	tenant                 string
	owner, carer, carer2   *auth.Principal
	peggy, jose            string // Maple residents
	cedarOwner, cedarCarer *auth.Principal
}

func newEnv(t *testing.T, e *servertest.Env) *env {
	t.Helper()
	maple := e.FacilityID(t, "Maple House AFH")
	cedar := e.FacilityID(t, "Cedar Home AFH")
	who := func(account, tenant string, role shared.Role) *auth.Principal {
		return &auth.Principal{UserID: e.UserID(t, account), TenantID: tenant, Roles: []shared.Role{role}, Plan: shared.PlanPremium}
	}
	return &env{Env: e, s: e.Server.Medications, tenant: maple,
		owner: who("owner_evergreen", maple, shared.RoleFacilityOwner), carer: who("caregiver_maple1", maple, shared.RoleCaregiverStaff),
		carer2:     who("caregiver_maple2", maple, shared.RoleCaregiverStaff),
		peggy:      residentID(t, e, maple, "Margaret"),
		jose:       residentID(t, e, maple, "José"),
		cedarOwner: who("owner_evergreen", cedar, shared.RoleFacilityOwner), cedarCarer: who("caregiver_cedar1", cedar, shared.RoleCaregiverStaff)}
}

func residentID(t *testing.T, e *servertest.Env, tenant, first string) string {
	t.Helper()
	var id string
	if err := e.DB.QueryRowContext(context.Background(), `SELECT id FROM residents WHERE tenant_id = ? AND first_name = ?`, tenant, first).Scan(&id); err != nil {
		t.Fatalf("resident %s: %v", first, err)
	}
	return id
}

// order is a routine order of Peggy's.
func order(resident, name string, times ...string) shared.SaveMedicationRequest {
	return shared.SaveMedicationRequest{ResidentID: resident, Name: name, Type: shared.MedicationRoutine, Dose: "1 tablet",
		Route: shared.RouteOral, StartDate: "2026-01-01", Times: times}
}

func (v *env) save(t *testing.T, req shared.SaveMedicationRequest) shared.Medication {
	t.Helper()
	m, err := v.s.Save(context.Background(), v.owner, req)
	if err != nil {
		t.Fatalf("save %s: %v", req.Name, err)
	}
	return *m
}

// day is a facility day's /emars answer.
func (v *env) day(t *testing.T, p *auth.Principal, day string) *shared.EmarDay {
	t.Helper()
	d, err := v.s.Day(context.Background(), p, shared.MedicationLogRequest{Day: day})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// passes are a medication's passes of a facility day, by time.
func (v *env) passes(t *testing.T, medicationID, day string) []shared.MedPass {
	t.Helper()
	var out []shared.MedPass
	for _, r := range v.day(t, v.owner, day).Residents {
		for _, p := range r.Passes {
			if p.MedicationID == medicationID {
				out = append(out, p)
			}
		}
	}
	return out
}

// give logs a pass GIVEN by p.
func (v *env) give(p *auth.Principal, passID, clientID string) (*shared.MedPass, error) {
	return v.s.LogPass(context.Background(), p, shared.LogPassRequest{PassID: passID, ClientID: clientID, Outcome: shared.OutcomeGiven})
}

// code is the envelope code of a service error ("" for none).
func code(err error) shared.Code {
	if err == nil {
		return ""
	}
	if p, ok := problem.As(err); ok {
		return p.Code
	}
	return "error: " + shared.Code(err.Error())
}

// key is the message key of a service error.
func key(err error) string {
	var p *problem.Error
	if errors.As(err, &p) {
		return p.Key
	}
	return ""
}

func ptr[T any](v T) *T { return &v }

// fieldOf is the field a validation error names.
func fieldOf(err error) string {
	var p *problem.Error
	if errors.As(err, &p) {
		if fes, ok := p.Data.([]shared.FieldError); ok && len(fes) > 0 {
			return fes[0].Field
		}
	}
	return ""
}

func jsonInto(raw []byte, v any) error { return json.Unmarshal(raw, v) }
