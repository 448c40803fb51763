package shared

// The compliance check of a facility document (issue 32, spec 001 §7.4
// files/fileComplianceAnalysis, files/uploadAFListing): a version's text
// (its PDF text layer, or OCR of a scan or photo) checked against what its
// checklist requirement's document should contain (facility_doc_check_items,
// migration 00065, each item with its WAC source), by the configured AI
// provider, or without one by the rules (keyword presence), which says so.
// Red flags (FacilityDocRedFlag) put what needs the owner first.

// FacilityDocAnalysisState is where a check stands.
type FacilityDocAnalysisState string

const (
	FacilityDocAnalysisNone      FacilityDocAnalysisState = "NONE"      // never checked
	FacilityDocAnalysisQueued    FacilityDocAnalysisState = "QUEUED"    // waiting for a worker
	FacilityDocAnalysisRunning   FacilityDocAnalysisState = "RUNNING"   // reading or checking (progress)
	FacilityDocAnalysisDone      FacilityDocAnalysisState = "DONE"      // the report is there
	FacilityDocAnalysisFailed    FacilityDocAnalysisState = "FAILED"    // could not be made (errorMessage says why); run it again
	FacilityDocAnalysisCancelled FacilityDocAnalysisState = "CANCELLED" // stopped by an owner or admin; run it again
)

// FacilityDocCheckMethod says who made a report.
type FacilityDocCheckMethod string

const (
	FacilityDocCheckByAI    FacilityDocCheckMethod = "AI"    // the configured AI provider (model named)
	FacilityDocCheckByRules FacilityDocCheckMethod = "RULES" // keyword and section presence: not an AI check
)

// FacilityDocRulesReason is why a report was made by the rules (FacilityDocAnalysis.RulesReason).
type FacilityDocRulesReason string

const (
	RulesNoProvider  FacilityDocRulesReason = "NO_PROVIDER" // no AI provider is configured for analyses
	RulesNotInPlan   FacilityDocRulesReason = "NOT_IN_PLAN" // the home's plan does not include AI analyses
	RulesUnavailable FacilityDocRulesReason = "UNAVAILABLE" // the provider could not be reached after the retries
	RulesRefused     FacilityDocRulesReason = "REFUSED"     // the provider refused (key, model) or the day's AI quota is used up
	RulesUnreadable  FacilityDocRulesReason = "UNREADABLE"  // the provider's answer could not be read
	RulesNoText      FacilityDocRulesReason = "NO_TEXT"     // no text could be read from the document to send
)

// FacilityDocStep is the step a running check is at.
type FacilityDocStep string

const (
	FacilityDocStepReading  FacilityDocStep = "READING"  // extracting the text (OCR page by page)
	FacilityDocStepChecking FacilityDocStep = "CHECKING" // checking it against the items
)

// Compliance check bounds.
const (
	// FacilityDocCheckMaxPages: pages read of one document (doctext's page limit).
	FacilityDocCheckMaxPages = 20
	// FacilityDocCheckMaxAICalls: calls to the AI provider for one document (its pages in parts
	// that fit the analysis prompt); pages past them are checked by nobody and said so.
	FacilityDocCheckMaxAICalls = 4
	// FacilityDocQuoteMax bounds one quoted piece of evidence.
	FacilityDocQuoteMax = 300
	// FacilityDocEvidenceMax: quotes kept per item.
	FacilityDocEvidenceMax = 3
)

// FacilityDocEvidence is a quote from the document with the page it is on.
type FacilityDocEvidence struct {
	Page  int    `json:"page" doc:"From 1"`
	Quote string `json:"quote" doc:"The document's own words (at most 300 characters)"`
}

// FacilityDocCheckResult is one checklist item in a report.
type FacilityDocCheckResult struct {
	Code     string                `json:"code" doc:"Names the item; the UI's text is facilityDocs.analysis.item.<code>"`
	Label    string                `json:"label" doc:"The item in English, as the AI provider was asked"`
	Labels   *FacilityDocLabels    `json:"labels,omitempty" doc:"The item's wording in each language, as the required set has it now (absent: the item was removed since)"`
	Source   string                `json:"source" doc:"The rule it comes from (WAC section), in English"`
	Covered  bool                  `json:"covered"`
	Evidence []FacilityDocEvidence `json:"evidence" doc:"Quotes that show it, with page numbers (a quote the document does not contain is never kept)"`
	// Unverified: the AI provider said the document covers the item, but none of the words it
	// quoted are in the document's text. Such an item is not covered (it counts as missing and in
	// the red flag) until a person reads the document.
	Unverified bool `json:"unverified" doc:"Not covered because the AI provider's claim could not be checked: the words it quoted are not in the document (read the document)"`
}

