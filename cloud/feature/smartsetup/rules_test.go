package smartsetup

import (
	"testing"

	"hearth/shared"
)

func TestNameLines(t *testing.T) {
	t.Parallel()
	for line, want := range map[string]string{
		"Resident Name: Okafor, Rose":                "Rose Okafor",
		"Name: Rose Okafor      DOB: 03/14/1941":     "Rose Okafor",
		"Nombre del residente: Juan Herrera":         "Juan Herrera",
		"姓名：王秀英":                                     "王秀英",
		"Patient: Lee Chen Room 4":                   "Lee Chen",
		"Name:":                                      "",
		"Resident signature: ______":                 "",
		"Physician name and phone: Dr. Park 5551234": "",
	} {
		if got := nameIn(line); got != want {
			t.Errorf("nameIn(%q) = %q, want %q", line, got, want)
		}
	}
}

func TestDates(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in       string
		dayFirst bool
		want     string
	}{
		{"03/14/1941", false, "1941-03-14"},
		{"02/11/1938", true, "1938-11-02"},
		{"1940-1-5", false, "1940-01-05"},
		{"1936年7月9日", false, "1936-07-09"},
		{"14/03/1941", false, ""}, // month 14: no date rather than a wrong one
		{"03/14/1841", false, ""},
	} {
		if got := isoDate(c.in, c.dayFirst); got != c.want {
			t.Errorf("isoDate(%q, %v) = %q, want %q", c.in, c.dayFirst, got, c.want)
		}
	}
}

func TestMedicationLines(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		line                         string
		ok                           bool
		name, dose, route, freq, prn string
	}{
		{"1. Metformin 500 mg tablet by mouth twice daily 08:00 20:00", true, "Metformin", "500 mg", "by mouth", "twice daily", "false"},
		{"Furosemida 20 mg vía oral una vez al día", true, "Furosemida", "20 mg", "vía oral", "una vez al día", "false"},
		{"二甲双胍 500毫克 口服 每日两次", true, "二甲双胍", "500毫克", "口服", "每日两次", "false"},
		{"Acetaminophen 650 mg PO PRN pain; hold if temp < 97", true, "Acetaminophen", "650 mg", "PO", "", "true"},
		{"Weight 150 lb, height 64 in", false, "", "", "", "", ""},
		{"Diet: 2 g sodium", false, "", "", "", "", ""},
	} {
		m, ok := medLine(c.line, 1)
		if ok != c.ok {
			t.Errorf("medLine(%q) ok = %v", c.line, ok)
			continue
		}
		if !ok {
			continue
		}
		if m.Name.Value != c.name || m.Dose.Value != c.dose || m.Route.Value != c.route || m.Frequency.Value != c.freq || m.PRN.Value != c.prn {
			t.Errorf("medLine(%q) = name %q dose %q route %q freq %q prn %q", c.line, m.Name.Value, m.Dose.Value, m.Route.Value, m.Frequency.Value, m.PRN.Value)
		}
		if m.Name.Page != 1 || m.Name.Quote == "" || m.Name.Confidence < shared.SmartSetupLowConfidence {
			t.Errorf("medLine(%q) source: %+v", c.line, m.Name)
		}
	}
}

func TestOCRSpacesBetweenChineseCharacters(t *testing.T) {
	t.Parallel()
	if got := nameIn(joinCJK("姓 名 ： 王 秀 英")); got != "王秀英" {
		t.Errorf("name %q", got)
	}
	if got := joinCJK("Resident Name: Rose Okafor 二 甲 双 胍 500 毫克"); got != "Resident Name: Rose Okafor 二甲双胍 500 毫克" {
		t.Errorf("joined %q", got)
	}
}
