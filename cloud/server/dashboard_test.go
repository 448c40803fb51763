package server_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"hearth/cloud/feature/tenant"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

const cardsPath = "/api/system/dashboard/listCards"

func cards(t *testing.T, c *servertest.Client) map[string]shared.DashboardCard {
	t.Helper()
	var list []shared.DashboardCard
	c.Get(t, cardsPath).OK(t).Into(t, &list)
	out := map[string]shared.DashboardCard{}
	for _, card := range list {
		out[card.Key] = card
	}
	return out
}

func keys(m map[string]shared.DashboardCard) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func line(t *testing.T, c shared.DashboardCard, key string) shared.DashboardItem {
	t.Helper()
	for _, it := range c.Items {
		if it.Key == key {
			return it
		}
	}
	t.Fatalf("card %s has no line %s: %+v", c.Key, key, c.Items)
	return shared.DashboardItem{}
}

// The dashboard answers the cards of the caller's role and plan, with the caller's facility's figures only.
func TestDashboardCards(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)

		// Owner of Maple: what needs them now, each card linking to where they act
		// (the demo's eMAR has today's passes and a disposal due).
		owner := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		m := cards(t, owner)
		want := []string{"approvals", "carePlanReviews", "careRecord", "credentials", "facilityDocuments", "incidents", "medPasses", "medicationDisposal",
			"residents", "residentsOut", "shiftCoverage", "todayTasks"}
		if d.Engine == db.SQLite {
			// The embedded server the owner runs, with no backup set up: the card says so (issue 35).
			want = slices.Insert(want, 1, "backup")
		}
		if got := keys(m); !slices.Equal(got, want) {
			t.Fatalf("owner cards: %v", got)
		}
		var pending, overdue int
		owner.Get(t, "/api/care/applicationForm/countReminders").OK(t).Into(t, &pending)
		owner.Get(t, "/api/care/caregiver/countExpiredCertificateFile").OK(t).Into(t, &overdue)
		if it := line(t, m["approvals"], "requestsToApprove"); it.Count != pending || pending == 0 || it.Tone != shared.ToneWarning ||
			m["approvals"].Link != "/staff-management?tab=requests" {
			t.Errorf("approvals: %+v (pending %d)", m["approvals"], pending)
		}
		if it := line(t, m["credentials"], "credentialsOverdue"); it.Count != overdue || it.Tone != shared.ToneDanger {
			t.Errorf("credentials: %+v (overdue %d)", m["credentials"], overdue)
		}
		if it := line(t, m["residentsOut"], "residentsOutNow"); it.Count != 1 || !slices.Equal(it.Names, []string{"Harold Becker"}) {
			t.Errorf("residents out: %+v", it)
		}
		if it := line(t, m["residentsOut"], "residentsDueBack"); it.Count != 0 {
			t.Errorf("nobody is due back today yet: %+v", it)
		}
		// Mei Chen's care plan was updated 380 days ago: past the 12-month review.
		if it := line(t, m["carePlanReviews"], "carePlanOverdue"); it.Count != 1 || !slices.Equal(it.Names, []string{"Mei Chen"}) ||
			it.Tone != shared.ToneDanger || m["carePlanReviews"].Link != "/resident-management" {
			t.Errorf("care plan reviews: %+v", m["carePlanReviews"])
		}

		// The demo's weeks are scheduled but for next Wednesday's night (a gap next week, none left this week).
		if it := line(t, m["shiftCoverage"], "coverageGapHours"); it.Count != 0 || m["shiftCoverage"].Link != "/shift-management" {
			t.Errorf("shift coverage: %+v", m["shiftCoverage"])
		}

		// Incidents: the demo's report pending review, its DSHS hotline duty unchecked.
		if it := line(t, m["incidents"], "incidentsPendingReview"); it.Count != 1 || it.Tone != shared.ToneWarning || m["incidents"].Link != "/incident-management" {
			t.Errorf("incidents: %+v", m["incidents"])
		}
		if it := line(t, m["incidents"], "incidentsOverdueDuties"); it.Count != 1 || it.Tone != shared.ToneDanger {
			t.Errorf("incident duties: %+v", it)
		}

		// No demo resident is still waiting for a first care plan.
		if it := line(t, m["carePlanReviews"], "initialPlanOverdue"); it.Count != 0 || line(t, m["carePlanReviews"], "initialPlanDue").Count != 0 {
			t.Errorf("initial care plans: %+v", m["carePlanReviews"].Items)
		}

		// Today's tasks: the facility day's figures of /task, each facility its own.
		for who, c := range map[string]*servertest.Client{"Maple owner": owner, "Cedar owner": e.SignIn(t, "owner_evergreen", "Cedar Home AFH")} {
			var day shared.TodayTasks
			c.Post(t, "/api/care/taskInfo/listTodayTask", shared.TodayTaskRequest{}).OK(t).Into(t, &day)
			card := cards(t, c)["todayTasks"]
			done, toDo, overdue := line(t, card, "tasksDone"), line(t, card, "tasksToDo"), line(t, card, "tasksOverdue")
			cleared := 0
			for _, r := range day.Records {
				if r.Status == shared.RecordCleared {
					cleared++
				}
			}
			var late int // overdue is every day's late tasks (countExpiredTasks, the sidebar's number)
			c.Get(t, "/api/care/taskInfo/countExpiredTasks").OK(t).Into(t, &late)
			if done.Count != day.Completed || overdue.Count != late || done.Count+toDo.Count+day.Expired+cleared != day.Total ||
				card.Link != "/task" || day.Total == 0 || (overdue.Count > 0) != (overdue.Tone == shared.ToneDanger) {
				t.Errorf("%s today's tasks card %+v, list %d total %d done %d expired", who, card, day.Total, day.Completed, day.Expired)
			}
		}

		// Residents at a glance: Maple has 5 current residents (one of them out) on the premium plan (no limit).
		if it := line(t, m["residents"], "residentsActive"); it.Count != 5 || m["residents"].Link != "/resident-management" {
			t.Errorf("residents card: %+v", m["residents"])
		}
		line(t, m["residents"], "residentsNoLimit")

		// The record: the owner's unread progress notes, and the residents with readings outside their range
		// in the last day (the demo's rising blood pressure), linking to the first one's profile.
		var unreadNotes shared.UnreadCount
		owner.Get(t, "/api/care/progressNote/countUnReadProgressNote").OK(t).Into(t, &unreadNotes)
		if it := line(t, m["careRecord"], "progressNotesUnread"); it.Count != unreadNotes.Count || it.Count == 0 || it.Tone != shared.ToneWarning {
			t.Errorf("record card unread: %+v, want %d", it, unreadNotes.Count)
		}
		if it := line(t, m["careRecord"], "residentsFlagged"); it.Count == 0 || len(it.Names) == 0 || it.Tone != shared.ToneDanger ||
			!strings.HasPrefix(it.Link, "/resident-management/detail?residentId=") {
			t.Errorf("record card flagged: %+v", it)
		}

		// The same owner signed in to Cedar sees Cedar's figures, never Maple's.
		cedar := cards(t, e.SignIn(t, "owner_evergreen", "Cedar Home AFH"))
		if it := line(t, cedar["residentsOut"], "residentsOutNow"); it.Count != 0 || len(it.Names) != 0 {
			t.Errorf("Cedar shows Maple's resident out: %+v", it)
		}
		if it := line(t, cedar["carePlanReviews"], "carePlanOverdue"); it.Count != 0 {
			t.Errorf("Cedar shows Maple's overdue review: %+v", it)
		}

		// A caregiver: their status and their requests; none of the owner's cards.
		carer := e.SignIn(t, "caregiver_maple1")
		c := cards(t, carer)
		if got := keys(c); !slices.Equal(got, []string{"medPasses", "myRequests", "myShift", "myStatus", "residents", "todayTasks"}) {
			t.Fatalf("caregiver cards: %v", got)
		}
		if it := line(t, c["myStatus"], "clockedOut"); it.Time != 0 || c["myStatus"].Link != "/your-status" {
			t.Errorf("my status before clocking in: %+v", c["myStatus"])
		}
		carer.Post(t, "/api/care/caregiverClockInRecord/clockIn", shared.ClockInRequest{ClientPunchID: "dash-test-punch-1"}).OK(t)
		if it := line(t, cards(t, carer)["myStatus"], "clockedIn"); it.Time == 0 {
			t.Errorf("my status after clocking in: %+v", it)
		}
		// The demo's published weeks: Amina's next shift, with its shift type.
		if it := line(t, c["myShift"], "nextShift"); it.Time == 0 || len(it.Names) != 1 || c["myShift"].Link != "/your-status" {
			t.Errorf("my next shift: %+v", c["myShift"])
		}
		if c["residents"].Link != "/resident" || len(c["residents"].Items) != 1 || c["residents"].Items[0].Key != "residentsActive" {
			t.Errorf("a caregiver's residents card leads to their list, without rooms or the plan's limit: %+v", c["residents"])
		}
		var mine int
		carer.Get(t, "/api/care/applicationForm/countReminders").OK(t).Into(t, &mine)
		if it := line(t, c["myRequests"], "myRequestsPending"); it.Count != mine {
			t.Errorf("my requests: %+v, want %d pending", it, mine)
		}

		// A plan too small for the caregiver's status page (free plan: no YourStatus): residents and today's tasks.
		if err := tenant.NewStore(d).SetPlan(t.Context(), e.FacilityID(t, "Cedar Home AFH"), shared.PlanFree, shared.DefaultPackageID); err != nil {
			t.Fatal(err)
		}
		if got := keys(cards(t, e.SignIn(t, "caregiver_cedar1"))); !slices.Equal(got, []string{"residents", "todayTasks"}) {
			t.Errorf("free-plan caregiver cards: %v", got)
		}

		// The super admin: the platform's counts, no facility's cards.
		s := cards(t, e.SignIn(t, "superadmin"))
		if got := keys(s); !slices.Equal(got, []string{"tenants"}) {
			t.Fatalf("super admin cards: %v", got)
		}
		if line(t, s["tenants"], "facilities").Count != 3 || line(t, s["tenants"], "planFree").Count != 2 ||
			line(t, s["tenants"], "planPremium").Count != 1 || line(t, s["tenants"], "users").Count != 7 {
			t.Errorf("tenant counts: %+v", s["tenants"].Items)
		}

		// Harold returns in 3 days: on that day he is due back.
		e.Clock.Advance(3 * 24 * time.Hour)
		if it := line(t, cards(t, e.SignIn(t, "admin_maple"))["residentsOut"], "residentsDueBack"); it.Count != 1 || it.Tone != shared.ToneWarning {
			t.Errorf("due back today: %+v", it)
		}

		// Residents with no care plan recorded yet: the negotiated plan is due 30 days after move-in.
		admin := e.SignIn(t, "admin_maple")
		for i, ago := range []int{10, 40} {
			admin.Post(t, "/api/care/resident/createResident", shared.SaveResidentRequest{FirstName: []string{"Ines", "Olga"}[i], LastName: "New",
				DOB: "1944-01-01", Gender: shared.GenderFemale, Room: []string{"11", "12"}[i], Language: shared.LanguageEnglish, DNR: shared.DNRUnknown,
				MoveInDate: e.Clock.Now().AddDate(0, 0, -ago).Format(time.DateOnly)}).OK(t)
		}
		reviews := cards(t, admin)["carePlanReviews"]
		if it := line(t, reviews, "initialPlanDue"); it.Count != 1 || !slices.Equal(it.Names, []string{"Ines New"}) || it.Tone != shared.ToneWarning {
			t.Errorf("initial plan due: %+v", it)
		}
		if it := line(t, reviews, "initialPlanOverdue"); it.Count != 1 || !slices.Equal(it.Names, []string{"Olga New"}) || it.Tone != shared.ToneDanger {
			t.Errorf("initial plan overdue: %+v", it)
		}

		// Not signed in: 4001.
		e.Client().Get(t, cardsPath).Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
	})
}

