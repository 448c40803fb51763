package shared

// In-app notifications: a feature tells people something (the eMAR's "a med
// pass becomes overdue in 30 minutes" to every caregiver on shift; later
// incidents and chat). A notification is stored per recipient with message
// KEYS, not text: the UI renders the title and body in the reader's language
// (frontend/src/features/notifications/locales), so one notification reads
// right to a Spanish- and a Chinese-speaking caregiver alike.

// NotificationKind says what a notification is about; the UI picks its icon by it.
type NotificationKind string

const (
	NotificationMedication NotificationKind = "MEDICATION" // the eMAR: passes due or overdue
	NotificationIncident   NotificationKind = "INCIDENT"
	NotificationChat       NotificationKind = "CHAT"
	NotificationSystem     NotificationKind = "SYSTEM" // what's new, welcome
)

// Message keys of notifications the server sends. Each is a key of the UI's
// catalogue (frontend/src/features/notifications/locales/<lang>.json) in all
// three languages; the params each needs are named beside it.
const (
	// NotifyMedicationOverdueSoonTitle / Body: a med pass not logged yet becomes
	// overdue in 30 minutes (issue 15; spec 001 §9). Params: resident (name),
	// medication (name), dueAt (the pass's time, epoch ms as a decimal string).
	NotifyMedicationOverdueSoonTitle = "notification.medication.overdueSoon.title"
	NotifyMedicationOverdueSoonBody  = "notification.medication.overdueSoon.body"
	// NotifyWelcomeTitle / Body: the demo's what's-new note (no params).
	NotifyWelcomeTitle = "notification.welcome.title"
	NotifyWelcomeBody  = "notification.welcome.body"
)

// Notification limits.
const (
	// NotificationKeepDays: notifications are kept 90 days, then removed by a
	// daily job. They are reminders, not records: what they point at (the MAR,
	// the incident) is kept by its own feature for as long as the law asks.
	NotificationKeepDays = 90
	// NotificationKeyMax bounds a title or body message key.
	NotificationKeyMax = 100
	// NotificationParamsMax bounds how many params one notification carries.
	NotificationParamsMax = 10
	// NotificationParamNameMax bounds a param's name.
	NotificationParamNameMax = 30
	// NotificationParamMax bounds a param's value (a resident's and a drug's name fit).
	NotificationParamMax = SubDetailsMax
	// NotificationLinkMax bounds the app path a notification opens.
	NotificationLinkMax = SubDetailsMax
	// NotificationDedupeKeyMax bounds a dedupe key.
	NotificationDedupeKeyMax = 200
	// NotificationMarkMax bounds the ids one markRead call takes.
	NotificationMarkMax = 100
)

// NotificationDraft is what a feature passes to notification.Service.Notify
// (Go API, in the caller's transaction; not a request body). TitleKey and
// BodyKey are UI message keys starting "notification."; Params fill their
// {{placeholders}} (a param named …At holds epoch ms and is shown as a time
// in the facility's zone); Link is an app path ("/emars"); DedupeKey makes
// Notify idempotent per recipient: a second Notify with the same key for the
// same person and facility adds nothing, so a retried job never notifies twice
// (e.g. "medpass-overdue-soon:<passId>").
type NotificationDraft struct {
	Kind      NotificationKind
	TitleKey  string
	BodyKey   string
	Params    map[string]string
	Link      string
	DedupeKey string
}

// Notification is one of the signed-in user's notifications.
type Notification struct {
	NotificationID string            `json:"notificationId"`
	Kind           NotificationKind  `json:"kind"`
	TitleKey       string            `json:"titleKey" doc:"UI message key (notification.…), rendered in the reader's language with params"`
	BodyKey        string            `json:"bodyKey,omitempty" doc:"UI message key of the body; empty for a title alone"`
	Params         map[string]string `json:"params" doc:"Values for the keys' placeholders; a name ending in At holds epoch ms"`
	Link           string            `json:"link,omitempty" doc:"The app path it opens, e.g. /emars"`
	CreateTime     int64             `json:"createTime" doc:"Epoch ms"`
	ReadTime       int64             `json:"readTime,omitempty" doc:"Epoch ms; 0 while unread"`
}

// NotificationFilter filters /notification/listMine.
type NotificationFilter struct {
	UnreadOnly bool `json:"unreadOnly,omitempty" doc:"Only the unread ones"`
}

// UnreadNotifications answers /notification/unreadCount and /notification/markRead.
type UnreadNotifications struct {
	Count      int   `json:"count" doc:"How many of your notifications are unread"`
	LatestTime int64 `json:"latestTime" doc:"Epoch ms of the newest unread one; 0 when none. A poll that sees it grow knows something new arrived"`
}

// MarkNotificationsReadRequest is POST /notification/markRead: the given ids,
// or with all every unread notification of yours.
type MarkNotificationsReadRequest struct {
	NotificationIDs []string `json:"notificationIds,omitempty" maxItems:"100" limit:"NotificationMarkMax" doc:"Your notifications to mark read; one that is not yours answers 4004 and nothing is marked"`
	All             bool     `json:"all,omitempty" doc:"Mark every unread notification of yours read (notificationIds must then be empty)"`
}
