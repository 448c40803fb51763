package demo

import (
	"context"
	"fmt"
	"time"

	"hearth/cloud/feature/resident"
	"hearth/shared"
)

const day = 24 * time.Hour

func ptr(f float64) *float64 { return &f }

func emergency(name, relationship, phone, email string) shared.SaveContactRequest {
	return shared.SaveContactRequest{Group: shared.ContactEmergency, Name: name, Relationship: relationship, Phone: phone, Email: email}
}

func family(name, relationship, phone string) shared.SaveContactRequest {
	return shared.SaveContactRequest{Group: shared.ContactFamilyFriends, Name: name, Relationship: relationship, Phone: phone}
}

func providerContact(name, role, phone, fax, address string) shared.SaveContactRequest {
	return shared.SaveContactRequest{Group: shared.ContactProvider, Name: name, Role: role, Phone: phone, Fax: fax, Address: address}
}

func otherContact(name, role, phone, email string) shared.SaveContactRequest {
	return shared.SaveContactRequest{Group: shared.ContactOther, Name: name, Role: role, Phone: phone, Email: email}
}

var (
	olympiaClinic = shared.CareProvider{Name: "Dr. Sarah Whitfield, MD", Phone: "+1 360 555 0410", Fax: "+1 360 555 0411",
		Email: "frontdesk@capitolfamilymed.example", Address: "2200 Capitol Way S, Olympia, WA 98501"}
	olympiaPharmacy = shared.CareProvider{Name: "Westside Pharmacy", Phone: "+1 360 555 0420", Fax: "+1 360 555 0421",
		Address: "1517 Harrison Ave NW, Olympia, WA 98502"}
	tacomaClinic = shared.CareProvider{Name: "Dr. Miguel Herrera, MD", Phone: "+1 253 555 0430", Fax: "+1 253 555 0431",
		Address: "315 S K St, Tacoma, WA 98405"}
	tacomaPharmacy = shared.CareProvider{Name: "Hilltop Community Pharmacy", Phone: "+1 253 555 0440",
		Address: "1110 Martin Luther King Jr Way, Tacoma, WA 98405"}
	caseManager = otherContact("Janet Ross", "DSHS case manager", "+1 360 555 0450", "janet.ross@dshs.example")
)

