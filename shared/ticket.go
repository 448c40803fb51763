package shared

// TicketType is a support ticket's kind (spec 000 §3 "Support ticket"; BUG is
// in two of the spec's readings, so it is kept).
type TicketType string

const (
	TicketCustomerSupport TicketType = "CUSTOMER_SUPPORT"
	TicketIssues          TicketType = "ISSUES"
	TicketBug             TicketType = "BUG"
	TicketSuggestion      TicketType = "SUGGESTION"
	TicketOther           TicketType = "OTHER"
)

// TicketStatus is where a ticket stands (spec 000 §4): SUBMITTED, then
// PROCESSING once opened, then RESOLVED by the super admin.
type TicketStatus string

const (
	TicketSubmitted  TicketStatus = "SUBMITTED"
	TicketProcessing TicketStatus = "PROCESSING"
	TicketResolved   TicketStatus = "RESOLVED"
)

// ChatRole is who wrote a reply: the platform (admin) or the ticket's creator (user).
type ChatRole string

const (
	ChatAdmin ChatRole = "admin"
	ChatUser  ChatRole = "user"
)

// Ticket limits (spec 001 §5/§9: 3 attachments; input lengths title 100,
// details 1000, long details 4096).

const (
	TicketMaxFiles   = 3
	TicketTitleMax   = 100
	TicketContentMax = 4096
	TicketReplyMax   = 1000
)

// ChatEntry is one reply.
type ChatEntry struct {
	Role       ChatRole `json:"role,omitempty" enum:"admin,user" doc:"Set by the server from the replier"`
	Reply      string   `json:"reply" maxLength:"1000" limit:"TicketReplyMax"`
	CreateTime int64    `json:"createTime,omitempty" doc:"Epoch ms, set by the server's clock"`
}

// ReplyContent holds a ticket's replies, oldest first.
type ReplyContent struct {
	Chat []ChatEntry `json:"chat"`
}

// Ticket is a support ticket as its viewer sees it (spec 000 §3).
type Ticket struct {
	TicketID      string       `json:"ticketId"`
	Title         string       `json:"title"`
	Type          TicketType   `json:"type"`
	Content       string       `json:"content"`
	FileIDs       []string     `json:"fileIds"`
	Files         []FileItem   `json:"files"`
	Status        TicketStatus `json:"status"`
	Creator       string       `json:"creator" doc:"User id of the creator"`
	CreatorName   string       `json:"creatorName"`
	FacilityName  string       `json:"facilityName,omitempty" doc:"Super admin view only"`
	CreateTime    int64        `json:"createTime" doc:"Epoch ms"`
	CreatorDelete int          `json:"creatorDelete" doc:"1 when the creator deleted it (only the super admin still sees it)"`
	ReplyContent  ReplyContent `json:"replyContent"`
	Unread        bool         `json:"unread" doc:"The last reply is from the other side and the viewer has not opened the ticket since"`
	MyTurn        bool         `json:"myTurn" doc:"The viewer may reply now (red indicator); false when resolved or waiting for the other side (green)"`
}

// SaveTicketRequest is POST /api/system/customerServiceTicket/saveTicket:
// create, or with ticketId edit (creator only, while SUBMITTED).
type SaveTicketRequest struct {
	TicketID string     `json:"ticketId,omitempty" maxLength:"64" limit:"IDMax"`
	Title    string     `json:"title" minLength:"1" maxLength:"100" limit:"TicketTitleMax"`
	Type     TicketType `json:"type" enum:"CUSTOMER_SUPPORT,ISSUES,BUG,SUGGESTION,OTHER"`
	Content  string     `json:"content" minLength:"1" maxLength:"4096" limit:"TicketContentMax"`
	FileIDs  []string   `json:"fileIds,omitempty" maxItems:"3" limit:"TicketMaxFiles" doc:"Your uploads of category SERVICE_TICKET_FILE"`
}

// TicketIDQuery carries ?ticketId=.
type TicketIDQuery struct {
	TicketID string `query:"ticketId" json:"ticketId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// ReplyTicketRequest is POST /api/system/customerServiceTicket/reply. The
// client sends the whole chat with its new entry last; the server keeps only
// that entry's reply text and stamps its role and time itself.
type ReplyTicketRequest struct {
	TicketID     string       `json:"ticketId" minLength:"1" maxLength:"64" limit:"IDMax"`
	ReplyContent ReplyContent `json:"replyContent"`
}

// TicketFilter is the data of listTicketsByPage. Creator and creatorDelete are
// accepted for the spec's clients but ignored: the server scopes the list from the token.
type TicketFilter struct {
	Title         string       `json:"title,omitempty" maxLength:"100" limit:"TicketTitleMax" doc:"Contained in the title, any case"`
	Status        TicketStatus `json:"status,omitempty" enum:",SUBMITTED,PROCESSING,RESOLVED"`
	Type          TicketType   `json:"type,omitempty" enum:",CUSTOMER_SUPPORT,ISSUES,BUG,SUGGESTION,OTHER"`
	Creator       string       `json:"creator,omitempty" maxLength:"64" limit:"IDMax" doc:"Ignored"`
	CreatorDelete *int         `json:"creatorDelete,omitempty" doc:"Ignored"`
}
