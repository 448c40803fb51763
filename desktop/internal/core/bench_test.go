package core

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"net/http/httptest"
	"testing"

	"golang.org/x/crypto/argon2"

	"hearth/shared"
)

// benchKiosk is a kiosk whose cloud is away, holding one caregiver's verifier
// made with the cloud's parameters (cloud/feature/attendance/pin.go VerifierKDF).
func benchKiosk(b *testing.B) (*Core, string) {
	b.Helper()
	c, _ := openCore(b, "")
	salt := make([]byte, 16)
	_, _ = rand.Read(salt)
	const id, pin = "cg-bench-0001", "4826"
	kdf := shared.PinKDF{Algorithm: "argon2id", Time: 2, MemoryKiB: 19 * 1024, Threads: 1, KeyLength: 32}
	key := argon2.IDKey([]byte(pin), append(append([]byte{}, salt...), id...), 2, 19*1024, 1, 32)
	ctx := context.Background()
	err := c.replaceVerifiers(ctx, &shared.KioskPinVerifiers{DeviceSalt: base64.StdEncoding.EncodeToString(salt), KDF: kdf,
		Verifiers: []shared.PinVerifier{{CaregiverID: id, Verifier: base64.StdEncoding.EncodeToString(key), UpdateTime: 1}}})
	if err != nil {
		b.Fatal(err)
	}
	if err := c.storeKioskHome(ctx, &shared.KioskHome{DeviceName: "Bench", Caregivers: []shared.KioskCaregiver{{CaregiverID: id, Name: "Bench Person", PinSet: true}}}, c.now()); err != nil {
		b.Fatal(err)
	}
	if err := c.updateSettings(func(s *settingsS) {
		s.CloudURL, s.KioskCredential, s.Mode = deadURL(b), demoCredential, shared.DesktopKiosk
	}); err != nil {
		b.Fatal(err)
	}
	c.mode = shared.DesktopKiosk
	return c, id
}

// BenchmarkKioskPunchQueued: a punch at a kiosk whose cloud is away, from
// the request to the queued answer (save, argon2id check, queue, fsync).
func BenchmarkKioskPunchQueued(b *testing.B) {
	c, id := benchKiosk(b)
	h := c.Handler()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		body := fmt.Sprintf(`{"caregiverId":%q,"clientPunchId":"bench-%08d","pin":"4826"}`, id, i)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", kioskPunchPath, bytes.NewReader([]byte(body))))
		if !bytes.Contains(rec.Body.Bytes(), []byte(`"queued":true`)) {
			b.Fatalf("%s", rec.Body.Bytes())
		}
	}
}

// BenchmarkCachedRead: a read the cloud does not answer (connection refused),
// answered from the cache with X-Hearth-Offline-Since.
func BenchmarkCachedRead(b *testing.B) {
	c, _ := openCore(b, "")
	if err := c.updateSettings(func(s *settingsS) { s.CloudURL = deadURL(b) }); err != nil {
		b.Fatal(err)
	}
	tok := fakeToken("owner", "t1")
	body := append([]byte(`{"code":"0000","message":"success","data":{"records":"`), bytes.Repeat([]byte("r"), 8<<10)...)
	body = append(body, `"}}`...)
	ctx := context.Background()
	for i := range 500 { // a cache with some history in it
		if err := c.cachePut(ctx, cacheWho("Bearer "+tok), fmt.Sprintf("/api/care/x/%d", i), "a=1", "application/json", body, int64(i+1)); err != nil {
			b.Fatal(err)
		}
	}
	h := c.Handler()
	b.ResetTimer()
	for b.Loop() {
		req := httptest.NewRequest("GET", "/api/care/x/250?t=12345&a=1", nil)
		req.Header.Set("Authorization", "Bearer "+tok)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Header().Get(shared.OfflineSinceHeader) == "" {
			b.Fatalf("%s", rec.Body.Bytes())
		}
	}
}
