package shared

// In-app chat (spec 000 §2 /message, §3 "Chat", §4 message sending, recall
// and socket states, §5 "Chat", §6 free plan; spec 001 §4, §7.11, §9).
// Calls under /api/im (docs/api.md "Chat"); the websocket is /api/im/ws.
//
// A Chat belongs to one facility (tenant). Kinds: DIRECT (two people),
// GROUP (named, several people), FACILITY (the facility's channel: every
// active member of the facility's staff and its owners, kept in step by the
// server) and SYSTEM (one per user: Hearth's own notes to that person, such as
// "a med pass is overdue in 30 minutes"). Messages are ordered per chat by a
// server sequence number; the client's trackId makes a re-sent message stored
// once.

// FnMessage is the plan function (menu code, spec 000 §6) of chat: in the
// essential and premium plans for every facility role; a free-plan user who
// is not the super admin gets no chat connection (spec 001 §6).
const FnMessage = "Message"

// ChatKind is what a chat is.
type ChatKind string

const (
	ChatDirect   ChatKind = "DIRECT"   // two people; starting it again returns the same chat
	ChatGroup    ChatKind = "GROUP"    // named, members added and removed by its members
	ChatFacility ChatKind = "FACILITY" // the facility's channel; membership follows the staff list; nobody leaves it
	ChatSystem   ChatKind = "SYSTEM"   // Hearth to one person; read-only for them
)

// MessageKind is a message's type (spec 001 §7.11).
type MessageKind string

const (
	MessageText         MessageKind = "TEXT"
	MessageImage        MessageKind = "IMAGE" // content: the uploaded fileName (ChatUpload)
	MessageFile         MessageKind = "FILE"  // content: the uploaded fileName
	MessageAudio        MessageKind = "AUDIO" // content: the uploaded fileName; extra carries durationMs
	MessageVideo        MessageKind = "VIDEO" // content: the uploaded fileName
	MessageForwardEach  MessageKind = "FORWARD_EACH"
	MessageForwardMerge MessageKind = "FORWARD_MERGE" // extra: the forwarded messages, as ForwardedMessage[] JSON
	MessageSystem       MessageKind = "SYSTEM"        // content: a message key of the UI's chat catalogue; extra: its params as a JSON object
	MessageEvent        MessageKind = "EVENT"         // like SYSTEM, about a chat itself (member added, renamed, left)
	MessageCommand      MessageKind = "COMMAND"       // reserved for clients; never shown
)

// SendingState is a message's delivery state in the client (spec 000 §4:
// sending then success). The server answers SUCCESS for every stored message.
type SendingState string

const (
	SendingPending SendingState = "SENDING"
	SendingSuccess SendingState = "SUCCESS"
	SendingFailed  SendingState = "FAILED"
)

// MessageFormat says how content is to be read.
type MessageFormat string

const (
	FormatPlain MessageFormat = "PLAIN" // text as typed
	FormatKey   MessageFormat = "KEY"   // content is a message key; extra holds its params (SYSTEM, EVENT)
)

// Chat limits. Sources: spec 001 §9 (contacts 1000, thumbnails 250×150 and
// 1280×800), spec 000 §5 ("empty message not allowed; multi-select limited
// to a configurable maximum"); the rest are Hearth's.
const (
	ChatTextMax       = 5000 // a text message, in characters (the translator's bound, spec 001 §5)
	ChatNameMax       = 50   // a group's name
	ChatMembersMax    = 100  // people in a group
	ChatForwardMax    = 30   // messages forwarded at once (default of HEARTH_CHAT_FORWARD_MAX)
	ChatForwardToMax  = 10   // chats forwarded to at once
	ChatRecallSeconds = 120  // the sender may recall a message for 2 minutes (default of HEARTH_CHAT_RECALL_SECONDS)
	ChatContactsMax   = 1000 // /contact/page size (spec 001 §9)
	ChatPageMax       = 50   // messages or chats per page
	ChatDeleteMax     = 100  // messages deleted for me at once
	ChatUploadMaxMB   = 25   // an uploaded image, file, audio clip or video
	ChatThumbWidth    = 250  // image thumbnail (spec 001 §9)
	ChatThumbHeight   = 150
	ChatLargeWidth    = 1280 // image preview
	ChatLargeHeight   = 800
	// ChatReconnectMinSeconds / Max: after an unexpected close the client
	// reconnects after a random delay between them (spec 000 §4).
	ChatReconnectMinSeconds = 15
	ChatReconnectMaxSeconds = 30
)

