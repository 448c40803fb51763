// Package config reads Hearth's settings from the environment, with safe
// development defaults. docs/configuration.md lists every variable.
package config

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"hearth/cloud/platform/billing"
	"hearth/cloud/platform/blob"
	"hearth/shared"
)

// DevLoginAESKey is the development default of HEARTH_LOGIN_AES_KEY (16 bytes).
// The spec's password encoding is obfuscation, so this default is documented, not secret.
const DevLoginAESKey = "HearthLoginKey16"

// Version is the app version shown in the settings popover (spec 001 §9).
const Version = "1.2.15"

// Config is the server's configuration.
type Config struct {
	Addr        string
	DataDir     string
	DatabaseURL string
	// DBMaxConns is the PostgreSQL pool size (HEARTH_DB_MAX_CONNS); 0 means db.DefaultMaxConns.
	DBMaxConns  int
	JWTSecret   []byte
	LoginAESKey []byte
	Dev         bool
	// DevClockOffset moves the server's clock (HEARTH_DEV_CLOCK_OFFSET, a Go duration, honoured only with
	// HEARTH_DEV=1): a journey sees the product at another time of day, e.g. a caregiver at 10 PM. Seed
	// and serve given the same offset agree on the time; the UI follows the server's clock.
	DevClockOffset time.Duration
	PublicURL      string
	TrustProxy     bool
	TLSCert        string
	TLSKey         string
	// MetricsAddr is where Prometheus metrics are served (HEARTH_METRICS_ADDR,
	// e.g. 127.0.0.1:9090); empty: not served. Never on the API's listener.
	MetricsAddr string
	SMTP        SMTP
	// TwoFactorRoles are the roles whose sign-in needs the e-mailed code.
	TwoFactorRoles []shared.Role
	Files          Files
	// PlanMaxResidents, PlanMaxShiftReports and PlanMaxIncidentReports are
	// the limits HEARTH_PLAN_MAX_RESIDENTS, _SHIFT_REPORTS and
	// _INCIDENT_REPORTS name, per plan (a plan not named is absent). They only
	// seed the default service package of each plan at `hearth serve` until
	// the super admin saves that package (cloud/feature/svcpkg); the limits in
	// force are always the home's package's, read on every call.
	PlanMaxResidents       map[shared.Plan]int
	PlanMaxShiftReports    map[shared.Plan]int
	PlanMaxIncidentReports map[shared.Plan]int
	// AI seeds the AI provider of every capability /ai-config has not set
	// (HEARTH_AI_BASE_URL, HEARTH_AI_API_KEY, HEARTH_AI_MODEL); empty: none.
	AI AI
	// Chat is the chat's configured bounds (HEARTH_CHAT_RECALL_SECONDS, HEARTH_CHAT_FORWARD_MAX).
	Chat Chat
	// Billing is Stripe's keys (HEARTH_STRIPE_*); no secret key: manual billing.
	Billing billing.Config
	// Backup is where `hearth serve` keeps its scheduled backups and whom they are encrypted to.
	Backup Backup
	// Push is Web Push's VAPID keys (HEARTH_VAPID_*); empty: made at the first start and kept in the database.
	Push Push
}

// Push is Web Push's VAPID identity: HEARTH_VAPID_PUBLIC_KEY and
// HEARTH_VAPID_PRIVATE_KEY (base64url, as `npx web-push generate-vapid-keys`
// prints them; both or neither) and HEARTH_VAPID_SUBJECT (a mailto: or https:
// contact the push services may use; default mailto: the SMTP sender's address).
type Push struct {
	PublicKey, PrivateKey, Subject string
}

// Backup settings: HEARTH_BACKUP_RECIPIENT, the owner's age public key
// (age1…, from `hearth backup keygen`), and HEARTH_BACKUP_TO, a directory or
// s3://bucket/prefix (with the HEARTH_S3_* settings). On the embedded SQLite
// server HEARTH_BACKUP_TO defaults to $HEARTH_DATA_DIR/backups; on PostgreSQL
// it has no default. Without both, no backup is scheduled.
type Backup struct {
	Recipient string
	To        string
}

// Chat bounds the chat: how long a sender may recall a message, and how
// many messages are forwarded at once (spec 000 §5: "multi-select limited to
// a configurable maximum"). Zero values mean the defaults.
type Chat struct {
	RecallSeconds int // default shared.ChatRecallSeconds
	ForwardMax    int // default shared.ChatForwardMax, at most shared.ChatForwardMax
}

