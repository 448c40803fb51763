package demo

import (
	"context"
	"fmt"
	"slices"
	"time"

	"hearth/cloud/feature/attendance"
	"hearth/cloud/feature/request"
	"hearth/cloud/feature/staff"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// Demo kiosk and PINs (docs/api.md "Kiosk"): Maple House AFH has one kiosk,
// "Front door", whose credential is DemoKioskCredential (a real kiosk's is
// random and shown once; this one is fixed so the kiosk journey can use it).
// caregiver_maple1 punches with PIN 2468, caregiver_maple2 with 1357.
const (
	DemoKioskName       = "Front door"
	DemoKioskCredential = "hk_demo-maple-front-door-kiosk-credential-2026"
)

// DemoPins are the demo caregivers' kiosk PINs.
var DemoPins = map[string]string{"caregiver_maple1": "2468", "caregiver_maple2": "1357"}

// demoShift is a caregiver's usual shift: start hour and length, days off, and where they punch.
type demoShift struct {
	account, facility string
	startHour, hours  int
	daysOff           []time.Weekday
	kiosk             bool // punches at Maple's front-door kiosk (else in the browser)
}

var demoShifts = []demoShift{
	{"caregiver_maple1", "maple", 7, 8, []time.Weekday{time.Tuesday, time.Wednesday}, true}, // day shift 07:00–15:00
	{"caregiver_maple2", "maple", 15, 8, []time.Weekday{time.Thursday, time.Friday}, true},  // evening 15:00–23:00
	{"caregiver_cedar1", "cedar", 7, 12, []time.Weekday{time.Monday, time.Saturday}, false}, // long day 07:00–19:00
	{"admin_maple", "maple", 9, 8, []time.Weekday{time.Saturday, time.Sunday}, false},       // office hours
}

// seedAttendance adds Maple's kiosk, two PINs, two weeks of punches and two
// pending requests. Every shift has ended before now, so nobody is left
// clocked in; one punch per caregiver arrived late from the kiosk's outbox.
func (sd *seeding) attendance(ctx context.Context) error {
	tx, facilities, now := sd.tx, sd.facilities, sd.now
	nowMs := now.UnixMilli()
	owner := sd.users["owner_evergreen"]
	kioskID, err := attendance.InsertDemoKiosk(ctx, tx, facilities["maple"], owner, DemoKioskName, DemoKioskCredential, nowMs-15*24*3600*1000)
	if err != nil {
		return fmt.Errorf("demo kiosk: %w", err)
	}
	for account, pin := range DemoPins {
		uid := sd.users[account]
		caregiverID, err := staff.DemoCaregiverID(ctx, tx, facilities["maple"], uid)
		if err != nil {
			return fmt.Errorf("demo pin %s: staff record: %w", account, err)
		}
		if err := attendance.InsertDemoPin(ctx, tx, facilities["maple"], uid, caregiverID, pin, nowMs); err != nil {
			return fmt.Errorf("demo pin %s: %w", account, err)
		}
	}
	for i, sh := range demoShifts {
		uid := sd.users[sh.account]
		loc, _, err := zone.Facility(ctx, tx, facilities[sh.facility])
		if err != nil {
			return err
		}
		today := now.In(loc)
		late := false
		for back := 14; back >= 0; back-- {
			day := time.Date(today.Year(), today.Month(), today.Day()-back, sh.startHour, 0, 0, 0, loc)
			if slices.Contains(sh.daysOff, day.Weekday()) {
				continue
			}
			jitter := time.Duration((back*7+i*5)%11-5) * time.Minute // a few minutes early or late, as people are
			in := day.Add(jitter)
			out := day.Add(time.Duration(sh.hours)*time.Hour + time.Duration((back*3+i)%9)*time.Minute)
			if !out.Before(now) {
				continue // not over yet: nobody is left clocked in
			}
			device := ""
			if sh.kiosk {
				device = kioskID
			}
			received := out.UnixMilli()
			if sh.kiosk && !late && back == 5 { // the network dropped that evening: synced the next morning
				received, late = out.Add(10*time.Hour).UnixMilli(), true
			}
			for _, p := range []attendance.DemoPunch{
				{TenantID: facilities[sh.facility], UserID: uid, Type: shared.PunchIn, At: in.UnixMilli(), ReceivedAt: in.UnixMilli(), DeviceID: device},
				{TenantID: facilities[sh.facility], UserID: uid, Type: shared.PunchOut, At: out.UnixMilli(), ReceivedAt: received, DeviceID: device},
			} {
				if err := attendance.InsertDemoPunch(ctx, tx, p); err != nil {
					return fmt.Errorf("demo punch %s: %w", sh.account, err)
				}
			}
		}
	}
	// Two pending requests for the owner's approvals list.
	maple1, maple2 := sd.users["caregiver_maple1"], sd.users["caregiver_maple2"]
	day := func(d, h int) int64 {
		t := now.AddDate(0, 0, d)
		return time.Date(t.Year(), t.Month(), t.Day(), h, 0, 0, 0, time.UTC).UnixMilli()
	}
	if err := request.InsertDemo(ctx, tx, facilities["maple"], maple1, shared.ApplicationLeave, day(10, 15), day(12, 15),
		"My sister's wedding in Yakima; back for the Sunday day shift.", nowMs-2*3600*1000); err != nil {
		return err
	}
	return request.InsertDemo(ctx, tx, facilities["maple"], maple2, shared.ApplicationShiftAdjustment, day(5, 22), day(6, 7),
		"Could I swap next Wednesday's evening shift for the night shift? I have a class that afternoon.", nowMs-26*3600*1000)
}
