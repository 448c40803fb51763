package shared

// Limits every feature uses: the spec's input lengths and field bounds (spec
// 001 §9 "Input lengths": unit 10, long unit 20, short 50, title 100, sub
// details 300, details 1000, long details 4096; "Field bounds": account 6-20,
// mail 5-100, owner name 2-50, phone 10-20), and the bounds of values the
// server makes (ids, tokens, signatures). A feature's own limits live beside
// its types (TicketTitleMax in ticket.go). The struct tags repeat them for Huma
// and name them in limit:"…"; limits_test.go fails when the two disagree.
// make types exports them to the UI (frontend/src/types/api.gen.ts).

const (
	// IDMax bounds every record id a request carries (UUIDs and the 32-hex ids fit).
	IDMax          = 64
	UnitMax        = 10   // spec 001 §9 input lengths: unit
	LongUnitMax    = 20   // long unit
	ShortTextMax   = 50   // short
	TitleMax       = 100  // title
	SubDetailsMax  = 300  // sub details
	DetailsMax     = 1000 // details
	LongDetailsMax = 4096 // long details

	AccountMin    = 6   // spec 001 §9 field bounds: account 6-20
	AccountMax    = 20  // account
	MailMin       = 5   // mail 5-100
	MailMax       = 100 // mail
	PersonNameMin = 2   // owner name 2-50, and any person's name
	PersonNameMax = 50  // person's name
	PhoneMin      = 10  // phone 10-20
	PhoneMax      = 20  // phone

	// SignInAccountMax bounds what the sign-in form takes: an account name or an e-mail address.
	SignInAccountMax = 100
	// TokenMax bounds a refresh token or an e-mailed link's token.
	TokenMax = 200
	// CaptchaCodeMax bounds the typed picture code.
	CaptchaCodeMax = 10
	// DateTextMax bounds a date written YYYY-MM-DD.
	DateTextMax = 10
	// FileNameMax bounds a file's name (the common file-system limit, 255 bytes).
	FileNameMax = 255
	// LinkSignatureMax bounds a signed link's signature.
	LinkSignatureMax = 128
	// ImageSideMin/Max bound a requested image size in pixels (spec 001 §5: images up to 4096 by 4096).
	ImageSideMin = 16
	ImageSideMax = 4096
	// ConfirmFilesMax bounds the file ids one confirmed call takes.
	ConfirmFilesMax = 100
)

// PrintMaxRecords bounds what one printed or exported report holds (spec 001 §9
// "Print range maximum": 1000 records); a larger range is refused with a
// request to narrow it.
const PrintMaxRecords = 1000