// DefaultChat is the chat's bounds when no variable is set.
func DefaultChat() Chat {
	return Chat{RecallSeconds: shared.ChatRecallSeconds, ForwardMax: shared.ChatForwardMax}
}

// AI is an OpenAI-compatible provider given by the environment (dev and ops).
type AI struct {
	BaseURL string // e.g. https://api.openai.com/v1
	APIKey  string
	Model   string // the chat model (translation, rewriting, analysis); empty: gpt-4o-mini
}

// Files are the upload limits and where file bytes are kept. A limit of 0
// means unlimited (spec 001 §9 "Package limits").
type Files struct {
	Dir             string         // a local directory (default $HEARTH_DATA_DIR/files) or s3://bucket/prefix
	S3              blob.S3Options // the S3-compatible store's settings (HEARTH_S3_*), when Dir is s3://
	MaxFileBytes    int64          // one file (answer 7010 above it)
	TenantBytes     int64          // all of one facility's files (7009)
	MaxFilesPerCall int            // files in one upload request (7008)
}

// Upload limit defaults (HEARTH_FILE_MAX_MB, HEARTH_TENANT_STORAGE_MB, HEARTH_UPLOAD_MAX_FILES).
const (
	DefaultFileMaxMB       = 20
	DefaultTenantStorageMB = 2048
	DefaultUploadMaxFiles  = 10
)

// SMTP settings; Host empty means the development outbox.
type SMTP struct {
	Host     string
	Port     int
	Username string
	Password string
	From     string
	StartTLS bool
}

