package shared

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
	"time"
)

// casesFile holds the pass clock's answers for the UI's copy to be checked
// against (frontend/src/lib/emar/passClock.test.ts).
const casesFile = "../frontend/src/lib/emar/passClock.cases.json"

type passClockCases struct {
	Due      int64             `json:"due"`
	Steps    []passClockStep   `json:"steps"`
	Colours  []colourCase      `json:"colours"`
	Initials map[string]string `json:"initials"`
}

type passClockStep struct {
	At       int64      `json:"at"`
	Open     bool       `json:"open"`
	Late     bool       `json:"late"`
	Status   PassStatus `json:"status"`
	FollowUp PassStatus `json:"followUp"`
}

type colourCase struct {
	Status   PassStatus `json:"status"`
	FollowUp PassStatus `json:"followUp"`
	Colour   PassColour `json:"colour"`
}

func makePassClockCases() passClockCases {
	// 03:30 on the spring-forward day in Los Angeles: the window is real time, not wall-clock time.
	due := time.Date(2026, 3, 8, 10, 30, 0, 0, time.UTC).UnixMilli()
	c := passClockCases{Due: due, Initials: map[string]string{}}
	for _, m := range []int64{-24 * 60, -121, -61, -60, -59, -1, 0, 1, 29, 30, 31, 59, 60, 61, 89, 90, 119, 120, 121} {
		for _, d := range []int64{-1, 0, 1} {
			at := due + m*minuteMillis + d
			c.Steps = append(c.Steps, passClockStep{At: at, Open: PassOpen(due, at), Late: PassLate(due, at),
				Status: PassClock(due, at), FollowUp: FollowUpClock(due, at)})
		}
	}
	statuses := []PassStatus{PassUpcoming, PassDue, PassWarning, PassOverdue, PassGiven, PassRefused, PassHeld, PassNotGiven, PassOnHold, PassDone, ""}
	for _, s := range statuses {
		for _, f := range statuses {
			c.Colours = append(c.Colours, colourCase{Status: s, FollowUp: f, Colour: PassColourOf(s, f)})
		}
	}
	for _, n := range []string{"Amina Njoroge", "陈伟", "maria de la Cruz Santos", "  Grace   ", "O'Brien Pat", "", "José María Álvarez"} {
		c.Initials[n] = Initials(n)
	}
	return c
}

// TestPassClockCases fails when the UI's cases are stale: the Go rule
// changed and the TS copy has not been checked against it. Write them anew
// with HEARTH_UPDATE_CASES=1 go test ./shared/ -run TestPassClockCases.
func TestPassClockCases(t *testing.T) {
	want, err := json.MarshalIndent(makePassClockCases(), "", " ")
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	if os.Getenv("HEARTH_UPDATE_CASES") == "1" {
		if err := os.WriteFile(casesFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(casesFile)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s is stale (%v): run HEARTH_UPDATE_CASES=1 go test ./shared/ -run TestPassClockCases and make the UI's passClock.ts pass its test", casesFile, err)
	}
}

func TestPassWindow(t *testing.T) {
	due := time.Date(2027, 6, 2, 15, 0, 0, 0, time.UTC).UnixMilli()
	if PassOpen(due, due-61*minuteMillis) || !PassOpen(due, due-60*minuteMillis) || !PassOpen(due, due-59*minuteMillis) {
		t.Error("the window opens 60 minutes before the time")
	}
	if PassLate(due, due+60*minuteMillis) || !PassLate(due, due+60*minuteMillis+1) {
		t.Error("a log is late after the window closed")
	}
	if PassClock(due, due-61*minuteMillis) != PassUpcoming || PassClock(due, due-60*minuteMillis) != PassDue ||
		PassClock(due, due+30*minuteMillis) != PassWarning || PassClock(due, due+60*minuteMillis) != PassOverdue {
		t.Error("the pass clock")
	}
}
