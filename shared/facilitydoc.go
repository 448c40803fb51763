package shared

import "time"

// Facility documents (spec 000 §3 "Facility document", spec 001 §7.3
// uploadFacilityInitFile, listFacilityFiles, getFacilityFileInspections): the
// home's own document library by category, with a checklist of what
// Washington requires in each (the requirements are data, seeded by migration
// 00056 with the WAC source of each), and the status of each requirement
// computed by FacilityDocStatusOf from its versions.

// FacilityDocCategory is one of the four categories of spec 000 §3.
type FacilityDocCategory string

const (
	FacilityDocEmergency FacilityDocCategory = "EMERGENCY_PREPAREDNESS"
	FacilityDocLicensing FacilityDocCategory = "LICENSING_COMPLIANCE"
	FacilityDocPolicies  FacilityDocCategory = "RULES_POLICIES"
	FacilityDocBuilding  FacilityDocCategory = "BUILDING_SAFETY"
)

// FacilityDocCategories lists the categories in the order the page shows them.
var FacilityDocCategories = []FacilityDocCategory{FacilityDocEmergency, FacilityDocLicensing, FacilityDocPolicies, FacilityDocBuilding}

// FacilityDocStatus is where one required document stands on a day (spec 000
// §3 "File statuses"). FacilityDocStatusOf defines each.
type FacilityDocStatus string

const (
	FacilityDocMissing      FacilityDocStatus = "MISSING"       // no version on record
	FacilityDocUpcoming     FacilityDocStatus = "UPCOMING"      // every version starts later than today
	FacilityDocExpired      FacilityDocStatus = "EXPIRED"       // the version in force expired before today
	FacilityDocExpiringSoon FacilityDocStatus = "EXPIRING_SOON" // the version in force expires within the warning days
	FacilityDocRenewed      FacilityDocStatus = "RENEWED"       // recently replaced a version that had expired or was expiring
	FacilityDocUpdated      FacilityDocStatus = "UPDATED"       // recently replaced a version that was still good
	FacilityDocDone         FacilityDocStatus = "DONE"          // in force, not expiring, no recent change
)

// FacilityDocStatuses lists every status, worst first.
var FacilityDocStatuses = []FacilityDocStatus{FacilityDocMissing, FacilityDocExpired, FacilityDocExpiringSoon,
	FacilityDocUpcoming, FacilityDocRenewed, FacilityDocUpdated, FacilityDocDone}

// Facility document bounds (spec 001 §9 input lengths: title 100, short 50, person's name 50).
const (
	FacilityDocNameMax   = 100 // TitleMax
	FacilityDocTypeMax   = 50  // ShortTextMax
	FacilityDocSignerMax = 50  // PersonNameMax
	FacilityDocCodeMax   = 64
	// FacilityDocSignersMax bounds the people named to sign one version.
	FacilityDocSignersMax = 10
	// FacilityDocRecentDays: a version uploaded within this many days makes its
	// requirement RENEWED or UPDATED instead of DONE.
	FacilityDocRecentDays = 30
	// FacilityDocExpiringSoonDays is the default of parameter
	// facilityDocs.expiringSoonDays (issue 32: 30 days).
	FacilityDocExpiringSoonDays = 30
)

// FacilityDocDates are what the status rule reads of one version. Days are
// 'YYYY-MM-DD' in the facility's days; ValidFrom and ExpiresOn may be empty.
type FacilityDocDates struct {
	ValidFrom  string // the day the document takes effect; empty: the day it was uploaded
	ExpiresOn  string // its last valid day; empty: it does not expire
	UploadedOn string // the day it was uploaded
	// Incomplete: a signature or the approval it needs is still outstanding;
	// such a version is not in force (the rule reads past it).
	Incomplete bool
}

func (d FacilityDocDates) start() string {
	if d.ValidFrom != "" {
		return d.ValidFrom
	}
	return d.UploadedOn
}

// addDays moves a 'YYYY-MM-DD' day by n days ("" stays "").
func addDays(day string, n int) string {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return ""
	}
	return t.AddDate(0, 0, n).Format(time.DateOnly)
}