// FacilityDocAnalysis is the compliance check of one version: its progress
// while it runs, then its report.
type FacilityDocAnalysis struct {
	AnalysisID      string                   `json:"analysisId,omitempty"`
	VersionID       string                   `json:"versionId"`
	DocumentID      string                   `json:"documentId"`
	RequirementCode string                   `json:"requirementCode"`
	State           FacilityDocAnalysisState `json:"state" enum:"NONE,QUEUED,RUNNING,DONE,FAILED,CANCELLED"`
	Progress        int                      `json:"progress" doc:"0 to 100"`
	Step            string                   `json:"step,omitempty" enum:",READING,CHECKING" enumOf:"FacilityDocStep"`
	Method          FacilityDocCheckMethod   `json:"method,omitempty" enum:",AI,RULES" doc:"AI: the provider's check; RULES: keyword and section presence, not an AI check"`
	Model           string                   `json:"model,omitempty" doc:"The AI model that made it (method AI)"`
	RulesReason     string                   `json:"rulesReason,omitempty" enum:",NO_PROVIDER,NOT_IN_PLAN,UNAVAILABLE,REFUSED,UNREADABLE,NO_TEXT" enumOf:"FacilityDocRulesReason" doc:"Why no AI made it (method RULES)"`
	Items           []FacilityDocCheckResult `json:"items"`
	CoveredCount    int                      `json:"coveredCount"`
	MissingCount    int                      `json:"missingCount"`
	PagesRead       int                      `json:"pagesRead"`
	TotalPages      int                      `json:"totalPages"`
	OCRPages        int                      `json:"ocrPages" doc:"Pages read by OCR (scans, photos)"`
	PagesUnchecked  int                      `json:"pagesUnchecked" doc:"Pages not checked: past the page limit, or past what the AI calls of one check hold"`
	ErrorMessage    string                   `json:"errorMessage,omitempty" doc:"Why a FAILED check failed, in the reader's language"`
	RequestedBy     string                   `json:"requestedBy,omitempty" doc:"Who ran it"`
	CreateTime      int64                    `json:"createTime,omitempty" doc:"Epoch ms it was asked for"`
	FinishTime      int64                    `json:"finishTime,omitempty" doc:"Epoch ms the report was made (or the check failed or was cancelled)"`
}

// FacilityDocAnalysisRequest names the version to check (or whose check to cancel).
type FacilityDocAnalysisRequest struct {
	VersionID string `json:"versionId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// FacilityDocAnalysisQuery is fileComplianceAnalysis' query: the version whose check to read.
type FacilityDocAnalysisQuery struct {
	VersionID string `query:"versionId" json:"versionId" minLength:"1" maxLength:"64" limit:"IDMax" doc:"The facility document version (the spec's file reference)"`
}

// FacilityDocListingUpload is uploadAFListing's answer: the version stored and its check, queued.
type FacilityDocListingUpload struct {
	Version  FacilityDocVersion  `json:"version"`
	Analysis FacilityDocAnalysis `json:"analysis"`
}

// FacilityDocRedFlagKind is what a red flag is about.
type FacilityDocRedFlagKind string

const (
	RedFlagMissedItem       FacilityDocRedFlagKind = "MISSED_ITEM"       // the newest version's check found required items missing
	RedFlagExpired          FacilityDocRedFlagKind = "EXPIRED"           // the version in force has expired (e.g. the licence)
	RedFlagMissingSignature FacilityDocRedFlagKind = "MISSING_SIGNATURE" // the newest version waits for a signature
)

// FacilityDocRedFlag is one red flag on a checklist requirement.
type FacilityDocRedFlag struct {
	Kind  FacilityDocRedFlagKind `json:"kind" enum:"MISSED_ITEM,EXPIRED,MISSING_SIGNATURE"`
	Items []string               `json:"items,omitempty" doc:"MISSED_ITEM: the codes of the items missing"`
	Count int                    `json:"count,omitempty" doc:"MISSING_SIGNATURE: signatures outstanding; MISSED_ITEM: items missing"`
}

// FacilityDocCheckBrief is a requirement's newest version's check, in short, for lists.
type FacilityDocCheckBrief struct {
	VersionID    string                   `json:"versionId"`
	State        FacilityDocAnalysisState `json:"state" enum:"QUEUED,RUNNING,DONE,FAILED,CANCELLED"`
	Method       FacilityDocCheckMethod   `json:"method,omitempty" enum:",AI,RULES"`
	CoveredCount int                      `json:"coveredCount"`
	MissingCount int                      `json:"missingCount"`
	FinishTime   int64                    `json:"finishTime,omitempty"`
}
