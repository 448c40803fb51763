package shared

// Medications (spec 000 §3 "Medication"). The move-in wizard's eMAR step keeps
// a resident's medication list here; the eMAR (med schedules, passes, PRN,
// disposal) builds on the same records.

// MedicationType is how a medication is given (spec 000 §3). SNF is read as an
// order carried out under nurse delegation or by a licensed nurse.
type MedicationType string

const (
	MedicationRoutine MedicationType = "ROUTINE"
	MedicationPRN     MedicationType = "PRN" // as needed, with a reason and a follow-up
	MedicationSNF     MedicationType = "SNF"
)

// MedicationStatus: CURRENT or DISCONTINUED (spec 000 §3).
type MedicationStatus string

const (
	MedicationCurrent      MedicationStatus = "CURRENT"
	MedicationDiscontinued MedicationStatus = "DISCONTINUED"
)

// MedicationRoute is one of the spec's 23 routes (spec 000 §3 "Medication").
type MedicationRoute string

const (
	RouteOral            MedicationRoute = "ORAL"
	RouteSublingual      MedicationRoute = "SUBLINGUAL"
	RouteBuccal          MedicationRoute = "BUCCAL"
	RouteNasogastricTube MedicationRoute = "NASOGASTRIC_TUBE"
	RouteOrogastricTube  MedicationRoute = "OROGASTRIC_TUBE"
	RouteGastrostomy     MedicationRoute = "GASTROSTOMY"
	RouteJejunostomy     MedicationRoute = "JEJUNOSTOMY"
	RouteRectal          MedicationRoute = "RECTAL"
	RouteIntravenous     MedicationRoute = "INTRAVENOUS"
	RouteIntramuscular   MedicationRoute = "INTRAMUSCULAR"
	RouteSubcutaneous    MedicationRoute = "SUBCUTANEOUS"
	RouteIntradermal     MedicationRoute = "INTRADERMAL"
	RouteIntraosseous    MedicationRoute = "INTRAOSSEOUS"
	RouteIntrathecal     MedicationRoute = "INTRATHECAL"
	RouteEpidural        MedicationRoute = "EPIDURAL"
	RouteTransdermal     MedicationRoute = "TRANSDERMAL"
	RouteTopical         MedicationRoute = "TOPICAL"
	RouteOphthalmic      MedicationRoute = "OPHTHALMIC"
	RouteOtic            MedicationRoute = "OTIC"
	RouteNasal           MedicationRoute = "NASAL"
	RouteInhalation      MedicationRoute = "INHALATION"
	RouteNebulized       MedicationRoute = "NEBULIZED"
	RouteEndotracheal    MedicationRoute = "ENDOTRACHEAL"
)

// Medication limits.
const (
	MedicationNameMax = 100 // title
	MedicationDoseMax = 50  // short
	// MedicationTimesMax bounds the times of day one medication is given.
	MedicationTimesMax = 12
	// CheckInMedicationsMax bounds the medications one move-in eMAR step sends.
	CheckInMedicationsMax = 100
)

// Medication is one medication order of a resident.
type Medication struct {
	MedicationID string           `json:"medicationId"`
	ResidentID   string           `json:"residentId"`
	Name         string           `json:"name"`
	Type         MedicationType   `json:"type"`
	Dose         string           `json:"dose" doc:"e.g. 10 mg, 1 tablet"`
	Frequency    string           `json:"frequency" doc:"As prescribed, e.g. twice daily"`
	Route        MedicationRoute  `json:"route"`
	Instructions string           `json:"instructions"`
	Diagnosis    string           `json:"diagnosis"`
	RxNumber     string           `json:"rxNumber"`
	Physician    string           `json:"physician"`
	StartDate    string           `json:"startDate" doc:"YYYY-MM-DD"`
	EndDate      string           `json:"endDate" doc:"YYYY-MM-DD; empty = no end"`
	Times        []string         `json:"times" doc:"HH:mm, facility time; empty for PRN"`
	Status       MedicationStatus `json:"status"`
	CreateTime   int64            `json:"createTime"`
	UpdateTime   int64            `json:"updateTime"`
}

// SaveMedicationRequest is one medication as a form sends it (medicationId empty = new).
type SaveMedicationRequest struct {
	MedicationID string          `json:"medicationId,omitempty" maxLength:"64" limit:"IDMax"`
	Name         string          `json:"name" minLength:"1" maxLength:"100" limit:"MedicationNameMax"`
	Type         MedicationType  `json:"type" enum:"ROUTINE,PRN,SNF"`
	Dose         string          `json:"dose" minLength:"1" maxLength:"50" limit:"MedicationDoseMax"`
	Frequency    string          `json:"frequency,omitempty" maxLength:"50" limit:"ShortTextMax"`
	Route        MedicationRoute `json:"route" enum:"ORAL,SUBLINGUAL,BUCCAL,NASOGASTRIC_TUBE,OROGASTRIC_TUBE,GASTROSTOMY,JEJUNOSTOMY,RECTAL,INTRAVENOUS,INTRAMUSCULAR,SUBCUTANEOUS,INTRADERMAL,INTRAOSSEOUS,INTRATHECAL,EPIDURAL,TRANSDERMAL,TOPICAL,OPHTHALMIC,OTIC,NASAL,INHALATION,NEBULIZED,ENDOTRACHEAL"`
	Instructions string          `json:"instructions,omitempty" maxLength:"1000" limit:"DetailsMax"`
	Diagnosis    string          `json:"diagnosis,omitempty" maxLength:"300" limit:"SubDetailsMax"`
	RxNumber     string          `json:"rxNumber,omitempty" maxLength:"50" limit:"ShortTextMax"`
	Physician    string          `json:"physician,omitempty" maxLength:"50" limit:"PersonNameMax"`
	StartDate    string          `json:"startDate" minLength:"10" maxLength:"10" limit:"DateTextLength" doc:"YYYY-MM-DD"`
	EndDate      string          `json:"endDate,omitempty" maxLength:"10" limit:"DateTextMax" doc:"YYYY-MM-DD, not before startDate"`
	Times        []string        `json:"times,omitempty" maxItems:"12" limit:"MedicationTimesMax" doc:"HH:mm each; ROUTINE and SNF need at least one"`
}