// Load reads the environment. The JWT secret, when not given, is generated
// once and kept in the data directory so restarts keep sessions valid.
func Load() (*Config, error) {
	c := &Config{
		Addr:        env("HEARTH_ADDR", ":8080"),
		DataDir:     env("HEARTH_DATA_DIR", "./data"),
		Dev:         os.Getenv("HEARTH_DEV") == "1",
		TrustProxy:  os.Getenv("HEARTH_TRUST_PROXY") == "1",
		TLSCert:     os.Getenv("HEARTH_TLS_CERT"),
		TLSKey:      os.Getenv("HEARTH_TLS_KEY"),
		MetricsAddr: os.Getenv("HEARTH_METRICS_ADDR"),
	}
	c.DatabaseURL = env("HEARTH_DATABASE_URL", "sqlite:"+filepath.Join(c.DataDir, "hearth.db"))
	if v := os.Getenv("HEARTH_DB_MAX_CONNS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return nil, errors.New("HEARTH_DB_MAX_CONNS must be a whole number, 1 or more")
		}
		c.DBMaxConns = n
	}
	c.PublicURL = strings.TrimRight(env("HEARTH_PUBLIC_URL", "http://localhost"+portOf(c.Addr)), "/")
	c.LoginAESKey = []byte(env("HEARTH_LOGIN_AES_KEY", DevLoginAESKey))
	if n := len(c.LoginAESKey); n != 16 {
		return nil, fmt.Errorf("HEARTH_LOGIN_AES_KEY must be exactly 16 bytes (AES-128), got %d", n)
	}
	port, err := strconv.Atoi(env("HEARTH_SMTP_PORT", "587"))
	if err != nil {
		return nil, errors.New("HEARTH_SMTP_PORT must be a number")
	}
	c.SMTP = SMTP{
		Host: os.Getenv("HEARTH_SMTP_HOST"), Port: port,
		Username: os.Getenv("HEARTH_SMTP_USERNAME"), Password: os.Getenv("HEARTH_SMTP_PASSWORD"),
		From:     env("HEARTH_SMTP_FROM", "Hearth <no-reply@hearth.localhost>"),
		StartTLS: os.Getenv("HEARTH_SMTP_STARTTLS") != "0",
	}
	for _, r := range strings.Split(env("HEARTH_2FA_ROLES", "FACILITY_OWNER,FACILITY_OWNER_REGISTER,FACILITY_ADMIN"), ",") {
		if r = strings.TrimSpace(r); r != "" {
			c.TwoFactorRoles = append(c.TwoFactorRoles, shared.Role(r))
		}
	}
	c.AI = AI{BaseURL: strings.TrimRight(os.Getenv("HEARTH_AI_BASE_URL"), "/"), APIKey: os.Getenv("HEARTH_AI_API_KEY"), Model: os.Getenv("HEARTH_AI_MODEL")}
	if c.AI.BaseURL != "" && !strings.HasPrefix(c.AI.BaseURL, "http://") && !strings.HasPrefix(c.AI.BaseURL, "https://") {
		return nil, errors.New("HEARTH_AI_BASE_URL must start with http:// or https:// (e.g. https://api.openai.com/v1)")
	}
	c.Billing = billing.Config{SecretKey: os.Getenv("HEARTH_STRIPE_SECRET_KEY"), PublishableKey: os.Getenv("HEARTH_STRIPE_PUBLISHABLE_KEY"),
		WebhookSecret: os.Getenv("HEARTH_STRIPE_WEBHOOK_SECRET"), APIURL: os.Getenv("HEARTH_STRIPE_API_URL")}
	if c.Chat, err = loadChat(); err != nil {
		return nil, err
	}
	if c.Files, err = loadFiles(c.DataDir); err != nil {
		return nil, err
	}
	c.Push = Push{PublicKey: strings.TrimSpace(os.Getenv("HEARTH_VAPID_PUBLIC_KEY")), PrivateKey: strings.TrimSpace(os.Getenv("HEARTH_VAPID_PRIVATE_KEY")),
		Subject: strings.TrimSpace(os.Getenv("HEARTH_VAPID_SUBJECT"))}
	if (c.Push.PublicKey == "") != (c.Push.PrivateKey == "") {
		return nil, errors.New("HEARTH_VAPID_PUBLIC_KEY and HEARTH_VAPID_PRIVATE_KEY are set together (or neither: keys made at the first start)")
	}
	if s := c.Push.Subject; s != "" && !strings.HasPrefix(s, "mailto:") && !strings.HasPrefix(s, "https://") {
		return nil, errors.New("HEARTH_VAPID_SUBJECT must start with mailto: or https://")
	}
	c.Backup = Backup{Recipient: strings.TrimSpace(os.Getenv("HEARTH_BACKUP_RECIPIENT")), To: os.Getenv("HEARTH_BACKUP_TO")}
	if c.Backup.To == "" && strings.HasPrefix(c.DatabaseURL, "sqlite:") {
		c.Backup.To = filepath.Join(c.DataDir, "backups")
	}
	if c.PlanMaxResidents, err = parsePlanLimits("HEARTH_PLAN_MAX_RESIDENTS"); err != nil {
		return nil, err
	}
	if c.PlanMaxShiftReports, err = parsePlanLimits("HEARTH_PLAN_MAX_SHIFT_REPORTS"); err != nil {
		return nil, err
	}
	if c.PlanMaxIncidentReports, err = parsePlanLimits("HEARTH_PLAN_MAX_INCIDENT_REPORTS"); err != nil {
		return nil, err
	}
	if s := os.Getenv("HEARTH_JWT_SECRET"); s != "" {
		c.JWTSecret = []byte(s)
	} else if c.JWTSecret, err = dataDirSecret(c.DataDir); err != nil {
		return nil, err
	}
	if len(c.JWTSecret) < 32 {
		return nil, errors.New("HEARTH_JWT_SECRET must be at least 32 characters")
	}
	if off := os.Getenv("HEARTH_DEV_CLOCK_OFFSET"); off != "" {
		d, err := time.ParseDuration(off)
		if err != nil || !c.Dev {
			return nil, fmt.Errorf("HEARTH_DEV_CLOCK_OFFSET %q: a Go duration such as 5h30m, and only with HEARTH_DEV=1", off)
		}
		c.DevClockOffset = d
	}
	return c, nil
}

// DefaultFiles are the file settings when no variable is set. A Config built
// by hand (tests) with a zero Files gets these from server.New.
func DefaultFiles(dataDir string) Files {
	return Files{Dir: filepath.Join(dataDir, "files"), MaxFileBytes: DefaultFileMaxMB << 20,
		TenantBytes: DefaultTenantStorageMB << 20, MaxFilesPerCall: DefaultUploadMaxFiles}
}

