package auth_test

import (
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"hearth/cloud/platform/auth"
	"hearth/shared"
)

// Spec 000 §6: FREE_PLAN has seven functions, ESSENTIAL_PLAN all but three, PREMIUM_PLAN all.
func TestPlanAllows(t *testing.T) {
	type row struct {
		function                 string
		free, essential, premium bool
	}
	rows := []row{
		{shared.FnDashboard, true, true, true},
		{shared.FnCaregiverTask, true, true, true},
		{shared.FnHomeOwnerTasks, true, true, true},
		{shared.FnCaregiverResidents, true, true, true},
		{shared.FnResidentManagement, true, true, true},
		{shared.FnStaffManagement, true, true, true},
		{shared.FnPricing, true, true, true},
		{"Calendar", false, true, true},
		{"Emars", false, true, true},
		{"ShiftManagement", false, true, true},
		{"ShiftReport", false, true, true},
		{"Message", false, true, true},
		{"YourStatus", false, true, true},
		{shared.FnIncidentManagement, false, false, true},
		{shared.FnInspectionStatus, false, true, true}, // spec 000 §2: needs the essential plan
		{shared.FnCaregiverIncident, false, false, true},
	}
	for _, r := range rows {
		t.Run(r.function, func(t *testing.T) {
			for plan, want := range map[shared.Plan]bool{
				shared.PlanFree: r.free, shared.PlanEssential: r.essential, shared.PlanPremium: r.premium,
				"": false, "GOLD_PLAN": false,
			} {
				if got := auth.PlanAllows(plan, r.function); got != want {
					t.Errorf("PlanAllows(%q, %q) = %v, want %v", plan, r.function, got, want)
				}
			}
		})
	}
}

func TestPasswordProblem(t *testing.T) {
	cases := []struct {
		password, want string
	}{
		{"Password1@", ""},
		{"Demo@2026x", ""},
		{"Aa1@aaaa", ""},                           // 8 characters: the minimum
		{"Aa1@" + strings.Repeat("a", 26), ""},     // 30 characters: the maximum
		{"Aa1@aaa", "rule"},                        // 7 characters
		{"Aa1@" + strings.Repeat("a", 27), "rule"}, // 31 characters
		{"Password1", "rule"},                      // no symbol
		{"Password1!", "rule"},                     // ! is not one of @#$%^&+=
		{"password1@", "rule"},                     // no uppercase letter
		{"PASSWORD1@", "rule"},                     // no lowercase letter
		{"Password@@", "rule"},                     // no digit
		{"password", "rule"},                       // common, but the rule fails first
		{"", "rule"},
	}
	for _, c := range cases {
		if got := auth.PasswordProblem(c.password); got != c.want {
			t.Errorf("PasswordProblem(%q) = %q, want %q", c.password, got, c.want)
		}
	}
}

// No password in the shipped common-password list meets the rule (none mixes a
// letter, a digit and one of @#$%^&+= in 8+ characters), so the "common" answer
// is checked through IsCommonPassword itself.
func TestIsCommonPassword(t *testing.T) {
	for _, p := range []string{"password", "PASSWORD", "123456", "qwerty", "iloveyou"} {
		if !auth.IsCommonPassword(p) {
			t.Errorf("IsCommonPassword(%q) = false, want true", p)
		}
	}
	for _, p := range []string{"Password1@", "Demo@2026x", "kx7#Lm2$Qv"} {
		if auth.IsCommonPassword(p) {
			t.Errorf("IsCommonPassword(%q) = true, want false", p)
		}
	}
}

func TestHashPassword(t *testing.T) {
	h, err := auth.HashPassword("Demo@2026x")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$") {
		t.Errorf("hash %q is not argon2id", h)
	}
	if strings.Contains(h, "Demo@2026x") {
		t.Error("hash contains the password")
	}
	if !auth.CheckPassword("Demo@2026x", h) {
		t.Error("right password refused")
	}
	for _, wrong := range []string{"demo@2026x", "Demo@2026", "", "Demo@2026x "} {
		if auth.CheckPassword(wrong, h) {
			t.Errorf("wrong password %q accepted", wrong)
		}
	}
	if auth.CheckPassword("Demo@2026x", "not-a-hash") {
		t.Error("a malformed hash accepted a password")
	}
}

// The expected values were made with openssl (aes-128-ecb, PKCS#7, base64), the
// same encoding the UI applies with the key from /config/public.
func TestPasswordEncoding(t *testing.T) {
	key := []byte("HearthLoginKey16")
	known := map[string]string{
		"Demo@2026x":                "EjYOKaZJA96ooDuVZCnKZQ==",
		"Password1@-longer-than-16": "n84jVxyeFFn9dmmkN9yd5Jil6E3SMy7RzlRDnV+fhik=",
	}
	for plain, encoded := range known {
		if got := auth.EncodePassword(key, plain); got != encoded {
			t.Errorf("EncodePassword(%q) = %q, want %q", plain, got, encoded)
		}
		got, err := auth.DecodePassword(key, encoded)
		if err != nil || got != plain {
			t.Errorf("DecodePassword(%q) = %q, %v; want %q", encoded, got, err, plain)
		}
	}
	for _, p := range []string{"", "a", "exactly16chars!!", "пароль-Ünïcode@1"} {
		got, err := auth.DecodePassword(key, auth.EncodePassword(key, p))
		if err != nil || got != p {
			t.Errorf("round trip of %q = %q, %v", p, got, err)
		}
	}
	for _, bad := range []string{
		"",                         // empty
		"not base64!",              // not base64
		"EjYOKaZJA96ooDuV",         // 12 bytes: not a whole block
		"AAAAAAAAAAAAAAAAAAAAAA==", // a block whose padding is wrong
		"Demo@2026x",               // the password in clear
	} {
		if got, err := auth.DecodePassword(key, bad); err == nil {
			t.Errorf("DecodePassword(%q) = %q, want an error", bad, got)
		}
	}
	if _, err := auth.DecodePassword([]byte("AnotherKey16byte"), known["Demo@2026x"]); err == nil {
		// A wrong key almost always breaks the padding; this vector does.
		t.Error("a password encoded with another key was read")
	}
}

