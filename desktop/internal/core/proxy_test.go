package core

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"hearth/shared"
)

func TestProxyCacheFallback(t *testing.T) {
	cloud := startCloud(t)
	c, _ := openCore(t, "")
	call(t, c, "GET", "/api/system/user/getUserInfo?t=1", nil).must(t, shared.CodeCloudUnreachable) // no cloud URL yet
	call(t, c, "POST", "/api/desktop/cloud", shared.SetCloudRequest{CloudURL: cloud.url + "/"}).must(t, shared.CodeOK)

	// Owner mode: a kiosk call from the owner's window is proxied untouched.
	first := call(t, c, "GET", kioskHomePath+"?t=111", nil, kioskHeader, demoCredential).must(t, shared.CodeOK)
	if first.Header.Get(shared.OfflineSinceHeader) != "" {
		t.Fatal("an online answer says offline")
	}
	var home shared.KioskHome
	first.into(t, &home)
	if home.FacilityName != "Maple House AFH" {
		t.Fatalf("%+v", home)
	}
	call(t, c, "GET", "/api/system/user/getUserInfo?t=1", nil).must(t, shared.CodeUnauthorized) // the cloud's 401 passes through
	if st := c.status(context.Background()); !st.Online || st.LastOnlineTime == 0 {
		t.Fatalf("status online: %+v", st)
	}

	cloud.stop()
	before := time.Now().UnixMilli()
	again := call(t, c, "GET", kioskHomePath+"?t=222", nil, kioskHeader, demoCredential).must(t, shared.CodeOK)
	since, err := strconv.ParseInt(again.Header.Get(shared.OfflineSinceHeader), 10, 64)
	if err != nil || since <= 0 || since > before {
		t.Fatalf("offline since %q", again.Header.Get(shared.OfflineSinceHeader))
	}
	if !bytes.Equal(again.Body, first.Body) {
		t.Fatalf("the kept answer differs:\n%s\n%s", first.Body, again.Body)
	}
	// Kept per person and per question.
	call(t, c, "GET", kioskHomePath+"?t=333", nil).must(t, shared.CodeOffline)
	call(t, c, "GET", kioskHomePath+"?t=333&other=1", nil, kioskHeader, demoCredential).must(t, shared.CodeOffline)
	call(t, c, "POST", "/api/care/caregiverClockInRecord/clockIn?t=1", map[string]any{"clientPunchId": "abcdefgh"}).must(t, shared.CodeOffline)
	if st := c.status(context.Background()); st.Online {
		t.Fatal("status says online with the cloud stopped")
	}
}

func TestSignOutForgetsThatPersonsCache(t *testing.T) {
	c, _ := openCore(t, "")
	call(t, c, "POST", "/api/desktop/cloud", shared.SetCloudRequest{CloudURL: "http://127.0.0.1:1"}).must(t, shared.CodeCloudUnreachable)
	// No cloud answers; the sign-out still forgets what was kept for that person.
	if err := c.updateSettings(func(s *settingsS) { s.CloudURL = deadURL(t) }); err != nil {
		t.Fatal(err)
	}
	alice, bob := fakeToken("alice", "t1"), fakeToken("bob", "t1")
	ctx := context.Background()
	for _, who := range []string{cacheWho("Bearer " + alice), cacheWho("Bearer " + bob)} {
		if err := c.cachePut(ctx, who, "/api/system/user/getUserInfo", "", "application/json", []byte(`{"code":"0000","data":{}}`), 1); err != nil {
			t.Fatal(err)
		}
	}
	call(t, c, "GET", "/api/system/user/getUserInfo?t=5", nil, "Authorization", "Bearer "+alice).must(t, shared.CodeOK)
	call(t, c, "POST", "/api/system/user/logout?t=6", map[string]any{}, "Authorization", "Bearer "+alice).must(t, shared.CodeOffline)
	call(t, c, "GET", "/api/system/user/getUserInfo?t=7", nil, "Authorization", "Bearer "+alice).must(t, shared.CodeOffline)
	call(t, c, "GET", "/api/system/user/getUserInfo?t=8", nil, "Authorization", "Bearer "+bob).must(t, shared.CodeOK)
}

