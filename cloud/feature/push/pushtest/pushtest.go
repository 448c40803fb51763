// Package pushtest is a push service for tests: no real one can be reached
// from the test machine, so a test runs this local endpoint, subscribes a
// browser it makes up (a P-256 key pair and an auth secret), and reads each
// message the server sends by decrypting it with that subscription's keys
// as a browser does (RFC 8291, aes128gcm content coding of RFC 8188), after
// checking the VAPID authorization (RFC 8292). So the whole path is tested
// but the last hop.
package pushtest

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/golang-jwt/jwt/v5"

	"hearth/shared"
)

// Message is one push the endpoint received and decrypted.
type Message struct {
	Payload shared.PushPayload
	Raw     []byte // the decrypted plaintext
	TTL     string
	Topic   string
	Urgency string
	// VAPIDKey is the k= of the Authorization header (the server's public key).
	VAPIDKey string
}

// Endpoint is a local push service holding one made-up browser subscription.
type Endpoint struct {
	Server *httptest.Server
	// URL is the subscription's endpoint.
	URL string
	// P256dh and Auth are the subscription's keys, base64url, as PushSubscription.toJSON() gives them.
	P256dh, Auth string

	key    *ecdh.PrivateKey
	secret []byte

	mu       sync.Mutex
	status   int
	messages []Message
	errs     []error
}

// Start runs an endpoint until the test ends. It answers 201 Created
// (RFC 8030 §5) until Answer changes it.
func Start(tb testing.TB) *Endpoint {
	tb.Helper()
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		tb.Fatal(err)
	}
	secret := make([]byte, 16)
	if _, err := rand.Read(secret); err != nil {
		tb.Fatal(err)
	}
	e := &Endpoint{key: key, secret: secret, status: http.StatusCreated,
		P256dh: base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes()), Auth: base64.RawURLEncoding.EncodeToString(secret)}
	e.Server = httptest.NewServer(http.HandlerFunc(e.serve))
	tb.Cleanup(e.Server.Close)
	e.URL = e.Server.URL + "/push/" + base64.RawURLEncoding.EncodeToString(secret[:8])
	return e
}

// Subscription is the body of /push/subscribe for this browser.
func (e *Endpoint) Subscription() shared.PushSubscribeRequest {
	return shared.PushSubscribeRequest{Endpoint: e.URL, P256dh: e.P256dh, Auth: e.Auth}
}

// Answer makes the endpoint answer status from now on (410: the subscription is gone).
func (e *Endpoint) Answer(status int) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.status = status
}

// Messages are the messages received and read so far.
func (e *Endpoint) Messages() []Message {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]Message(nil), e.messages...)
}

// Errors are the requests the endpoint could not read (a bad VAPID header, a
// payload that does not decrypt); a test fails on any.
func (e *Endpoint) Errors() []error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]error(nil), e.errs...)
}

func (e *Endpoint) serve(w http.ResponseWriter, r *http.Request) {
	m, err := e.read(r)
	e.mu.Lock()
	status := e.status
	if err != nil {
		e.errs = append(e.errs, err)
		status = http.StatusBadRequest
	} else if status >= 200 && status < 300 {
		e.messages = append(e.messages, m)
	}
	e.mu.Unlock()
	w.WriteHeader(status)
}

// read checks one request as a push service and a browser would and decrypts it.
func (e *Endpoint) read(r *http.Request) (Message, error) {
	m := Message{TTL: r.Header.Get("TTL"), Topic: r.Header.Get("Topic"), Urgency: r.Header.Get("Urgency")}
	if r.Method != http.MethodPost || r.URL.Path+"" == "" {
		return m, fmt.Errorf("want a POST, got %s", r.Method)
	}
	if ce := r.Header.Get("Content-Encoding"); ce != "aes128gcm" {
		return m, fmt.Errorf("Content-Encoding %q, want aes128gcm", ce)
	}
	if m.TTL == "" {
		return m, errors.New("no TTL header (RFC 8030 §5.2 requires one)")
	}
	k, err := e.checkVAPID(r.Header.Get("Authorization"))
	if err != nil {
		return m, err
	}
	m.VAPIDKey = k
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return m, fmt.Errorf("read the body: %w", err)
	}
	if m.Raw, err = Decrypt(e.key, e.secret, body); err != nil {
		return m, err
	}
	if err := json.Unmarshal(m.Raw, &m.Payload); err != nil {
		return m, fmt.Errorf("payload is not JSON: %w", err)
	}
	return m, nil
}

