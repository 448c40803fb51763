package attendance

import (
	"context"
	"database/sql"
	"encoding/base64"

	"github.com/google/uuid"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/shared"
)

// The helpers below write demo data directly (cloud/feature/demo); the
// service's rules (time bounds, PIN checks) are for requests, not for a seed.

// InsertDemoKiosk registers a kiosk with a credential the seed chose, so the
// demo kiosk can be documented; it answers the device id.
func InsertDemoKiosk(ctx context.Context, q db.Querier, tenantID, createdBy, name, credential string, now int64) (string, error) {
	r := &deviceRow{ID: uuid.Must(uuid.NewV7()).String(), TenantID: tenantID, Name: name,
		Salt: randomBase64(16, base64.StdEncoding), CreatedBy: createdBy, CreatedAt: now}
	return r.ID, Store{}.InsertDevice(ctx, q, r, hashCredential(credential))
}

// InsertDemoPin sets a person's kiosk PIN and their verifiers on the
// facility's active kiosks.
func InsertDemoPin(ctx context.Context, q db.Querier, tenantID, userID, caregiverID, pin string, now int64) error {
	hash, err := auth.HashPassword(pin)
	if err != nil {
		return err
	}
	st := Store{}
	if err := st.SetPin(ctx, q, tenantID, userID, hash, now); err != nil {
		return err
	}
	devices, err := st.Devices(ctx, q, tenantID, true)
	if err != nil {
		return err
	}
	for _, d := range devices {
		v, err := Verifier(pin, d.Salt, caregiverID)
		if err != nil {
			return err
		}
		if err := st.PutVerifier(ctx, q, verifierRow{DeviceID: d.ID, TenantID: tenantID, UserID: userID, CaregiverID: caregiverID,
			Verifier: v, UpdatedAt: now}); err != nil {
			return err
		}
	}
	return nil
}

// DemoPunch is one punch of the demo history.
type DemoPunch struct {
	TenantID, UserID string
	Type             shared.PunchType
	At, ReceivedAt   int64
	DeviceID         string // "" = from the browser
}

// InsertDemoPunch stores one punch of the demo history.
func InsertDemoPunch(ctx context.Context, q db.Querier, p DemoPunch) error {
	r := &punchRow{ID: uuid.Must(uuid.NewV7()).String(), TenantID: p.TenantID, ClientID: "demo-" + uuid.NewString(), UserID: p.UserID,
		Type: p.Type, PunchedAt: p.At, ReceivedAt: p.ReceivedAt, Source: shared.PunchFromBrowser,
		Late: p.ReceivedAt-p.At > shared.PunchLateAfterSeconds*1000}
	if p.DeviceID != "" {
		r.Source, r.PinCheck, r.DeviceID = shared.PunchFromKiosk, shared.PinCheckedOnline, sql.NullString{String: p.DeviceID, Valid: true}
		if r.Late {
			r.PinCheck = shared.PinCheckedOffline
		}
	}
	// Every punch path keeps the person's caregiver_clocks row (OnShift starts from it).
	if err := (Store{}).LockClock(ctx, q, p.TenantID, p.UserID, p.ReceivedAt); err != nil {
		return err
	}
	return Store{}.InsertPunch(ctx, q, r)
}
