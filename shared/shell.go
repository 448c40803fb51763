package shared

// SidebarCounter names one sidebar reminder: the field it fills in
// SidebarReminderCount (spec 000 §3 "Sidebar counts"; spec 001 §7.6).
type SidebarCounter string

const (
	CounterApplicationForm    SidebarCounter = "applicationFormCount"
	CounterExpiredTasks       SidebarCounter = "expiredTasksCount"
	CounterIncidentReport     SidebarCounter = "incidentReportCount"
	CounterMedicationWarning  SidebarCounter = "medicationWarningCount"
	CounterExpiredCertificate SidebarCounter = "expiredCertificateCount"
	// CounterFacilityDocuments is not one of the spec's five (issue 32): the
	// home's checklist items missing, expired or expiring soon, the badge of /inspection-status.
	CounterFacilityDocuments SidebarCounter = "facilityDocumentCount"
)

// SidebarCounters are the five counters the spec names, in its order, then the facility documents'.
var SidebarCounters = []SidebarCounter{CounterApplicationForm, CounterExpiredTasks, CounterIncidentReport,
	CounterMedicationWarning, CounterExpiredCertificate, CounterFacilityDocuments}

// SidebarReminderCount answers sidebarReminderCount (spec 000 §3 "Sidebar counts").
type SidebarReminderCount struct {
	ApplicationFormCount    int `json:"applicationFormCount"`
	ExpiredTasksCount       int `json:"expiredTasksCount"`
	IncidentReportCount     int `json:"incidentReportCount"`
	MedicationWarningCount  int `json:"medicationWarningCount"`
	ExpiredCertificateCount int `json:"expiredCertificateCount"`
	FacilityDocumentCount   int `json:"facilityDocumentCount" doc:"The home's document checklist items missing, expired or expiring soon (owners and admins, plan function InspectionStatus)"`
}

// Set fills the field of counter k (an unknown key changes nothing).
func (c *SidebarReminderCount) Set(k SidebarCounter, n int) {
	switch k {
	case CounterApplicationForm:
		c.ApplicationFormCount = n
	case CounterExpiredTasks:
		c.ExpiredTasksCount = n
	case CounterIncidentReport:
		c.IncidentReportCount = n
	case CounterMedicationWarning:
		c.MedicationWarningCount = n
	case CounterExpiredCertificate:
		c.ExpiredCertificateCount = n
	case CounterFacilityDocuments:
		c.FacilityDocumentCount = n
	}
}

// DashboardTone is how urgent a dashboard line is.
type DashboardTone string

const (
	ToneNone    DashboardTone = "NONE"
	ToneWarning DashboardTone = "WARNING"
	ToneDanger  DashboardTone = "DANGER"
)

// DashboardItem is one line of a dashboard card: a label (the UI's message
// dashboard.item.<key>) and its count, or, for a status line, a sentence that
// may use {{time}} and {{hours}} (count minutes as hours and minutes).
type DashboardItem struct {
	Key    string        `json:"key" doc:"Names the line; the UI's text is dashboard.item.<key>"`
	Count  int           `json:"count"`
	Status bool          `json:"status,omitempty" doc:"A status line: the sentence alone, no count beside it"`
	Time   int64         `json:"time,omitempty" doc:"Epoch ms the line speaks of (clocked in since); 0 = none"`
	Tone   DashboardTone `json:"tone" enum:"NONE,WARNING,DANGER"`
	Link   string        `json:"link,omitempty" doc:"The UI route where the user acts on this line; empty = the card's"`
	Names  []string      `json:"names,omitempty" doc:"Up to DashboardMaxNames names the line is about (residents out)"`
}

// DashboardMaxNames bounds DashboardItem.Names.
const DashboardMaxNames = 5

// DashboardCard is one card of GET /api/system/dashboard/listCards. Features
// register cards (cloud/platform/shell); the UI's title is dashboard.card.<key>.
type DashboardCard struct {
	Key   string          `json:"key"`
	Link  string          `json:"link" doc:"The UI route where the user acts on the card"`
	Items []DashboardItem `json:"items"`
}

// HomeCards is one of an owner's homes in GET /api/system/dashboard/listCardsAcrossHomes:
// the cards the owner would see on that home's dashboard.
type HomeCards struct {
	TenantID     string          `json:"tenantId"`
	FacilityName string          `json:"facilityName"`
	TimeZone     TimeZone        `json:"timeZone" doc:"The home's time zone, for the times its cards name"`
	Current      bool            `json:"current" doc:"The home this sign-in works in"`
	Cards        []DashboardCard `json:"cards"`
}

// CardsAcrossHomes is the answer of GET /api/system/dashboard/listCardsAcrossHomes.
type CardsAcrossHomes struct {
	Homes []HomeCards `json:"homes" doc:"The owner's homes by name, the current one always among them; at most DashboardHomesMax"`
	More  int         `json:"more" doc:"Homes left out past DashboardHomesMax (open them one at a time)"`
}

// DashboardHomesMax bounds the homes of one across-homes answer: each home costs a dashboard.
const DashboardHomesMax = 12
