package shift_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// The schedule rules of spec 000 §5 "Shift" and spec 001 §9, each refused
// with 4022 and a message naming the caregiver and the day.
func TestScheduleRules(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		atTuesday(e)
		owner := e.SignIn(t, "owner_evergreen", maple)
		amina, wei, grace := caregiverID(t, e, "caregiver_maple1"), caregiverID(t, e, "caregiver_maple2"), caregiverID(t, e, "admin_maple")
		dayT := newType(t, owner, "Day test", "07:00", "15:00", 1, "")
		night := newType(t, owner, "Night test", "23:00", "07:00", 1, "")
		early := newType(t, owner, "Early test", "06:00", "14:00", 1, "")
		if !night.CrossesMidnight || night.DurationMinutes != 480 || dayT.CrossesMidnight {
			t.Errorf("night type: %+v", night)
		}

		// The start date must be a Sunday.
		bad := week(dayT.ShiftTypeID, "2027-06-07", map[string][]string{"2027-06-08": {amina}})
		bad.EndDate = "2027-06-12"
		if fe := refused(t, owner.Post(t, api+"/shiftSchedule/save", bad)); fe.Field != "startDate" || fe.Rule != "sunday" {
			t.Errorf("Monday start: %+v", fe)
		}
		// A name is not required (the roster sends none); the date range is.
		longName := week(dayT.ShiftTypeID, nextWeek, map[string][]string{"2027-06-07": {amina}})
		longName.Name = strings.Repeat("x", shared.ScheduleNameMax+1)
		if fe := refused(t, owner.Post(t, api+"/shiftSchedule/save", longName)); fe.Field != "name" {
			t.Errorf("long name: %+v", fe)
		}
		longRange := week(dayT.ShiftTypeID, nextWeek, map[string][]string{"2027-06-07": {amina}})
		longRange.EndDate = "2027-06-13"
		if fe := refused(t, owner.Post(t, api+"/shiftSchedule/save", longRange)); fe.Field != "endDate" {
			t.Errorf("eight days: %+v", fe)
		}
		// At least one shift element.
		if fe := refused(t, owner.Post(t, api+"/shiftSchedule/save", week(dayT.ShiftTypeID, nextWeek, nil))); fe.Rule != "required" {
			t.Errorf("no one: %+v", fe)
		}
		// Past days cannot be scheduled: Monday 31 May has passed.
		resp := owner.Post(t, api+"/shiftSchedule/save", week(dayT.ShiftTypeID, thisWeek, map[string][]string{"2027-05-31": {amina}}))
		if fe := refused(t, resp); fe.Rule != "pastDay" || !strings.Contains(resp.Message, "2027") && !strings.Contains(resp.Message, "31") {
			t.Errorf("past day: %+v %s", fe, resp.Message)
		}
		// Today and later are fine; past days of a saved week stay as they are.
		cur := saveSchedule(t, owner, week(dayT.ShiftTypeID, thisWeek, map[string][]string{"2027-06-01": {amina}, "2027-06-02": {amina, wei}}))
		if len(cur.Schedule.Assignments) != 2 || cur.Schedule.Status != shared.ScheduleDraft || cur.Schedule.Version != 1 {
			t.Fatalf("saved: %+v", cur.Schedule)
		}

		// Approved leave: Wei is away on Thursday 10 June.
		approveLeave(t, e, "caregiver_maple2", local(2027, 6, 10, 0, 0), local(2027, 6, 11, 0, 0))
		resp = owner.Post(t, api+"/shiftSchedule/save", week(dayT.ShiftTypeID, nextWeek, map[string][]string{"2027-06-09": {wei}, "2027-06-10": {wei}}))
		if fe := refused(t, resp); fe.Rule != string(shared.ConflictLeave) || !strings.Contains(resp.Message, "Wei Chen") {
			t.Errorf("leave: %+v %q", fe, resp.Message)
		}

		// In the caller's language.
		owner.Language = "es-ES"
		resp = owner.Post(t, api+"/shiftSchedule/save", week(dayT.ShiftTypeID, nextWeek, map[string][]string{"2027-06-10": {wei}}))
		if refused(t, resp); resp.Message != "Wei Chen tiene una ausencia aprobada y no puede trabajar el turno Day test del jue 10/06/2027 (07:00–15:00)." {
			t.Errorf("Spanish leave conflict: %q", resp.Message)
		}
		owner.Language = "zh-CN"
		resp = owner.Post(t, api+"/shiftSchedule/save", week(dayT.ShiftTypeID, nextWeek, map[string][]string{"2027-06-10": {wei}}))
		if refused(t, resp); resp.Message != "Wei Chen 已获准请假，不能上 周四 2027/06/10（07:00–15:00） 的Day test班。" {
			t.Errorf("Chinese leave conflict: %q", resp.Message)
		}
		owner.Language = ""

		// Overlap across midnight: Grace's Monday night (23:00–07:00) runs into Tuesday's early shift (06:00).
		saveSchedule(t, owner, week(night.ShiftTypeID, nextWeek, map[string][]string{"2027-06-07": {grace}}))
		resp = owner.Post(t, api+"/shiftSchedule/save", week(early.ShiftTypeID, nextWeek, map[string][]string{"2027-06-08": {grace}}))
		// The message names the shift types and the days in the reader's language, not the schedules' names.
		if fe := refused(t, resp); fe.Rule != string(shared.ConflictOverlap) || resp.Message != "Grace Kim already works the Night test shift "+
			"on Mon 06/07/2027 (11:00 PM–7:00 AM), which overlaps the Early test shift on Tue 06/08/2027 (6:00 AM–2:00 PM)." {
			t.Errorf("overlap: %+v %q", fe, resp.Message)
		}
		// Every conflict is listed: Grace on Tuesday and Wei on leave on Thursday.
		resp = owner.Post(t, api+"/shiftSchedule/save", week(early.ShiftTypeID, nextWeek, map[string][]string{"2027-06-08": {grace},
			"2027-06-10": {wei}}))
		var fes []shared.FieldError
		if refused(t, resp); json.Unmarshal(resp.Data, &fes) != nil || len(fes) != 2 || fes[0].Rule != string(shared.ConflictOverlap) ||
			fes[1].Rule != string(shared.ConflictLeave) || fes[1].Message != "Wei Chen is on approved leave and cannot work the Early test "+
			"shift on Thu 06/10/2027 (6:00 AM–2:00 PM)." {
			t.Errorf("every conflict: %s", resp.Data)
		}
		// Wednesday's early shift is free: the night ended Tuesday 07:00.
		saveSchedule(t, owner, week(early.ShiftTypeID, nextWeek, map[string][]string{"2027-06-09": {grace}}))

		// A disabled caregiver.
		if _, err := e.DB.ExecContext(context.Background(), `UPDATE caregivers SET status = 'disabled' WHERE id = ?`, wei); err != nil {
			t.Fatal(err)
		}
		resp = owner.Post(t, api+"/shiftSchedule/save", week(night.ShiftTypeID, "2027-06-13", map[string][]string{"2027-06-14": {wei}}))
		if fe := refused(t, resp); fe.Rule != string(shared.ConflictDisabled) || !strings.Contains(resp.Message, "Wei Chen") {
			t.Errorf("disabled: %+v %q", fe, resp.Message)
		}
		// The week view lists the saved assignment that now conflicts (Wei on Wednesday 2 June).
		var wk shared.WeekSchedule
		owner.Post(t, api+"/shiftSchedule/listByWeek", shared.ListByWeekRequest{WeekStart: thisWeek}).OK(t).Into(t, &wk)
		if len(wk.Conflicts) != 1 || wk.Conflicts[0].CaregiverID != wei || wk.Conflicts[0].Day != "2027-06-02" || wk.Today != "2027-06-01" {
			t.Errorf("week conflicts: %+v", wk.Conflicts)
		}

		// A credential overdue: Amina's food worker card has expired; her CPR card is valid.
		food := newType(t, owner, "Kitchen", "10:00", "14:00", 1, shared.CredFoodWorkerCard)
		resp = owner.Post(t, api+"/shiftSchedule/save", week(food.ShiftTypeID, nextWeek, map[string][]string{"2027-06-11": {amina}}))
		if fe := refused(t, resp); fe.Rule != string(shared.ConflictCredential) || !strings.Contains(resp.Message, "Amina Njoroge") {
			t.Errorf("credential: %+v %q", fe, resp.Message)
		}
		cpr := newType(t, owner, "First aid", "16:00", "18:00", 1, shared.CredCPRFirstAid)
		saveSchedule(t, owner, week(cpr.ShiftTypeID, nextWeek, map[string][]string{"2027-06-11": {amina}}))

		// Another facility's caregiver is not on this staff.
		cedar1 := caregiverID(t, e, "caregiver_cedar1")
		if fe := refused(t, owner.Post(t, api+"/shiftSchedule/save", week(cpr.ShiftTypeID, "2027-06-13", map[string][]string{"2027-06-14": {cedar1}}))); fe.Rule != "ofFacility" {
			t.Errorf("other facility's caregiver: %+v", fe)
		}

		// Optimistic concurrency: two editors of one version; the second gets 4009.
		edit := week(dayT.ShiftTypeID, thisWeek, map[string][]string{"2027-06-01": {amina}, "2027-06-03": {amina}})
		edit.ScheduleID, edit.Version = cur.Schedule.ScheduleID, cur.Schedule.Version
		saveSchedule(t, owner, edit)
		admin := e.SignIn(t, "admin_maple")
		admin.Post(t, api+"/shiftSchedule/save", edit).Is(t, 200, shared.CodeConflict)
		// A second schedule of the type for the same week is refused too.
		owner.Post(t, api+"/shiftSchedule/save", week(dayT.ShiftTypeID, thisWeek, map[string][]string{"2027-06-04": {amina}})).Is(t, 200, shared.CodeConflict)

		// A used type cannot be deleted; an unused one can.
		owner.Get(t, api+"/shiftType/delete?shiftTypeId="+dayT.ShiftTypeID).Is(t, 200, shared.CodeConflict)
		spare := newType(t, owner, "Spare", "12:00", "13:00", 0, "")
		owner.Get(t, api+"/shiftType/delete?shiftTypeId="+spare.ShiftTypeID).OK(t)
		// Names are unique in the facility.
		if fe := refused(t, owner.Post(t, api+"/shiftType/save", shared.SaveShiftTypeRequest{Name: "day TEST", StartTime: "08:00",
			EndTime: "09:00", Color: "#000000", MinStaff: 1, Active: true})); fe.Rule != "unique" {
			t.Errorf("duplicate name: %+v", fe)
		}
	})
}