// mapleResidents are Maple House's six: one going out, one moved out.
var mapleResidents = []resident.Demo{
	{Profile: shared.SaveResidentRequest{FirstName: "Margaret", LastName: "Olsen", PreferredName: "Peggy", DOB: "1938-04-12",
		Gender: shared.GenderFemale, Room: "1", Language: shared.LanguageEnglish, Height: ptr(160), HeightUnit: shared.HeightCM,
		Weight: ptr(58), WeightUnit: shared.WeightKG, Allergies: "Penicillin (hives); sulfa drugs", DNR: shared.DNRYes,
		Diagnoses: "Alzheimer's disease, moderate; hypertension; osteoarthritis of both knees",
		Diet:      "Regular, soft textures; thickened liquids (nectar)", Mobility: "Walker; one-person standby assist for transfers",
		Hygiene: "Needs help with bathing twice a week; brushes own teeth with cueing", Toileting: "Incontinent at night; briefs, check every 2 hours",
		Hearing: "Hearing aid in the left ear", Vision: "Reading glasses", Physician: olympiaClinic, Pharmacy: olympiaPharmacy,
		PersonalBackground: "Retired schoolteacher from Aberdeen; widowed; two children. Loved gardening and Lutheran hymns.",
		Preferences:        "Tea with milk at 3 pm; likes the window seat; calm music in the evening when sundowning.",
		MoveInDate:         "2023-02-01"},
		CarePlanAgo: 200 * day,
		Contacts: []shared.SaveContactRequest{
			emergency("Karen Olsen-Hayes", "Daughter", "+1 360 555 0501", "karen.hayes@example.com"),
			providerContact("Dr. Sarah Whitfield", "Primary care physician", "+1 360 555 0410", "+1 360 555 0411", "2200 Capitol Way S, Olympia, WA 98501"),
			family("Robert Olsen", "Son", "+1 503 555 0502"),
			caseManager,
		}},
	{Profile: shared.SaveResidentRequest{FirstName: "José", LastName: "Ramírez", DOB: "1944-09-30", Gender: shared.GenderMale,
		Room: "2", Language: shared.LanguageSpanish, Height: ptr(67), HeightUnit: shared.HeightIN, Weight: ptr(172), WeightUnit: shared.WeightLB,
		DNR: shared.DNRNo, Diagnoses: "Type 2 diabetes (insulin); congestive heart failure; left-side weakness after stroke (2021)",
		Diet: "Diabetic, 2 g sodium; fluid limit 1.5 L per day", Mobility: "Wheelchair; two-person assist or Hoyer lift for transfers",
		Hygiene: "Full assist with bathing; shaves himself with an electric razor", Toileting: "Urinal at bedside; assist to commode",
		Hearing: "Adequate", Vision: "Cataract in the right eye", Physician: olympiaClinic, Pharmacy: olympiaPharmacy,
		PersonalBackground: "Born in Jalisco, Mexico; farm worker in the Yakima valley for 40 years. Speaks Spanish; little English.",
		Preferences:        "Mass on Sunday by video; rancheras; coffee with breakfast. Prefers male caregivers for bathing.",
		MoveInDate:         "2024-06-15"},
		CarePlanAgo: 40 * day,
		Contacts: []shared.SaveContactRequest{
			emergency("Lucía Ramírez", "Daughter", "+1 509 555 0511", "lucia.ramirez@example.com"),
			providerContact("Cascade Home Health", "Home health nurse (insulin)", "+1 360 555 0512", "", "Olympia, WA"),
			family("Padre Tomás Aguilar", "Parish priest", "+1 360 555 0513"),
		}},
	{Profile: shared.SaveResidentRequest{FirstName: "Mei", LastName: "Chen", DOB: "1941-01-22", Gender: shared.GenderFemale,
		Room: "3", Language: shared.LanguageChinese, Height: ptr(152), HeightUnit: shared.HeightCM, Weight: ptr(47), WeightUnit: shared.WeightKG,
		Allergies: "Shellfish; latex", DNR: shared.DNRUnknown, Diagnoses: "Parkinson's disease; osteoporosis; history of falls",
		Diet: "Low-lactose; small frequent meals; rice porridge in the morning", Mobility: "Walker; high fall risk, bed alarm at night",
		Hygiene: "Stand-by assist for showers", Toileting: "Independent with grab bars; needs reminders", Hearing: "Adequate",
		Vision: "Glaucoma, eye drops twice a day", Physician: olympiaClinic, Pharmacy: olympiaPharmacy,
		PersonalBackground: "Moved from Guangzhou in 1985 to live with her son; worked as a seamstress. Speaks Cantonese and Mandarin.",
		Preferences:        "Chinese radio in the afternoon; warm water, never iced; does tai chi stretches after lunch.",
		MoveInDate:         "2022-11-10"},
		CarePlanAgo: 380 * day, // review overdue (12 months)
		Contacts: []shared.SaveContactRequest{
			emergency("David Chen", "Son", "+1 360 555 0521", "david.chen@example.com"),
			family("Linda Chen", "Daughter-in-law", "+1 360 555 0522"),
			providerContact("Dr. Alan Wu", "Ophthalmologist", "+1 360 555 0523", "", "3525 Ensign Rd NE, Olympia, WA 98506"),
		}},
	{Profile: shared.SaveResidentRequest{FirstName: "Harold", LastName: "Becker", DOB: "1936-07-04", Gender: shared.GenderMale,
		Room: "4", Language: shared.LanguageEnglish, Height: ptr(70), HeightUnit: shared.HeightIN, Weight: ptr(158), WeightUnit: shared.WeightLB,
		Allergies: "Codeine (nausea)", DNR: shared.DNRYes, Diagnoses: "COPD on 2 L oxygen; atrial fibrillation (warfarin); mild cognitive impairment",
		Diet: "Regular; vitamin K steady (warfarin)", Mobility: "Independent with a cane; short distances", Hygiene: "Independent; set-up help",
		Toileting: "Independent", Hearing: "Very hard of hearing; speak on his right side", Vision: "Glasses",
		Physician: olympiaClinic, Pharmacy: olympiaPharmacy,
		PersonalBackground: "Navy veteran (Korea); retired machinist from Bremerton. Two daughters.",
		Preferences:        "Seahawks games; crossword after breakfast; no visitors before 10 am."},
		Status: shared.ResidentGoingOut, ReturnIn: 3 * day, StatusAgo: 2 * day, GoingOutReason: "Hospital stay: COPD exacerbation, Providence St. Peter",
		CarePlanAgo: 120 * day,
		Contacts: []shared.SaveContactRequest{
			emergency("Susan Becker", "Daughter", "+1 360 555 0531", "susan.becker@example.com"),
			providerContact("Puget Sound Oxygen", "Oxygen supplier", "+1 360 555 0532", "", "Lacey, WA"),
			family("Ann Becker-Lowe", "Daughter", "+1 206 555 0533"),
			otherContact("VA Puget Sound", "Veterans benefits", "+1 206 555 0534", ""),
		}},
	{Profile: shared.SaveResidentRequest{FirstName: "Anita", LastName: "Sharma", DOB: "1949-03-18", Gender: shared.GenderFemale,
		Room: "5", Language: shared.LanguageHindi, Height: ptr(157), HeightUnit: shared.HeightCM, Weight: ptr(63), WeightUnit: shared.WeightKG,
		Allergies: "Peanuts (anaphylaxis; EpiPen in the med cart)", DNR: shared.DNRNo, Diagnoses: "Chronic kidney disease stage 3; depression; hypothyroidism",
		Diet: "Vegetarian; renal diet, low potassium", Mobility: "Independent", Hygiene: "Independent", Toileting: "Independent",
		Hearing: "Adequate", Vision: "Adequate", Physician: olympiaClinic, Pharmacy: olympiaPharmacy,
		PersonalBackground: "Retired accountant; came from Delhi in 2005. Speaks Hindi and some English.",
		Preferences:        "Evening prayer at 7 pm; Bollywood films on Saturday; chai without sugar.",
		MoveInDate:         "2025-09-01"},
		CarePlanAgo: 20 * day,
		Contacts: []shared.SaveContactRequest{
			emergency("Raj Sharma", "Son", "+1 425 555 0541", "raj.sharma@example.com"),
			providerContact("Dr. Priya Nair", "Nephrologist", "+1 360 555 0542", "+1 360 555 0543", "Olympia, WA"),
		}},
	{Profile: shared.SaveResidentRequest{FirstName: "Walter", LastName: "Grant", DOB: "1940-12-02", Gender: shared.GenderMale,
		Room: "6", Language: shared.LanguageEnglish, DNR: shared.DNRUnknown, Diagnoses: "Vascular dementia; type 2 diabetes",
		Diet: "Diabetic", Mobility: "Wheelchair", Physician: olympiaClinic, Pharmacy: olympiaPharmacy,
		PersonalBackground: "Retired logger from Shelton.", MoveInDate: "2021-05-20"},
		Status: shared.ResidentMovedOut, Destination: shared.MoveOutSNF, StatusAgo: 45 * day,
		Contacts: []shared.SaveContactRequest{
			emergency("Linda Grant", "Wife", "+1 360 555 0551", ""),
			otherContact("Mountain View Skilled Nursing", "Receiving facility", "+1 360 555 0552", ""),
		}},
}

