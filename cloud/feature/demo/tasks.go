package demo

import (
	"context"
	"fmt"
	"hash/fnv"
	"time"

	"hearth/cloud/feature/task"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// The demo's care plans: 13 to 19 tasks per active resident across the
// sessions and care areas (a few at a time of day, a weekly shower, a
// monthly nail care, an as-needed comfort task, daily vital signs) and a few
// facility tasks, begun three weeks ago. Yesterday's and this morning's work
// is mostly done by the caregivers on shift, a few items were done late or
// missed (expired), and a resident in hospital has his expired since he left:
// the task page looks like a working day in an adult family home.

// planStartDays: the demo's care plans began this many days before the seed.
const planStartDays = 21

type plan struct {
	key, first string // facility key, resident's first name ("" = facility tasks)
	tasks      []shared.SaveTaskRequest
}

func at(title string, typ shared.TaskType, area shared.CareArea, clock string) shared.SaveTaskRequest {
	return shared.SaveTaskRequest{Title: title, Type: typ, Area: area, TimeOfDay: clock, Frequency: shared.FrequencyDaily}
}

func in(title string, typ shared.TaskType, area shared.CareArea, session shared.TimeSession) shared.SaveTaskRequest {
	return shared.SaveTaskRequest{Title: title, Type: typ, Area: area, TimeSession: session, Frequency: shared.FrequencyDaily}
}

func with(r shared.SaveTaskRequest, f func(*shared.SaveTaskRequest)) shared.SaveTaskRequest {
	f(&r)
	return r
}

// everyday are the tasks every demo resident has, with their instructions.
func everyday(shower []int) []shared.SaveTaskRequest {
	return []shared.SaveTaskRequest{
		in("Wake up, toileting and morning wash", shared.TaskRoutine, shared.AreaHygiene, shared.SessionMorning),
		in("Help dress for the day", shared.TaskRoutine, shared.AreaDressing, shared.SessionMorning),
		with(at("Breakfast: set up, encourage fluids", shared.TaskRoutine, shared.AreaEating, "08:00"), func(r *shared.SaveTaskRequest) {
			r.Content = "Offer a full glass of water or juice with the meal; note if less than half was eaten."
		}),
		at("Lunch", shared.TaskRoutine, shared.AreaEating, "12:00"),
		at("Dinner", shared.TaskRoutine, shared.AreaEating, "17:30"),
		with(at("Vital signs: blood pressure, pulse, temperature", shared.TaskVitalCheck, shared.AreaOther, "09:00"), func(r *shared.SaveTaskRequest) {
			r.Content = "Call the nurse if systolic is over 160 or under 90, pulse over 110, or temperature 100.4 °F or more."
		}),
		in("Walk or chair exercises", shared.TaskRoutine, shared.AreaMobility, shared.SessionAfternoon),
		in("Evening wash, teeth or dentures, nightclothes", shared.TaskRoutine, shared.AreaHygiene, shared.SessionEvening),
		with(in("Mood and behaviour note", shared.TaskNonMandatory, shared.AreaBehavior, shared.SessionEvening), func(r *shared.SaveTaskRequest) {
			r.Frequency = shared.FrequencyWeekdays
		}),
		with(in("Night check: position, brief, call light in reach", shared.TaskMandatory, shared.AreaSleep, shared.SessionNight), func(r *shared.SaveTaskRequest) {
			r.Content = "Quietly; do not wake unless wet or uncomfortable."
		}),
		with(in("Shower", shared.TaskRoutine, shared.AreaBathing, shared.SessionMorning), func(r *shared.SaveTaskRequest) {
			r.Frequency, r.DaysOfWeek = shared.FrequencyWeekly, shower
			r.Content = "Check the skin for redness or bruises and note any."
		}),
		with(in("Nail care (fingers and toes)", shared.TaskRoutine, shared.AreaHygiene, shared.SessionMidday), func(r *shared.SaveTaskRequest) {
			r.Frequency = shared.FrequencyMonthly
		}),
		{Title: "Comfort when restless: reposition, warm blanket, reassurance", Type: shared.TaskAsNeeded, Area: shared.AreaBehavior,
			Frequency: shared.FrequencyAnytime},
	}
}

func demoPlans() []plan {
	return []plan{
		{"maple", "Margaret", append(everyday([]int{2, 5}),
			in("Thickened liquids (nectar) with every drink", shared.TaskMandatory, shared.AreaEating, ""),
			in("Midnight brief check", shared.TaskMandatory, shared.AreaToileting, shared.SessionMidnight),
			at("Tea with milk by the window", shared.TaskNonMandatory, shared.AreaBehavior, "15:00"),
			with(in("Calm music when sundowning", shared.TaskNonMandatory, shared.AreaBehavior, shared.SessionEvening), func(r *shared.SaveTaskRequest) {
				r.Content = "Lutheran hymns or soft piano; lower the lights."
			}),
		)},
		{"maple", "José", append(everyday([]int{3, 6}),
			at("Blood glucose before breakfast", shared.TaskVitalCheck, shared.AreaOther, "07:30"),
			at("Blood glucose before dinner", shared.TaskVitalCheck, shared.AreaOther, "16:30"),
			with(in("Fluid intake total (limit 1.5 L)", shared.TaskHealthMonitoring, shared.AreaEating, shared.SessionEvening), func(r *shared.SaveTaskRequest) {
				r.Content = "Add up the day's drinks; tell the nurse if over 1.5 L."
			}),
			with(in("Transfer with the Hoyer lift (two staff)", shared.TaskMandatory, shared.AreaMobility, shared.SessionMorning), func(r *shared.SaveTaskRequest) {
				r.Content = "Always two people; check the sling for wear first."
			}),
			with(in("Weigh (heart failure)", shared.TaskHealthMonitoring, shared.AreaOther, shared.SessionMorning), func(r *shared.SaveTaskRequest) {
				r.Frequency, r.DaysOfWeek = shared.FrequencyWeekly, []int{1}
				r.Content = "Same scale, before breakfast; a gain of 2 lb in a day or 5 lb in a week goes to the doctor."
			}),
		)},
		{"maple", "Mei", append(everyday([]int{1, 4}),
			in("Bed alarm on and working", shared.TaskMandatory, shared.AreaSleep, shared.SessionEvening),
			in("Tai chi stretches after lunch", shared.TaskNonMandatory, shared.AreaMobility, shared.SessionAfternoon),
			with(in("Room walk-through for trip hazards", shared.TaskMandatory, shared.AreaMobility, shared.SessionMidday), func(r *shared.SaveTaskRequest) {
				r.Frequency, r.DaysOfWeek = shared.FrequencyWeekly, []int{0}
			}),
			at("Warm water, never iced", shared.TaskNonMandatory, shared.AreaEating, "14:00"),
		)},
		{"maple", "Harold", append(everyday([]int{2, 6}),
			in("Oxygen concentrator and tubing check", shared.TaskMandatory, shared.AreaOther, shared.SessionMorning),
			at("Oxygen saturation", shared.TaskVitalCheck, shared.AreaOther, "10:00"),
			at("Crossword and the paper after breakfast", shared.TaskNonMandatory, shared.AreaBehavior, "09:30"),
		)},
		{"maple", "Anita", append(everyday([]int{3, 0}),
			in("Renal diet: check the menu (low potassium, vegetarian)", shared.TaskMandatory, shared.AreaEating, shared.SessionMidday),
			at("Quiet time for evening prayer", shared.TaskNonMandatory, shared.AreaBehavior, "19:00"),
			with(in("Depression screen (PHQ-2) and chat", shared.TaskHealthMonitoring, shared.AreaBehavior, shared.SessionAfternoon), func(r *shared.SaveTaskRequest) {
				r.Frequency, r.DaysOfWeek = shared.FrequencyBiweekly, []int{4}
			}),
		)},
		{"cedar", "Rosa", append(everyday([]int{2, 5}),
			at("Blood glucose before breakfast", shared.TaskVitalCheck, shared.AreaOther, "07:30"),
			in("Read the mail and the menu aloud (low vision)", shared.TaskNonMandatory, shared.AreaOther, shared.SessionMidday),
			in("Telenovela time", shared.TaskNonMandatory, shared.AreaBehavior, shared.SessionEvening),
		)},
		{"cedar", "Wang", append(everyday([]int{1, 4}),
			with(shared.SaveTaskRequest{Title: "Reposition (every 2 hours)", Type: shared.TaskMandatory, Area: shared.AreaMobility,
				TimeOfDay: "00:00", Frequency: shared.FrequencyHourly, RepeatInterval: 2}, func(r *shared.SaveTaskRequest) {
				r.Content = "Left side, back, right side; pillows between the knees; check heels and sacrum."
			}),
			in("Mouth care with swabs", shared.TaskRoutine, shared.AreaHygiene, shared.SessionAfternoon),
			in("Catheter care and bag emptied", shared.TaskMandatory, shared.AreaToileting, shared.SessionMorning),
			in("Catheter bag emptied (evening)", shared.TaskMandatory, shared.AreaToileting, shared.SessionEvening),
			at("Pain check (0–10) and hospice notes", shared.TaskHealthMonitoring, shared.AreaOther, "14:00"),
		)},
		{"cedar", "Dorothy", append(everyday([]int{3, 6}),
			at("Daily weight (heart failure)", shared.TaskHealthMonitoring, shared.AreaOther, "07:00"),
			in("Ankle swelling check", shared.TaskVitalCheck, shared.AreaOther, shared.SessionEvening),
			in("Afternoon nap, feet up", shared.TaskNonMandatory, shared.AreaSleep, shared.SessionAfternoon),
		)},
		{"maple", "", []shared.SaveTaskRequest{
			at("Fridge and freezer temperatures", shared.TaskMandatory, shared.AreaOther, "07:00"),
			with(in("Smoke alarms and fire extinguisher check", shared.TaskMandatory, shared.AreaOther, shared.SessionMidday), func(r *shared.SaveTaskRequest) {
				r.Frequency = shared.FrequencyMonthly
			}),
			with(in("Restock gloves, wipes and briefs", shared.TaskOther, shared.AreaOther, shared.SessionAfternoon), func(r *shared.SaveTaskRequest) {
				r.Frequency, r.DaysOfWeek = shared.FrequencyWeekly, []int{1}
			}),
		}},
		{"cedar", "", []shared.SaveTaskRequest{
			at("Fridge and freezer temperatures", shared.TaskMandatory, shared.AreaOther, "07:00"),
		}},
	}
}

// comments are what a caregiver writes, by care area and task type.
var comments = map[string][]string{
	string(shared.AreaHygiene):          {"Done with cueing", "Done; skin intact", "Brushed teeth herself with reminders"},
	string(shared.AreaDressing):         {"Chose her own clothes", "Dressed with help for buttons", "Done"},
	string(shared.AreaEating):           {"Ate about 75%", "Ate all; drank a full glass", "Ate half; offered a snack later"},
	string(shared.AreaMobility):         {"Walked to the dining room with walker", "Chair exercises 10 minutes", "Done, tolerated well"},
	string(shared.AreaBathing):          {"Shower with stand-by assist; skin intact", "Shower done; small bruise left shin, noted"},
	string(shared.AreaSleep):            {"Asleep, dry, call light in reach", "Awake at 2, settled with a drink of water"},
	string(shared.AreaToileting):        {"Dry", "Brief changed, skin clean", "Emptied 450 ml, clear"},
	string(shared.AreaBehavior):         {"Calm and cheerful", "A little restless after dinner, settled with music", "Enjoyed it"},
	string(shared.TaskVitalCheck):       {"BP 128/76, pulse 72, temp 97.9 °F", "BP 134/80, pulse 68, temp 98.1 °F", "Within normal limits"},
	string(shared.TaskHealthMonitoring): {"Recorded; no change", "Recorded; told the owner", "Done"},
	string(shared.AreaOther):            {"Done", "Checked, all fine"},
}

func commentFor(o task.DemoOccurrence, h uint32) string {
	list := comments[string(o.Area)]
	if o.Type == shared.TaskVitalCheck || o.Type == shared.TaskHealthMonitoring {
		list = comments[string(o.Type)]
	}
	if len(list) == 0 {
		list = comments[string(shared.AreaOther)]
	}
	return list[int(h)%len(list)]
}

func hashOf(parts ...string) uint32 {
	f := fnv.New32a()
	for _, p := range parts {
		_, _ = f.Write([]byte(p))
		_, _ = f.Write([]byte{0})
	}
	return f.Sum32()
}

// tasks writes the demo care plans and the work done on them (through task.InsertDemo).
func (sd *seeding) tasks(ctx context.Context) error {
	loc := zone.Of(shared.TimeZonePT) // Maple House and Cedar Home are in Washington
	start := sd.now.In(loc).AddDate(0, 0, -planStartDays).Format(time.DateOnly)
	// Harold has been in hospital since he went out: nothing of his was done since.
	away := map[string]time.Time{}
	for _, r := range mapleResidents {
		if r.Status == shared.ResidentGoingOut {
			away[sd.residentIDs["maple/"+r.Profile.FirstName]] = sd.now.Add(-r.StatusAgo)
		}
	}
	// Who is on shift: day (06–18) and night staff.
	shift := map[string][2]string{
		"maple": {sd.users["caregiver_maple1"], sd.users["caregiver_maple2"]},
		"cedar": {sd.users["caregiver_cedar1"], sd.users["owner_evergreen"]},
	}
	byFacility := map[string][]shared.SaveTaskRequest{}
	var order []string
	for _, p := range demoPlans() {
		if _, ok := byFacility[p.key]; !ok {
			order = append(order, p.key)
		}
		id := ""
		if p.first != "" {
			if id = sd.residentIDs[p.key+"/"+p.first]; id == "" {
				return fmt.Errorf("demo tasks: no resident %s", p.first)
			}
		}
		for _, r := range p.tasks {
			r.ResidentID, r.StartDate = id, start
			// José prefers a male caregiver for bathing (his profile): Wei Chen showers him.
			if p.first == "José" && r.Area == shared.AreaBathing {
				r.CaregiverID = sd.users["caregiver_maple2"]
			}
			byFacility[p.key] = append(byFacility[p.key], r)
		}
	}
	for _, key := range order {
		staff := shift[key]
		done := func(o task.DemoOccurrence) *task.DemoCompletion {
			if left, ok := away[o.ResidentID]; ok && !o.DueEnd.Before(left) {
				return nil
			}
			c, when := completion(o, hashOf(o.ResidentID, o.Title, o.Day, o.DueStart.String()), sd.now)
			if c == nil {
				return nil
			}
			if hour := when.In(loc).Hour(); hour >= 6 && hour < 18 {
				c.By = staff[0]
			} else {
				c.By = staff[1]
			}
			c.At = when
			return c
		}
		if err := task.InsertDemo(ctx, sd.tx, sd.facilities[key], sd.users["owner_evergreen"], byFacility[key], sd.now, done); err != nil {
			return fmt.Errorf("demo tasks of %s: %w", key, err)
		}
	}
	return nil
}

// completion is how the demo completes a task occurrence, and when: most
// closed ones done in their window, a few after it (asleep or refused at
// first), the rest missed; of those open now, some already done. nil: not done.
// h is the occurrence's hash.
func completion(o task.DemoOccurrence, h uint32, now time.Time) (*task.DemoCompletion, time.Time) {
	roll := h % 100
	closed := !o.DueEnd.After(now)
	when := o.DueStart.Add(time.Duration(float64(o.DueEnd.Sub(o.DueStart)) * (0.2 + float64(h%50)/100)))
	c := &task.DemoCompletion{Comment: commentFor(o, h)}
	switch {
	case closed && roll < 88:
	case closed && roll < 93: // done, but after its window
		when = o.DueEnd.Add(time.Duration(10+h%40) * time.Minute)
		c.LateReason = shared.LateResidentAsleep
		if h%2 == 0 {
			c.LateReason = shared.LateResidentRefused
		}
	case closed:
		return nil, time.Time{} // missed: it expires
	case roll < 45: // open now: some already done
		if when.After(now) {
			when = o.DueStart.Add(now.Sub(o.DueStart) / 2)
		}
	default:
		return nil, time.Time{}
	}
	return c, when
}