// FacilityDocStatusOf is the status of one required document on today, from
// its versions newest upload first (the one copy of the rule: the server
// answers it and the UI only labels it). soonDays is the warning window
// (parameter facilityDocs.expiringSoonDays). Incomplete versions (a signature
// or approval outstanding) are left out first: an unsigned plan is not a plan
// on file. The version in force is the newest complete one whose start
// (ValidFrom, else the upload day) is on or before today.
//
//   - MISSING: there is no complete version.
//   - UPCOMING: there are versions, but every one starts after today.
//   - EXPIRED: the version in force has an ExpiresOn before today.
//   - EXPIRING_SOON: the version in force expires on a day from today to today + soonDays.
//   - RENEWED: the version in force was uploaded within FacilityDocRecentDays and
//     replaced an earlier version that had expired, or was expiring within
//     soonDays, on the day the new one was uploaded.
//   - UPDATED: the version in force was uploaded within FacilityDocRecentDays and
//     replaced an earlier version that was still good (a revision).
//   - DONE: the version in force does not expire within soonDays and is its
//     first version, or was uploaded more than FacilityDocRecentDays ago.
func FacilityDocStatusOf(all []FacilityDocDates, today string, soonDays int) FacilityDocStatus {
	versions := make([]FacilityDocDates, 0, len(all))
	for _, v := range all {
		if !v.Incomplete {
			versions = append(versions, v)
		}
	}
	if len(versions) == 0 {
		return FacilityDocMissing
	}
	cur := -1
	for i, v := range versions {
		if v.start() <= today {
			cur = i
			break
		}
	}
	if cur < 0 {
		return FacilityDocUpcoming
	}
	v := versions[cur]
	if v.ExpiresOn != "" && v.ExpiresOn < today {
		return FacilityDocExpired
	}
	if v.ExpiresOn != "" && v.ExpiresOn <= addDays(today, soonDays) {
		return FacilityDocExpiringSoon
	}
	if cur+1 < len(versions) && v.UploadedOn >= addDays(today, -FacilityDocRecentDays) {
		prev := versions[cur+1]
		if prev.ExpiresOn != "" && prev.ExpiresOn <= addDays(v.UploadedOn, soonDays) {
			return FacilityDocRenewed
		}
		return FacilityDocUpdated
	}
	return FacilityDocDone
}

// FacilityDocInOrder says whether a checklist item counts as in order on the
// inspection page's score: a version is in force today (MISSING, EXPIRED and
// UPCOMING are gaps; EXPIRING_SOON is still in force). The UI's copy is
// frontend/src/features/facility-docs/inspectionScore.ts documentCounts.
func FacilityDocInOrder(s FacilityDocStatus) bool {
	return s != FacilityDocMissing && s != FacilityDocExpired && s != FacilityDocUpcoming
}

// FacilityDocFields are the metadata of one uploaded version (spec 000 §3
// "Metadata"): the multipart fields of uploadFacilityInitFile beside the file.
type FacilityDocFields struct {
	Category        FacilityDocCategory `json:"category" enum:"EMERGENCY_PREPAREDNESS,LICENSING_COMPLIANCE,RULES_POLICIES,BUILDING_SAFETY"`
	RequirementCode string              `json:"requirementCode,omitempty" doc:"The checklist item this document answers (one of the category's); empty: a document of its own"`
	DocumentID      string              `json:"documentId,omitempty" doc:"Add a version to this document (a renewal or revision); empty: a new document, or the requirement's document when it has one"`
	Name            string              `json:"name" doc:"1 to 100 characters"`
	DocType         string              `json:"docType,omitempty" doc:"What kind of document (e.g. plan, poster, certificate), up to 50 characters"`
	// Signatures: whether it needs signatures, who signs, and whether all are on the document.
	SignaturesRequired  bool     `json:"signaturesRequired"`
	Signer              string   `json:"signer,omitempty" doc:"Who signs, up to 50 characters"`
	SignaturesCompleted bool     `json:"signaturesCompleted" doc:"All signatures are on the uploaded document (paper); with signerIds the product collects them instead"`
	SignerIDs           []string `json:"signerIds,omitempty" maxItems:"10" limit:"FacilityDocSignersMax" doc:"Owners or admins of the home who sign this version in the product, each with their own sign-in (needs signaturesRequired)"`
	ValidFrom           string   `json:"validFrom,omitempty" doc:"YYYY-MM-DD the document takes effect; empty: the upload day"`
	ExpiresOn           string   `json:"expiresOn,omitempty" doc:"YYYY-MM-DD its last valid day; empty: it does not expire (required where the checklist item expires)"`
	Renewal             bool     `json:"renewal" doc:"The uploader marks this version as a renewal of the earlier one"`
	ComplianceCheck     bool     `json:"complianceCheck" doc:"The uploader has checked the document against its requirement"`
	// BuildingSafetyException: the document records an exception granted for the building or its safety.
	BuildingSafetyException bool `json:"buildingSafetyException"`
	IsApprovalStep          bool `json:"isApprovalStep" doc:"The document is a step of an approval: an owner or admin approves it in the product once every signature is in, and until then it is not in force"`
}

// FacilityDocSignRole is what a signature row records.
type FacilityDocSignRole string

const (
	FacilityDocSigner   FacilityDocSignRole = "SIGNER"
	FacilityDocApprover FacilityDocSignRole = "APPROVER"
)

// FacilityDocSignature is one person named to sign a version (or who approved it).
type FacilityDocSignature struct {
	UserID   string              `json:"userId"`
	Name     string              `json:"name"`
	Role     FacilityDocSignRole `json:"role" enum:"SIGNER,APPROVER"`
	SignedAt int64               `json:"signedAt" doc:"Epoch ms the person signed (or approved); 0 = not yet"`
}