// An owner of several homes sees each home's cards as they would after switching to it, the current home
// marked; an owner of one home sees that one; no one else may ask (the envelope's 403 code).
func TestDashboardCardsAcrossHomes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		const path = "/api/system/dashboard/listCardsAcrossHomes"
		across := func(c *servertest.Client) shared.CardsAcrossHomes {
			t.Helper()
			var out shared.CardsAcrossHomes
			c.Get(t, path).OK(t).Into(t, &out)
			return out
		}

		ownerMaple := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		ownerCedar := e.SignIn(t, "owner_evergreen", "Cedar Home AFH")
		got := across(ownerMaple)
		if len(got.Homes) != 2 || got.More != 0 {
			t.Fatalf("homes: %+v", got)
		}
		byName := map[string]shared.HomeCards{}
		for _, h := range got.Homes {
			byName[h.FacilityName] = h
		}
		maple, cedar := byName["Maple House AFH"], byName["Cedar Home AFH"]
		if !maple.Current || cedar.Current {
			t.Fatalf("the current home is Maple: %+v", got.Homes)
		}
		// Each home's cards are the ones the owner sees on that home's own dashboard, figure for figure.
		for _, c := range []struct {
			home   shared.HomeCards
			client *servertest.Client
		}{{maple, ownerMaple}, {cedar, ownerCedar}} {
			own := cards(t, c.client)
			if _, ok := own["backup"]; ok && !c.home.Current {
				// The backups card speaks of the server: across homes it shows once, with the current home.
				delete(own, "backup")
			}
			if len(c.home.Cards) != len(own) {
				t.Fatalf("%s: %d cards across homes, %d on its dashboard", c.home.FacilityName, len(c.home.Cards), len(own))
			}
			for _, card := range c.home.Cards {
				for _, it := range card.Items {
					if mine := line(t, own[card.Key], it.Key); mine.Count != it.Count {
						t.Errorf("%s %s.%s: %d across homes, %d on its dashboard", c.home.FacilityName, card.Key, it.Key, it.Count, mine.Count)
					}
				}
			}
		}
		if has := func(h shared.HomeCards) bool {
			return slices.ContainsFunc(h.Cards, func(c shared.DashboardCard) bool { return c.Key == "backup" })
		}; has(cedar) || has(maple) != (d.Engine == db.SQLite) {
			t.Errorf("the backups card across homes: with Maple %v, with Cedar %v (once, with the current home, on the embedded server)", has(maple), has(cedar))
		}
		// Each home's figures are its own: Cedar's residents card counts Cedar's residents, not Maple's.
		var mapleLiving, cedarLiving int
		if err := d.QueryRowContext(t.Context(), `SELECT
			(SELECT COUNT(*) FROM residents WHERE tenant_id = ? AND status = 'NORMAL'),
			(SELECT COUNT(*) FROM residents WHERE tenant_id = ? AND status = 'NORMAL')`, maple.TenantID, cedar.TenantID).Scan(&mapleLiving, &cedarLiving); err != nil {
			t.Fatal(err)
		}
		if got := line(t, cardOf(t, cedar, "residents"), "residentsActive").Count; got != cedarLiving || cedarLiving == mapleLiving {
			t.Errorf("Cedar's residents card: %d, Cedar has %d, Maple %d", got, cedarLiving, mapleLiving)
		}

		// An owner of one home gets that one only; nobody else may ask (admin, caregiver, super admin).
		if birch := across(e.SignIn(t, "owner_birch")); len(birch.Homes) != 1 || birch.Homes[0].FacilityName != "Birch Cottage AFH" || !birch.Homes[0].Current {
			t.Fatalf("birch: %+v", birch)
		}
		for _, account := range []string{"admin_maple", "caregiver_maple1", "superadmin"} {
			e.SignIn(t, account).Get(t, path).Is(t, http.StatusOK, shared.CodeForbidden)
		}
	})
}

func cardOf(t *testing.T, h shared.HomeCards, key string) shared.DashboardCard {
	t.Helper()
	for _, c := range h.Cards {
		if c.Key == key {
			return c
		}
	}
	t.Fatalf("%s has no card %s", h.FacilityName, key)
	return shared.DashboardCard{}
}