// Chat is one item of the chat list, and the answer of /chat/start.
type Chat struct {
	ID                 string       `json:"id"`
	Kind               ChatKind     `json:"kind"`
	Name               string       `json:"name" doc:"The group's name; for a direct chat the other person's name; the facility's name for its channel"`
	TenantID           string       `json:"tenantId"`
	Members            []ChatMember `json:"members"`
	UnreadMessageCount int          `json:"unreadMessageCount"`
	AutoTranslate      bool         `json:"autoTranslate" doc:"The caller's per-chat switch: show translations without asking"`
	LastMessage        *Message     `json:"lastMessage,omitempty"`
	LastMessageTime    int64        `json:"lastMessageTime" doc:"Epoch ms of the last message, or of the chat's creation"`
	CreatedAt          int64        `json:"createdAt"`
}

// ChatMember is a person in a chat.
type ChatMember struct {
	UserID   string `json:"userId"`
	Name     string `json:"name"`
	Avatar   string `json:"avatar,omitempty"`
	RoleType string `json:"roleType,omitempty"`
	ReadSeq  int64  `json:"readSeq" doc:"The last message sequence this member has read (read receipts)"`
}

// Message is one message (spec 000 §3 "Chat").
type Message struct {
	ID                  string        `json:"id"`
	TrackID             string        `json:"trackId" doc:"The sender's client id; a re-sent message with the same trackId is stored once"`
	ChatID              string        `json:"chatId"`
	Seq                 int64         `json:"seq" doc:"Order within the chat"`
	MessageType         MessageKind   `json:"messageType"`
	Content             string        `json:"content" doc:"Text; a fileName for media; a message key for SYSTEM and EVENT"`
	Format              MessageFormat `json:"format"`
	Extra               string        `json:"extra,omitempty" doc:"JSON: file details (name, size, contentType, width, height, durationMs), key params, forwarded messages"`
	Sender              string        `json:"sender" doc:"User id; empty for Hearth's own messages"`
	SenderName          string        `json:"senderName"`
	Timestamp           int64         `json:"timestamp"`
	SendingState        SendingState  `json:"sendingState"`
	ReferMessageID      string        `json:"referMessageId,omitempty"`
	ReferMessageContent string        `json:"referMessageContent,omitempty" doc:"A quote of the replied-to message (its text, or its file name)"`
	Recalled            bool          `json:"recalled" doc:"Recalled by its sender: content is empty"`
	Language            string        `json:"language,omitempty" doc:"The language the text was written in (BCP 47), when known"`
	Translation         string        `json:"translation,omitempty" doc:"The cached translation into the caller's language, when there is one"`
}

// ForwardedMessage is one message inside a FORWARD_MERGE message's extra.
type ForwardedMessage struct {
	MessageType MessageKind `json:"messageType"`
	Content     string      `json:"content"`
	Extra       string      `json:"extra,omitempty"`
	SenderName  string      `json:"senderName"`
	Timestamp   int64       `json:"timestamp"`
}

// Contact is a person the caller may talk to: the active people of the
// caller's facilities (spec 000 §3: uid, userName, tenantId).
type Contact struct {
	UID          string `json:"uid"`
	UserName     string `json:"userName"`
	TenantID     string `json:"tenantId"`
	FacilityName string `json:"facilityName"`
	RoleType     string `json:"roleType"`
	Avatar       string `json:"avatar,omitempty"`
	Language     string `json:"language,omitempty"`
}

// ImDashboard is GET /dashboard/.
type ImDashboard struct {
	UnreadMessageCount int `json:"unreadMessageCount"`
	RecallSeconds      int `json:"recallSeconds" doc:"How long after sending a sender may recall a message (the run-time parameter chat.recallSeconds); the chat offers Recall within it"`
}

// ChatPageRequest is /chat/pageLatest: the caller's chats in the facility it
// works in, latest activity first.
type ChatPageRequest struct {
	Current int `json:"current" minimum:"0" maximum:"100000" limit:"MaxPageNumber" doc:"Page; 0 = 1"`
	Size    int `json:"size" minimum:"0" maximum:"50" limit:"ChatPageMax" doc:"0 = 20"`
}

// ChatStartRequest is /chat/start. One member and no name: the direct chat
// with that person (the existing one when there is one). Otherwise a group.
type ChatStartRequest struct {
	MemberIDs []string `json:"memberIds" minItems:"1" maxItems:"100" limit:"ChatMembersMax" doc:"Besides the caller"`
	Name      string   `json:"name,omitempty" maxLength:"50" limit:"ChatNameMax"`
}

// ChatMembersRequest is /chat/addMember and /chat/removeMember (a group's members).
type ChatMembersRequest struct {
	ChatID  string   `json:"chatId" minLength:"1" maxLength:"64" limit:"IDMax"`
	UserIDs []string `json:"userIds" minItems:"1" maxItems:"100" limit:"ChatMembersMax"`
}