// cedarResidents are Cedar Home's four.
var cedarResidents = []resident.Demo{
	{Profile: shared.SaveResidentRequest{FirstName: "Rosa", LastName: "Delgado", DOB: "1946-05-09", Gender: shared.GenderFemale,
		Room: "A", Language: shared.LanguageSpanish, Height: ptr(150), HeightUnit: shared.HeightCM, Weight: ptr(70), WeightUnit: shared.WeightKG,
		Allergies: "Aspirin", DNR: shared.DNRNo, Diagnoses: "Type 2 diabetes; macular degeneration; arthritis",
		Diet: "Diabetic; no added salt", Mobility: "Walker", Hygiene: "Assist with showers", Toileting: "Independent",
		Hearing: "Adequate", Vision: "Legally blind in the left eye", Physician: tacomaClinic, Pharmacy: tacomaPharmacy,
		PersonalBackground: "Grew up in Michoacán; raised six children in Tacoma. Speaks Spanish only.",
		Preferences:        "Telenovelas in the evening; café de olla.", MoveInDate: "2024-01-08"},
		CarePlanAgo: 90 * day,
		Contacts: []shared.SaveContactRequest{
			emergency("Carmen Delgado", "Daughter", "+1 253 555 0601", "carmen.delgado@example.com"),
			providerContact("Dr. Miguel Herrera", "Primary care physician", "+1 253 555 0430", "+1 253 555 0431", "315 S K St, Tacoma, WA 98405"),
			family("Luis Delgado", "Son", "+1 253 555 0602"),
		}},
	{Profile: shared.SaveResidentRequest{FirstName: "Wang", LastName: "Jianguo", DOB: "1939-10-01", Gender: shared.GenderMale,
		Room: "B", Language: shared.LanguageChinese, Height: ptr(168), HeightUnit: shared.HeightCM, Weight: ptr(61), WeightUnit: shared.WeightKG,
		DNR: shared.DNRYes, Diagnoses: "Prostate cancer (hospice); chronic pain", Diet: "As tolerated; soft foods",
		Mobility: "Bed-bound; turn every 2 hours", Hygiene: "Full assist", Toileting: "Catheter",
		Physician: tacomaClinic, Pharmacy: tacomaPharmacy,
		PersonalBackground: "Retired engineer from Shanghai; Mandarin speaker. On hospice care since March.",
		Preferences:        "Quiet room; Peking opera recordings; green tea.", MoveInDate: "2025-02-14"},
		CarePlanAgo: 30 * day,
		Contacts: []shared.SaveContactRequest{
			emergency("Wang Li", "Daughter", "+1 253 555 0611", "li.wang@example.com"),
			providerContact("Franciscan Hospice", "Hospice nurse", "+1 253 555 0612", "+1 253 555 0613", "Tacoma, WA"),
		}},
	{Profile: shared.SaveResidentRequest{FirstName: "Dorothy", LastName: "Miller", DOB: "1934-08-25", Gender: shared.GenderFemale,
		Room: "C", Language: shared.LanguageEnglish, Allergies: "Iodine contrast", DNR: shared.DNRYes,
		Diagnoses: "Heart failure; macular degeneration; urinary incontinence", Diet: "2 g sodium", Mobility: "Wheelchair for distances",
		Physician: tacomaClinic, Pharmacy: tacomaPharmacy, Preferences: "Church choir recordings; afternoon nap.", MoveInDate: "2020-10-01"},
		CarePlanAgo: 300 * day,
		Contacts: []shared.SaveContactRequest{
			emergency("Paul Miller", "Nephew", "+1 253 555 0621", ""),
			otherContact("Pierce County Ombuds", "Long-term care ombudsman", "+1 253 555 0622", ""),
		}},
	{Profile: shared.SaveResidentRequest{FirstName: "Ivan", LastName: "Petrov", DOB: "1943-02-11", Gender: shared.GenderMale,
		Room: "D", Language: shared.LanguageRussian, DNR: shared.DNRUnknown, Diagnoses: "Parkinson's disease",
		Physician: tacomaClinic, Pharmacy: tacomaPharmacy, MoveInDate: "2023-04-03"},
		Status: shared.ResidentDeceased, StatusAgo: 60 * day,
		Contacts: []shared.SaveContactRequest{emergency("Olga Petrova", "Wife", "+1 253 555 0631", "")},
	},
}

// seedResidents adds the demo residents of Maple House and Cedar Home in the
// seed's transaction (so it runs once, like the rest of the seed).
func (sd *seeding) residents(ctx context.Context) error {
	tx, facilities, now := sd.tx, sd.facilities, sd.now
	sd.residentIDs = map[string]string{}
	for key, list := range map[string][]resident.Demo{"maple": mapleResidents, "cedar": cedarResidents} {
		for _, d := range list {
			id, err := resident.InsertDemo(ctx, tx, facilities[key], d, now)
			if err != nil {
				return fmt.Errorf("demo resident %s %s: %w", d.Profile.FirstName, d.Profile.LastName, err)
			}
			sd.residentIDs[key+"/"+d.Profile.FirstName] = id
		}
	}
	return nil
}
