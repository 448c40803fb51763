package main

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// world is what the calls need to know of the facility, read once before
// the load (the caregiver's facility: its day, residents, chats, orders,
// passes and tasks), and the pools the writes draw their inputs from.
type world struct {
	day, weekStart, weekEnd, weekAhead, weekBack string   // facility days (YYYY-MM-DD)
	residentID                                   string   // the resident whose profile is opened
	chartMetrics                                 []string // the health tab's first chart
	writeResidents                               []string // the residents the writes are about (not the profile's one, when there are others)
	chatOf                                       map[role]string
	chatIDs                                      []string // the caregiver's chats, for messages

	passes       pool[passInput] // unlogged scheduled passes, by when they open
	prnOrders    []string        // PRN orders a dose may be logged on (no count, reading or site needed)
	followUps    pool[string]    // PRN doses logged here whose check is not written yet
	tasks        pool[taskInput] // occurrences open now or expired
	asNeeded     []string        // as-needed tasks (completed any number of times)
	asNeededFree chan string     // those not being logged right now
	completed    ring            // occurrences completed here, for corrections

	n atomic.Uint64 // spreads the writes over residents and chats

	skipMu    sync.Mutex
	skipCount map[string]int // writes passed over for want of input, by call
}

func (w *world) skipped(name string) {
	w.skipMu.Lock()
	if w.skipCount == nil {
		w.skipCount = map[string]int{}
	}
	w.skipCount[name]++
	w.skipMu.Unlock()
}

func (w *world) skips() map[string]int {
	w.skipMu.Lock()
	defer w.skipMu.Unlock()
	out := make(map[string]int, len(w.skipCount))
	for k, v := range w.skipCount {
		out[k] = v
	}
	return out
}

type passInput struct {
	id      string
	due     int64 // ms
	onHold  bool
	complex bool // a count, a reading or a site would be needed to chart it given or held
}

type taskInput struct {
	recordID string
	late     bool
}

// pool is a finite set of inputs, in the order they become ready: each is
// used once. While budget is 0 or more, only that many more are handed out
// (the mix leaves the rest to the call's own phase).
type pool[T any] struct {
	mu     sync.Mutex
	items  []T
	budget int          // how many more may be handed out, when capped
	capped bool         // budget applies
	ready  func(T) bool // nil: every item is ready
}

func (p *pool[T]) take() (T, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	var zero T
	if len(p.items) == 0 || (p.capped && p.budget <= 0) || (p.ready != nil && !p.ready(p.items[0])) {
		return zero, false
	}
	v := p.items[0]
	p.items = p.items[1:]
	if p.capped {
		p.budget--
	}
	return v, true
}

func (p *pool[T]) put(v T) {
	p.mu.Lock()
	p.items = append(p.items, v)
	p.mu.Unlock()
}

func (p *pool[T]) size() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.items)
}

// keepHalf lets the mix have half of what is ready now (rounded down); the
// rest, and what becomes ready meanwhile, is left to the call's own phase.
func (p *pool[T]) keepHalf() {
	p.mu.Lock()
	n := 0
	for _, v := range p.items {
		if p.ready == nil || p.ready(v) {
			n++
		}
	}
	p.budget, p.capped = n/2, true
	p.mu.Unlock()
}

func (p *pool[T]) release() {
	p.mu.Lock()
	p.capped = false
	p.mu.Unlock()
}

// ring is a growing list read round robin.
type ring struct {
	mu    sync.Mutex
	items []string
	n     int
}

func (r *ring) add(s string) {
	r.mu.Lock()
	r.items = append(r.items, s)
	r.mu.Unlock()
}

func (r *ring) next() (string, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.items) == 0 {
		return "", false
	}
	r.n++
	return r.items[r.n%len(r.items)], true
}

func randomN(n int64) int64 {
	v, err := rand.Int(rand.Reader, big.NewInt(n))
	if err != nil {
		return 0
	}
	return v.Int64()
}

func clientID() string { return randomID() }

func nowMs() int64 { return time.Now().UnixMilli() }

const minute = int64(60_000)

// Pass clock (shared/passclock.go, shared/medication.go): a scheduled pass is
// charted from 60 minutes before its time; after 60 minutes past it, late,
// with a reason.
const passWindow = 60 * minute

