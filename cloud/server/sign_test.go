package server_test

import (
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

func md5hex(s string) string {
	sum := md5.Sum([]byte(s))
	return hex.EncodeToString(sum[:])
}

// Signed-in calls carry Sign = md5(token + t + path without /api and the
// service prefix) and a t within 5 minutes of the server's clock (spec 001 §7.1).
func TestSignAndTimestamp(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		c := e.SignIn(t, "caregiver_maple1")
		const path = "/api/system/user/getUserInfo"
		now := func() string { return strconv.FormatInt(e.Clock.Now().UnixMilli(), 10) }

		t.Run("correct Sign is accepted", func(t *testing.T) {
			ts := now()
			r := c.Do(t, servertest.Request{Path: path, Sign: md5hex(c.Token + ts + "/user/getUserInfo")})
			r.OK(t)
			var info shared.UserInfo
			r.Into(t, &info)
			if info.Account != "caregiver_maple1" {
				t.Errorf("user info %+v", info)
			}
		})
		t.Run("upper-case hex is the same Sign", func(t *testing.T) {
			c.Do(t, servertest.Request{Path: path, Sign: strings.ToUpper(md5hex(c.Token + now() + "/user/getUserInfo"))}).OK(t)
		})
		t.Run("Sign over the path with its prefixes is wrong", func(t *testing.T) {
			ts := now()
			for _, p := range []string{path, "/system/user/getUserInfo", "user/getUserInfo"} {
				c.Do(t, servertest.Request{Path: path, Sign: md5hex(c.Token + ts + p)}).Is(t, http.StatusOK, shared.CodeBadSignature)
			}
		})
		t.Run("wrong or missing Sign is 4005", func(t *testing.T) {
			ts := now()
			for _, sign := range []string{
				md5hex("another-token" + ts + "/user/getUserInfo"),
				md5hex(c.Token + "1" + ts + "/user/getUserInfo"), // another t
				md5hex(c.Token + ts + "/menu/listUserMenuTree"),  // another path
				"0123456789abcdef0123456789abcdef",
				" ",
			} {
				r := c.Do(t, servertest.Request{Path: path, Sign: sign}).Is(t, http.StatusOK, shared.CodeBadSignature)
				if !strings.Contains(r.Message, "clock") {
					t.Errorf("message %q does not mention the clock", r.Message)
				}
			}
			noSign := c.Do(t, servertest.Request{Path: path, Header: map[string]string{"Sign": ""}})
			noSign.Is(t, http.StatusOK, shared.CodeBadSignature)
		})
		t.Run("Sign is bound to the query t", func(t *testing.T) {
			// A Sign made for one t does not pass with another t in the query.
			sign := md5hex(c.Token + now() + "/user/getUserInfo")
			c.Do(t, servertest.Request{Path: path, Skew: -time.Second, Sign: sign}).Is(t, http.StatusOK, shared.CodeBadSignature)
		})
		t.Run("t outside 5 minutes is 4005, inside is accepted", func(t *testing.T) {
			for _, skew := range []time.Duration{-6 * time.Minute, 6 * time.Minute, -time.Hour, 24 * time.Hour} {
				c.Do(t, servertest.Request{Path: path, Skew: skew}).Is(t, http.StatusOK, shared.CodeBadSignature)
			}
			for _, skew := range []time.Duration{-4 * time.Minute, 4 * time.Minute, 0} {
				c.Do(t, servertest.Request{Path: path, Skew: skew}).OK(t)
			}
		})
		t.Run("t missing or not a number is 4005", func(t *testing.T) {
			ts := now()
			for _, q := range []string{"", "?t=", "?t=yesterday", "?t=1e12", "?t=" + ts + "x"} {
				req, _ := http.NewRequest(http.MethodGet, e.HTTP.URL+path+q, nil)
				req.Header.Set("Authorization", "Bearer "+c.Token)
				req.Header.Set("Sign", md5hex(c.Token+strings.TrimPrefix(q, "?t=")+"/user/getUserInfo"))
				resp, err := e.HTTP.Client().Do(req)
				if err != nil {
					t.Fatal(err)
				}
				var env shared.Envelope[any]
				err = json.NewDecoder(resp.Body).Decode(&env)
				resp.Body.Close()
				if err != nil || resp.StatusCode != http.StatusOK || env.Code != shared.CodeBadSignature {
					t.Errorf("%q: HTTP %d %+v %v", q, resp.StatusCode, env, err)
				}
			}
		})
		t.Run("the server's clock is the reference", func(t *testing.T) {
			// A client whose clock ran 6 minutes ahead of the server's: after the
			// server's clock catches up, the same t is accepted.
			ahead := 6 * time.Minute
			c.Do(t, servertest.Request{Path: path, Skew: ahead}).Is(t, http.StatusOK, shared.CodeBadSignature)
			e.Clock.Advance(2 * time.Minute)
			c.Do(t, servertest.Request{Path: path, Skew: ahead - 2*time.Minute}).OK(t)
		})
		t.Run("public calls need no Sign", func(t *testing.T) {
			anon := e.Client()
			anon.Do(t, servertest.Request{Path: "/api/system/config/public", Skew: time.Hour}).OK(t)
			anon.Do(t, servertest.Request{Path: "/api/system/user/getCaptcha"}).OK(t)
		})
		t.Run("a signed-in client's bad Sign does not stop a public call", func(t *testing.T) {
			c.Do(t, servertest.Request{Path: "/api/system/config/public", Sign: "bad"}).OK(t)
		})
	})
}