func TestSign(t *testing.T) {
	// echo -n 'tok1700000000000/user/getUserInfo' | md5sum
	if got := auth.Sign("tok", "1700000000000", "/user/getUserInfo"); got != "7a47a022629589ef0d0f21cb6948f91e" {
		t.Errorf("Sign = %s", got)
	}
	paths := map[string]string{
		"/api/system/user/getUserInfo":      "/user/getUserInfo",
		"/api/care/resident/listByPage":     "/resident/listByPage",
		"/api/system/menu/listUserMenuTree": "/menu/listUserMenuTree",
		"/api/ai":                           "/",
		"/healthz":                          "/healthz",
	}
	for in, want := range paths {
		if got := auth.SignPath(in); got != want {
			t.Errorf("SignPath(%q) = %q, want %q", in, got, want)
		}
	}
}

type clock struct{ now time.Time }

func (c *clock) Now() time.Time { return c.now }

func TestTokens(t *testing.T) {
	secret := []byte("0123456789abcdef0123456789abcdef")
	if _, err := auth.NewTokens(secret[:31], nil); err == nil {
		t.Error("a 31-byte secret was accepted")
	}
	clk := &clock{now: time.Now()}
	tokens, err := auth.NewTokens(secret, clk.Now)
	if err != nil {
		t.Fatal(err)
	}
	p := auth.Principal{UserID: "u1", TenantID: "t1", Roles: []shared.Role{shared.RoleFacilityOwner}, Plan: shared.PlanEssential, SessionID: "s1"}
	token, exp, err := tokens.Issue(p)
	if err != nil {
		t.Fatal(err)
	}
	if want := clk.now.Add(auth.AccessTokenTTL); exp.Unix() != want.Unix() {
		t.Errorf("expires %v, want %v", exp, want)
	}
	got, err := tokens.Verify(token)
	if err != nil {
		t.Fatal(err)
	}
	if got.UserID != "u1" || got.TenantID != "t1" || got.Plan != shared.PlanEssential || got.SessionID != "s1" ||
		!got.Has(shared.RoleFacilityOwner) || got.Has(shared.RoleSuperAdmin) || got.IsSuperAdmin() {
		t.Errorf("principal %+v", got)
	}

	// Verified tokens are kept; each caller still gets its own principal.
	got.DeviceID, got.LoginAt = "changed by a caller", 42
	if again, err := tokens.Verify(token); err != nil || again.DeviceID != "" || again.LoginAt != 0 || again.UserID != "u1" {
		t.Errorf("second Verify: %+v, %v", again, err)
	}

	clk.now = clk.now.Add(auth.AccessTokenTTL - time.Second)
	if _, err := tokens.Verify(token); err != nil {
		t.Errorf("token refused a second before it expires: %v", err)
	}
	clk.now = clk.now.Add(10 * time.Second)
	if _, err := tokens.Verify(token); err == nil {
		t.Error("expired token accepted")
	}
	clk.now = time.Now()

	other, _ := auth.NewTokens([]byte("another-secret-another-secret-32b"), clk.Now)
	if _, err := other.Verify(token); err == nil {
		t.Error("token signed with another secret accepted")
	}
	if _, err := tokens.Verify(token[:len(token)-2] + "xx"); err == nil {
		t.Error("token with a changed signature accepted")
	}
	// alg none must never be accepted.
	none := jwt.NewWithClaims(jwt.SigningMethodNone, jwt.MapClaims{
		"iss": auth.Issuer, "aud": auth.Audience, "sub": "u1", "sid": "s1", "roles": []string{"SUPER_ADMIN"},
		"exp": clk.now.Add(time.Hour).Unix(),
	})
	unsigned, err := none.SignedString(jwt.UnsafeAllowNoneSignatureType)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tokens.Verify(unsigned); err == nil {
		t.Error("alg none token accepted")
	}
	// A token without a session is refused.
	noSession, _, _ := tokens.Issue(auth.Principal{UserID: "u1", Roles: []shared.Role{shared.RoleSuperAdmin}})
	if _, err := tokens.Verify(noSession); err == nil {
		t.Error("token without a session accepted")
	}
}

func TestOpaqueTokens(t *testing.T) {
	seen := map[string]bool{}
	for range 100 {
		tok := auth.NewOpaqueToken()
		if len(tok) != 43 || strings.ContainsAny(tok, "+/=") {
			t.Fatalf("token %q is not 32 URL-safe bytes", tok)
		}
		if seen[tok] {
			t.Fatal("repeated token")
		}
		seen[tok] = true
	}
	if h := auth.HashToken("12345"); h != "5994471abb01112afcc18159f6cc74b4f511b99806da59b3caf5a9c173cacfc5" {
		t.Errorf("HashToken(12345) = %s", h)
	}
}
