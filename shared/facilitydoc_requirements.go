package shared

// The facility documents' required set as a parameter set (issue 32: "the
// required set is data with its WAC source, editable by the super admin as a
// parameter set"; /facility-doc-requirements, migration 00066). The super
// admin lists, adds, edits and retires the requirements of each category and
// their check items; the homes' checklists, the rules-only check and the AI
// check read the edited set on their next call. A retired requirement leaves
// the homes' checklists (it is never missing again); the documents filed
// against it stay on file and readable, and it is never deleted.

// Bounds of the required set (spec 001 §9 input lengths: a title is 100, sub
// details 300, a short text 50).
const (
	FacilityDocReqNameMax     = 100 // TitleMax: a requirement's name in one language
	FacilityDocReqSourceMax   = 300 // SubDetailsMax: the WAC source of a requirement or an item
	FacilityDocCheckLabelMax  = 300 // SubDetailsMax: a check item's wording in one language
	FacilityDocKeywordMax     = 50  // ShortTextMax: one keyword of the rules-only check
	FacilityDocKeywordsMax    = 30  // keywords of one check item
	FacilityDocCheckItemsMax  = 30  // check items of one requirement
	FacilityDocValidityMaxMon = 120 // a default validity of up to 10 years
	FacilityDocSoonDaysMax    = 365 // as the parameter facilityDocs.expiringSoonDays
	FacilityDocReqSortMax     = 10000
)

// FacilityDocNames is a requirement's name in each of the product's
// languages; English is required, the others fall back to it.
type FacilityDocNames struct {
	EnUS string `json:"en-US" minLength:"1" maxLength:"100" limit:"FacilityDocReqNameMax"`
	EsES string `json:"es-ES" maxLength:"100" limit:"FacilityDocReqNameMax" doc:"Empty: the English name"`
	ZhCN string `json:"zh-CN" maxLength:"100" limit:"FacilityDocReqNameMax" doc:"Empty: the English name"`
}

// In is the name in lang, else the English one.
func (n FacilityDocNames) In(lang Language) string { return localized(lang, n.EnUS, n.EsES, n.ZhCN) }

// FacilityDocLabels is a check item's wording in each language; the English
// is what the AI provider is asked about, the others are what readers see.
type FacilityDocLabels struct {
	EnUS string `json:"en-US" minLength:"1" maxLength:"300" limit:"FacilityDocCheckLabelMax"`
	EsES string `json:"es-ES" maxLength:"300" limit:"FacilityDocCheckLabelMax" doc:"Empty: the English wording"`
	ZhCN string `json:"zh-CN" maxLength:"300" limit:"FacilityDocCheckLabelMax" doc:"Empty: the English wording"`
}

// In is the wording in lang, else the English one.
func (l FacilityDocLabels) In(lang Language) string { return localized(lang, l.EnUS, l.EsES, l.ZhCN) }

func localized(lang Language, en, es, zh string) string {
	switch {
	case lang == LangEsES && es != "":
		return es
	case lang == LangZhCN && zh != "":
		return zh
	}
	return en
}

// FacilityDocCheckItemDef is one check item of a requirement: what its
// document should contain, with its source and the words the rules-only check
// looks for (any of them, at the start of a word, any case).
type FacilityDocCheckItemDef struct {
	Code     string            `json:"code,omitempty" maxLength:"64" limit:"FacilityDocCodeMax" doc:"Empty for a new item (the server names it); kept for an edited one"`
	Labels   FacilityDocLabels `json:"labels"`
	Source   string            `json:"source" minLength:"1" maxLength:"300" limit:"FacilityDocReqSourceMax" doc:"The rule it comes from (WAC section), in English"`
	Keywords []string          `json:"keywords" minItems:"1" maxItems:"30" limit:"FacilityDocKeywordsMax" doc:"Words or phrases that show the item (each 1 to 50 characters; English, Spanish, Chinese)"`
}

// FacilityDocRequirementDef is one requirement of the set with its check
// items, as the super admin edits it. The items' order is the report's.
type FacilityDocRequirementDef struct {
	Code               string                    `json:"code,omitempty" maxLength:"64" limit:"FacilityDocCodeMax" doc:"Empty to add a requirement (the server names it from the English name); kept for ever once made"`
	Category           FacilityDocCategory       `json:"category" enum:"EMERGENCY_PREPAREDNESS,LICENSING_COMPLIANCE,RULES_POLICIES,BUILDING_SAFETY" doc:"Fixed once the requirement is made"`
	Names              FacilityDocNames          `json:"names"`
	Source             string                    `json:"source" minLength:"1" maxLength:"300" limit:"FacilityDocReqSourceMax" doc:"The rule that asks for it (WAC section), in English"`
	Sort               int                       `json:"sort" minimum:"0" maximum:"10000" limit:"FacilityDocReqSortMax" doc:"Its place in the category (smaller first); 0 on a new one: after the others"`
	ExpiryRequired     bool                      `json:"expiryRequired" doc:"An upload for it must carry its expiry date (or get the default validity)"`
	SignaturesRequired bool                      `json:"signaturesRequired" doc:"Its documents need signatures: every upload for it is marked so"`
	ApprovalStep       bool                      `json:"approvalStep" doc:"Its documents are an approval step: an owner or admin approves each upload in the product"`
	ValidityMonths     int                       `json:"validityMonths" minimum:"0" maximum:"120" limit:"FacilityDocValidityMaxMon" doc:"Default validity: an upload with no expiry date expires this many months after it takes effect; 0 = none"`
	ExpiringSoonDays   int                       `json:"expiringSoonDays" minimum:"0" maximum:"365" limit:"FacilityDocSoonDaysMax" doc:"Days before expiry it turns EXPIRING_SOON; 0 = the parameter facilityDocs.expiringSoonDays"`
	CheckItems         []FacilityDocCheckItemDef `json:"checkItems" maxItems:"30" limit:"FacilityDocCheckItemsMax" doc:"What its document should contain, in the report's order"`
	// Set by the server.
	RetiredAt  int64  `json:"retiredAt" doc:"Epoch ms it was retired; 0 = in force (set by the server)"`
	Documents  int    `json:"documents" doc:"Document versions the homes filed against it (set by the server)"`
	UpdateTime int64  `json:"updateTime" doc:"Epoch ms of the last edit; 0 = as seeded (set by the server)"`
	UpdatedBy  string `json:"updatedBy,omitempty" doc:"Who edited it last (set by the server)"`
}

// FacilityDocRequirementsQuery filters the super admin's list.
type FacilityDocRequirementsQuery struct {
	Category FacilityDocCategory `query:"category" json:"category,omitempty" enum:",EMERGENCY_PREPAREDNESS,LICENSING_COMPLIANCE,RULES_POLICIES,BUILDING_SAFETY" doc:"Only this category"`
}

// FacilityDocRequirementCodeRequest names one requirement (retire, restore).
type FacilityDocRequirementCodeRequest struct {
	Code string `json:"code" minLength:"1" maxLength:"64" limit:"FacilityDocCodeMax"`
}
