package staff

import (
	"time"

	"hearth/shared"
)

// The credential rules engine: from a caregiver's hire date, birthday, duties
// and the records on file it answers, for one day, what each Washington rule
// asks and where the caregiver stands. It is a pure function (no clock, no
// database) so the table test in rules_test.go pins every timeline.
//
// The timelines are those of ../shared/docs/DOMAIN.md "What the rules ask",
// row "staff credentials" (WAC 388-76 and chapter 388-112A WAC); each rule
// below names its source. Where a rule gives no date for a new hire
// ("before giving care"), the hire date is the due date.

// Record is one credential record as the engine sees it.
type Record struct {
	ID        string
	Type      shared.CredentialType
	Issue     time.Time // day it was issued or completed (UTC midnight)
	Expiry    time.Time // zero: the record itself shows no expiry
	CEMinutes int
}

// Input is everything the engine reads.
type Input struct {
	HireDate  time.Time
	BirthDate time.Time // zero when unknown
	// Role is FACILITY_ADMIN or CAREGIVER_STAFF. Both are long-term care
	// workers under chapter 388-112A WAC, so today the same rules apply to both.
	Role               shared.Role
	Specialties        []shared.Specialty
	NurseDelegation    bool
	DiabetesDelegation bool
	Records            []Record
	Today              time.Time
}

// Rule codes (InspectionItem.Rule).
const (
	RuleOrientationSafety = "ORIENTATION_SAFETY"
	RuleBackgroundNameDOB = "BACKGROUND_CHECK_NAME_DOB"
	RuleBackgroundPrints  = "BACKGROUND_CHECK_FINGERPRINT"
	RuleTBStep1           = "TB_TEST_STEP1"
	RuleTBStep2           = "TB_TEST_STEP2"
	RuleCPRFirstAid       = "CPR_FIRST_AID"
	RuleFoodSafety        = "FOOD_SAFETY"
	RuleBasicTraining     = "BASIC_TRAINING_75H"
	RuleHCACertification  = "HCA_CERTIFICATION"
	RuleContinuingEd      = "CONTINUING_EDUCATION"
	RuleSpecialtyPrefix   = "SPECIALTY_" // + DEMENTIA, MENTAL_HEALTH, DEVELOPMENTAL_DISABILITY
	RuleDelegationCore    = "NURSE_DELEGATION_CORE"
	RuleDelegationDiabete = "NURSE_DELEGATION_DIABETES"
)

// Timelines (DOMAIN.md "staff credentials" unless noted).
const (
	tbFirstStepDays       = 3   // TB test: first step within 3 days of hire
	tbSecondStepMinDays   = 7   // second step 1 to 3 weeks after the first
	tbSecondStepMaxDays   = 21  //
	cprDays               = 30  // CPR/first aid within 30 days of hire when directly supervised
	basicTrainingDays     = 120 // 75 hours of basic training within 120 days of hire
	certificationDays     = 200 // HCA certification within 200 days of hire...
	certificationEmergDay = 365 // ...365 under the emergency rule for hires through 2027
	ceMinutesPerYear      = 12 * 60
	foodWorkerCardDays    = 14 // chapter 69.06 RCW: a food worker card within 14 days of starting work
)

// emergencyRuleLastHire is the last hire date the 365-day certification rule covers (DOMAIN.md: "hires through 2027").
var emergencyRuleLastHire = date(2027, time.December, 31)

