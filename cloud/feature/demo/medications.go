package demo

import (
	"context"
	"fmt"
	"math"
	"time"

	"hearth/cloud/feature/disposal"
	"hearth/cloud/feature/medication"
	"hearth/cloud/feature/resident"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// The demo's eMAR: 4 to 8 orders per resident who lives here (routine doses
// at morning and evening times, a PRN, blood-pressure and pulse holds, a
// sliding-scale insulin under nurse delegation, controlled substances with
// counts), written by the owner with their med history, and a month of
// passes logged by the caregivers on shift: mostly given on time, a few
// refused, held on a low reading or given late. Every pass due until 20
// minutes ago is logged (today's morning round too), except one of Mei's and
// one of Dorothy's, left overdue; Margaret's and Rosa's latest doses were
// refused with a reason, and Margaret had a PRN about 70 minutes ago whose
// effect is still to be checked. Harold's orders
// are held while he is in hospital; Margaret's trazodone and Dorothy's
// lisinopril were discontinued (their disposal is due), and the residents who
// moved out or died still have their last orders. Then the disposal demo
// records the disposals of all but the most urgent (disposal.SeedDemo).

// medHistoryDays: the demo's passes begin this many days before the seed.
const medHistoryDays = 31

// demoRx is one order of a demo resident and its story, in days before the seed.
type demoRx struct {
	req        shared.SaveMedicationRequest
	startAgo   int                           // the order began this many days ago (its start date and CREATE row)
	earlier    *shared.SaveMedicationRequest // as first written, changed changedAgo days ago
	changedAgo int
	changeNote string
	stoppedAgo int // discontinued this many days ago (0 = current)
	stopReason string
	endIn      int // the order's last day is this many days ahead (0 = no end)
	count      int // controlled: the count on hand when the record begins
}

type demoMeds struct {
	key, first string // facility key, resident's first name
	level      shared.AssistanceLevel
	levelNote  string
	orders     []demoRx
}

func med(name, dose, frequency string, route shared.MedicationRoute, prescriber, diagnosis string, times ...string) shared.SaveMedicationRequest {
	return shared.SaveMedicationRequest{Name: name, Type: shared.MedicationRoutine, Dose: dose, Frequency: frequency, Route: route,
		Physician: prescriber, Diagnosis: diagnosis, Times: times}
}

func asNeeded(name, dose, frequency string, route shared.MedicationRoute, prescriber, diagnosis, instructions string) shared.SaveMedicationRequest {
	return shared.SaveMedicationRequest{Name: name, Type: shared.MedicationPRN, Dose: dose, Frequency: frequency, Route: route,
		Physician: prescriber, Diagnosis: diagnosis, Instructions: instructions}
}

func rx(req shared.SaveMedicationRequest, startAgo int, f ...func(*demoRx)) demoRx {
	r := demoRx{req: req, startAgo: startAgo}
	for _, fn := range f {
		fn(&r)
	}
	return r
}

func instructions(s string) func(*demoRx) { return func(r *demoRx) { r.req.Instructions = s } }
func rxNumber(s string) func(*demoRx)     { return func(r *demoRx) { r.req.RxNumber = s } }
func note(s string) func(*demoRx)         { return func(r *demoRx) { r.req.ChangeNote = s } }
func controlled(count int) func(*demoRx) {
	return func(r *demoRx) { r.req.Controlled, r.count = true, count }
}
func snf() func(*demoRx) { return func(r *demoRx) { r.req.Type = shared.MedicationSNF } }
func holdBelow(v shared.VitalSign, limit float64) func(*demoRx) {
	return func(r *demoRx) { r.req.Vital, r.req.HoldBelow = v, ptr(limit) }
}
func holdAbove(v shared.VitalSign, limit float64) func(*demoRx) {
	return func(r *demoRx) { r.req.Vital, r.req.HoldAbove = v, ptr(limit) }
}
func stopped(ago int, reason string) func(*demoRx) {
	return func(r *demoRx) { r.stoppedAgo, r.stopReason = ago, reason }
}
func changed(ago int, earlier shared.SaveMedicationRequest, why string) func(*demoRx) {
	return func(r *demoRx) { r.earlier, r.changedAgo, r.changeNote = &earlier, ago, why }
}

const (
	whitfield = "Dr. Sarah Whitfield"
	nair      = "Dr. Priya Nair"
	wu        = "Dr. Alan Wu"
	herrera   = "Dr. Miguel Herrera"
	hospiceMD = "Dr. Helen Park (Franciscan Hospice)"
)

func demoMedications() []demoMeds {
	oral, sc := shared.RouteOral, shared.RouteSubcutaneous
	lisinopril5 := med("Lisinopril", "5 mg", "Once daily", oral, whitfield, "Hypertension", "08:00")
	return []demoMeds{
		{"maple", "Margaret", shared.AssistanceAdministration, "Moderate dementia: staff give every dose; she takes pills one at a time with applesauce.", []demoRx{
			rx(med("Donepezil", "5 mg", "Once daily at bedtime", oral, whitfield, "Alzheimer's disease", "20:00"), 400, rxNumber("6021847")),
			rx(med("Memantine", "10 mg", "Twice daily", oral, whitfield, "Alzheimer's disease, moderate", "08:00", "20:00"), 200, rxNumber("6021848")),
			rx(med("Lisinopril", "10 mg", "Once daily", oral, whitfield, "Hypertension", "08:00"), 400, rxNumber("6021850"),
				holdBelow(shared.VitalSystolicBP, 100), instructions("Take the blood pressure first; hold if systolic is below 100 and tell the nurse."),
				changed(60, lisinopril5, "BP in the 150s for two weeks; Dr. Whitfield raised it to 10 mg by phone, written order faxed.")),
			rx(med("Calcium carbonate + vitamin D3", "600 mg / 400 IU", "Twice daily with meals", oral, whitfield, "Osteoarthritis; bone health", "08:00", "17:00"), 300),
			rx(med("Trazodone", "25 mg", "At bedtime", oral, whitfield, "Insomnia", "21:00"), 120,
				stopped(12, "Daytime drowsiness and an unsteady gait; Dr. Whitfield stopped it by phone.")),
			rx(asNeeded("Acetaminophen", "500 mg", "Every 6 hours as needed, at most 3 g a day", oral, whitfield, "Osteoarthritis of both knees",
				"1 tablet for knee pain of 4 or more out of 10."), 300),
			rx(asNeeded("Lorazepam", "0.5 mg", "Every 8 hours as needed", oral, whitfield, "Agitation with dementia",
				"Only after music, a snack and reassurance have not helped; note the behaviour."), 90, controlled(30)),
		}},
		{"maple", "José", shared.AssistanceAdministration, "Insulin under nurse delegation (Cascade Home Health RN); staff give all doses.", []demoRx{
			rx(med("Metformin", "500 mg", "Twice daily with meals", oral, whitfield, "Type 2 diabetes", "08:00", "17:00"), 500, rxNumber("6023311")),
			rx(med("Insulin lispro (Humalog)", "per sliding scale", "Before breakfast and dinner", sc, whitfield, "Type 2 diabetes", "07:30", "16:30"), 200,
				snf(), instructions("Check the blood glucose first. Above 400 or below 70: do not give, call the nurse."),
				func(r *demoRx) {
					r.req.Vital = shared.VitalBloodGlucose
					r.req.SlidingScale = []shared.SlidingScaleStep{{From: 70, To: 150, Dose: "0 units"}, {From: 151, To: 200, Dose: "2 units"},
						{From: 201, To: 250, Dose: "4 units"}, {From: 251, To: 300, Dose: "6 units"}, {From: 301, To: 350, Dose: "8 units"},
						{From: 351, To: 400, Dose: "10 units"}}
				}),
			rx(med("Insulin glargine (Lantus)", "12 units", "At bedtime", sc, whitfield, "Type 2 diabetes", "21:00"), 200, snf()),
			rx(med("Carvedilol", "6.25 mg", "Twice daily with food", oral, whitfield, "Congestive heart failure", "08:00", "20:00"), 500,
				holdBelow(shared.VitalSystolicBP, 100), instructions("Hold if systolic is below 100; tell the nurse.")),
			rx(med("Clopidogrel", "75 mg", "Once daily", oral, whitfield, "Stroke (2021), prevention", "08:00"), 600),
			rx(med("Atorvastatin", "40 mg", "Once daily in the evening", oral, whitfield, "Stroke (2021), prevention", "20:00"), 600),
			rx(asNeeded("Acetaminophen", "650 mg", "Every 6 hours as needed", oral, whitfield, "Shoulder pain (left side)", ""), 300),
		}},
		{"maple", "Mei", shared.AssistanceSelfWithAssistance, "Staff open the containers and hand her each dose; she takes them herself. Eye drops with help.", []demoRx{
			rx(med("Carbidopa/levodopa", "25/100 mg", "Three times daily", oral, whitfield, "Parkinson's disease", "08:00", "12:00", "17:00"), 700,
				instructions("On time every time: a late dose makes her stiff and unsteady.")),
			rx(med("Midodrine", "5 mg", "Twice daily (not after 18:00)", oral, whitfield, "Orthostatic hypotension", "08:00", "13:00"), 150,
				holdAbove(shared.VitalSystolicBP, 150), instructions("Sitting blood pressure first; hold if systolic is above 150.")),
			rx(med("Timolol 0.5% eye drops", "1 drop each eye", "Twice daily", shared.RouteOphthalmic, wu, "Glaucoma", "08:00", "20:00"), 900),
			rx(med("Latanoprost 0.005% eye drops", "1 drop each eye", "Once daily in the evening", shared.RouteOphthalmic, wu, "Glaucoma", "20:00"), 900,
				instructions("Wait 5 minutes after the timolol drops.")),
			rx(med("Calcium carbonate + vitamin D3", "600 mg / 400 IU", "Twice daily with meals", oral, whitfield, "Osteoporosis", "08:00", "17:00"), 700),
			rx(asNeeded("Polyethylene glycol 3350", "17 g in 8 oz of warm water", "Once a day as needed", oral, whitfield, "Constipation",
				"When no bowel movement for 2 days."), 300),
		}},
		{"maple", "Harold", shared.AssistanceSelfWithAssistance, "Reminders and opened containers; uses his inhalers himself.", []demoRx{
			rx(med("Warfarin", "2.5 mg", "Once daily in the evening", oral, whitfield, "Atrial fibrillation", "17:00"), 365,
				instructions("INR checked every 4 weeks at the clinic.")),
			rx(med("Metoprolol tartrate", "25 mg", "Twice daily", oral, whitfield, "Atrial fibrillation", "08:00", "20:00"), 365,
				holdBelow(shared.VitalPulse, 55), instructions("Hold if the pulse is below 55.")),
			rx(med("Tiotropium (Spiriva HandiHaler)", "18 mcg, 1 capsule inhaled", "Once daily", shared.RouteInhalation, whitfield, "COPD", "08:00"), 365),
			rx(med("Fluticasone/salmeterol (Advair) 250/50", "1 inhalation", "Twice daily; rinse the mouth after", shared.RouteInhalation, whitfield,
				"COPD", "08:00", "20:00"), 365),
			rx(asNeeded("Albuterol HFA", "2 puffs", "Every 4 hours as needed", shared.RouteInhalation, whitfield, "COPD: shortness of breath",
				"Check the oxygen saturation before and 20 minutes after."), 365),
		}},
		{"maple", "Anita", shared.AssistanceSelfWithAssistance, "Takes her own pills when handed them; keeps the EpiPen in the med cart.", []demoRx{
			rx(med("Levothyroxine", "50 mcg", "Once daily before breakfast", oral, whitfield, "Hypothyroidism", "07:00"), 420,
				instructions("On an empty stomach, 30 minutes before breakfast.")),
			rx(med("Sertraline", "50 mg", "Once daily", oral, whitfield, "Depression", "08:00"), 420),
			rx(med("Amlodipine", "5 mg", "Once daily", oral, nair, "Hypertension; chronic kidney disease stage 3", "08:00"), 300,
				holdBelow(shared.VitalSystolicBP, 100)),
			rx(med("Sodium bicarbonate", "650 mg", "Twice daily", oral, nair, "Chronic kidney disease stage 3", "08:00", "20:00"), 300),
			rx(asNeeded("Epinephrine auto-injector (EpiPen)", "0.3 mg", "Once, for anaphylaxis; call 911", shared.RouteIntramuscular, whitfield,
				"Peanut allergy", "Outer thigh, through clothing if needed. Call 911 at once."), 420),
			rx(asNeeded("Acetaminophen", "500 mg", "Every 6 hours as needed", oral, nair, "Headache or pain (no NSAIDs: kidneys)", ""), 300),
		}},
		{"cedar", "Rosa", shared.AssistanceSelfWithAssistance, "Low vision: staff read the labels and hand her each dose.", []demoRx{
			rx(med("Metformin", "1000 mg", "Twice daily with meals", oral, herrera, "Type 2 diabetes", "08:00", "17:00"), 500),
			rx(med("Glipizide", "5 mg", "Once daily before breakfast", oral, herrera, "Type 2 diabetes", "07:30"), 500,
				holdBelow(shared.VitalBloodGlucose, 70), instructions("Check the blood glucose first; below 70 do not give, give juice and call.")),
			rx(med("Losartan", "50 mg", "Once daily", oral, herrera, "Hypertension", "08:00"), 500, holdBelow(shared.VitalSystolicBP, 100)),
			rx(med("Diclofenac 1% gel", "4 g to each knee", "Twice daily", shared.RouteTopical, herrera, "Arthritis of the knees", "08:00", "20:00"), 200),
			rx(med("PreserVision AREDS 2", "1 softgel", "Twice daily", oral, herrera, "Macular degeneration", "08:00", "20:00"), 500),
			rx(asNeeded("Hydrocodone/acetaminophen", "5/325 mg", "Every 6 hours as needed", oral, herrera, "Arthritis pain, severe",
				"For pain of 6 or more out of 10 when acetaminophen alone has not helped."), 200, controlled(40)),
		}},
		{"cedar", "Wang", shared.AssistanceAdministration, "Hospice: the hospice nurse delegated the comfort medications; staff give every dose.", []demoRx{
			rx(med("Morphine sulfate ER", "15 mg", "Every 12 hours", oral, hospiceMD, "Prostate cancer: chronic pain", "08:00", "20:00"), 200,
				controlled(90), snf(), instructions("Do not crush. Watch breathing: below 10 a minute, hold and call hospice.")),
			rx(asNeeded("Oxycodone", "5 mg", "Every 4 hours as needed", oral, hospiceMD, "Breakthrough pain",
				"For pain of 5 or more out of 10; check the effect after an hour."), 200, controlled(90)),
			rx(asNeeded("Lorazepam", "0.5 mg", "Every 6 hours as needed", shared.RouteSublingual, hospiceMD, "Anxiety, restlessness",
				"Under the tongue."), 200, controlled(30)),
			rx(med("Senna-docusate", "8.6/50 mg, 2 tablets", "At bedtime", oral, hospiceMD, "Constipation from opioids", "20:00"), 200),
			rx(med("Tamsulosin", "0.4 mg", "Once daily after dinner", oral, herrera, "Prostate cancer: urinary symptoms", "18:00"), 400),
		}},
		{"cedar", "Dorothy", shared.AssistanceAdministration, "Staff give every dose; she likes them with orange juice.", []demoRx{
			rx(med("Furosemide", "40 mg", "Once daily in the morning", oral, herrera, "Heart failure", "08:00"), 700,
				instructions("Weigh first: a gain of 2 lb in a day goes to Dr. Herrera.")),
			rx(med("Metoprolol succinate ER", "50 mg", "Once daily", oral, herrera, "Heart failure", "08:00"), 700,
				holdBelow(shared.VitalSystolicBP, 100), instructions("Hold if systolic is below 100.")),
			rx(med("Potassium chloride ER", "20 mEq", "Once daily with breakfast", oral, herrera, "Low potassium (furosemide)", "08:00"), 700),
			rx(med("Lisinopril", "5 mg", "Once daily", oral, herrera, "Heart failure", "08:00"), 500,
				stopped(20, "Dry cough; Dr. Herrera changed it to losartan.")),
			rx(med("Losartan", "25 mg", "Once daily", oral, herrera, "Heart failure", "08:00"), 20, holdBelow(shared.VitalSystolicBP, 100),
				note("Replaces lisinopril (cough); written order received by fax.")),
			rx(med("Cephalexin", "500 mg", "Three times daily for 7 days", oral, herrera, "Urinary tract infection", "08:00", "14:00", "20:00"), 5,
				func(r *demoRx) { r.endIn = 2 }, instructions("Finish the whole course.")),
			rx(asNeeded("Magnesium hydroxide (milk of magnesia)", "30 mL", "Once a day as needed", oral, herrera, "Constipation", ""), 300),
		}},
		{"maple", "Walter", shared.AssistanceAdministration, "", []demoRx{
			rx(med("Donepezil", "10 mg", "Once daily at bedtime", oral, whitfield, "Vascular dementia", "20:00"), 800),
			rx(med("Metformin", "500 mg", "Twice daily with meals", oral, whitfield, "Type 2 diabetes", "08:00", "17:00"), 800),
		}},
		{"cedar", "Ivan", shared.AssistanceAdministration, "", []demoRx{
			rx(med("Carbidopa/levodopa", "25/100 mg", "Three times daily", oral, herrera, "Parkinson's disease", "08:00", "12:00", "17:00"), 900),
			rx(med("Rasagiline", "1 mg", "Once daily", oral, herrera, "Parkinson's disease", "08:00"), 600),
		}},
	}
}

// prnReasons and prnEffects are what caregivers write for PRN doses, by medication.
var prnReasons = map[string][]string{
	"Acetaminophen":                          {"Knee pain 5 of 10 after the walk", "Headache 4 of 10", "Shoulder pain 5 of 10 at rest", "Aching knees 6 of 10 on waking"},
	"Lorazepam":                              {"Agitated and pacing at sundown; music and a snack did not help", "Restless and frightened, calling out"},
	"Polyethylene glycol 3350":               {"No bowel movement for 2 days"},
	"Albuterol HFA":                          {"Short of breath after the shower, saturation 89%", "Wheezing on waking"},
	"Hydrocodone/acetaminophen":              {"Knee pain 7 of 10, acetaminophen did not help"},
	"Oxycodone":                              {"Back pain 6 of 10", "Pain 7 of 10 when turned", "Pain 5 of 10, grimacing"},
	"Magnesium hydroxide (milk of magnesia)": {"No bowel movement for 3 days"},
}

var prnEffects = []string{"Pain 2 of 10, resting comfortably", "Settled and calm", "Better; sleeping", "Relieved, no further complaints"}

// A PRN schedule: on days (by hash) one in every, at about the hour.
type demoPRNPlan struct {
	key, first, medication string
	every, hour            int
}

var demoPRNPlans = []demoPRNPlan{
	{"maple", "Margaret", "Acetaminophen", 3, 15},
	{"maple", "Margaret", "Lorazepam", 9, 19},
	{"maple", "José", "Acetaminophen", 5, 10},
	{"maple", "Mei", "Polyethylene glycol 3350", 8, 9},
	{"maple", "Harold", "Albuterol HFA", 4, 11},
	{"maple", "Anita", "Acetaminophen", 10, 14},
	{"cedar", "Rosa", "Hydrocodone/acetaminophen", 5, 16},
	{"cedar", "Wang", "Oxycodone", 1, 14},
	{"cedar", "Wang", "Lorazepam", 7, 22},
	{"cedar", "Dorothy", "Magnesium hydroxide (milk of magnesia)", 9, 10},
}

// Today's story: whose refusal, whose overdue pass, per facility.
var (
	demoRefusals = map[string][2]string{
		"maple": {"Margaret", "Refused: said she had already taken her pills. Offered again 30 minutes later, refused again; the nurse was told."},
		"cedar": {"Rosa", "Refused: felt nauseous and asked to wait; offered with toast later, still refused. Dr. Herrera's office informed."},
	}
	demoOverdue = map[string]string{"maple": "Mei", "cedar": "Dorothy"}
)

var historyRefusals = []string{
	"Refused: said it upsets her stomach", "Refused: asleep and would not wake enough to swallow safely",
	"Refused: spat it out, not re-offered (count unchanged)", "Refused: wanted to wait for her daughter's visit",
}

var siteRotation = []shared.ApplicationSite{shared.SiteAbdomenLeft, shared.SiteAbdomenRight, shared.SiteThighLeft, shared.SiteThighRight,
	shared.SiteUpperArmLeft, shared.SiteUpperArmRight}

var vitalWords = map[shared.VitalSign]string{shared.VitalSystolicBP: "Systolic", shared.VitalPulse: "Pulse",
	shared.VitalBloodGlucose: "Blood glucose"}

// medications writes the demo eMAR of each facility, then its disposals.
func (sd *seeding) medications(ctx context.Context, d *db.DB) error {
	byFacility := map[string][]medication.DemoResident{}
	keys := []string{"maple", "cedar"}
	for _, m := range demoMedications() {
		loc := zone.Of(shared.TimeZonePT) // Maple House and Cedar Home are in Washington
		dayOf := func(ago int) time.Time {
			y, mo, dd := sd.now.In(loc).AddDate(0, 0, -ago).Date()
			return time.Date(y, mo, dd, 10, 30, 0, 0, loc)
		}
		id := sd.residentIDs[m.key+"/"+m.first]
		if id == "" {
			return fmt.Errorf("demo eMAR: no resident %s", m.first)
		}
		dr := medication.DemoResident{ResidentID: id, Level: m.level, LevelNote: m.levelNote}
		for _, r := range demoResidentsOf(m.key) {
			if r.Profile.FirstName == m.first && r.Status == shared.ResidentGoingOut {
				dr.HeldSince = sd.now.Add(-r.StatusAgo)
				dr.HoldReason = "Hospital stay (Providence St. Peter): hold every medication until the discharge orders are reviewed."
			}
		}
		for _, o := range m.orders {
			req := o.req
			req.StartDate = dayOf(o.startAgo).Format(time.DateOnly)
			if o.endIn > 0 {
				req.EndDate = dayOf(-o.endIn).Format(time.DateOnly)
			}
			do := medication.DemoOrder{Order: req, Since: dayOf(o.startAgo), Count: o.count}
			if o.earlier != nil {
				e := *o.earlier
				e.StartDate = req.StartDate
				do.Earlier, do.Changed, do.ChangeNote = &e, dayOf(o.changedAgo).Add(3*time.Hour), o.changeNote
			}
			if o.stoppedAgo > 0 {
				do.Stopped, do.StopReason = dayOf(o.stoppedAgo).Add(45*time.Minute), o.stopReason
			}
			dr.Orders = append(dr.Orders, do)
		}
		byFacility[m.key] = append(byFacility[m.key], dr)
	}
	for _, key := range keys {
		loc := zone.Of(shared.TimeZonePT)
		y, mo, dd := sd.now.In(loc).AddDate(0, 0, -medHistoryDays).Date()
		from := time.Date(y, mo, dd, 0, 0, 0, 0, loc)
		prns := sd.demoPRNs(key, loc)
		if err := medication.SeedDemo(ctx, sd.tx, sd.facilities[key], sd.users["owner_evergreen"], byFacility[key], prns, from, sd.now,
			sd.decidePasses(key, loc)); err != nil {
			return fmt.Errorf("demo eMAR of %s: %w", key, err)
		}
		if _, err := disposal.SeedDemo(ctx, d, sd.tx, sd.Medications, sd.facilities[key], sd.users["owner_evergreen"], sd.now); err != nil {
			return fmt.Errorf("demo disposals of %s: %w", key, err)
		}
	}
	return nil
}

func demoResidentsOf(key string) []resident.Demo {
	if key == "maple" {
		return mapleResidents
	}
	return cedarResidents
}

// onShift is who logs at t: the day caregiver from 06:00 to 18:00, else the night's.
func (sd *seeding) onShift(key string, t time.Time, loc *time.Location) string {
	shift := map[string][2]string{
		"maple": {sd.users["caregiver_maple1"], sd.users["caregiver_maple2"]},
		"cedar": {sd.users["caregiver_cedar1"], sd.users["owner_evergreen"]},
	}[key]
	if h := t.In(loc).Hour(); h >= 6 && h < 18 {
		return shift[0]
	}
	return shift[1]
}

// decidePasses says how each demo pass was logged (see the top of this file).
func (sd *seeding) decidePasses(key string, loc *time.Location) func([]medication.DemoPass) map[string]medication.DemoLog {
	return func(passes []medication.DemoPass) map[string]medication.DemoLog {
		plain := func(p medication.DemoPass) bool {
			return p.Vital == "" && !p.Controlled && p.Route == shared.RouteOral
		}
		latest := func(first string, before time.Time, skip string) string {
			id := ""
			for _, p := range passes {
				if p.ResidentID == sd.residentIDs[key+"/"+first] && plain(p) && !p.Due.After(before) && p.PassID != skip {
					id = p.PassID
				}
			}
			return id
		}
		// Outcomes hash what stays the same from one seed to the next (names, not ids).
		first := map[string]string{}
		for k, id := range sd.residentIDs {
			first[id] = k
		}
		overdue := latest(demoOverdue[key], sd.now.Add(-65*time.Minute), "")
		refusal := demoRefusals[key]
		refused := latest(refusal[0], sd.now.Add(-20*time.Minute), overdue)
		logs := map[string]medication.DemoLog{}
		for i, p := range passes {
			if p.PassID == overdue || p.Due.After(sd.now.Add(-20*time.Minute)) {
				continue // overdue, or the round still going on
			}
			h := hashOf(first[p.ResidentID], p.MedicationName, p.Day, p.TimeOfDay)
			l, at := historyLog(p, i, h, first[p.ResidentID])
			if p.PassID == refused { // the refusal the demo tells of, at about its time
				l, at = medication.DemoLog{Outcome: shared.OutcomeRefused, Reason: refusal[1]}, p.Due.Add(time.Duration(int(h%35)-15)*time.Minute)
			}
			if !at.Before(sd.now) {
				at = sd.now.Add(-time.Minute)
			}
			l.At, l.By = at, sd.onShift(key, at, loc)
			logs[p.PassID] = l
		}
		return logs
	}
}

// historyLog is how the demo charts a past pass, and when: mostly given about
// on time, a few refused, not given, held on a reading or late. h is the
// pass's hash, i its place in the day's list, who the resident's story.
func historyLog(p medication.DemoPass, i int, h uint32, who string) (medication.DemoLog, time.Time) {
	at := p.Due.Add(time.Duration(int(h%35)-15) * time.Minute)
	l := medication.DemoLog{Outcome: shared.OutcomeGiven}
	switch roll := h % 1000; {
	case roll < 5 && p.Type != shared.MedicationSNF:
		l.Outcome, l.Reason = shared.OutcomeRefused, historyRefusals[int(h/1000)%len(historyRefusals)]
	case roll < 8:
		l.Outcome, l.Reason = shared.OutcomeNotGiven, "Out with family at the time of the pass; the dose was not sent along."
	case roll < 18:
		at = p.Due.Add(time.Duration(70+h%40) * time.Minute)
		l.Reason = "Late: she was asleep; given as soon as she woke."
	}
	if l.Outcome == shared.OutcomeGiven && p.Vital != "" {
		v, held := reading(p, who, h)
		l.Vital = &v
		if held != "" {
			l.Outcome, l.Reason = shared.OutcomeHeld, held
		}
	}
	if l.Outcome == shared.OutcomeGiven {
		switch p.Route {
		case shared.RouteSubcutaneous:
			l.Site = siteRotation[(i+int(p.Due.Unix()/86400))%len(siteRotation)]
		case shared.RouteTopical:
			l.Site = shared.SiteAffectedArea
		}
	}
	return l, at
}

// reading is a plausible reading of the pass's vital and, when it holds the
// dose, why (a few in a hundred do).
func reading(p medication.DemoPass, who string, h uint32) (float64, string) {
	base := float64(hashOf(who, string(p.Vital)) % 20)
	jitter := float64(h % 17)
	low := h%100 < 3
	var v float64
	switch p.Vital {
	case shared.VitalSystolicBP:
		v = 114 + base + jitter
		if p.HoldAbove != nil && v > *p.HoldAbove-4 {
			v = *p.HoldAbove - 4
		}
	case shared.VitalPulse:
		v = 62 + base/2 + jitter/2
	case shared.VitalBloodGlucose:
		v = 96 + base + float64(h%160)
		if p.HoldBelow != nil {
			v = 92 + base + jitter*3
		}
	default:
		return 0, ""
	}
	v = math.Round(v)
	switch {
	case low && p.HoldBelow != nil:
		v = *p.HoldBelow - 1 - float64(h%5)
		return v, fmt.Sprintf("%s %.0f is below the hold limit of %.0f: dose held, the nurse was told.", vitalWords[p.Vital], v, *p.HoldBelow)
	case low && p.HoldAbove != nil:
		v = *p.HoldAbove + 2 + float64(h%8)
		return v, fmt.Sprintf("%s %.0f is above the hold limit of %.0f: dose held, the nurse was told.", vitalWords[p.Vital], v, *p.HoldAbove)
	}
	return v, ""
}

// demoPRNs are the PRN doses of a facility's last weeks, with their checks,
// and Margaret's dose of about 70 minutes ago whose check is still to do.
func (sd *seeding) demoPRNs(key string, loc *time.Location) []medication.DemoPRN {
	var out []medication.DemoPRN
	for _, plan := range demoPRNPlans {
		if plan.key != key {
			continue
		}
		id := sd.residentIDs[key+"/"+plan.first]
		reasons := prnReasons[plan.medication]
		for ago := medHistoryDays - 1; ago >= 1; ago-- {
			h := hashOf(plan.first, plan.medication, fmt.Sprint(ago))
			if int(h)%plan.every != 0 {
				continue
			}
			y, mo, dd := sd.now.In(loc).AddDate(0, 0, -ago).Date()
			at := time.Date(y, mo, dd, plan.hour, int(h%50), 0, 0, loc)
			if plan.first == "Harold" && at.After(sd.now.Add(-2*day)) {
				continue // in hospital since
			}
			dose := medication.DemoLog{By: sd.onShift(key, at, loc), At: at, Reason: reasons[int(h/7)%len(reasons)]}
			p := medication.DemoPRN{ResidentID: id, Medication: plan.medication, Dose: dose,
				CheckedBy: sd.onShift(key, at.Add(time.Hour), loc), CheckedAt: at.Add(time.Duration(60+h%20) * time.Minute), Effective: h%7 != 0}
			if p.Effective {
				p.CheckNote = prnEffects[int(h/11)%len(prnEffects)]
			} else {
				p.CheckNote = "Little change; repositioned and offered a drink, the nurse was told."
			}
			out = append(out, p)
		}
	}
	if key == "maple" {
		at := sd.now.Add(-70 * time.Minute)
		out = append(out, medication.DemoPRN{ResidentID: sd.residentIDs["maple/Margaret"], Medication: "Acetaminophen",
			Dose: medication.DemoLog{By: sd.onShift(key, at, loc), At: at, Reason: "Right knee pain 5 of 10, rubbing the knee"}})
	}
	return out
}
