package attendance

import (
	"context"
	"net/http"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// shared.ShiftWorkers clock in and out; every facility role reads attendance:
// their own (caregivers) or the facility's (owner, admin).
//
// selfFunctions: a caregiver's attendance is their YourStatus page; an
// owner's or admin's is staff management (spec 000 §6 menus).
var selfFunctions = map[shared.Role]string{shared.RoleCaregiverStaff: shared.FnYourStatus}

// Routes mounts attendance under the care service: caregiverClockInRecord
// (spec 001 §7.8), the owner's kiosk devices, and the kiosk's own calls.
func Routes(api *web.API, s *Service) {
	rec := func(method, path, summary string, roles ...shared.Role) web.Op {
		return web.Op{Service: web.Care, Method: method, Path: "/caregiverClockInRecord" + path, Summary: summary,
			Access: web.SignedIn, Roles: roles, Function: shared.FnStaffManagement, RoleFunctions: selfFunctions}
	}
	web.Handle(api, rec(http.MethodPost, "/clockIn", "Clock in or out (decided from your last punch); a replayed clientPunchId answers the original", shared.ShiftWorkers...),
		func(ctx context.Context, in *web.Body[shared.ClockInRequest]) (*shared.ClockInRecord, error) {
			return s.ClockIn(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, rec(http.MethodPost, "/listRecordByPage", "Punches, newest first: your own, or the facility's for an owner or admin", shared.EveryFacilityRole...),
		func(ctx context.Context, in *web.Body[shared.PageRequest[shared.ClockInRecordFilter]]) (*shared.Page[shared.ClockInRecord], error) {
			return s.List(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, rec(http.MethodPost, "/attendanceSummary", "Minutes per person per day and week in the facility's zone (weeks start Sunday); open shifts flagged", shared.EveryFacilityRole...),
		func(ctx context.Context, in *web.Body[shared.AttendanceSummaryRequest]) (*shared.AttendanceSummary, error) {
			return s.Summary(ctx, auth.From(ctx), in.Body)
		})
	web.HandleFile(api, rec(http.MethodGet, "/export", "Attendance of a range as CSV (payroll): hours per caregiver per day and their total, named after the home and the period", shared.FacilityManagers...),
		func(ctx context.Context, in *shared.AttendanceExportQuery) (*web.File, error) {
			return s.Export(ctx, auth.From(ctx), *in)
		})
	web.Handle(api, rec(http.MethodGet, "/myStatus", "Your clock state, this week's minutes and kiosk PIN state", shared.ShiftWorkers...),
		func(ctx context.Context, _ *web.None) (*shared.ClockInStatus, error) {
			return s.MyStatus(ctx, auth.From(ctx))
		})
	web.Handle(api, rec(http.MethodPost, "/setPin", "Set your kiosk PIN (4–6 digits) for this facility", shared.ShiftWorkers...),
		func(ctx context.Context, in *web.Body[shared.SetPinRequest]) (*shared.ClockInStatus, error) {
			return s.SetPin(ctx, auth.From(ctx), in.Body)
		})

	dev := func(method, path, summary string) web.Op {
		return web.Op{Service: web.Care, Method: method, Path: "/kioskDevice" + path, Summary: summary,
			Access: web.SignedIn, Roles: shared.KioskKeepers, Function: shared.FnStaffManagement}
	}
	web.Handle(api, dev(http.MethodPost, "/register", "Register a door kiosk; its credential is answered this once"),
		func(ctx context.Context, in *web.Body[shared.RegisterKioskRequest]) (*shared.KioskRegistration, error) {
			return s.RegisterKiosk(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, dev(http.MethodGet, "/list", "The facility's kiosks, active first"),
		func(ctx context.Context, _ *web.None) ([]shared.KioskDevice, error) {
			return s.Kiosks(ctx, auth.From(ctx))
		})
	web.Handle(api, dev(http.MethodGet, "/revoke", "Revoke a kiosk's credential at once"),
		func(ctx context.Context, in *shared.KioskDeviceIDQuery) (*shared.KioskDevice, error) {
			return s.RevokeKiosk(ctx, auth.From(ctx), in.DeviceID)
		})

	kiosk := func(method, path, summary string) web.Op {
		return web.Op{Service: web.Care, Method: method, Path: "/kiosk" + path, Summary: summary}
	}
	web.HandleDevice(api, kiosk(http.MethodGet, "/caregivers", "The kiosk's start screen: the facility's enabled caregivers"), s.CheckKiosk,
		func(ctx context.Context, k *Kiosk, _ *web.None) (*shared.KioskHome, error) {
			return s.KioskHome(ctx, k)
		})
	web.HandleDevice(api, kiosk(http.MethodPost, "/punch", "Punch for a caregiver with their PIN, or a punch the kiosk checked offline"), s.CheckKiosk,
		func(ctx context.Context, k *Kiosk, in *web.Body[shared.KioskPunchRequest]) (*shared.KioskPunchResult, error) {
			return s.KioskPunch(ctx, k, in.Body)
		})
	web.HandleDevice(api, kiosk(http.MethodGet, "/pinVerifiers", "The kiosk's offline PIN verifiers, its salt and the KDF"), s.CheckKiosk,
		func(ctx context.Context, k *Kiosk, _ *web.None) (*shared.KioskPinVerifiers, error) {
			return s.KioskVerifiers(ctx, k)
		})
}
