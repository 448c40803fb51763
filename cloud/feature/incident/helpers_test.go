package incident_test

import (
	"testing"

	"hearth/cloud/server/servertest"
	"hearth/shared"
)

const (
	ir    = "/api/care/incidentReport"
	res   = "/api/care/resident"
	maple = "Maple House AFH"
)

// newResident adds a resident to the owner's facility through the API.
func newResident(t *testing.T, owner *servertest.Client, first string) shared.Resident {
	t.Helper()
	var r shared.Resident
	owner.Post(t, res+"/createResident", shared.SaveResidentRequest{FirstName: first, LastName: "Test", DOB: "1940-03-02",
		Gender: shared.GenderFemale, Room: "9", Language: shared.LanguageEnglish, DNR: shared.DNRUnknown, MoveInDate: "2025-01-01"}).OK(t).Into(t, &r)
	return r
}

// fall is a complete fall report with an injury.
func fall(e *servertest.Env, residentID string) shared.SaveIncidentDraftRequest {
	now := e.Clock.Now().UnixMilli()
	return shared.SaveIncidentDraftRequest{Type: shared.IncidentFall, ResidentID: residentID, OccurredAt: now - 3600_000,
		DiscoveredAt: now - 3000_000, Location: "Bedroom", Narrative: "Found on the floor beside the bed at 3 a.m.",
		Injuries: "Bruise on the left hip", BodyLocations: []string{"Left hip"}, ImmediateActions: "Checked vitals, helped up with two staff"}
}

func draft(t *testing.T, c *servertest.Client, in shared.SaveIncidentDraftRequest) shared.IncidentReport {
	t.Helper()
	var r shared.IncidentReport
	c.Post(t, ir+"/saveIncidentDraft", in).OK(t).Into(t, &r)
	return r
}

func submit(t *testing.T, c *servertest.Client, id string) shared.IncidentReport {
	t.Helper()
	var r shared.IncidentReport
	c.Get(t, ir+"/submit?incidentId="+id).OK(t).Into(t, &r)
	return r
}

func get(t *testing.T, c *servertest.Client, id string) shared.IncidentReport {
	t.Helper()
	var r shared.IncidentReport
	c.Get(t, ir+"/getIncidentReportById?incidentId="+id).OK(t).Into(t, &r)
	return r
}

func duty(r shared.IncidentReport, code shared.IncidentDutyCode) *shared.IncidentDuty {
	for i := range r.Duties {
		if r.Duties[i].Code == code {
			return &r.Duties[i]
		}
	}
	return nil
}
