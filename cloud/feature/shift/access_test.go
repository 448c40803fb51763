package shift_test

import (
	"net/http"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// Every route of the feature. With Maple's ids, another facility (of the same
// organisation, or its caregiver) gets 4004, or 4003 where its role is refused
// first, and its own lists never show Maple's; Maple's caregiver manages
// nothing (4003) but reads types, their shifts and shift reports; the free
// plan has neither function (7003); the super admin is no facility user;
// nobody unsigned gets in.
func TestTenantIsolationAndRoles(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		atTuesday(e)
		owner := e.SignIn(t, "owner_evergreen", maple)
		amina := caregiverID(t, e, "caregiver_maple1")
		typ := newType(t, owner, "Access", "07:00", "15:00", 1, "")
		spare := newType(t, owner, "Spare access", "16:00", "17:00", 1, "")
		sched := saveSchedule(t, owner, week(typ.ShiftTypeID, nextWeek, map[string][]string{"2027-06-07": {amina}}))
		var rep shared.ShiftReport
		e.SignIn(t, "caregiver_maple1").Post(t, api+"/shiftReport/submit", shared.SaveShiftReportRequest{ShiftDate: "2027-06-01",
			FreeText: "All quiet", ShiftTypeID: typ.ShiftTypeID}).OK(t).Into(t, &rep)
		var draft shared.ShiftReport
		owner.Post(t, api+"/shiftReport/save", shared.SaveShiftReportRequest{ShiftDate: "2027-06-01", FreeText: "owner draft"}).OK(t).Into(t, &draft)

		type call struct {
			manage bool // owners and admins only
			ids    bool // names a Maple record: another facility gets 4004
			do     func(c *servertest.Client) *servertest.Response
		}
		editType := shared.SaveShiftTypeRequest{ShiftTypeID: typ.ShiftTypeID, Name: "Access", StartTime: "07:00", EndTime: "15:00",
			Color: "#123456", MinStaff: 1, Active: true}
		editSched := week(typ.ShiftTypeID, nextWeek, map[string][]string{"2027-06-07": {amina}})
		editSched.ScheduleID, editSched.Version = sched.Schedule.ScheduleID, sched.Schedule.Version
		calls := map[string]call{
			"shiftType/save": {manage: true, ids: true, do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, api+"/shiftType/save", editType)
			}},
			"shiftType/list": {do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, api+"/shiftType/list", shared.ShiftTypeFilter{})
			}},
			"shiftType/delete": {manage: true, ids: true, do: func(c *servertest.Client) *servertest.Response {
				return c.Get(t, api+"/shiftType/delete?shiftTypeId="+spare.ShiftTypeID)
			}},
			"shiftSchedule/listByWeek": {manage: true, do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, api+"/shiftSchedule/listByWeek", shared.ListByWeekRequest{WeekStart: nextWeek})
			}},
			"shiftSchedule/save": {manage: true, ids: true, do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, api+"/shiftSchedule/save", editSched)
			}},
			"shiftSchedule/copyLastWeek": {manage: true, ids: true, do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, api+"/shiftSchedule/copyLastWeek", shared.CopyLastWeekRequest{ShiftTypeID: typ.ShiftTypeID, WeekStart: "2027-06-13"})
			}},
			"shiftSchedule/publish": {manage: true, ids: true, do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, api+"/shiftSchedule/publish", shared.PublishRequest{ScheduleID: sched.Schedule.ScheduleID, Version: sched.Schedule.Version + 1})
			}},
			"shiftSchedule/myShifts": {do: func(c *servertest.Client) *servertest.Response { return c.Get(t, api+"/shiftSchedule/myShifts") }},
			"shiftReport/prefill": {do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, api+"/shiftReport/prefill", shared.ShiftReportPrefillRequest{ShiftDate: "2027-06-01"})
			}},
			"shiftReport/save": {ids: true, do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, api+"/shiftReport/save", shared.SaveShiftReportRequest{ReportID: draft.ReportID, Version: draft.Version,
					ShiftDate: "2027-06-01", FreeText: "edited"})
			}},
			"shiftReport/submit": {ids: true, do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, api+"/shiftReport/submit", shared.SaveShiftReportRequest{ReportID: draft.ReportID, Version: draft.Version + 1,
					ShiftDate: "2027-06-01", FreeText: "edited"})
			}},
			"shiftReport/listByPage": {do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, api+"/shiftReport/listByPage", shared.PageRequest[shared.ListShiftReportFilter]{Current: 1, Size: 20})
			}},
			"shiftReport/getById": {ids: true, do: func(c *servertest.Client) *servertest.Response {
				return c.Get(t, api+"/shiftReport/getById?reportId="+rep.ReportID)
			}},
			"shiftReport/countUnread": {do: func(c *servertest.Client) *servertest.Response { return c.Get(t, api+"/shiftReport/countUnread") }},
			"shiftHours/report": {manage: true, do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, api+"/shiftHours/report", shared.HoursReportRequest{StartDate: thisWeek})
			}},
		}
		order := []string{"shiftType/save", "shiftType/list", "shiftSchedule/listByWeek", "shiftSchedule/save", "shiftSchedule/copyLastWeek",
			"shiftSchedule/publish", "shiftSchedule/myShifts", "shiftReport/prefill", "shiftReport/save", "shiftReport/submit",
			"shiftReport/listByPage", "shiftReport/getById", "shiftReport/countUnread", "shiftHours/report", "shiftType/delete"}
		if len(order) != len(calls) {
			t.Fatal("order misses a call")
		}

		for _, who := range []struct {
			name  string
			c     *servertest.Client
			carer bool
			free  bool
		}{
			{name: "Cedar owner", c: e.SignIn(t, "owner_evergreen", "Cedar Home AFH")},
			{name: "Cedar caregiver", c: e.SignIn(t, "caregiver_cedar1"), carer: true},
			{name: "Birch owner (free plan)", c: e.SignIn(t, "owner_birch"), free: true},
		} {
			for _, name := range order {
				cl := calls[name]
				want := shared.CodeOK
				switch {
				case who.free:
					want = shared.CodeFunctionMissing
				case cl.manage && who.carer:
					want = shared.CodeForbidden
				case cl.ids:
					want = shared.CodeNotFound
				}
				resp := cl.do(who.c)
				if resp.Code != want {
					t.Errorf("%s by %s: code %s, want %s: %s", name, who.name, resp.Code, want, resp.Body)
				}
			}
			if who.free {
				continue
			}
			// Their own lists never show Maple's.
			var types []shared.ShiftType
			who.c.Post(t, api+"/shiftType/list", shared.ShiftTypeFilter{}).OK(t).Into(t, &types)
			var page shared.Page[shared.ShiftReport]
			who.c.Post(t, api+"/shiftReport/listByPage", shared.PageRequest[shared.ListShiftReportFilter]{Current: 1, Size: 100}).OK(t).Into(t, &page)
			for _, x := range types {
				if x.ShiftTypeID == typ.ShiftTypeID {
					t.Errorf("%s lists Maple's shift type", who.name)
				}
			}
			for _, x := range page.Records {
				if x.ReportID == rep.ReportID {
					t.Errorf("%s lists Maple's shift report", who.name)
				}
			}
		}

		// Maple's caregiver: no management; the rest works (the owner's draft is not theirs: 4004).
		carer := e.SignIn(t, "caregiver_maple1")
		for _, name := range order {
			cl := calls[name]
			want := shared.CodeOK
			switch {
			case cl.manage:
				want = shared.CodeForbidden
			case name == "shiftReport/save" || name == "shiftReport/submit":
				want = shared.CodeNotFound
			}
			if resp := cl.do(carer); resp.Code != want {
				t.Errorf("Maple caregiver %s: code %s, want %s: %s", name, resp.Code, want, resp.Body)
			}
		}
		// Maple's admin manages (the owner's draft is still the owner's alone).
		admin := e.SignIn(t, "admin_maple")
		for _, name := range order {
			want := shared.CodeOK
			if name == "shiftReport/save" || name == "shiftReport/submit" {
				want = shared.CodeNotFound
			}
			if resp := calls[name].do(admin); resp.Code != want {
				t.Errorf("Maple admin %s: code %s, want %s: %s", name, resp.Code, want, resp.Body)
			}
		}

		super := e.SignIn(t, "superadmin")
		anon := e.Client()
		for _, name := range order {
			if resp := calls[name].do(super); resp.Code != shared.CodeForbidden {
				t.Errorf("super admin %s: %s", name, resp.Code)
			}
			calls[name].do(anon).Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
		}
	})
}
