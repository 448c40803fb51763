package resident

import (
	"net/mail"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"hearth/cloud/platform/problem"
	"hearth/shared"
)

const dateLayout = "2006-01-02"

// bounds of height and weight per unit: a person, not a typo.
var (
	heightBounds = map[shared.HeightUnit][2]float64{shared.HeightCM: {30, 300}, shared.HeightIN: {12, 120}}
	weightBounds = map[shared.WeightUnit][2]float64{shared.WeightKG: {10, 400}, shared.WeightLB: {20, 900}}
)

// earliestDOB keeps dates of birth believable.
var earliestDOB = time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC)

// applyProfile checks req beyond its tags and copies it into r.
func applyProfile(r *row, req shared.SaveResidentRequest, now time.Time) error {
	first, last := strings.TrimSpace(req.FirstName), strings.TrimSpace(req.LastName)
	room := strings.TrimSpace(req.Room)
	for _, f := range []struct{ name, value string }{{"firstName", first}, {"lastName", last}, {"room", room}} {
		if f.value == "" {
			return problem.Invalid(f.name, "required", "validation.required", nil)
		}
	}
	dob, err := time.Parse(dateLayout, strings.TrimSpace(req.DOB))
	if err != nil || !dob.Before(now) || dob.Before(earliestDOB) {
		return problem.Invalid("dob", "past", "resident.dobPast", nil)
	}
	moveIn := strings.TrimSpace(req.MoveInDate)
	if moveIn != "" {
		d, err := time.Parse(dateLayout, moveIn)
		if err != nil || d.After(now) || d.Before(dob) {
			return problem.Invalid("moveInDate", "past", "resident.moveInDate", nil)
		}
	}
	phone := strings.TrimSpace(req.Phone)
	if err := phoneRule("phone", phone); err != nil {
		return err
	}
	langOther := strings.TrimSpace(req.LanguageOther)
	if req.Language == shared.LanguageOther && langOther == "" {
		return problem.Invalid("languageOther", "required", "validation.required", nil)
	}
	if req.Language != shared.LanguageOther {
		langOther = ""
	}
	if err := measure("height", req.Height, "heightUnit", string(req.HeightUnit), heightBounds[req.HeightUnit]); err != nil {
		return err
	}
	if err := measure("weight", req.Weight, "weightUnit", string(req.WeightUnit), weightBounds[req.WeightUnit]); err != nil {
		return err
	}
	physician, err := provider("physician", req.Physician)
	if err != nil {
		return err
	}
	pharmacy, err := provider("pharmacy", req.Pharmacy)
	if err != nil {
		return err
	}

	r.FirstName, r.LastName, r.PreferredName = first, last, strings.TrimSpace(req.PreferredName)
	r.DOB, r.Gender, r.Room, r.Phone = dob.Format(dateLayout), req.Gender, room, phone
	r.Language, r.LanguageOther = req.Language, langOther
	r.Height.Valid, r.Height.Float64, r.HeightUnit = req.Height != nil, deref(req.Height), req.HeightUnit
	r.Weight.Valid, r.Weight.Float64, r.WeightUnit = req.Weight != nil, deref(req.Weight), req.WeightUnit
	if req.Height == nil {
		r.HeightUnit = ""
	}
	if req.Weight == nil {
		r.WeightUnit = ""
	}
	r.Allergies, r.DNR, r.Diagnoses = strings.TrimSpace(req.Allergies), req.DNR, strings.TrimSpace(req.Diagnoses)
	r.Diet, r.Mobility, r.Hygiene = strings.TrimSpace(req.Diet), strings.TrimSpace(req.Mobility), strings.TrimSpace(req.Hygiene)
	r.Toileting, r.Hearing, r.Vision = strings.TrimSpace(req.Toileting), strings.TrimSpace(req.Hearing), strings.TrimSpace(req.Vision)
	r.Physician, r.Pharmacy = physician, pharmacy
	r.PersonalBackground, r.Preferences = strings.TrimSpace(req.PersonalBackground), strings.TrimSpace(req.Preferences)
	r.MoveInDate = moveIn
	id := strings.TrimSpace(req.AvatarFileID)
	r.AvatarFileID.String, r.AvatarFileID.Valid = id, id != ""
	return nil
}

func deref(f *float64) float64 {
	if f == nil {
		return 0
	}
	return *f
}

// measure checks a height or weight: a unit when a value is given, and a value
// within the unit's bounds.
func measure(field string, v *float64, unitField, unit string, bounds [2]float64) error {
	if v == nil {
		return nil
	}
	if unit == "" {
		return problem.Invalid(unitField, "required", "validation.required", nil)
	}
	if *v < bounds[0] {
		return problem.Invalid(field, "minimum", "validation.minimum", map[string]any{"min": bounds[0]})
	}
	if *v > bounds[1] {
		return problem.Invalid(field, "maximum", "validation.maximum", map[string]any{"max": bounds[1]})
	}
	return nil
}

