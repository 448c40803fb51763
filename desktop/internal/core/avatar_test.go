package core

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"hearth/shared"
)

// TestKioskKeepsAvatars: the start screen's photos come from this computer,
// so they still show when the cloud is gone. A stand-in cloud answers the
// three kiosk calls because the demo caregivers have no photos.
func TestKioskKeepsAvatars(t *testing.T) {
	photo := append([]byte("\xff\xd8\xff\xe0"), bytes.Repeat([]byte{7}, 500)...) // a JPEG's first bytes
	var photoGets atomic.Int32
	up := atomic.Bool{}
	up.Store(true)
	cloud := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !up.Load() {
			w.WriteHeader(http.StatusBadGateway)
			return
		}
		env := func(data any) {
			w.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(w).Encode(shared.Envelope[any]{Code: shared.CodeOK, Message: "success", Data: data})
		}
		switch r.URL.Path {
		case "/healthz":
			w.WriteHeader(http.StatusOK)
		case kioskHomePath:
			env(shared.KioskHome{DeviceID: "d1", DeviceName: "Front door", FacilityName: "Maple House AFH", ServerTime: time.Now().UnixMilli(),
				Caregivers: []shared.KioskCaregiver{
					{CaregiverID: "cg-amina", Name: "Amina Njoroge", AvatarURL: "/api/system/files/t1/avatar-64.jpg?exp=1&sig=" + time.Now().Format("150405.000")},
					{CaregiverID: "cg-wei", Name: "Wei Chen"},
				}})
		case kioskVerifiersPath:
			env(shared.KioskPinVerifiers{DeviceSalt: "c2FsdA==", KDF: shared.PinKDF{Algorithm: "argon2id", Time: 2, MemoryKiB: 19456, Threads: 1, KeyLength: 32}})
		case "/api/system/files/t1/avatar-64.jpg":
			photoGets.Add(1)
			w.Header().Set("Content-Type", "image/jpeg")
			_, _ = w.Write(photo)
		default:
			http.NotFound(w, r)
		}
	}))
	defer cloud.Close()

	c, _ := openCore(t, "")
	call(t, c, "POST", "/api/desktop/cloud", shared.SetCloudRequest{CloudURL: cloud.URL}).must(t, shared.CodeOK)
	call(t, c, "POST", "/api/desktop/kiosk/setup", shared.KioskSetupRequest{Credential: "hk_stand-in-credential", ExitPin: "8642"}).must(t, shared.CodeOK)

	var home shared.KioskHome
	call(t, c, "GET", kioskHomePath+"?t=1", nil).must(t, shared.CodeOK).into(t, &home)
	if home.Caregivers[0].AvatarURL != avatarPrefix+"cg-amina" || home.Caregivers[1].AvatarURL != "" {
		t.Fatalf("the screen's photo links: %+v", home.Caregivers)
	}
	// The photo is fetched while the signed link works, then served from here.
	kept := func() bool {
		var n int
		_ = c.db.QueryRow(`SELECT COUNT(*) FROM kiosk_avatars WHERE caregiver_id = 'cg-amina' AND body IS NOT NULL`).Scan(&n)
		return n == 1
	}
	for deadline := time.Now().Add(5 * time.Second); !kept() && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	before := photoGets.Load()
	up.Store(false)
	for i := 0; i < 2; i++ {
		req := httptest.NewRequest("GET", avatarPrefix+"cg-amina", nil)
		rec := httptest.NewRecorder()
		c.Handler().ServeHTTP(rec, req)
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/jpeg" || !bytes.Equal(rec.Body.Bytes(), photo) {
			t.Fatalf("kept photo: HTTP %d %q, %d bytes", rec.Code, rec.Header().Get("Content-Type"), rec.Body.Len())
		}
	}
	if before == 0 || photoGets.Load() != before {
		t.Fatalf("photo fetched %d times before the cloud went, %d after", before, photoGets.Load()-before)
	}
	// Offline, the start screen still names its photos on this computer.
	var offline shared.KioskHome
	a := call(t, c, "GET", kioskHomePath+"?t=2", nil).must(t, shared.CodeOK)
	a.into(t, &offline)
	if a.Header.Get(shared.OfflineSinceHeader) == "" || offline.Caregivers[0].AvatarURL != avatarPrefix+"cg-amina" {
		t.Fatalf("offline start screen: %s", a.Body)
	}
	// Nobody without a photo gets someone else's.
	rec := httptest.NewRecorder()
	c.Handler().ServeHTTP(rec, httptest.NewRequest("GET", avatarPrefix+"cg-wei", nil))
	if rec.Code != http.StatusNotFound {
		t.Fatalf("a caregiver without a photo: HTTP %d", rec.Code)
	}
}
