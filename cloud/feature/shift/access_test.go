package shift_test

import (
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

		type access struct {
			manage bool // owners and admins only
			ids    bool // names a Maple record: another facility gets 4004
		}
		type route = servertest.Route[access]
		editType := shared.SaveShiftTypeRequest{ShiftTypeID: typ.ShiftTypeID, Name: "Access", StartTime: "07:00", EndTime: "15:00",
			Color: "#123456", MinStaff: 1, Active: true}
		editSched := week(typ.ShiftTypeID, nextWeek, map[string][]string{"2027-06-07": {amina}})
		editSched.ScheduleID, editSched.Version = sched.Schedule.ScheduleID, sched.Schedule.Version
		routes := []route{
			{Name: "shiftType/save", Is: access{manage: true, ids: true}, Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, api+"/shiftType/save", editType)
			}},
			{Name: "shiftType/list", Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, api+"/shiftType/list", shared.ShiftTypeFilter{})
			}},
			{Name: "shiftSchedule/listByWeek", Is: access{manage: true}, Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, api+"/shiftSchedule/listByWeek", shared.ListByWeekRequest{WeekStart: nextWeek})
			}},
			{Name: "shiftSchedule/save", Is: access{manage: true, ids: true}, Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, api+"/shiftSchedule/save", editSched)
			}},
			{Name: "shiftSchedule/copyLastWeek", Is: access{manage: true, ids: true}, Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, api+"/shiftSchedule/copyLastWeek", shared.CopyLastWeekRequest{ShiftTypeID: typ.ShiftTypeID, WeekStart: "2027-06-13"})
			}},
			{Name: "shiftSchedule/publish", Is: access{manage: true, ids: true}, Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, api+"/shiftSchedule/publish", shared.PublishRequest{ScheduleID: sched.Schedule.ScheduleID, Version: sched.Schedule.Version + 1})
			}},
			{Name: "shiftSchedule/myShifts", Do: func(c *servertest.Client) *servertest.Response { return c.Get(t, api+"/shiftSchedule/myShifts") }},
			{Name: "shiftReport/prefill", Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, api+"/shiftReport/prefill", shared.ShiftReportPrefillRequest{ShiftDate: "2027-06-01"})
			}},
			{Name: "shiftReport/save", Is: access{ids: true}, Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, api+"/shiftReport/save", shared.SaveShiftReportRequest{ReportID: draft.ReportID, Version: draft.Version,
					ShiftDate: "2027-06-01", FreeText: "edited"})
			}},
			{Name: "shiftReport/submit", Is: access{ids: true}, Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, api+"/shiftReport/submit", shared.SaveShiftReportRequest{ReportID: draft.ReportID, Version: draft.Version + 1,
					ShiftDate: "2027-06-01", FreeText: "edited"})
			}},
			{Name: "shiftReport/listByPage", Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, api+"/shiftReport/listByPage", shared.PageRequest[shared.ListShiftReportFilter]{Current: 1, Size: 20})
			}},
			{Name: "shiftReport/getById", Is: access{ids: true}, Do: func(c *servertest.Client) *servertest.Response {
				return c.Get(t, api+"/shiftReport/getById?reportId="+rep.ReportID)
			}},
			{Name: "shiftReport/countUnread", Do: func(c *servertest.Client) *servertest.Response { return c.Get(t, api+"/shiftReport/countUnread") }},
			{Name: "shiftHours/report", Is: access{manage: true}, Do: func(c *servertest.Client) *servertest.Response {
				return c.Post(t, api+"/shiftHours/report", shared.HoursReportRequest{StartDate: thisWeek})
			}},
			{Name: "shiftType/delete", Is: access{manage: true, ids: true}, Do: func(c *servertest.Client) *servertest.Response {
				return c.Get(t, api+"/shiftType/delete?shiftTypeId="+spare.ShiftTypeID)
			}},
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
			servertest.RoleMatrix(t, routes, servertest.Caller[access]{Name: who.name, Client: who.c, Want: func(r route) string {
				switch {
				case who.free:
					return shared.CodeFunctionMissing
				case r.Is.manage && who.carer:
					return shared.CodeForbidden
				case r.Is.ids:
					return shared.CodeNotFound
				}
				return shared.CodeOK
			}})
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
		// Maple's admin manages (the owner's draft is still the owner's alone).
		ownersDraft := func(r route) bool { return r.Name == "shiftReport/save" || r.Name == "shiftReport/submit" }
		servertest.RoleMatrix(t, routes,
			servertest.Caller[access]{Name: "Maple caregiver", Client: e.SignIn(t, "caregiver_maple1"), Want: func(r route) string {
				switch {
				case r.Is.manage:
					return shared.CodeForbidden
				case ownersDraft(r):
					return shared.CodeNotFound
				}
				return shared.CodeOK
			}},
			servertest.Caller[access]{Name: "Maple admin", Client: e.SignIn(t, "admin_maple"), Want: func(r route) string {
				if ownersDraft(r) {
					return shared.CodeNotFound
				}
				return shared.CodeOK
			}})
		servertest.Outsiders(t, e, routes)
	})
}
