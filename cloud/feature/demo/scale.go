package demo

import (
	"context"
	"fmt"
	"slices"
	"time"

	"hearth/cloud/feature/attendance"
	"hearth/cloud/feature/carerecord"
	"hearth/cloud/feature/im"
	"hearth/cloud/feature/incident"
	"hearth/cloud/feature/medication"
	"hearth/cloud/feature/resident"
	"hearth/cloud/feature/shift"
	"hearth/cloud/feature/staff"
	"hearth/cloud/feature/task"
	"hearth/cloud/feature/tenant"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// A platform-sized database (`hearth seed --scale HOMES --days DAYS`, see
// docs/operations.md): HOMES more homes beside whatever the database holds,
// each its own organisation and facility with an owner, an admin, 6 to 10
// caregivers and 8 residents (the demo's eight medication stories: 5 to 7
// orders each, their care plans), and DAYS of eMAR history logged the way
// the demo's is (mostly given on time, a few refused, held on a reading,
// not given or late; PRN doses with their checks), DAYS of punches, and the
// record, tasks, shifts, chat and incidents the features' demo helpers write
// (their own spans: a month of readings and notes, two weeks of care
// records and shifts, the last days' tasks and messages). Every row goes
// through the feature that owns it, one transaction per home.
//
// Homes are numbered on from the last one seeded (accounts h<N>_owner,
// h<N>_admin, h<N>_staff<i>): running it again adds more homes with new
// names. Every account's password is DemoPassword.

// ScaleHome is one seeded home: its number, facility and owner.
type ScaleHome struct {
	N                     int
	TenantID, Facility    string
	OwnerAccount, OwnerID string
	Zone                  *time.Location // the facility's
	ResidentIDs           []string
}

var scaleFirst = []string{"Ava", "Ben", "Chloe", "Diego", "Emma", "Farah", "Gabe", "Hana", "Isaac", "Jade", "Kofi", "Lena",
	"Mateo", "Nora", "Omar", "Priya", "Quinn", "Rosa", "Sam", "Tara", "Uma", "Vik", "Wren", "Yusuf"}

var scaleLast = []string{"Adams", "Brooks", "Cruz", "Dang", "Ellis", "Flores", "Gupta", "Hall", "Ito", "Jensen", "Khan",
	"Lopez", "Moore", "Nguyen", "Okoro", "Park", "Reyes", "Singh", "Torres", "Vance", "Walsh", "Young"}

var scaleTowns = []struct {
	town, state string
	zone        shared.TimeZone
}{
	{"Olympia", "WA 98501", shared.TimeZonePT}, {"Spokane", "WA 99201", shared.TimeZonePT}, {"Boise", "ID 83702", shared.TimeZoneMT},
	{"Tacoma", "WA 98405", shared.TimeZonePT}, {"Yakima", "WA 98901", shared.TimeZonePT}, {"Nampa", "ID 83651", shared.TimeZoneMT},
}

// scaleColors tell a home's staff apart on the schedule (the admin and up to 10 caregivers).
var scaleColors = []string{"#5C6BC0", "#27AE60", "#EB5757", "#F2994A", "#8E24AA", "#00897B", "#6D4C41", "#C0CA33", "#1E88E5",
	"#D81B60", "#546E7A"}

// scaleStories are the demo's eight residents whose eMAR and care plan each
// scaled home repeats (5 to 7 orders each).
var scaleStories = []struct{ key, first string }{
	{"maple", "Margaret"}, {"maple", "José"}, {"maple", "Mei"}, {"maple", "Harold"},
	{"maple", "Anita"}, {"cedar", "Rosa"}, {"cedar", "Wang"}, {"cedar", "Dorothy"},
}

// NextScaleHome is the number the next scaled home gets (1 when none was seeded).
func NextScaleHome(ctx context.Context, people interface {
	UserIDByAccount(context.Context, string) (string, error)
}) (int, error) {
	exists := func(n int) (bool, error) {
		id, err := people.UserIDByAccount(ctx, scaleAccount(n, "owner"))
		return id != "", err
	}
	// Homes are numbered without gaps: grow the bound, then bisect.
	hi := 1
	for {
		ok, err := exists(hi)
		if err != nil {
			return 0, err
		}
		if !ok {
			break
		}
		hi *= 2
	}
	lo := hi / 2 // exists (or 0)
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		ok, err := exists(mid)
		if err != nil {
			return 0, err
		}
		if ok {
			lo = mid
		} else {
			hi = mid
		}
	}
	return hi, nil
}