// FacilityDocSignRequest names the version to sign or approve.
type FacilityDocSignRequest struct {
	VersionID string `json:"versionId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// FacilityDocVersion is one uploaded version of a facility document.
type FacilityDocVersion struct {
	FacilityDocFields `tstype:",extends"`
	VersionID         string   `json:"versionId"`
	Version           int      `json:"version" doc:"1 for the first upload, then one more per renewal or revision"`
	UploadedOn        string   `json:"uploadedOn" doc:"YYYY-MM-DD in the facility's days"`
	UploaderName      string   `json:"uploaderName"`
	CreateTime        int64    `json:"createTime" doc:"Epoch ms"`
	File              FileItem `json:"file" doc:"The stored file, with a signed link to read it"`
	// Signatures collected in the product: the named signers (signed or not) and the approval once given.
	Signatures         []FacilityDocSignature `json:"signatures"`
	AwaitingSignatures int                    `json:"awaitingSignatures" doc:"Signatures still outstanding (named signers who have not signed; 1 when signatures are required on paper and not marked complete)"`
	AwaitingApproval   bool                   `json:"awaitingApproval" doc:"An approval step not approved yet"`
}

// FacilityDocument is one document of the library with all its versions, newest first.
type FacilityDocument struct {
	DocumentID      string               `json:"documentId"`
	Category        FacilityDocCategory  `json:"category"`
	RequirementCode string               `json:"requirementCode,omitempty"`
	Versions        []FacilityDocVersion `json:"versions"`
}

// FacilityFilesFilter is listFacilityFiles' filter (both optional).
type FacilityFilesFilter struct {
	Category        FacilityDocCategory `json:"category,omitempty" enum:",EMERGENCY_PREPAREDNESS,LICENSING_COMPLIANCE,RULES_POLICIES,BUILDING_SAFETY" doc:"Only this category"`
	RequirementCode string              `json:"requirementCode,omitempty" maxLength:"64" limit:"FacilityDocCodeMax" doc:"Only this checklist item's document"`
}

// FacilityInspectionsQuery is getFacilityFileInspections' query.
type FacilityInspectionsQuery struct {
	Category FacilityDocCategory `query:"category" json:"category,omitempty" enum:",EMERGENCY_PREPAREDNESS,LICENSING_COMPLIANCE,RULES_POLICIES,BUILDING_SAFETY"`
	Status   FacilityDocStatus   `query:"status" json:"status,omitempty" enum:",MISSING,UPCOMING,EXPIRED,EXPIRING_SOON,RENEWED,UPDATED,DONE" doc:"Only the items in this status (the counts stay the home's)"`
}

// FacilityRequirement is one line of the home's checklist.
type FacilityRequirement struct {
	Code           string              `json:"code" doc:"Names the item"`
	Names          FacilityDocNames    `json:"names,omitempty" doc:"Its name in each language, as the super admin keeps the required set (facilitydoc_requirements.go); always sent"`
	Category       FacilityDocCategory `json:"category"`
	Source         string              `json:"source" doc:"The rule that asks for it (WAC section), in English"`
	ExpiryRequired bool                `json:"expiryRequired" doc:"An upload for it must carry its expiry date (or gets validityMonths)"`
	// What the required set says of its documents (FacilityDocRequirementDef).
	SignaturesRequired bool                `json:"signaturesRequired,omitempty" doc:"Its documents need signatures (every upload for it is marked so)"`
	ApprovalStep       bool                `json:"approvalStep,omitempty" doc:"Its documents are an approval step (every upload for it is one)"`
	ValidityMonths     int                 `json:"validityMonths,omitempty" doc:"Default validity of an upload with no expiry date, in months; absent = none"`
	ExpiringSoonDays   int                 `json:"expiringSoonDays,omitempty" doc:"The warning window its status uses, in days (its own, else the parameter's)"`
	Status             FacilityDocStatus   `json:"status" enum:"MISSING,UPCOMING,EXPIRED,EXPIRING_SOON,RENEWED,UPDATED,DONE"`
	DocumentID         string              `json:"documentId,omitempty" doc:"Its document, once one is uploaded"`
	VersionCount       int                 `json:"versionCount"`
	Current            *FacilityDocVersion `json:"current,omitempty" doc:"The newest version (in force or upcoming)"`
	// Red flags and the newest version's compliance check (facilitydoc_analysis.go).
	RedFlags []FacilityDocRedFlag   `json:"redFlags,omitempty" doc:"What needs the owner first: items the check found missing, an expired document, a signature outstanding"`
	Check    *FacilityDocCheckBrief `json:"check,omitempty" doc:"The newest version's compliance check, when one was run"`
}

// FacilityInspections is getFacilityFileInspections: the home's checklist and its counts.
type FacilityInspections struct {
	Today             string                `json:"today" doc:"YYYY-MM-DD in the facility's days: the day the statuses are for"`
	ExpiringSoonDays  int                   `json:"expiringSoonDays"`
	MissingCount      int                   `json:"missingCount"`
	ExpiredCount      int                   `json:"expiredCount"`
	ExpiringSoonCount int                   `json:"expiringSoonCount"`
	RedFlagCount      int                   `json:"redFlagCount" doc:"Red flags of the whole home's checklist"`
	Items             []FacilityRequirement `json:"items"`
}