// TestProxyPassesRequestsThrough checks what reaches the cloud byte for
// byte, which the real cloud cannot report: an echo server stands in.
func TestProxyPassesRequestsThrough(t *testing.T) {
	var got *http.Request
	var body []byte
	status := http.StatusOK
	echo := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r
		body, _ = readAll(r)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(`{"code":"0000","message":"success","data":{"n":1}}`))
	}))
	defer echo.Close()
	c, _ := openCore(t, "")
	if err := c.updateSettings(func(s *settingsS) { s.CloudURL = echo.URL }); err != nil {
		t.Fatal(err)
	}
	big := bytes.Repeat([]byte("x"), 12<<20) // uploads stream through
	req := httptest.NewRequest("POST", "/api/system/files/upload?t=99&a=%2Fb", bytes.NewReader(big))
	for k, v := range map[string]string{"Origin": "wails://wails", "Referer": "wails://wails/x", "Cookie": "a=b", "Sign": "abc", "Authorization": "Bearer x"} {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	c.Handler().ServeHTTP(rec, req)
	if rec.Code != 200 || got.URL.RawQuery != "t=99&a=%2Fb" || got.URL.Path != "/api/system/files/upload" || len(body) != len(big) {
		t.Fatalf("passed as %s ? %s with %d bytes", got.URL.Path, got.URL.RawQuery, len(body))
	}
	for _, h := range []string{"Origin", "Referer", "Cookie"} {
		if got.Header.Get(h) != "" {
			t.Errorf("%s reached the cloud", h)
		}
	}
	if got.Header.Get("Sign") != "abc" || got.Header.Get("Authorization") != "Bearer x" {
		t.Error("the signature headers did not reach the cloud")
	}

	// A gateway's 502 is the cloud not answering: the kept answer comes back.
	call(t, c, "GET", "/api/care/resident/list?t=1", nil).must(t, shared.CodeOK)
	status = http.StatusBadGateway
	a := call(t, c, "GET", "/api/care/resident/list?t=2", nil).must(t, shared.CodeOK)
	if a.Header.Get(shared.OfflineSinceHeader) == "" {
		t.Fatal("a 502 was passed on instead of the kept answer")
	}

	// The owner's paged lists are POSTs that only read: kept per question.
	status = http.StatusOK
	owner := "Bearer " + fakeToken("owner", "maple")
	page1 := map[string]any{"pageNum": 1, "pageSize": 20}
	list := "/api/care/resident/listResidentByPage"
	call(t, c, "POST", list+"?t=3", page1, "Authorization", owner).must(t, shared.CodeOK)
	if string(body) != `{"pageNum":1,"pageSize":20}` {
		t.Fatalf("the list's question reached the cloud as %q", body)
	}
	status = http.StatusBadGateway
	kept := call(t, c, "POST", list+"?t=4", page1, "Authorization", owner).must(t, shared.CodeOK)
	if kept.Header.Get(shared.OfflineSinceHeader) == "" {
		t.Fatal("the last-seen list was not kept")
	}
	call(t, c, "POST", list+"?t=5", map[string]any{"pageNum": 2, "pageSize": 20}, "Authorization", owner).must(t, shared.CodeOffline)
	call(t, c, "POST", list+"?t=6", page1, "Authorization", "Bearer "+fakeToken("other", "cedar")).must(t, shared.CodeOffline)
	// A write is never answered from what was kept.
	call(t, c, "POST", "/api/care/resident/createResident?t=7", page1, "Authorization", owner).must(t, shared.CodeOffline)
}

// TestProxyKeepsCompressedAnswers: the cloud gzips JSON answers of 1 KB or more for a client
// that accepts gzip, as the page's webview does; the kept copy must still serve offline.
func TestProxyKeepsCompressedAnswers(t *testing.T) {
	answer := `{"code":"0000","message":"success","data":{"records":["` + strings.Repeat("resident ", 400) + `"]}}`
	down := false
	cloud := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if down {
			w.WriteHeader(http.StatusBadGateway)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			w.Header().Set("Content-Encoding", "gzip")
			zw := gzip.NewWriter(w)
			_, _ = zw.Write([]byte(answer))
			_ = zw.Close()
			return
		}
		_, _ = w.Write([]byte(answer))
	}))
	defer cloud.Close()
	c, _ := openCore(t, "")
	if err := c.updateSettings(func(s *settingsS) { s.CloudURL = cloud.URL }); err != nil {
		t.Fatal(err)
	}
	owner := "Bearer " + fakeToken("owner", "maple")
	list := "/api/care/resident/listResidentByPage"
	page1 := map[string]any{"current": 1, "size": 20}
	online := call(t, c, "POST", list+"?t=1", page1, "Authorization", owner, "Accept-Encoding", "gzip, deflate, br").must(t, shared.CodeOK)
	down = true
	kept := call(t, c, "POST", list+"?t=2", page1, "Authorization", owner, "Accept-Encoding", "gzip, deflate, br").must(t, shared.CodeOK)
	if kept.Header.Get(shared.OfflineSinceHeader) == "" || !bytes.Equal(kept.Body, online.Body) || string(kept.Body) != answer {
		t.Fatalf("the compressed answer was not kept for offline use (offline since %q, %d bytes)", kept.Header.Get(shared.OfflineSinceHeader), len(kept.Body))
	}
}

func TestCacheWho(t *testing.T) {
	for _, tc := range []struct{ auth, want string }{
		{"", whoPublic},
		{"Bearer " + fakeToken("u1", "t9"), "u1@t9"},
		{"Bearer " + fakeToken("admin", ""), "admin@"},
		{"Bearer not.a.token!", ""},
		{"Basic abc", ""},
	} {
		if got := cacheWho(tc.auth); got != tc.want {
			t.Errorf("cacheWho(%q) = %q, want %q", tc.auth, got, tc.want)
		}
	}
	if got := cacheQuery("t=123&b=2&a=1&sign=x"); got != "a=1&b=2" {
		t.Errorf("cacheQuery = %q", got)
	}
}

func TestLocalesComplete(t *testing.T) {
	for _, problem := range catalogue.Check() {
		t.Error(problem)
	}
	if pickLanguage("zh-CN,zh;q=0.9") != shared.LangZhCN || pickLanguage("fr, es;q=0.5") != shared.LangEsES || pickLanguage("") != shared.LangEnUS {
		t.Error("pickLanguage")
	}
}

// fakeToken is an unsigned JWT with these claims: the cache only reads them.
func fakeToken(sub, tid string) string {
	claims, _ := json.Marshal(map[string]any{"sub": sub, "tid": tid})
	return "eyJhbGciOiJIUzI1NiJ9." + base64.RawURLEncoding.EncodeToString(claims) + ".sig"
}