func (w *world) nextPass() ([]byte, bool) {
	p, ok := w.passes.take()
	if !ok {
		return nil, false
	}
	body := map[string]any{"passId": p.id, "clientId": clientID(), "outcome": "GIVEN"}
	switch {
	case p.complex: // refused: no count, reading or site is charted
		body["outcome"], body["reason"] = "REFUSED", "Resident declined"
	case p.onHold:
		body["outcome"], body["reason"] = "HELD", "Held: the order is on hold"
	}
	if nowMs() > p.due+passWindow-minute {
		body["reason"] = "Resident was asleep at the time"
	}
	return jsonBody(body), true
}

func (w *world) nextPrn() ([]byte, bool) {
	if len(w.prnOrders) == 0 {
		return nil, false
	}
	n := w.n.Add(1)
	// Charted later for 2-6 days ago (a dose logged offline, PassLogMaxAgeDays 7): today's eMAR
	// day, which the mix reads, stays the size a real day has.
	given := nowMs() - 2*24*60*minute - randomN(4*24*60)*minute
	return jsonBody(map[string]any{"medicationId": w.prnOrders[n%uint64(len(w.prnOrders))], "clientId": clientID(),
		"reason": "Pain 4/10, asked for it", "givenTime": given}), true
}

func (w *world) prnLogged(data json.RawMessage) {
	var p struct {
		PassID string `json:"passId"`
	}
	if json.Unmarshal(data, &p) == nil && p.PassID != "" {
		w.followUps.put(p.PassID)
	}
}

func (w *world) nextFollowUp() ([]byte, bool) {
	id, ok := w.followUps.take()
	if !ok {
		return nil, false
	}
	return jsonBody(map[string]any{"passId": id, "effective": true}), true
}

// nextCompletion completes a task that is due (or expired, with a late
// reason), else logs an as-needed task. An as-needed task is sent by one
// request at a time (its tag; released when answered): two logs of one task
// in the same millisecond are one too many (4009), which two people do not do.
func (w *world) nextCompletion() ([]byte, string, bool) {
	if t, ok := w.tasks.take(); ok {
		body := map[string]any{"recordId": t.recordID, "comment": "Done"}
		if t.late {
			body["lateReason"] = "RESIDENT_ASLEEP"
		}
		return jsonBody(body), "", true
	}
	if len(w.asNeeded) == 0 {
		return nil, "", false
	}
	select {
	case id := <-w.asNeededFree:
		return jsonBody(map[string]any{"taskId": id, "comment": "Done when asked"}), id, true
	case <-time.After(time.Second):
		return nil, "", false
	}
}

// releaseTask frees an as-needed task for its next log.
func (w *world) releaseTask(id string) { w.asNeededFree <- id }

func (w *world) taskCompleted(data json.RawMessage) {
	var r struct {
		RecordID string `json:"recordId"`
	}
	if json.Unmarshal(data, &r) == nil && r.RecordID != "" {
		w.completed.add(r.RecordID)
	}
}

func (w *world) nextCorrection() ([]byte, bool) {
	id, ok := w.completed.next()
	if !ok {
		return nil, false
	}
	return jsonBody(map[string]any{"recordId": id, "comment": "Done; corrected: with two staff"}), true
}

func (w *world) writeResident() string {
	return w.writeResidents[w.n.Add(1)%uint64(len(w.writeResidents))]
}

var noteTypes = []string{"NUTRITION_HYDRATION", "BEHAVIOR_MOOD_CHANGES", "MOBILITY_ACTIVITIES", "HYGIENE_PERSONAL_CARE"}

func (w *world) nextNote() ([]byte, bool) {
	n := w.n.Add(1)
	return jsonBody(map[string]any{"notes": []map[string]any{{"clientId": clientID(), "residentId": w.writeResident(),
		"noteType": noteTypes[n%uint64(len(noteTypes))], "notes": "Ate most of lunch, drank two glasses of water, walked to the garden with a walker."}}}), true
}

func (w *world) nextVital() ([]byte, bool) {
	return jsonBody(map[string]any{"clientId": clientID(), "residentId": w.writeResident(),
		"readings": []map[string]any{{"metric": "HEART_RATE", "value": 60 + randomN(30)}}}), true
}

var careActivities = []struct{ activity, assistance string }{
	{"REPOSITIONING", "LIMITED"}, {"TOILETING", "EXTENSIVE"}, {"DRESSING", "SUPERVISION"}, {"ORAL_CARE", "INDEPENDENT"},
}

func (w *world) nextCare() ([]byte, bool) {
	a := careActivities[w.n.Add(1)%uint64(len(careActivities))]
	return jsonBody(map[string]any{"clientId": clientID(), "residentId": w.writeResident(), "activity": a.activity,
		"assistance": a.assistance}), true
}

