package servertest

import (
	"bytes"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"hearth/cloud/feature/demo"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/config"
	"hearth/shared"
)

// Client calls the API the way the UI does: t on every request, and once signed
// in the bearer token and the Sign header; always a device id and JSON.
type Client struct {
	env          *Env
	Token        string
	RefreshToken string
	DeviceID     string
	Language     string // Accept-Language; empty sends none
	IP           string // sent as X-Forwarded-For (the test server trusts it)
	// Result is the answer that gave the client its tokens.
	Result shared.LoginResult
}

// Client is a new anonymous client with its own device id and address.
func (e *Env) Client() *Client {
	n := e.clients.Add(1)
	return &Client{env: e, DeviceID: fmt.Sprintf("test-device-%d", n), IP: fmt.Sprintf("10.0.%d.%d", n/250, n%250+1)}
}

// Use keeps the tokens of a login, code-step or refresh answer.
func (c *Client) Use(r shared.LoginResult) {
	c.Token, c.RefreshToken, c.Result = r.Token, r.RefreshToken, r
}

// Request is one call.
type Request struct {
	Method string // default GET, or POST when there is a body
	Path   string // full path, e.g. /api/system/user/getUserInfo (a query may follow)
	Body   any    // sent as JSON
	Raw    string // sent as is instead of Body
	Skew   time.Duration
	Sign   string            // sent instead of the computed Sign
	Header map[string]string // extra headers
}

// Response is an answer with its envelope read.
type Response struct {
	Status  int
	Header  http.Header
	Body    []byte
	Code    string
	Message string
	Data    json.RawMessage
}

// Sign is the spec's request signature, computed here independently of the
// server: md5(token + t + path), path without /api and the service prefix.
func Sign(token, t, path string) string {
	rest := strings.TrimPrefix(path, "/api/")
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		rest = rest[i:]
	}
	sum := md5.Sum([]byte(token + t + rest))
	return hex.EncodeToString(sum[:])
}

// EncodePassword is the spec's password encoding with the test server's key.
func EncodePassword(plain string) string {
	return auth.EncodePassword([]byte(config.DevLoginAESKey), plain)
}

// Do sends one request; the test stops when it cannot be sent or its answer
// cannot be read. In a goroutine of the test use Try.
func (c *Client) Do(tb testing.TB, rq Request) *Response {
	tb.Helper()
	r, err := c.Try(rq)
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// Try sends one request and returns why it could not be sent or read: for
// a test's goroutines, where t.Fatal would end only the goroutine and leave
// the test waiting for it.
func (c *Client) Try(rq Request) (*Response, error) {
	ts := strconv.FormatInt(c.env.Clock.Now().Add(rq.Skew).UnixMilli(), 10)
	path, _, _ := strings.Cut(rq.Path, "?")
	target := rq.Path + "?t=" + ts
	if strings.Contains(rq.Path, "?") {
		target = rq.Path + "&t=" + ts
	}
	var body io.Reader
	switch {
	case rq.Raw != "":
		body = strings.NewReader(rq.Raw)
	case rq.Body != nil:
		b, err := json.Marshal(rq.Body)
		if err != nil {
			return nil, fmt.Errorf("encode body: %w", err)
		}
		body = bytes.NewReader(b)
	}
	method := rq.Method
	if method == "" {
		method = http.MethodGet
		if body != nil {
			method = http.MethodPost
		}
	}
	req, err := http.NewRequest(method, c.env.HTTP.URL+target, body)
	if err != nil {
		return nil, fmt.Errorf("request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Cache-Control", "no-cache")
	req.Header.Set("X-Device-Id", c.DeviceID)
	req.Header.Set("X-Forwarded-For", c.IP)
	if c.Language != "" {
		req.Header.Set("Accept-Language", c.Language)
	}
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
		sign := rq.Sign
		if sign == "" {
			sign = Sign(c.Token, ts, path)
		}
		req.Header.Set("Sign", sign)
	}
	for k, v := range rq.Header {
		req.Header.Set(k, v)
	}
	resp, err := c.env.HTTP.Client().Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, rq.Path, err)
	}
	defer resp.Body.Close()
	r, err := ResponseOf(resp)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, rq.Path, err)
	}
	return r, nil
}

