package shared

// Web Push (issue 34, "Alerts that reach the phone"): a person turns push on
// for a device in their settings (the browser's PushManager subscription is
// sent to the server), and chooses which alerts reach their devices. The
// server sends, through the jobs platform, what already notifies in the app:
// a med pass 30 minutes before overdue, a PRN effect check due, a shift
// reminder and a chat message, each to the people on shift (quiet outside
// their shifts; a reminder of one's own next shift comes anyway), in the
// recipient's language. docs/api.md "Web Push".

// PushAlert is one kind of alert a person may choose to get on their devices.
type PushAlert string

const (
	PushAlertMedPass       PushAlert = "MED_PASS"       // a med pass becomes overdue in 30 minutes
	PushAlertPrnCheck      PushAlert = "PRN_CHECK"      // a PRN dose's effect check is due
	PushAlertShiftReminder PushAlert = "SHIFT_REMINDER" // your shift tomorrow, your shift in an hour
	PushAlertChatMessage   PushAlert = "CHAT_MESSAGE"   // a chat message while the app is closed
)

// PushAlerts are the alerts, in the order the settings list them.
var PushAlerts = []PushAlert{PushAlertMedPass, PushAlertPrnCheck, PushAlertShiftReminder, PushAlertChatMessage}

// Push limits.
const (
	// PushEndpointMax bounds a push service URL (the browsers' are 150-500 characters).
	PushEndpointMax = 1000
	// PushKeyMax bounds the browser's P-256 public key, base64url (65 bytes: 87 characters).
	PushKeyMax = 100
	// PushAuthMax bounds the browser's auth secret, base64url (16 bytes: 22 characters).
	PushAuthMax = 50
	// PushDevicesMax bounds how many devices of one person in a facility get pushes;
	// subscribing one more removes the least recently subscribed.
	PushDevicesMax = 10
)

// NotifyPrnCheckDueTitle / Body: a PRN dose's effectiveness check is due now
// (an hour after the dose). Params: resident (name), medication (name), givenAt
// and dueAt (epoch ms as decimal strings).
const (
	NotifyPrnCheckDueTitle = "notification.medication.prnCheckDue.title"
	NotifyPrnCheckDueBody  = "notification.medication.prnCheckDue.body"
)

// PushKey answers /push/publicKey: the server's VAPID public key
// (applicationServerKey of PushManager.subscribe).
type PushKey struct {
	PublicKey string `json:"publicKey" doc:"The VAPID public key, base64url (uncompressed P-256 point)"`
}

// PushSubscribeRequest is POST /push/subscribe: this device's subscription
// (PushSubscription.toJSON()). The device is the request's X-Device-Id; the
// person and the facility come from the token.
type PushSubscribeRequest struct {
	Endpoint string `json:"endpoint" minLength:"1" maxLength:"1000" limit:"PushEndpointMax" doc:"The push service URL (https)"`
	P256dh   string `json:"p256dh" minLength:"1" maxLength:"100" limit:"PushKeyMax" doc:"keys.p256dh: the browser's P-256 public key, base64url"`
	Auth     string `json:"auth" minLength:"1" maxLength:"50" limit:"PushAuthMax" doc:"keys.auth: the 16-byte auth secret, base64url"`
}

// PushStatus answers /push/subscribe, /push/unsubscribe and /push/status: whether this device gets pushes.
type PushStatus struct {
	Subscribed bool `json:"subscribed" doc:"This device (X-Device-Id) has a subscription for you in this facility"`
	Devices    int  `json:"devices" doc:"How many of your devices get pushes in this facility"`
}

// PushPreferences are a person's choices of alerts, in one facility
// (GET /push/preferences answers them, POST /push/savePreferences takes them).
// Every alert is on until the person turns it off.
type PushPreferences struct {
	MedPass       bool `json:"medPass" doc:"A med pass 30 minutes before it becomes overdue"`
	PrnCheck      bool `json:"prnCheck" doc:"A PRN dose's effect check is due"`
	ShiftReminder bool `json:"shiftReminder" doc:"The evening before and an hour before your shift"`
	ChatMessage   bool `json:"chatMessage" doc:"A chat message while the app is closed"`
}

// PushPayload is what the service worker receives in a push (encrypted,
// RFC 8291): already in the recipient's language.
type PushPayload struct {
	Title string    `json:"title"`
	Body  string    `json:"body"`
	URL   string    `json:"url" doc:"The app path the notification opens"`
	Tag   string    `json:"tag" doc:"Replaces an earlier notification of the same thing"`
	Alert PushAlert `json:"alert"`
}