// Copy last week, publish with gaps, and the notices of a change to a published week.
func TestCopyPublishAndGaps(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		atTuesday(e)
		owner := e.SignIn(t, "owner_evergreen", maple)
		amina, wei := caregiverID(t, e, "caregiver_maple1"), caregiverID(t, e, "caregiver_maple2")
		// Deactivate the demo's types so this week's figures are the test's own.
		if _, err := e.DB.ExecContext(context.Background(), `UPDATE shift_types SET active = 0 WHERE tenant_id = ?`, e.FacilityID(t, maple)); err != nil {
			t.Fatal(err)
		}
		day := newType(t, owner, "Long day", "07:00", "19:00", 1, "")
		night := newType(t, owner, "Long night", "19:00", "07:00", 1, "")
		all := map[string][]string{}
		for i := 0; i < 7; i++ {
			all[addDays(thisWeek, i)] = []string{amina}
		}
		delete(all, "2027-05-30")
		delete(all, "2027-05-31")
		saveSchedule(t, owner, week(day.ShiftTypeID, thisWeek, all))
		nights := map[string][]string{}
		for d := range all {
			nights[d] = []string{wei}
		}
		delete(nights, "2027-06-03") // Thursday night open: a gap of 12 hours
		res := saveSchedule(t, owner, week(night.ShiftTypeID, thisWeek, nights))
		var thu *shared.CoverageGap
		for i, g := range res.Gaps {
			if g.Day == "2027-06-03" && g.StartTime == "19:00" {
				thu = &res.Gaps[i]
			}
		}
		if thu == nil || thu.Hours != 12 || thu.Required != 1 || thu.Assigned != 0 || thu.EndTime != "07:00" {
			t.Fatalf("Thursday night gap: %+v in %+v", thu, res.Gaps)
		}

		// Publish with the gap: allowed, listed; Wei is told once.
		var pub shared.ScheduleResult
		owner.Post(t, api+"/shiftSchedule/publish", shared.PublishRequest{ScheduleID: res.Schedule.ScheduleID, Version: res.Schedule.Version}).OK(t).Into(t, &pub)
		if pub.Schedule.Status != shared.SchedulePublished || len(pub.Gaps) == 0 || pub.Schedule.PublishedAt == 0 {
			t.Errorf("published: %+v", pub)
		}
		// An old version cannot publish or save.
		owner.Post(t, api+"/shiftSchedule/publish", shared.PublishRequest{ScheduleID: res.Schedule.ScheduleID, Version: res.Schedule.Version}).Is(t, 200, shared.CodeConflict)
		weiC := e.SignIn(t, "caregiver_maple2")
		if n := notes(t, weiC, shared.NotifyShiftAddedTitle); n != 1 {
			t.Errorf("Wei told of the published week %d times", n)
		}
		// My shifts: Wei's published nights this week (the day schedule is still a draft for Amina).
		var mine shared.MyShifts
		weiC.Get(t, api+"/shiftSchedule/myShifts").OK(t).Into(t, &mine)
		if len(mine.Shifts) != 4 || mine.Next == nil || mine.Next.Day != "2027-06-01" || mine.Next.StartTime != "19:00" || mine.WeekStart != thisWeek {
			t.Errorf("Wei's shifts: %+v", mine)
		}
		// The facility calendar shows the published nights in Wei's colour; the draft days are not there.
		var cal shared.CalendarData
		weiC.Post(t, api+"/taskInfo/listCalendarData", shared.CalendarRange{Start: thisWeek, End: addDays(thisWeek, 6)}).OK(t).Into(t, &cal)
		shifts := 0
		for _, ev := range cal.Events {
			if ev.Kind == shared.EventShift {
				shifts++
				if ev.Title != "Wei Chen · Long night" || ev.Color == "" {
					t.Errorf("calendar shift: %+v", ev)
				}
			}
		}
		if shifts != 4 {
			t.Errorf("calendar shifts: %d", shifts)
		}
		var aminaShifts shared.MyShifts
		e.SignIn(t, "caregiver_maple1").Get(t, api+"/shiftSchedule/myShifts").OK(t).Into(t, &aminaShifts)
		if len(aminaShifts.Shifts) != 0 {
			t.Errorf("a draft shows to its caregiver: %+v", aminaShifts)
		}

		// A change to the published week: Amina added on Thursday night, Wei removed on Saturday.
		nights["2027-06-03"] = []string{amina}
		delete(nights, "2027-06-05")
		edit := week(night.ShiftTypeID, thisWeek, nights)
		// Amina's Thursday day shift ends 19:00, the night starts 19:00: no overlap.
		edit.ScheduleID, edit.Version = pub.Schedule.ScheduleID, pub.Schedule.Version
		saved := saveSchedule(t, owner, edit)
		if saved.Schedule.Status != shared.SchedulePublished {
			t.Errorf("an edit keeps the week published: %+v", saved.Schedule)
		}
		if n := notes(t, e.SignIn(t, "caregiver_maple1"), shared.NotifyShiftAddedTitle); n != 1 {
			t.Errorf("Amina told of her added shift %d times", n)
		}
		if n := notes(t, weiC, shared.NotifyShiftRemovedTitle); n != 1 {
			t.Errorf("Wei told of the removed shift %d times", n)
		}

		// Copy last week into next week: a draft with the same people, nobody left out.
		var cp shared.ScheduleResult
		owner.Post(t, api+"/shiftSchedule/copyLastWeek", shared.CopyLastWeekRequest{ShiftTypeID: night.ShiftTypeID, WeekStart: nextWeek}).OK(t).Into(t, &cp)
		if cp.Schedule.Status != shared.ScheduleDraft || cp.Schedule.StartDate != nextWeek || len(cp.Schedule.Assignments) != 4 || len(cp.Skipped) != 0 {
			t.Errorf("copied: %+v skipped %+v", cp.Schedule, cp.Skipped)
		}
		// Again: the week has one now.
		owner.Post(t, api+"/shiftSchedule/copyLastWeek", shared.CopyLastWeekRequest{ShiftTypeID: night.ShiftTypeID, WeekStart: nextWeek}).Is(t, 200, shared.CodeConflict)
		// Copying the week before this one into this week leaves out the past days (none to copy: 4004).
		owner.Post(t, api+"/shiftSchedule/copyLastWeek", shared.CopyLastWeekRequest{ShiftTypeID: day.ShiftTypeID, WeekStart: "2027-06-13"}).Is(t, 200, shared.CodeNotFound)
	})
}

