package shared

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
	"time"
)

// offlineCasesFile holds the offline rules' answers for the phone's copy
// (frontend/src/lib/phone/offlineRules.test.ts).
const offlineCasesFile = "../frontend/src/lib/phone/offlineRules.cases.json"

type offlineCases struct {
	Now    int64             `json:"now"`
	Passes []offlinePassCase `json:"passes"`
	Prns   []offlinePrnCase  `json:"prns"`
	Times  []offlineTimeCase `json:"times"`
}

type offlinePassCase struct {
	Kind    PassKind    `json:"kind"`
	Status  PassStatus  `json:"status"`
	Logged  bool        `json:"logged"`
	Due     int64       `json:"due"`
	Outcome PassOutcome `json:"outcome"`
	At      int64       `json:"at"`
	Rule    string      `json:"rule"`
}

type offlinePrnCase struct {
	Type   MedicationType   `json:"type"`
	Status MedicationStatus `json:"status"`
	OnHold bool             `json:"onHold"`
	Rule   string           `json:"rule"`
}

type offlineTimeCase struct {
	At   int64  `json:"at"`
	Rule string `json:"rule"`
}

func makeOfflineCases() offlineCases {
	now := time.Date(2026, 11, 1, 16, 0, 0, 0, time.UTC).UnixMilli()
	c := offlineCases{Now: now}
	for _, kind := range []PassKind{PassScheduled, PassPRN} {
		for _, status := range []PassStatus{PassUpcoming, PassDue, PassOverdue, PassOnHold} {
			for _, logged := range []bool{false, true} {
				for _, outcome := range []PassOutcome{OutcomeGiven, OutcomeRefused, OutcomeHeld, OutcomeNotGiven} {
					for _, m := range []int64{-61, -60, 0, 61, 60 * 24} {
						at := now + m*minuteMillis
						c.Passes = append(c.Passes, offlinePassCase{Kind: kind, Status: status, Logged: logged, Due: now, Outcome: outcome, At: at,
							Rule: OfflinePassRule(kind, status, logged, now, outcome, at)})
					}
				}
			}
		}
	}
	for _, typ := range []MedicationType{MedicationPRN, MedicationRoutine} {
		for _, status := range []MedicationStatus{MedicationCurrent, MedicationDiscontinued} {
			for _, onHold := range []bool{false, true} {
				c.Prns = append(c.Prns, offlinePrnCase{Type: typ, Status: status, OnHold: onHold, Rule: OfflinePrnRule(typ, status, onHold)})
			}
		}
	}
	day := int64(24 * 3_600_000)
	for _, at := range []int64{-1, 0, 1, now, now + 120_000, now + 120_001, now - 7*day, now - 7*day - 1} {
		c.Times = append(c.Times, offlineTimeCase{At: at, Rule: OfflineTimeRule(at, now)})
	}
	return c
}

// TestOfflineRuleCases fails when the phone's cases are stale. Write them anew
// with HEARTH_UPDATE_CASES=1 go test ./shared/ -run TestOfflineRuleCases.
func TestOfflineRuleCases(t *testing.T) {
	want, err := json.MarshalIndent(makeOfflineCases(), "", " ")
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	if os.Getenv("HEARTH_UPDATE_CASES") == "1" {
		if err := os.WriteFile(offlineCasesFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(offlineCasesFile)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s is stale (%v): run HEARTH_UPDATE_CASES=1 go test ./shared/ -run TestOfflineRuleCases and make offlineRules.ts pass its test", offlineCasesFile, err)
	}
}

func TestOfflineRules(t *testing.T) {
	due := time.Date(2027, 6, 2, 15, 0, 0, 0, time.UTC).UnixMilli()
	if r := OfflinePassRule(PassScheduled, PassDue, false, due, OutcomeGiven, due); r != "" {
		t.Errorf("an open pass: %q", r)
	}
	if r := OfflinePassRule(PassScheduled, PassOnHold, false, due, OutcomeHeld, due); r != "" {
		t.Errorf("a pass on hold may be held: %q", r)
	}
	if r := OfflinePassRule(PassScheduled, PassUpcoming, false, due, OutcomeRefused, due-61*minuteMillis); r != "windowNotOpen" {
		t.Errorf("before the window: %q", r)
	}
	if r := OfflinePrnRule(MedicationPRN, MedicationCurrent, true); r != "orderOnHold" {
		t.Errorf("a PRN order on hold: %q", r)
	}
}