func scaleAccount(n int, role string) string { return fmt.Sprintf("h%d_%s", n, role) }

// SeedScaleHome writes scaled home number n with days of history, in one
// transaction, dated by s.Now.
func SeedScaleHome(ctx context.Context, d *db.DB, s Services, n, days int) (ScaleHome, error) {
	now := s.Now()
	town := scaleTowns[n%len(scaleTowns)]
	home := ScaleHome{N: n, Facility: fmt.Sprintf("Home %d AFH", n), OwnerAccount: scaleAccount(n, "owner")}
	err := d.InTx(ctx, func(tx *db.Tx) error {
		tenants := tenant.NewStore(d)
		org, err := tenants.CreateOrganisation(ctx, tx, fmt.Sprintf("Home %d Care", n))
		if err != nil {
			return err
		}
		home.TenantID, err = tenants.CreateFacility(ctx, tx, tenant.Facility{OrganisationID: org, Name: home.Facility, TimeZone: town.zone,
			LicenceNumber: fmt.Sprintf("9%05d", n), Address: fmt.Sprintf("%d Elm Street, %s, %s", 100+n%900, town.town, town.state),
			Status: shared.TenantApproved, Plan: shared.PlanPremium, PackageID: "PREMIUM_PACKAGE"})
		if err != nil {
			return err
		}
		sc := &scaling{Services: s, d: d, tx: tx, n: n, days: days, now: now, tenantID: home.TenantID}
		if sc.loc, _, err = zone.Facility(ctx, tx, home.TenantID); err != nil {
			return err
		}
		home.Zone = sc.loc
		if err := sc.people(ctx); err != nil {
			return err
		}
		home.OwnerID = sc.owner
		if err := sc.residents(ctx); err != nil {
			return err
		}
		home.ResidentIDs = sc.residentIDs
		for _, step := range []func(context.Context) error{sc.medications, sc.tasks, sc.punches, sc.record, sc.rest} {
			if err := step(ctx); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return ScaleHome{}, fmt.Errorf("scaled home %d: %w", n, err)
	}
	return home, nil
}

// scaling is one scaled home being written.
type scaling struct {
	Services
	tx           *db.Tx
	n, days      int
	now          time.Time
	loc          *time.Location
	tenantID     string
	owner, admin string
	staff        []string          // caregivers' user ids, the first on days, the second evenings, the third nights
	residentIDs  []string          // by scaleStories
	byStory      map[string]string // demo first name → resident id
	storyOf      map[string]string // resident id → demo first name
	staffName    map[string]string // user id → name
	d            *db.DB
}

// people adds the owner, the admin and 6 to 10 caregivers, with their profiles.
func (sc *scaling) people(ctx context.Context) error {
	sc.staffName = map[string]string{}
	add := func(role string, i int, r shared.Role) (string, error) {
		k := sc.n*16 + i
		name := scaleFirst[k%len(scaleFirst)] + " " + scaleLast[(k/len(scaleFirst)+sc.n)%len(scaleLast)]
		account := scaleAccount(sc.n, role)
		id, err := sc.People.CreateUser(ctx, sc.tx, auth.NewUser{Account: account, Email: account + "@scale.example",
			Phone: fmt.Sprintf("+1 5%02d 555 %04d", k/10000%100, k%10000), Name: name, Password: DemoPassword})
		if err != nil {
			return "", fmt.Errorf("user %s: %w", account, err)
		}
		if err := sc.People.AddMembership(ctx, sc.tx, sc.tenantID, id, r); err != nil {
			return "", fmt.Errorf("membership %s: %w", account, err)
		}
		sc.staffName[id] = name
		return id, nil
	}
	var err error
	if sc.owner, err = add("owner", 0, shared.RoleFacilityOwner); err != nil {
		return err
	}
	if sc.admin, err = add("admin", 1, shared.RoleFacilityAdmin); err != nil {
		return err
	}
	for i := range 6 + sc.n%5 {
		id, err := add(fmt.Sprintf("staff%d", i+1), i+2, shared.RoleCaregiverStaff)
		if err != nil {
			return err
		}
		sc.staff = append(sc.staff, id)
	}
	today := sc.now.In(sc.loc)
	for i, uid := range append([]string{sc.admin}, sc.staff...) {
		hired := today.AddDate(0, 0, -sc.days-30-i*40).Format(time.DateOnly)
		if _, err := staff.InsertDemoProfile(ctx, sc.tx, staff.DemoProfile{TenantID: sc.tenantID, UserID: uid, Name: sc.staffName[uid],
			CreatedBy: sc.owner, Color: scaleColors[i], HireDate: hired,
			BirthDate: fmt.Sprintf("%d-%02d-%02d", today.Year()-30-i, 1+i%12, 1+i), Specialties: ""}, sc.now.UnixMilli()); err != nil {
			return fmt.Errorf("staff profile: %w", err)
		}
	}
	return nil
}

// residents adds the home's eight, each with a demo resident's profile under a new name.
func (sc *scaling) residents(ctx context.Context) error {
	sc.byStory, sc.storyOf = map[string]string{}, map[string]string{}
	moveIn := sc.now.In(sc.loc).AddDate(0, 0, -sc.days-60).Format(time.DateOnly)
	for i, st := range scaleStories {
		var tmpl resident.Demo
		for _, r := range demoResidentsOf(st.key) {
			if r.Profile.FirstName == st.first {
				tmpl = r
			}
		}
		p := tmpl.Profile
		p.LastName = scaleLast[(sc.n+i*3)%len(scaleLast)]
		p.PreferredName, p.Room, p.MoveInDate = "", fmt.Sprint(i+1), moveIn
		id, err := resident.InsertDemo(ctx, sc.tx, sc.tenantID, resident.Demo{Profile: p, CarePlanAgo: time.Duration(sc.days+20) * day,
			Contacts: tmpl.Contacts}, sc.now)
		if err != nil {
			return fmt.Errorf("resident %d: %w", i+1, err)
		}
		sc.residentIDs = append(sc.residentIDs, id)
		sc.byStory[st.first], sc.storyOf[id] = id, st.first
	}
	return nil
}

// onShift is who logs at t: days 06–14, evenings 14–22, nights.
func (sc *scaling) onShift(t time.Time) string {
	switch h := t.In(sc.loc).Hour(); {
	case h >= 6 && h < 14:
		return sc.staff[0]
	case h >= 14 && h < 22:
		return sc.staff[1]
	}
	return sc.staff[2]
}

// dayOf is 10:30 on the day ago days before now, in the home's zone.
func (sc *scaling) dayOf(ago int) time.Time {
	y, mo, dd := sc.now.In(sc.loc).AddDate(0, 0, -ago).Date()
	return time.Date(y, mo, dd, 10, 30, 0, 0, sc.loc)
}

// medications writes the eight eMARs and days of passes (medication.SeedDemo).
func (sc *scaling) medications(ctx context.Context) error {
	var residents []medication.DemoResident
	for _, m := range demoMedications() {
		id := sc.byStory[m.first]
		if id == "" || !slices.ContainsFunc(scaleStories, func(s struct{ key, first string }) bool { return s.key == m.key && s.first == m.first }) {
			continue
		}
		dr := medication.DemoResident{ResidentID: id, Level: m.level, LevelNote: m.levelNote}
		for _, o := range m.orders {
			req := o.req
			start := o.startAgo
			if o.endIn == 0 && req.ChangeNote == "" && start <= sc.days {
				start = sc.days + 1 // a long-standing order covers the whole history
			}
			req.StartDate = sc.dayOf(start).Format(time.DateOnly)
			if o.endIn > 0 {
				req.EndDate = sc.dayOf(-o.endIn).Format(time.DateOnly)
			}
			do := medication.DemoOrder{Order: req, Since: sc.dayOf(start)}
			if o.count > 0 {
				do.Count = 60 + 4*sc.days // enough on hand for every dose of the history
			}
			if o.earlier != nil && o.changedAgo < start {
				e := *o.earlier
				e.StartDate = req.StartDate
				do.Earlier, do.Changed, do.ChangeNote = &e, sc.dayOf(o.changedAgo).Add(3*time.Hour), o.changeNote
			}
			if o.stoppedAgo > 0 {
				do.Stopped, do.StopReason = sc.dayOf(o.stoppedAgo).Add(45*time.Minute), o.stopReason
			}
			dr.Orders = append(dr.Orders, do)
		}
		residents = append(residents, dr)
	}
	y, mo, dd := sc.now.In(sc.loc).AddDate(0, 0, -sc.days).Date()
	from := time.Date(y, mo, dd, 0, 0, 0, 0, sc.loc)
	if err := medication.SeedDemo(ctx, sc.tx, sc.tenantID, sc.owner, residents, sc.prns(), from, sc.now, sc.decide); err != nil {
		return fmt.Errorf("eMAR: %w", err)
	}
	return nil
}

// decide logs each pass due until 20 minutes ago as the demo does: mostly
// given on time, a few refused, not given, held on a reading, or late.
func (sc *scaling) decide(passes []medication.DemoPass) map[string]medication.DemoLog {
	logs := make(map[string]medication.DemoLog, len(passes))
	for i, p := range passes {
		if p.Due.After(sc.now.Add(-20 * time.Minute)) {
			continue // the round still going on
		}
		who := fmt.Sprint(sc.n, sc.storyOf[p.ResidentID])
		h := hashOf(who, p.MedicationName, p.Day, p.TimeOfDay)
		l, at := historyLog(p, i, h, who)
		if !at.Before(sc.now) {
			at = sc.now.Add(-time.Minute)
		}
		l.At, l.By = at, sc.onShift(at)
		logs[p.PassID] = l
	}
	return logs
}

// prns are the PRN doses of the history, on the demo's plans, with their checks.
func (sc *scaling) prns() []medication.DemoPRN {
	var out []medication.DemoPRN
	for _, plan := range demoPRNPlans {
		id := sc.byStory[plan.first]
		if id == "" || !slices.Contains(scaleStories, struct{ key, first string }{plan.key, plan.first}) {
			continue
		}
		reasons := prnReasons[plan.medication]
		for ago := sc.days - 1; ago >= 1; ago-- {
			h := hashOf(fmt.Sprint(sc.n), plan.first, plan.medication, fmt.Sprint(ago))
			if int(h)%plan.every != 0 {
				continue
			}
			y, mo, dd := sc.now.In(sc.loc).AddDate(0, 0, -ago).Date()
			at := time.Date(y, mo, dd, plan.hour, int(h%50), 0, 0, sc.loc)
			p := medication.DemoPRN{ResidentID: id, Medication: plan.medication,
				Dose:      medication.DemoLog{By: sc.onShift(at), At: at, Reason: reasons[int(h/7)%len(reasons)]},
				CheckedBy: sc.onShift(at.Add(time.Hour)), CheckedAt: at.Add(time.Duration(60+h%20) * time.Minute), Effective: h%7 != 0}
			p.CheckNote = "Little change; repositioned and offered a drink, the nurse was told."
			if p.Effective {
				p.CheckNote = prnEffects[int(h/11)%len(prnEffects)]
			}
			out = append(out, p)
		}
	}
	return out
}

// tasks writes the eight care plans and the home's tasks, and the work done
// on them (task.InsertDemo: its occurrences begin the day before yesterday).
func (sc *scaling) tasks(ctx context.Context) error {
	start := sc.now.In(sc.loc).AddDate(0, 0, -sc.days).Format(time.DateOnly)
	var reqs []shared.SaveTaskRequest
	for _, p := range demoPlans() {
		id := ""
		if p.first != "" {
			if id = sc.byStory[p.first]; id == "" {
				continue
			}
		} else if p.key != "maple" {
			continue
		}
		for _, r := range p.tasks {
			r.ResidentID, r.StartDate = id, start
			reqs = append(reqs, r)
		}
	}
	done := func(o task.DemoOccurrence) *task.DemoCompletion {
		c, when := completion(o, hashOf(fmt.Sprint(sc.n), sc.storyOf[o.ResidentID], o.Title, o.Day, o.DueStart.String()), sc.now)
		if c == nil {
			return nil
		}
		c.By, c.At = sc.onShift(when), when
		return c
	}
	if err := task.InsertDemo(ctx, sc.tx, sc.tenantID, sc.owner, reqs, sc.now, done); err != nil {
		return fmt.Errorf("tasks: %w", err)
	}
	return nil
}

// punches are days of clock-ins and -outs: each caregiver works five days in
// seven on the day (07–15), evening (15–23) or night (23–07) shift.
func (sc *scaling) punches(ctx context.Context) error {
	today := sc.now.In(sc.loc)
	for i, uid := range sc.staff {
		startHour := []int{7, 15, 23}[i%3]
		for back := sc.days; back >= 1; back-- {
			if (back+i)%7 < 2 {
				continue // days off
			}
			shiftStart := time.Date(today.Year(), today.Month(), today.Day()-back, startHour, 0, 0, 0, sc.loc)
			in := shiftStart.Add(time.Duration((back*7+i*5)%11-5) * time.Minute)
			out := shiftStart.Add(8*time.Hour + time.Duration((back*3+i)%9)*time.Minute)
			if !out.Before(sc.now) {
				continue
			}
			for _, p := range []attendance.DemoPunch{
				{TenantID: sc.tenantID, UserID: uid, Type: shared.PunchIn, At: in.UnixMilli(), ReceivedAt: in.UnixMilli()},
				{TenantID: sc.tenantID, UserID: uid, Type: shared.PunchOut, At: out.UnixMilli(), ReceivedAt: out.UnixMilli()},
			} {
				if err := attendance.InsertDemoPunch(ctx, sc.tx, p); err != nil {
					return fmt.Errorf("punch: %w", err)
				}
			}
		}
	}
	return nil
}

// record writes readings, progress notes and care records (carerecord.SeedDemo).
func (sc *scaling) record(ctx context.Context) error {
	writers := []carerecord.DemoWriter{}
	for _, uid := range sc.staff[:3] {
		writers = append(writers, carerecord.DemoWriter{UserID: uid, Language: shared.LangEnUS})
	}
	if err := carerecord.SeedDemo(ctx, sc.d, sc.tx, sc.tenantID, sc.owner, writers, sc.now); err != nil {
		return fmt.Errorf("record: %w", err)
	}
	return nil
}

// rest writes the shifts, the chat and the incident reports of the demo's helpers.
func (sc *scaling) rest(ctx context.Context) error {
	if err := shift.SeedDemo(ctx, sc.tx, sc.tenantID, shift.DemoCrew{Day: sc.staff[0], Evening: sc.staff[1], Admin: sc.admin}, sc.now); err != nil {
		return fmt.Errorf("shifts: %w", err)
	}
	if err := im.SeedDemo(ctx, sc.tx, im.DemoPeople{TenantID: sc.tenantID, Owner: sc.owner, Admin: sc.admin, Day: sc.staff[0],
		Evening: sc.staff[1]}, sc.now); err != nil {
		return fmt.Errorf("chat: %w", err)
	}
	if err := incident.SeedDemo(ctx, sc.tx, incident.DemoPeople{TenantID: sc.tenantID, OwnerID: sc.owner, OwnerName: sc.staffName[sc.owner],
		CarerID: sc.staff[0], CarerName: sc.staffName[sc.staff[0]], FallResidentID: sc.byStory["Margaret"],
		PendingResidentID: sc.byStory["Mei"], DraftResidentID: sc.byStory["José"]}, sc.now); err != nil {
		return fmt.Errorf("incidents: %w", err)
	}
	return nil
}