// notes counts the caller's notifications with a title key.
func notes(t *testing.T, c *servertest.Client, title string) int {
	t.Helper()
	var page shared.Page[shared.Notification]
	c.Post(t, api+"/notification/listMine", shared.PageRequest[shared.NotificationFilter]{Current: 1, Size: 100}).OK(t).Into(t, &page)
	n := 0
	for _, x := range page.Records {
		if x.TitleKey == title {
			n++
		}
	}
	return n
}

// A week saved without a name is named after its shift type and week; a
// caregiver scheduled past ShiftWeekHoursMax is warned of in listByWeek (not
// refused).
func TestScheduleDefaultNameAndOverHours(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		atTuesday(e)
		owner := e.SignIn(t, "owner_evergreen", maple)
		amina := caregiverID(t, e, "caregiver_maple1")
		long := newType(t, owner, "Long test", "07:00", "19:00", 1, "")
		req := week(long.ShiftTypeID, nextWeek, map[string][]string{"2027-06-07": {amina}, "2027-06-08": {amina}, "2027-06-09": {amina},
			"2027-06-10": {amina}})
		req.Name = ""
		res := saveSchedule(t, owner, req)
		if res.Schedule.Name != "Long test · week of 06/06/2027" {
			t.Errorf("default name: %q", res.Schedule.Name)
		}
		var wk shared.WeekSchedule
		owner.Post(t, api+"/shiftSchedule/listByWeek", shared.ListByWeekRequest{WeekStart: nextWeek}).OK(t).Into(t, &wk)
		var over []shared.ShiftConflict
		for _, c := range wk.Conflicts {
			if c.Kind == shared.ConflictOverHours && c.CaregiverID == amina {
				over = append(over, c)
			}
		}
		// 4 × 12 hours = 48 > 40: the fourth shift (Thursday) passes the limit. (The demo may schedule her too.)
		if len(over) != 1 || !strings.Contains(over[0].Message, "Amina") {
			t.Fatalf("over hours: %+v", over)
		}
		// Three shifts (36 hours) are not over.
		req = week(long.ShiftTypeID, nextWeek, map[string][]string{"2027-06-07": {amina}, "2027-06-08": {amina}, "2027-06-09": {amina}})
		req.ScheduleID, req.Version, req.Name = res.Schedule.ScheduleID, res.Schedule.Version, ""
		saveSchedule(t, owner, req)
		owner.Post(t, api+"/shiftSchedule/listByWeek", shared.ListByWeekRequest{WeekStart: nextWeek}).OK(t).Into(t, &wk)
		for _, c := range wk.Conflicts {
			if c.Kind == shared.ConflictOverHours && c.CaregiverID == amina && c.ShiftTypeID == long.ShiftTypeID {
				t.Errorf("36 hours warned: %+v", c)
			}
		}
	})
}