func date(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

func addDays(t time.Time, n int) time.Time { return t.AddDate(0, 0, n) }

// addYears adds whole years; 29 February becomes 28 February in other years.
func addYears(t time.Time, n int) time.Time {
	y := t.Year() + n
	d := t.Day()
	if t.Month() == time.February && d == 29 && !isLeap(y) {
		d = 28
	}
	return date(y, t.Month(), d)
}

func isLeap(y int) bool { return y%4 == 0 && (y%100 != 0 || y%400 == 0) }

func days(from, to time.Time) int { return int(to.Sub(from).Hours() / 24) }

func ymd(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format(time.DateOnly)
}

// stateFor is the state of something needed by (or valid until) limit: past
// it OVERDUE, within 30 days EXPIRING_SOON, else the given far state.
func stateFor(today, limit time.Time, far shared.InspectionState) shared.InspectionState {
	switch d := days(today, limit); {
	case d < 0:
		return shared.InspectionOverdue
	case d <= shared.ExpiringSoonDays:
		return shared.InspectionExpiringSoon
	default:
		return far
	}
}

// checker holds the records by type for one evaluation.
type checker struct {
	in     Input
	byType map[shared.CredentialType][]Record
}

// best is the record of one of types issued on or before today that is valid
// the longest (no expiry beats any expiry; then the later expiry, then the
// later issue). validity gives a record's end (zero: never ends).
func (c *checker) best(validity func(Record) time.Time, types ...shared.CredentialType) (Record, time.Time, bool) {
	var out Record
	var end time.Time
	found := false
	for _, t := range types {
		for _, r := range c.byType[t] {
			if r.Issue.After(c.in.Today) {
				continue // not valid yet
			}
			e := validity(r)
			better := !found ||
				(e.IsZero() && !end.IsZero()) ||
				(!e.IsZero() && !end.IsZero() && e.After(end)) ||
				(e.Equal(end) && r.Issue.After(out.Issue))
			if better {
				out, end, found = r, e, true
			}
		}
	}
	return out, end, found
}

func ownExpiry(r Record) time.Time { return r.Expiry }

// orDefault is the record's own expiry, or issue + years when it shows none.
func orDefault(years int) func(Record) time.Time {
	return func(r Record) time.Time {
		if !r.Expiry.IsZero() {
			return r.Expiry
		}
		return addYears(r.Issue, years)
	}
}

// item evaluates a rule met by one record: due is when it is needed if missing.
func (c *checker) item(rule string, typ shared.CredentialType, source string, due time.Time,
	validity func(Record) time.Time, types ...shared.CredentialType) shared.InspectionItem {
	it := shared.InspectionItem{Rule: rule, CredentialType: typ, Source: source}
	r, end, ok := c.best(validity, types...)
	if !ok {
		it.DueDate = ymd(due)
		it.State = stateFor(c.in.Today, due, shared.InspectionDue)
		it.Note = "missing"
		return it
	}
	it.CredentialID, it.CompletedDate, it.ExpiryDate = r.ID, ymd(r.Issue), ymd(end)
	if end.IsZero() {
		it.State = shared.InspectionOK
		return it
	}
	it.DueDate = ymd(end)
	it.State = stateFor(c.in.Today, end, shared.InspectionOK)
	if it.State == shared.InspectionOverdue {
		it.Note = "expired"
	} else if it.State == shared.InspectionExpiringSoon {
		it.Note = "expiring"
	}
	return it
}

// Evaluate is the checklist of one caregiver on in.Today, in a fixed rule order.
func Evaluate(in Input) []shared.InspectionItem {
	c := &checker{in: in, byType: map[shared.CredentialType][]Record{}}
	for _, r := range in.Records {
		c.byType[r.Type] = append(c.byType[r.Type], r)
	}
	hire := in.HireDate
	var items []shared.InspectionItem

	// Orientation and safety training before giving care (chapter 388-112A WAC, orientation and safety training).
	items = append(items, c.item(RuleOrientationSafety, shared.CredOrientationSafety,
		"WAC 388-112A (orientation and safety training before giving care)", hire, ownExpiry, shared.CredOrientationSafety))

	// Background check: name and date of birth before hire, renewed every 2 years (DOMAIN.md; WAC 388-76 background checks).
	items = append(items, c.item(RuleBackgroundNameDOB, shared.CredBackgroundNameDOB,
		"WAC 388-76 background checks: name/DOB, renewed every 2 years", hire, orDefault(2), shared.CredBackgroundNameDOB))
	// Fingerprint check: once (DOMAIN.md; WAC 388-76 background checks).
	items = append(items, c.item(RuleBackgroundPrints, shared.CredBackgroundFingerprint,
		"WAC 388-76 background checks: fingerprint, once", hire, ownExpiry, shared.CredBackgroundFingerprint))

	// TB test, first step within 3 days of hire (DOMAIN.md; WAC 388-76 tuberculosis testing).
	step1 := c.item(RuleTBStep1, shared.CredTBTestStep1, "WAC 388-76 tuberculosis testing: first step within 3 days of hire",
		addDays(hire, tbFirstStepDays), ownExpiry, shared.CredTBTestStep1)
	items = append(items, step1)
	items = append(items, c.tbSecondStep())

	// CPR and first aid within 30 days of hire when directly supervised (DOMAIN.md; chapter 388-112A WAC).
	// A card that shows no expiry is taken to last 2 years, the usual card term.
	items = append(items, c.item(RuleCPRFirstAid, shared.CredCPRFirstAid,
		"WAC 388-112A: CPR and first aid within 30 days of hire (directly supervised)", addDays(hire, cprDays), orDefault(2), shared.CredCPRFirstAid))

	// Food safety: a valid food worker card, or 30 minutes of food-safety CE each year (DOMAIN.md; chapter 69.06 RCW).
	items = append(items, c.foodSafety())

	// Basic training, 75 hours within 120 days of hire; a certified HCA or nursing assistant has it (DOMAIN.md; chapter 388-112A WAC).
	items = append(items, c.item(RuleBasicTraining, shared.CredBasicTraining,
		"WAC 388-112A: 75 hours of basic training within 120 days of hire", addDays(hire, basicTrainingDays), ownExpiry,
		shared.CredBasicTraining, shared.CredHCACertification, shared.CredNursingAssistant))

	// Home care aide certification within 200 days of hire, 365 for hires through 2027 under the
	// emergency rule; a certified nursing assistant is exempt (DOMAIN.md; RCW 18.88B.041).
	certDays := certificationDays
	if !hire.After(emergencyRuleLastHire) {
		certDays = certificationEmergDay
	}
	items = append(items, c.item(RuleHCACertification, shared.CredHCACertification,
		"RCW 18.88B.041: HCA certification within 200 days of hire (365 under the emergency rule for hires through 2027)",
		addDays(hire, certDays), ownExpiry, shared.CredHCACertification, shared.CredNursingAssistant))

	// 12 hours of continuing education every year by the worker's birthday (DOMAIN.md; chapter 388-112A WAC).
	items = append(items, c.continuingEducation())

	// Specialty training before serving residents with dementia, mental illness or a developmental disability (DOMAIN.md; chapter 388-112A WAC).
	for _, sp := range []shared.Specialty{shared.SpecialtyDementia, shared.SpecialtyMentalHealth, shared.SpecialtyDevelopmentalDisability} {
		if !contains(in.Specialties, sp) {
			continue
		}
		t := shared.CredentialType(RuleSpecialtyPrefix + string(sp))
		items = append(items, c.item(string(t), t, "WAC 388-112A: specialty training before serving such residents", hire, ownExpiry, t))
	}

	// Nurse delegation: core training before delegated tasks, and the diabetes module before insulin (chapter 388-112A WAC).
	if in.NurseDelegation || in.DiabetesDelegation {
		items = append(items, c.item(RuleDelegationCore, shared.CredNurseDelegationCore,
			"WAC 388-112A: nurse delegation core training before delegated tasks", hire, ownExpiry, shared.CredNurseDelegationCore))
	}
	if in.DiabetesDelegation {
		items = append(items, c.item(RuleDelegationDiabete, shared.CredNurseDelegationDiabetes,
			"WAC 388-112A: nurse delegation diabetes training before insulin injections", hire, ownExpiry, shared.CredNurseDelegationDiabetes))
	}
	return items
}

// tbSecondStep: the second step 1 to 3 weeks after the first (DOMAIN.md; WAC 388-76 tuberculosis testing).
// A second step taken less than a week after the first does not count.
func (c *checker) tbSecondStep() shared.InspectionItem {
	const source = "WAC 388-76 tuberculosis testing: second step 1 to 3 weeks after the first"
	first, _, hasFirst := c.best(ownExpiry, shared.CredTBTestStep1)
	due := addDays(c.in.HireDate, tbFirstStepDays+tbSecondStepMaxDays)
	if hasFirst {
		due = addDays(first.Issue, tbSecondStepMaxDays)
	}
	it := shared.InspectionItem{Rule: RuleTBStep2, CredentialType: shared.CredTBTestStep2, Source: source}
	var found *Record
	early := false
	for _, r := range c.byType[shared.CredTBTestStep2] {
		if r.Issue.After(c.in.Today) {
			continue
		}
		if hasFirst && days(first.Issue, r.Issue) < tbSecondStepMinDays {
			early = true
			continue
		}
		if found == nil || r.Issue.After(found.Issue) {
			found = &r
		}
	}
	if found != nil {
		it.State, it.CredentialID, it.CompletedDate = shared.InspectionOK, found.ID, ymd(found.Issue)
		return it
	}
	it.DueDate = ymd(due)
	it.State = stateFor(c.in.Today, due, shared.InspectionDue)
	it.Note = "missing"
	if early {
		it.Note = "tbStep2TooEarly"
	}
	return it
}

// foodSafety: a food worker card until its expiry (2 years when it shows
// none), or food-safety CE valid a year from its date; a new hire has 14 days.
func (c *checker) foodSafety() shared.InspectionItem {
	validity := func(r Record) time.Time {
		if r.Type == shared.CredFoodSafetyCE {
			return addYears(r.Issue, 1) // 30 minutes of food-safety CE each year (DOMAIN.md)
		}
		return orDefault(2)(r) // chapter 69.06 RCW: the first card is valid 2 years
	}
	it := c.item(RuleFoodSafety, shared.CredFoodWorkerCard,
		"Chapter 69.06 RCW and DOMAIN.md: food worker card within 14 days of hire, or 30 minutes of food-safety CE each year",
		addDays(c.in.HireDate, foodWorkerCardDays), validity, shared.CredFoodWorkerCard, shared.CredFoodSafetyCE)
	return it
}

// ceMinutes adds the CE minutes of records issued in (from, to].
func (c *checker) ceMinutes(from, to time.Time) int {
	n := 0
	for _, r := range c.in.Records {
		if r.CEMinutes > 0 && r.Issue.After(from) && !r.Issue.After(to) && !r.Issue.After(c.in.Today) {
			n += r.CEMinutes
		}
	}
	return n
}

// continuingEducation: 12 hours in each year that ends on the birthday. The
// first deadline is the first birthday at least a year after hire (the first
// year is the basic training's). A missed deadline stays OVERDUE until 12
// hours are on record since the start of that missed year.
func (c *checker) continuingEducation() shared.InspectionItem {
	it := shared.InspectionItem{Rule: RuleContinuingEd, CredentialType: shared.CredContinuingEducation,
		Source: "WAC 388-112A: 12 hours of continuing education every year by the birthday", HoursRequired: ceMinutesPerYear / 60}
	in := c.in
	if in.BirthDate.IsZero() {
		it.State, it.Note = shared.InspectionDue, "birthDateMissing"
		return it
	}
	start := addYears(in.HireDate, 1)
	deadline := addYears(in.BirthDate, start.Year()-in.BirthDate.Year())
	if deadline.Before(start) {
		deadline = addYears(in.BirthDate, start.Year()+1-in.BirthDate.Year())
	}
	// Move to the first deadline on or after today, remembering the one before.
	var last time.Time
	for deadline.Before(in.Today) {
		last = deadline
		deadline = addYears(in.BirthDate, deadline.Year()+1-in.BirthDate.Year())
	}
	if !last.IsZero() {
		yearStart := addYears(last, -1)
		if c.ceMinutes(yearStart, last) < ceMinutesPerYear && c.ceMinutes(yearStart, in.Today) < ceMinutesPerYear {
			done := c.ceMinutes(yearStart, in.Today)
			it.State, it.DueDate, it.HoursDone, it.Note = shared.InspectionOverdue, ymd(last), float64(done)/60, "hoursShort"
			return it
		}
	}
	done := c.ceMinutes(addYears(deadline, -1), deadline)
	it.DueDate, it.HoursDone = ymd(deadline), float64(done)/60
	if done >= ceMinutesPerYear {
		it.State = shared.InspectionOK
		return it
	}
	it.State = stateFor(in.Today, deadline, shared.InspectionDue)
	it.Note = "hoursShort"
	return it
}

func contains[T comparable](xs []T, x T) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// Summary counts the items by state.
func Summary(items []shared.InspectionItem) (overdue, soon, due int) {
	for _, it := range items {
		switch it.State {
		case shared.InspectionOverdue:
			overdue++
		case shared.InspectionExpiringSoon:
			soon++
		case shared.InspectionDue:
			due++
		}
	}
	return
}

// Worst is the worst state of the items (OK when there are none).
func Worst(items []shared.InspectionItem) shared.InspectionState {
	o, s, d := Summary(items)
	switch {
	case o > 0:
		return shared.InspectionOverdue
	case s > 0:
		return shared.InspectionExpiringSoon
	case d > 0:
		return shared.InspectionDue
	}
	return shared.InspectionOK
}