// checkVAPID verifies "vapid t=<JWT>, k=<public key>" (RFC 8292 §3): an
// ES256 token signed by k, for this endpoint's origin, with a contact.
func (e *Endpoint) checkVAPID(h string) (string, error) {
	rest, ok := strings.CutPrefix(h, "vapid ")
	if !ok {
		return "", fmt.Errorf("the Authorization header %q is not vapid", h)
	}
	var token, k string
	for _, part := range strings.Split(rest, ",") {
		part = strings.TrimSpace(part)
		if v, ok := strings.CutPrefix(part, "t="); ok {
			token = v
		} else if v, ok := strings.CutPrefix(part, "k="); ok {
			k = v
		}
	}
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(k, "="))
	if err != nil {
		return "", fmt.Errorf("k= is not a P-256 public key: %q", k)
	}
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), raw) // Go 1.25+: checks the point is on the curve
	if err != nil {
		return "", fmt.Errorf("k= is not a P-256 public key: %q: %w", k, err)
	}
	claims := jwt.MapClaims{}
	_, err = jwt.ParseWithClaims(token, claims, func(*jwt.Token) (any, error) { return pub, nil },
		jwt.WithValidMethods([]string{"ES256"}), jwt.WithAudience(e.Server.URL), jwt.WithExpirationRequired())
	if err != nil {
		return "", fmt.Errorf("VAPID token: %w", err)
	}
	if sub, _ := claims["sub"].(string); !strings.HasPrefix(sub, "mailto:") && !strings.HasPrefix(sub, "https:") {
		return "", fmt.Errorf("VAPID sub %q is no contact", sub)
	}
	return k, nil
}

// Decrypt reads an aes128gcm push message body (RFC 8291 §3.4, RFC 8188 §2)
// with the browser's private key and auth secret: the header's salt, record
// size and the sender's one-time public key, the key and nonce derived with
// HKDF-SHA-256 as RFC 8291 §3.3-3.4 say, then AES-128-GCM and the padding
// delimiter 0x02 of the last record.
func Decrypt(key *ecdh.PrivateKey, authSecret, body []byte) ([]byte, error) {
	if len(body) < 21 {
		return nil, errors.New("body shorter than the aes128gcm header")
	}
	salt, rs, idlen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	if len(body) < 21+idlen || idlen != 65 {
		return nil, fmt.Errorf("keyid of %d bytes, want the sender's 65-byte public key", idlen)
	}
	senderRaw, ciphertext := body[21:21+idlen], body[21+idlen:]
	if rs < 18 || uint32(len(ciphertext)) > rs {
		return nil, fmt.Errorf("one record of %d bytes with record size %d", len(ciphertext), rs)
	}
	sender, err := ecdh.P256().NewPublicKey(senderRaw)
	if err != nil {
		return nil, fmt.Errorf("sender key: %w", err)
	}
	ecdhSecret, err := key.ECDH(sender)
	if err != nil {
		return nil, fmt.Errorf("ecdh: %w", err)
	}
	uaPublic := key.PublicKey().Bytes()
	// RFC 8291 §3.3: PRK_key = HMAC(auth_secret, ecdh_secret); IKM = HMAC(PRK_key, key_info || 0x01)
	keyInfo := append(append(append([]byte("WebPush: info\x00"), uaPublic...), senderRaw...), 1)
	ikm := mac(mac(authSecret, ecdhSecret), keyInfo)
	// RFC 8188 §2.2-2.3: PRK = HMAC(salt, IKM); CEK and NONCE expanded from it.
	prk := mac(salt, ikm)
	cek := mac(prk, []byte("Content-Encoding: aes128gcm\x00\x01"))[:16]
	nonce := mac(prk, []byte("Content-Encoding: nonce\x00\x01"))[:12]
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, fmt.Errorf("aes: %w", err)
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("gcm: %w", err)
	}
	plain, err := gcm.Open(nil, nonce, ciphertext, nil)
	if err != nil {
		return nil, fmt.Errorf("decrypt: %w", err)
	}
	plain = bytes.TrimRight(plain, "\x00")
	if len(plain) == 0 || plain[len(plain)-1] != 2 {
		return nil, errors.New("no last-record padding delimiter 0x02")
	}
	return plain[:len(plain)-1], nil
}

func mac(key, data []byte) []byte {
	h := hmac.New(sha256.New, key)
	h.Write(data)
	return h.Sum(nil)
}