func (w *world) nextMessage() ([]byte, bool) {
	if len(w.chatIDs) == 0 {
		return nil, false
	}
	return jsonBody(map[string]any{"chatId": w.chatIDs[w.n.Add(1)%uint64(len(w.chatIDs))], "trackId": clientID(),
		"messageType": "TEXT", "content": "Room 3 needs fresh towels, on my way."}), true
}

func (w *world) nextPunch() ([]byte, bool) {
	return jsonBody(map[string]any{"clientPunchId": clientID()}), true
}

func (w *world) nextIncident() ([]byte, bool) {
	return jsonBody(map[string]any{"type": "FALL", "residentId": w.writeResident(), "occurredAt": nowMs() - 10*minute,
		"narrative": "Found sitting on the floor beside the bed; no visible injury."}), true
}

// learn reads what the calls need, as the caregiver (and each role's chat).
func learn(hc *http.Client, baseURL string, cg session, others map[role]session) (*world, error) {
	w := &world{chatOf: map[role]string{}}
	var today struct {
		Day     string `json:"day"`
		Records []struct {
			RecordID string `json:"recordId"`
			Status   string `json:"status"`
			DueStart int64  `json:"dueStart"`
			Overdue  bool   `json:"overdue"`
		} `json:"records"`
		AsNeeded []struct {
			TaskID string `json:"taskId"`
		} `json:"asNeeded"`
	}
	if err := call(hc, baseURL, http.MethodPost, "/api/care/taskInfo/listTodayTask", map[string]any{}, cg, &today); err != nil {
		return nil, fmt.Errorf("today's tasks: %w", err)
	}
	if today.Day == "" {
		return nil, fmt.Errorf("today's tasks: no day in the answer")
	}
	w.day = today.Day
	w.weekStart = sundayOf(w.day)
	w.weekEnd = facilityDay(w.weekStart, 6)
	w.weekAhead = facilityDay(w.day, 6)
	w.weekBack = facilityDay(w.day, -6)
	now := nowMs()
	var tasks []taskInput
	for _, r := range today.Records {
		if r.Status == "PENDING" && r.DueStart <= now {
			tasks = append(tasks, taskInput{recordID: r.RecordID, late: r.Overdue})
		}
	}
	for _, t := range today.AsNeeded {
		w.asNeeded = append(w.asNeeded, t.TaskID)
	}
	w.asNeededFree = make(chan string, len(w.asNeeded))
	for _, id := range w.asNeeded {
		w.asNeededFree <- id
	}
	var expired struct {
		Records []struct {
			RecordID string `json:"recordId"`
		} `json:"records"`
	}
	if err := call(hc, baseURL, http.MethodPost, "/api/care/taskInfo/listExpiredTasks",
		map[string]any{"current": 1, "size": 100, "data": map[string]any{}}, cg, &expired); err != nil {
		return nil, fmt.Errorf("expired tasks: %w", err)
	}
	for _, r := range expired.Records {
		tasks = append(tasks, taskInput{recordID: r.RecordID, late: true})
	}
	w.tasks.items = tasks

	// Passes: today's and the 7 days before (a pass may be charted up to 7 days late), every
	// unlogged scheduled one, by when it opens; the pool hands one out once it is open.
	type medication struct {
		MedicationID string `json:"medicationId"`
		Type         string `json:"type"`
		Controlled   bool   `json:"controlled"`
		Vital        string `json:"vital"`
		SiteRequired bool   `json:"siteRequired"`
		OnHold       bool   `json:"onHold"`
		Status       string `json:"status"`
		StartDate    string `json:"startDate"`
	}
	var passes []passInput
	for back := 0; back <= 7; back++ {
		var emar struct {
			Residents []struct {
				ResidentID  string       `json:"residentId"`
				Medications []medication `json:"medications"`
				Passes      []struct {
					PassID       string `json:"passId"`
					MedicationID string `json:"medicationId"`
					Kind         string `json:"kind"`
					Status       string `json:"status"`
					DueTime      int64  `json:"dueTime"`
					Outcome      string `json:"outcome"`
				} `json:"passes"`
			} `json:"residents"`
		}
		if err := call(hc, baseURL, http.MethodPost, "/api/care/medication/listMedicationLog",
			map[string]string{"day": facilityDay(w.day, -back)}, cg, &emar); err != nil {
			return nil, fmt.Errorf("eMAR day: %w", err)
		}
		for _, r := range emar.Residents {
			orders := map[string]medication{}
			for _, m := range r.Medications {
				orders[m.MedicationID] = m
				if back == 0 && m.Type == "PRN" && m.Status == "CURRENT" && !m.OnHold && !m.Controlled && m.Vital == "" &&
					!m.SiteRequired && m.StartDate <= facilityDay(w.day, -7) {
					w.prnOrders = append(w.prnOrders, m.MedicationID)
				}
			}
			if back == 0 {
				w.writeResidents = append(w.writeResidents, r.ResidentID)
			}
			for _, p := range r.Passes {
				if p.Kind != "SCHEDULED" || p.Outcome != "" || p.Status == "MISSED" {
					continue
				}
				o := orders[p.MedicationID]
				passes = append(passes, passInput{id: p.PassID, due: p.DueTime, onHold: p.Status == "ON_HOLD" || o.OnHold,
					complex: o.Controlled || o.Vital != "" || o.SiteRequired})
			}
		}
	}
	sort.Slice(passes, func(i, j int) bool { return passes[i].due < passes[j].due })
	w.passes.items = passes
	w.passes.ready = func(p passInput) bool { return nowMs() >= p.due-passWindow+5_000 }
	if len(w.writeResidents) == 0 {
		return nil, fmt.Errorf("the eMAR day lists no resident")
	}
	// The profile opened is the first resident's; the writes go to the others.
	w.residentID = w.writeResidents[0]
	if len(w.writeResidents) > 1 {
		w.writeResidents = w.writeResidents[1:]
	}

	// The health tab's first chart: the first metric (blood pressure as one) with readings in the week.
	var metrics []struct {
		Metric string `json:"metric"`
	}
	if err := call(hc, baseURL, http.MethodGet, "/api/care/healthMonitor/listMetrics?residentId="+w.residentID, nil, cg, &metrics); err != nil {
		return nil, fmt.Errorf("health metrics: %w", err)
	}
	var series struct {
		Series []struct {
			Metric string `json:"metric"`
			Points []any  `json:"points"`
		} `json:"series"`
	}
	if err := call(hc, baseURL, http.MethodPost, "/api/care/healthMonitor/listSeries",
		map[string]string{"residentId": w.residentID, "startDate": w.weekBack, "endDate": w.day}, cg, &series); err != nil {
		return nil, fmt.Errorf("health series: %w", err)
	}
	var choices [][]string
	for _, m := range metrics {
		if m.Metric == "SYSTOLIC_BP" || m.Metric == "DIASTOLIC_BP" {
			if !slices.ContainsFunc(choices, func(c []string) bool { return c[0] == "SYSTOLIC_BP" }) {
				choices = append(choices, []string{"SYSTOLIC_BP", "DIASTOLIC_BP"})
			}
			continue
		}
		choices = append(choices, []string{m.Metric})
	}
	for _, c := range choices {
		if slices.ContainsFunc(series.Series, func(s struct {
			Metric string `json:"metric"`
			Points []any  `json:"points"`
		}) bool {
			return slices.Contains(c, s.Metric) && len(s.Points) > 0
		}) {
			w.chartMetrics = c
			break
		}
	}
	if w.chartMetrics == nil && len(choices) > 0 {
		w.chartMetrics = choices[0]
	}
	if w.chartMetrics == nil {
		w.chartMetrics = []string{"HEART_RATE"}
	}

	// Each role's first chat (the conversation opened); the caregiver's chats take the messages.
	roles := map[role]session{caregiver: cg}
	for r, s := range others {
		roles[r] = s
	}
	for r, s := range roles {
		var chats []struct {
			ID string `json:"id"`
		}
		var page struct {
			Records []struct {
				ID string `json:"id"`
			} `json:"records"`
		}
		var raw json.RawMessage
		if err := call(hc, baseURL, http.MethodPost, "/api/im/chat/pageLatest", map[string]int{"current": 1, "size": 50}, s, &raw); err != nil {
			return nil, fmt.Errorf("%s's chats: %w", r, err)
		}
		if json.Unmarshal(raw, &chats) != nil { // a page, or a bare list
			if err := json.Unmarshal(raw, &page); err == nil {
				chats = page.Records
			}
		}
		if len(chats) > 0 {
			w.chatOf[r] = chats[0].ID
		}
		if r == caregiver {
			for _, c := range chats {
				w.chatIDs = append(w.chatIDs, c.ID)
			}
		}
	}
	return w, nil
}