func loadFiles(dataDir string) (Files, error) {
	f := DefaultFiles(dataDir)
	f.Dir = env("HEARTH_FILES_DIR", f.Dir)
	// Credentials are not here: the AWS SDK's chain reads AWS_ACCESS_KEY_ID and
	// AWS_SECRET_ACCESS_KEY, AWS_PROFILE or the instance's role itself.
	f.S3 = blob.S3Options{Endpoint: os.Getenv("HEARTH_S3_ENDPOINT"), Region: os.Getenv("HEARTH_S3_REGION"),
		PathStyle: os.Getenv("HEARTH_S3_PATH_STYLE") == "1", Encryption: os.Getenv("HEARTH_S3_SSE"), KMSKeyID: os.Getenv("HEARTH_S3_KMS_KEY_ID")}
	switch f.S3.Encryption {
	case "", blob.EncryptionAES256, blob.EncryptionKMS, blob.EncryptionOff:
	default:
		return f, errors.New("HEARTH_S3_SSE must be AES256 (the default), aws:kms or off")
	}
	if f.S3.KMSKeyID != "" && f.S3.Encryption != "" && f.S3.Encryption != blob.EncryptionKMS {
		return f, errors.New("HEARTH_S3_KMS_KEY_ID needs HEARTH_S3_SSE=aws:kms (or HEARTH_S3_SSE unset)")
	}
	for _, v := range []struct {
		key  string
		def  int
		into func(n int)
	}{
		{"HEARTH_FILE_MAX_MB", DefaultFileMaxMB, func(n int) { f.MaxFileBytes = int64(n) << 20 }},
		{"HEARTH_TENANT_STORAGE_MB", DefaultTenantStorageMB, func(n int) { f.TenantBytes = int64(n) << 20 }},
		{"HEARTH_UPLOAD_MAX_FILES", DefaultUploadMaxFiles, func(n int) { f.MaxFilesPerCall = n }},
	} {
		n, err := strconv.Atoi(env(v.key, strconv.Itoa(v.def)))
		if err != nil || n < 0 {
			return f, fmt.Errorf("%s must be a whole number, 0 or more (0 = unlimited)", v.key)
		}
		v.into(n)
	}
	return f, nil
}

func loadChat() (Chat, error) {
	c := DefaultChat()
	n, err := strconv.Atoi(env("HEARTH_CHAT_RECALL_SECONDS", strconv.Itoa(c.RecallSeconds)))
	if err != nil || n < 1 {
		return c, errors.New("HEARTH_CHAT_RECALL_SECONDS must be a whole number of seconds, 1 or more")
	}
	c.RecallSeconds = n
	n, err = strconv.Atoi(env("HEARTH_CHAT_FORWARD_MAX", strconv.Itoa(c.ForwardMax)))
	if err != nil || n < 1 || n > shared.ChatForwardMax {
		return c, fmt.Errorf("HEARTH_CHAT_FORWARD_MAX must be a whole number from 1 to %d", shared.ChatForwardMax)
	}
	c.ForwardMax = n
	return c, nil
}

// parsePlanLimits reads "FREE_PLAN=2,ESSENTIAL_PLAN=8,PREMIUM_PLAN=0" from key;
// plans it does not name are absent (their package keeps its limit).
func parsePlanLimits(key string) (map[shared.Plan]int, error) {
	limits := map[shared.Plan]int{}
	known := map[shared.Plan]bool{shared.PlanFree: true, shared.PlanEssential: true, shared.PlanPremium: true}
	for _, part := range strings.Split(os.Getenv(key), ",") {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		name, value, ok := strings.Cut(part, "=")
		plan := shared.Plan(strings.TrimSpace(name))
		n, err := strconv.Atoi(strings.TrimSpace(value))
		if !ok || !known[plan] || err != nil || n < 0 {
			return nil, fmt.Errorf("%s: %q must be PLAN=number (FREE_PLAN, ESSENTIAL_PLAN or PREMIUM_PLAN; 0 = unlimited)", key, part)
		}
		limits[plan] = n
	}
	return limits, nil
}

func dataDirSecret(dir string) ([]byte, error) {
	path := filepath.Join(dir, "jwt-secret")
	if b, err := os.ReadFile(path); err == nil && len(b) >= 32 {
		return b, nil
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("create data dir: %w", err)
	}
	buf := make([]byte, 32)
	if _, err := rand.Read(buf); err != nil {
		return nil, fmt.Errorf("generate secret: %w", err)
	}
	secret := []byte(hex.EncodeToString(buf))
	if err := os.WriteFile(path, secret, 0o600); err != nil {
		return nil, fmt.Errorf("keep jwt secret: %w", err)
	}
	return secret, nil
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func portOf(addr string) string {
	if i := strings.LastIndexByte(addr, ':'); i >= 0 {
		return addr[i:]
	}
	return ""
}