// ChatReadAllRequest is /chat/readAll: everything in the chat is read.
type ChatReadAllRequest struct {
	ChatID string `json:"chatId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// ChatAutoTranslateRequest is /chat/autoTranslate: the caller's per-chat switch.
type ChatAutoTranslateRequest struct {
	ChatID string `json:"chatId" minLength:"1" maxLength:"64" limit:"IDMax"`
	On     bool   `json:"on"`
}

// ChatIDQuery is /chat/leave?chatId=.
type ChatIDQuery struct {
	ChatID string `query:"chatId" json:"chatId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// ChatRenameRequest is /chat/name/modify, sent form encoded
// (application/x-www-form-urlencoded: chatId, name; spec 001 §7.11).
type ChatRenameRequest struct {
	ChatID string `json:"chatId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Name   string `json:"name" minLength:"1" maxLength:"50" limit:"ChatNameMax"`
}

// ContactPageRequest is /contact/page: current 0 (= 1), size up to 1000.
type ContactPageRequest struct {
	Current int `json:"current" minimum:"0" maximum:"100000" limit:"MaxPageNumber" doc:"Page; 0 = 1"`
	Size    int `json:"size" minimum:"0" maximum:"1000" limit:"ChatContactsMax" doc:"0 = 1000"`
}

// MessageIDQuery is /message/recall?messageId=.
type MessageIDQuery struct {
	MessageID string `query:"messageId" json:"messageId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// ChatImageSize is the resized copy /file/download answers for an image.
type ChatImageSize string

const (
	ChatImageThumb ChatImageSize = "thumb" // fits ChatThumbWidth × ChatThumbHeight
	ChatImageLarge ChatImageSize = "large" // fits ChatLargeWidth × ChatLargeHeight
)

// ChatFileQuery is /file/download: a chat's file (the fileName of its
// message), for the members of a chat it was sent to.
type ChatFileQuery struct {
	FileName string        `query:"fileName" json:"fileName" minLength:"1" maxLength:"64" limit:"IDMax"`
	Preview  bool          `query:"preview" json:"preview" doc:"true: shown in the browser (inline); false: saved (attachment)"`
	Resize   ChatImageSize `query:"resize" json:"resize,omitempty" enum:"thumb,large" doc:"An image only: its thumbnail or its large copy (JPEG)"`
}

// MessagePageRequest is /message/pageLatest: the newest Size messages of a
// chat older than Before (a seq; 0 = from the newest), answered oldest first.
type MessagePageRequest struct {
	ChatID string `json:"chatId" minLength:"1" maxLength:"64" limit:"IDMax"`
	Before int64  `json:"before,omitempty" minimum:"0"`
	Size   int    `json:"size" minimum:"0" maximum:"50" limit:"ChatPageMax" doc:"0 = 20"`
}

// MessagePage is the answer of /message/pageLatest.
type MessagePage struct {
	Records []Message `json:"records" doc:"Oldest first"`
	HasMore bool      `json:"hasMore" doc:"Older messages exist"`
}

// MessagePushRequest is /message/push. TEXT needs non-blank content; media
// kinds name a file the caller uploaded to this chat (/message/upload).
type MessagePushRequest struct {
	ChatID         string      `json:"chatId" minLength:"1" maxLength:"64" limit:"IDMax"`
	TrackID        string      `json:"trackId" minLength:"1" maxLength:"64" limit:"IDMax"`
	MessageType    MessageKind `json:"messageType" enum:"TEXT,IMAGE,FILE,AUDIO,VIDEO"`
	Content        string      `json:"content" maxLength:"5000" limit:"ChatTextMax"`
	ReferMessageID string      `json:"referMessageId,omitempty" maxLength:"64" limit:"IDMax"`
	Extra          string      `json:"extra,omitempty" maxLength:"1000" limit:"DetailsMax" doc:"JSON; for AUDIO {durationMs}"`
}

// MessageDeleteRequest is /message/delete: removed for the caller only.
type MessageDeleteRequest struct {
	MessageIDs []string `json:"messageIds" minItems:"1" maxItems:"100" limit:"ChatDeleteMax"`
}

// MessageForwardRequest is /message/forward: each message to each chat
// (FORWARD_EACH), or all of them as one merged message (FORWARD_MERGE).
type MessageForwardRequest struct {
	MessageIDs []string    `json:"messageIds" minItems:"1" maxItems:"30" limit:"ChatForwardMax"`
	ChatIDs    []string    `json:"chatIds" minItems:"1" maxItems:"10" limit:"ChatForwardToMax"`
	Mode       MessageKind `json:"mode" enum:"FORWARD_EACH,FORWARD_MERGE"`
	TrackID    string      `json:"trackId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// MessageTranslateRequest is /message/translate: the message's text in the
// caller's language (cached per message and language). With no AI provider
// the answer is code 4150 (CodeAINotConfigured, "translation needs an AI
// provider" in the caller's language) and only the original shows.
type MessageTranslateRequest struct {
	MessageID string `json:"messageId" minLength:"1" maxLength:"64" limit:"IDMax"`
}

// MessageTranslation is the answer of /message/translate.
type MessageTranslation struct {
	MessageID   string `json:"messageId"`
	Language    string `json:"language" doc:"The caller's language"`
	Translation string `json:"translation"`
}

// ChatUpload is the answer of /message/upload: push it as content.
type ChatUpload struct {
	FileName    string      `json:"fileName"`
	OriginName  string      `json:"originName"`
	ContentType string      `json:"contentType"`
	Size        int64       `json:"size"`
	MessageType MessageKind `json:"messageType" doc:"The kind to push it as, from its content"`
	Width       int         `json:"width,omitempty"`
	Height      int         `json:"height,omitempty"`
}

// Websocket frames (/api/im/ws?token=<access token>). Every frame is JSON
// {action, code, data}. The client binds first; it is online when the bind
// reply carries code 200 (spec 000 §4).
type ImFrame struct {
	Action ImAction `json:"action"`
	Code   int      `json:"code,omitempty"`
	Data   any      `json:"data,omitempty" tstype:"unknown"`
}

// ImAction is a websocket frame's action.
type ImAction int

const (
	ImBind     ImAction = 1   // client → server: ImBindRequest; server → client: the reply, code 200 (or 401/403)
	ImPing     ImAction = 2   // client → server
	ImPong     ImAction = 3   // server → client
	ImMessage  ImAction = 10  // server → client: a new Message (also to the sender's other devices)
	ImRecall   ImAction = 11  // server → client: ImRecallEvent
	ImRead     ImAction = 12  // server → client: ImReadEvent (a read receipt)
	ImUnread   ImAction = 13  // server → client: ImUnreadEvent
	ImChat     ImAction = 14  // server → client: a Chat changed (created, renamed, members)
	ImKnockOut ImAction = 999 // server → client, then close: stop reconnecting (spec 000 §4)
)

// Bind reply codes (spec 000 §4).
const (
	ImCodeOK           = 200
	ImCodeUnauthorized = 401 // bad or expired token: stop
	ImCodeForbidden    = 403 // the plan has no chat: stop
)

// ImBindRequest is the bind frame's data (spec 001 §7.11).
type ImBindRequest struct {
	UID         string `json:"uid"`
	Channel     string `json:"channel" doc:"web, desktop, kiosk"`
	AppVersion  string `json:"appVersion"`
	PackageName string `json:"packageName"`
	DeviceID    string `json:"deviceId"`
	DeviceName  string `json:"deviceName"`
}

// ImRecallEvent: a message was recalled for everyone.
type ImRecallEvent struct {
	ChatID    string `json:"chatId"`
	MessageID string `json:"messageId"`
}

// ImReadEvent: a member read a chat up to a sequence.
type ImReadEvent struct {
	ChatID  string `json:"chatId"`
	UserID  string `json:"userId"`
	ReadSeq int64  `json:"readSeq"`
}

// ImUnreadEvent: the receiver's unread counts changed.
type ImUnreadEvent struct {
	UnreadMessageCount int    `json:"unreadMessageCount" doc:"All chats"`
	ChatID             string `json:"chatId,omitempty"`
	ChatUnread         int    `json:"chatUnread"`
}

// ImKnockOutEvent: why the socket is closed for good.
type ImKnockOutEvent struct {
	Reason string `json:"reason" doc:"DISABLED, SIGNED_OUT, PLAN"`
}

// Chat message keys of Hearth's own messages (content of SYSTEM and EVENT
// messages; the UI's chat catalogue, frontend/src/features/chat/locales).
// Params are named beside each.
const (
	ChatKeyMedOverdueSoon       = "chat.system.medOverdueSoon"       // resident, medication, dueAt (epoch ms)
	ChatKeyShiftReportSubmitted = "chat.system.shiftReportSubmitted" // author, shiftDate
	ChatKeyIncidentForReview    = "chat.system.incidentForReview"    // author, resident, incidentType
	ChatKeyLeaveApproved        = "chat.system.leaveApproved"        // caregiver, from, to (YYYY-MM-DD)
	ChatKeyMemberAdded          = "chat.event.memberAdded"           // actor, members (names, comma-joined)
	ChatKeyMemberRemoved        = "chat.event.memberRemoved"         // actor, members
	ChatKeyMemberLeft           = "chat.event.memberLeft"            // member
	ChatKeyRenamed              = "chat.event.renamed"               // actor, name
	ChatKeyCreated              = "chat.event.created"               // actor
)