// phoneRule: an optional phone or fax has 10-20 characters when given (spec 001 §9).
func phoneRule(field, v string) error {
	if v == "" {
		return nil
	}
	if n := utf8.RuneCountInString(v); n < shared.ResidentPhoneMin {
		return problem.Invalid(field, "minLength", "validation.minLength", map[string]any{"min": shared.ResidentPhoneMin})
	}
	return nil
}

func emailRule(field, v string) error {
	if v == "" {
		return nil
	}
	a, err := mail.ParseAddress(v)
	if err != nil || a.Address != v || a.Name != "" {
		return problem.Invalid(field, "format", "validation.email", nil)
	}
	return nil
}

// provider trims and checks a physician or pharmacy.
func provider(field string, p shared.CareProvider) (shared.CareProvider, error) {
	p = shared.CareProvider{Name: strings.TrimSpace(p.Name), Phone: strings.TrimSpace(p.Phone), Fax: strings.TrimSpace(p.Fax),
		Email: strings.TrimSpace(p.Email), Address: strings.TrimSpace(p.Address)}
	if err := phoneRule(field+".phone", p.Phone); err != nil {
		return p, err
	}
	if err := phoneRule(field+".fax", p.Fax); err != nil {
		return p, err
	}
	return p, emailRule(field+".email", p.Email)
}

// age is whole years from dob to now.
func age(dob string, now time.Time) int {
	d, err := time.Parse(dateLayout, dob)
	if err != nil {
		return 0
	}
	now = now.UTC()
	years := now.Year() - d.Year()
	if now.Month() < d.Month() || (now.Month() == d.Month() && now.Day() < d.Day()) {
		years--
	}
	return max(years, 0)
}

// toResident is a row on the wire (Editable, Avatar and EmergencyContact are the caller's).
func toResident(r *row, now time.Time) shared.Resident {
	out := shared.Resident{
		ResidentID: r.ID, FirstName: r.FirstName, LastName: r.LastName, PreferredName: r.PreferredName, Name: r.name(),
		DOB: r.DOB, Age: age(r.DOB, now), Gender: r.Gender, Room: r.Room, Phone: r.Phone, Language: r.Language,
		LanguageOther: r.LanguageOther, HeightUnit: r.HeightUnit, WeightUnit: r.WeightUnit, Allergies: r.Allergies, DNR: r.DNR,
		Diagnoses: r.Diagnoses, Diet: r.Diet, Mobility: r.Mobility, Hygiene: r.Hygiene, Toileting: r.Toileting,
		Hearing: r.Hearing, Vision: r.Vision, Physician: r.Physician, Pharmacy: r.Pharmacy,
		PersonalBackground: r.PersonalBackground, Preferences: r.Preferences, MoveInDate: r.MoveInDate,
		AvatarFileID: r.AvatarFileID.String, Status: r.Status, ReturnDate: r.ReturnDate.Int64, GoingOutReason: r.GoingOutReason,
		MoveOutDestination: r.MoveOutDestination, DestinationOther: r.DestinationOther, StatusTime: r.StatusAt,
		CarePlanUpdateTime: r.CarePlanUpdatedAt.Int64, CreateTime: r.CreatedAt, UpdateTime: r.UpdatedAt,
	}
	if r.Height.Valid {
		h := r.Height.Float64
		out.Height = &h
	}
	if r.Weight.Valid {
		w := r.Weight.Float64
		out.Weight = &w
	}
	return out
}

// auditView is what the audit log keeps of a resident: the whole profile and status.
func auditView(r *row) shared.Resident {
	v := toResident(r, time.Time{})
	v.Age = 0
	return v
}

// statusView is what the audit log keeps of a status change.
func statusView(r *row) map[string]any {
	return map[string]any{"status": r.Status, "returnDate": r.ReturnDate.Int64, "goingOutReason": r.GoingOutReason,
		"moveOutDestination": r.MoveOutDestination, "destinationOther": r.DestinationOther}
}

// sortRooms orders rooms by name, numbers by value ("2" before "10").
func sortRooms(rooms []shared.ResidentRoom) {
	slices.SortFunc(rooms, func(a, b shared.ResidentRoom) int {
		x, y := strings.ToLower(a.Room), strings.ToLower(b.Room)
		if len(x) != len(y) && isDigits(x) && isDigits(y) {
			return len(x) - len(y)
		}
		return strings.Compare(x, y)
	})
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}
