package demo

import (
	"context"
	"fmt"

	"hearth/cloud/feature/carerecord"
	"hearth/cloud/platform/db"
	"hearth/shared"
)

// The demo's resident record: a month of readings for every resident who
// lives here (at each home the first resident's blood pressure rising, the
// second's weight falling), a few progress notes of each common type by the
// home's caregivers in their language (Wei Chen writes Chinese, Maria
// Santos Spanish), the last three days' unread for the owner, and two weeks
// of ADL care records (carerecord.SeedDemo).
var demoChartWriters = map[string][]struct {
	account string
	lang    shared.Language
}{
	"maple": {{"caregiver_maple1", shared.LangEnUS}, {"caregiver_maple2", shared.LangZhCN}, {"admin_maple", shared.LangEnUS}},
	"cedar": {{"caregiver_cedar1", shared.LangEsES}},
}

func (sd *seeding) careRecords(ctx context.Context, d *db.DB) error {
	for _, key := range []string{"maple", "cedar"} {
		var writers []carerecord.DemoWriter
		for _, w := range demoChartWriters[key] {
			writers = append(writers, carerecord.DemoWriter{UserID: sd.users[w.account], Language: w.lang})
		}
		if err := carerecord.SeedDemo(ctx, d, sd.tx, sd.facilities[key], sd.users["owner_evergreen"], writers, sd.now); err != nil {
			return fmt.Errorf("demo record of %s: %w", key, err)
		}
	}
	return nil
}