// ResponseOf reads an answer of the API: the status, headers and body, and
// the envelope's code, message and data when the body is JSON. For tests that
// send a request of their own (a multipart upload); they close the body.
func ResponseOf(resp *http.Response) (*Response, error) {
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("read: %w", err)
	}
	r := &Response{Status: resp.StatusCode, Header: resp.Header, Body: raw}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		var env struct {
			Code    string          `json:"code"`
			Message string          `json:"message"`
			Data    json.RawMessage `json:"data"`
		}
		if err := json.Unmarshal(raw, &env); err == nil {
			r.Code, r.Message, r.Data = env.Code, env.Message, env.Data
		}
	}
	return r, nil
}

// Get sends a GET.
func (c *Client) Get(tb testing.TB, path string) *Response {
	tb.Helper()
	return c.Do(tb, Request{Method: http.MethodGet, Path: path})
}

// Post sends a POST with a JSON body.
func (c *Client) Post(tb testing.TB, path string, body any) *Response {
	tb.Helper()
	if body == nil {
		body = struct{}{}
	}
	return c.Do(tb, Request{Method: http.MethodPost, Path: path, Body: body})
}

// Login is the password step with the password encoded as the UI does.
func (c *Client) Login(tb testing.TB, account, password, tenantID string) *Response {
	tb.Helper()
	return c.Post(tb, "/api/system/user/login", shared.LoginRequest{Account: account, Password: EncodePassword(password), TenantID: tenantID})
}

// SignIn signs account in with the demo password; see SignInWith.
func (e *Env) SignIn(tb testing.TB, account string, facility ...string) *Client {
	tb.Helper()
	return e.SignInWith(tb, account, demo.DemoPassword, facility...)
}

// SignInWith signs account in with password, choosing the facility (by name)
// when one is given, and entering the e-mailed code when one is asked for.
func (e *Env) SignInWith(tb testing.TB, account, password string, facility ...string) *Client {
	tb.Helper()
	c := e.Client()
	tenantID := ""
	if len(facility) > 0 {
		tenantID = e.FacilityID(tb, facility[0])
	}
	var lr shared.LoginResult
	c.Login(tb, account, password, tenantID).OK(tb).Into(tb, &lr)
	if len(lr.LoginTenantList) > 0 {
		tb.Fatalf("%s belongs to several facilities: name one", account)
	}
	if lr.TwoFactorAuthentication {
		req := shared.TwoFactorRequest{Account: account, VerifyCode: e.Code(tb, e.Email(tb, account)),
			ChallengeID: lr.ChallengeID, TenantID: tenantID}
		lr = shared.LoginResult{}
		c.Post(tb, "/api/system/user/twoFactorAuthentication", req).OK(tb).Into(tb, &lr)
	}
	if lr.Token == "" {
		tb.Fatalf("sign-in of %s gave no token", account)
	}
	c.Use(lr)
	return c
}

// Is fails the test unless the answer has the HTTP status and envelope code.
func (r *Response) Is(tb testing.TB, status int, code string) *Response {
	tb.Helper()
	if err := r.Check(status, code); err != nil {
		tb.Fatal(err)
	}
	return r
}

// Check is Is for a test's goroutines: the error says what differs.
func (r *Response) Check(status int, code string) error {
	if r.Status != status || r.Code != code {
		return fmt.Errorf("want HTTP %d code %q, got HTTP %d code %q: %s", status, code, r.Status, r.Code, r.Body)
	}
	return nil
}

// OK fails the test unless the answer is HTTP 200 with code 0000.
func (r *Response) OK(tb testing.TB) *Response {
	tb.Helper()
	return r.Is(tb, http.StatusOK, shared.CodeOK)
}

// Into decodes the envelope's data into v.
func (r *Response) Into(tb testing.TB, v any) {
	tb.Helper()
	if err := r.Decode(v); err != nil {
		tb.Fatal(err)
	}
}

// Decode is Into for a test's goroutines.
func (r *Response) Decode(v any) error {
	if err := json.Unmarshal(r.Data, v); err != nil {
		return fmt.Errorf("decode data %s: %w", r.Data, err)
	}
	return nil
}
