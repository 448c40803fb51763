package demo

import (
	"context"
	"fmt"

	"hearth/cloud/feature/taskrule"
	"hearth/shared"
)

// demoRules are the platform's task creation rules in the demo: what a home
// does for every new resident and every new member of staff.
var demoRules = []shared.SaveTaskCreationRuleRequest{
	// The first week in a new home: how the resident is settling in, each evening.
	{Title: "Settling-in check: room, belongings, how the day went", BusinessType: shared.BusinessResident, TaskType: shared.TaskMandatory,
		Frequency: shared.FrequencyDaily, TimeSession: shared.SessionEvening, DurationDays: 7, Enabled: true},
	// A weight on arrival gives the baseline later weights are compared with.
	{Title: "Baseline weight and vital signs", BusinessType: shared.BusinessResident, TaskType: shared.TaskVitalCheck,
		Frequency: shared.FrequencyOnce, TimeSession: shared.SessionMorning, Enabled: true},
	{Title: "Orientation: house rules and emergency plan", BusinessType: shared.BusinessCreateCaregiver, TaskType: shared.TaskMandatory,
		Frequency: shared.FrequencyOnce, Enabled: true},
}

// rules adds the demo's task creation rules, as the super admin, through the rules service.
func (sd *seeding) rules(ctx context.Context, rules *taskrule.Service) error {
	for _, r := range demoRules {
		if err := rules.InsertDemo(ctx, sd.tx, sd.users["superadmin"], r); err != nil {
			return fmt.Errorf("demo task creation rule %q: %w", r.Title, err)
		}
	}
	return nil
}
