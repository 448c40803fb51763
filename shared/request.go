package shared

// Requests (applications): a caregiver asks for leave or a shift adjustment;
// the owner or an admin approves or refuses it (spec 000 §3 "Application",
// §4 "Leave request: pending, approved, pass, refused"; spec 001 §7.8).

// ApplicationType is what is asked for.
type ApplicationType string

const (
	ApplicationLeave           ApplicationType = "LEAVE"
	ApplicationShiftAdjustment ApplicationType = "SHIFT_ADJUSTMENT"
)

// ApplicationStatus is where a request stands: PENDING, then APPROVED or
// REFUSED (the spec's "pass" is APPROVED; a decision is final).
type ApplicationStatus string

const (
	ApplicationPending  ApplicationStatus = "PENDING"
	ApplicationApproved ApplicationStatus = "APPROVED"
	ApplicationRefused  ApplicationStatus = "REFUSED"
	// ApplicationPass is the spec's word for approved, accepted by approval.
	ApplicationPass ApplicationStatus = "PASS"
)

// Request limits (spec 001 §9 input lengths: details 1000, sub details 300).
const (
	ApplicationReasonMax  = 1000
	ApplicationCommentMax = 300
)

// ApplicationForm is one request as its viewer sees it.
type ApplicationForm struct {
	ApplicationID string            `json:"applicationId"`
	Type          ApplicationType   `json:"type" enum:"LEAVE,SHIFT_ADJUSTMENT"`
	StartTime     int64             `json:"startTime" doc:"Epoch ms"`
	EndTime       int64             `json:"endTime" doc:"Epoch ms"`
	Reason        string            `json:"reason"`
	Status        ApplicationStatus `json:"status" enum:"PENDING,APPROVED,REFUSED"`
	Creator       string            `json:"creator" doc:"User id of the caregiver who asked"`
	CreatorName   string            `json:"creatorName"`
	CreatorColor  string            `json:"creatorColor,omitempty"`
	Approver      string            `json:"approver,omitempty" doc:"User id of who decided"`
	ApproverName  string            `json:"approverName,omitempty"`
	Comment       string            `json:"comment,omitempty" doc:"The decider's comment"`
	ApproveTime   int64             `json:"approveTime,omitempty" doc:"Epoch ms of the decision"`
	CreateTime    int64             `json:"createTime" doc:"Epoch ms"`
	UpdateTime    int64             `json:"updateTime" doc:"Epoch ms"`
}

// SaveApplicationFormRequest is POST /api/care/applicationForm/save: a new
// request, or with applicationId an edit of your own while it is PENDING.
type SaveApplicationFormRequest struct {
	ApplicationID string          `json:"applicationId,omitempty" maxLength:"64" limit:"IDMax"`
	Type          ApplicationType `json:"type" enum:"LEAVE,SHIFT_ADJUSTMENT"`
	StartTime     int64           `json:"startTime" format:"event-ms" minimum:"1" doc:"Epoch ms"`
	EndTime       int64           `json:"endTime" format:"event-ms" minimum:"1" doc:"Epoch ms, after startTime"`
	Reason        string          `json:"reason" minLength:"1" maxLength:"1000" limit:"ApplicationReasonMax"`
}

// ApprovalQuery is GET /api/care/applicationForm/approval (owner/admin):
// status APPROVED (or the spec's PASS) or REFUSED; refusing needs a comment.
type ApprovalQuery struct {
	ApplicationID string            `query:"applicationId" json:"applicationId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Status        ApplicationStatus `query:"status" json:"status" enum:"APPROVED,REFUSED,PASS"`
	Comment       string            `query:"comment" json:"comment,omitempty" maxLength:"300" limit:"ApplicationCommentMax" doc:"Required when refusing"`
}

// ApplicationFormFilter is the data of listApplicationFormByPage. Caregivers
// always get their own requests; owners and admins see the facility's and may
// name a creator.
type ApplicationFormFilter struct {
	Status  ApplicationStatus `json:"status,omitempty" enum:",PENDING,APPROVED,REFUSED"`
	Type    ApplicationType   `json:"type,omitempty" enum:",LEAVE,SHIFT_ADJUSTMENT"`
	Creator string            `json:"creator,omitempty" maxLength:"64" limit:"IDMax"`
}
