package medication

import (
	"fmt"
	"strings"
	"testing"

	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

func good() shared.SaveMedicationRequest {
	return shared.SaveMedicationRequest{Name: "Metformin", Type: shared.MedicationRoutine, Dose: "500 mg", Route: shared.RouteOral,
		StartDate: "2026-11-01", Times: []string{"20:00", "08:00"}}
}

// Every rule of a medication refuses with the field it is about, and the
// refusal names the medication in the caller's language.
func TestCheck(t *testing.T) {
	r, err := check(good())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(r.Times, ",") != "08:00,20:00" {
		t.Errorf("times are kept sorted: %v", r.Times)
	}
	prn := good()
	prn.Type, prn.Times = shared.MedicationPRN, nil
	if _, err := check(prn); err != nil {
		t.Errorf("a PRN without times: %v", err)
	}
	cases := []struct {
		name  string
		edit  func(*shared.SaveMedicationRequest)
		field string
		key   string
	}{
		{"no name", func(m *shared.SaveMedicationRequest) { m.Name = "  " }, "name", "validation.required"},
		{"long name", func(m *shared.SaveMedicationRequest) { m.Name = strings.Repeat("é", shared.MedicationNameMax+1) }, "name", "validation.maxLength"},
		{"no dose", func(m *shared.SaveMedicationRequest) { m.Dose = "" }, "dose", "validation.required"},
		{"long dose", func(m *shared.SaveMedicationRequest) { m.Dose = strings.Repeat("x", shared.MedicationDoseMax+1) }, "dose", "validation.maxLength"},
		{"long physician", func(m *shared.SaveMedicationRequest) { m.Physician = strings.Repeat("x", shared.PersonNameMax+1) }, "physician", "validation.maxLength"},
		{"bad type", func(m *shared.SaveMedicationRequest) { m.Type = "DAILY" }, "type", "validation.enum"},
		{"bad route", func(m *shared.SaveMedicationRequest) { m.Route = "MOUTH" }, "route", "medication.route"},
		{"bad start", func(m *shared.SaveMedicationRequest) { m.StartDate = "2026-13-01" }, "startDate", "medication.date"},
		{"bad end", func(m *shared.SaveMedicationRequest) { m.EndDate = "soon" }, "endDate", "medication.date"},
		{"end before start", func(m *shared.SaveMedicationRequest) { m.EndDate = "2026-10-31" }, "endDate", "medication.endBeforeStart"},
		{"bad time", func(m *shared.SaveMedicationRequest) { m.Times = []string{"8:00"} }, "times", "medication.time"},
		{"hour 24", func(m *shared.SaveMedicationRequest) { m.Times = []string{"24:00"} }, "times", "medication.time"},
		{"time twice", func(m *shared.SaveMedicationRequest) { m.Times = []string{"08:00", "08:00"} }, "times", "medication.timeTwice"},
		{"routine without times", func(m *shared.SaveMedicationRequest) { m.Times = nil }, "times", "medication.timesRequired"},
		{"SNF without times", func(m *shared.SaveMedicationRequest) { m.Type, m.Times = shared.MedicationSNF, nil }, "times", "medication.timesRequired"},
		{"PRN with times", func(m *shared.SaveMedicationRequest) { m.Type = shared.MedicationPRN }, "times", "medication.prnTimes"},
		{"too many times", func(m *shared.SaveMedicationRequest) {
			m.Times = nil
			for h := range shared.MedicationTimesMax + 1 {
				m.Times = append(m.Times, fmt.Sprintf("%02d:00", h))
			}
		}, "times", "validation.maxItems"},
	}
	for _, c := range cases {
		req := good()
		c.edit(&req)
		_, err := check(req)
		p, ok := problem.As(err)
		if !ok || p.Key != c.key {
			t.Errorf("%s: got %v, want %s", c.name, err, c.key)
			continue
		}
		wrapped, _ := problem.As(itemProblem(shared.LangEnUS, 1, err))
		fe := wrapped.Data.([]shared.FieldError)[0]
		if fe.Field != "medications[1]."+c.field || wrapped.Key != "medication.item" {
			t.Errorf("%s: field %q key %q", c.name, fe.Field, wrapped.Key)
		}
	}
}

// "Medication 2: Dose is required." in each language, the field named by its label.
func TestItemMessage(t *testing.T) {
	req := good()
	req.Dose = ""
	_, err := check(req)
	want := map[shared.Language]string{
		shared.LangEnUS: "Medication 2: Dose is required.",
		shared.LangEsES: "Medicamento 2: ",
		shared.LangZhCN: "药物 2：",
	}
	for lang, prefix := range want {
		p, _ := problem.As(itemProblem(lang, 1, err))
		got := msg.T(lang, p.Key, p.Args)
		if !strings.HasPrefix(got, prefix) || strings.Contains(got, "medication.dose") || strings.Contains(got, "{") {
			t.Errorf("%s: %q", lang, got)
		}
	}
}
