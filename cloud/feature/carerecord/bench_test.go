package carerecord_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

func p99(ds []time.Duration) time.Duration {
	slices.Sort(ds)
	return ds[(len(ds)*99)/100]
}

// BenchmarkListHealthMonitor is listHealthMonitorByPage over a year of daily
// readings of one resident (blood pressure as two metrics, heart rate,
// temperature, oxygen and weight each morning: 2,190 readings, on top of the
// demo's month for every resident), on both engines: "service" is the
// first page of all metrics, "metric" the first page of one metric,
// "lastPage" the last page of 20, "series" the chart's year of systolic
// readings (listSeries), "http" the first page through the real server
// (guard, session check, JSON) over loopback, with its 99th percentile.
func BenchmarkListHealthMonitor(b *testing.B) {
	dbtest.EachB(b, func(b *testing.B, d *db.DB) {
		e := servertest.Start(b, d)
		ctx := context.Background()
		setClock(e, local(2027, 6, 1, 10, 0))
		tenantID := e.FacilityID(b, maple)
		owner := &auth.Principal{UserID: e.UserID(b, "owner_evergreen"), TenantID: tenantID, Roles: []shared.Role{shared.RoleFacilityOwner}, Plan: shared.PlanPremium}
		res, err := e.Server.Residents.Create(ctx, owner, shared.SaveResidentRequest{FirstName: "Year", LastName: "Bench", DOB: "1940-01-01",
			Gender: shared.GenderFemale, Room: "12", Language: shared.LanguageEnglish, DNR: shared.DNRUnknown})
		if err != nil {
			b.Fatal(err)
		}
		metrics := []struct {
			m         shared.HealthMetric
			base, amp float64
		}{{shared.MetricSystolicBP, 128, 14}, {shared.MetricDiastolicBP, 78, 8}, {shared.MetricHeartRate, 72, 10},
			{shared.MetricTemperature, 98.2, 0.8}, {shared.MetricOxygenSaturation, 96, 3}, {shared.MetricWeight, 150, 2}}
		first := local(2026, 6, 1, 8, 30)
		err = d.InTx(ctx, func(tx *db.Tx) error {
			var vals []string
			var args []any
			flush := func() error {
				if len(vals) == 0 {
					return nil
				}
				_, err := tx.ExecContext(ctx, `INSERT INTO health_readings (id, tenant_id, resident_id, metric, value, taken_at, day, source,
					flagged, recorded_by, created_at) VALUES `+strings.Join(vals, ", "), args...)
				vals, args = vals[:0], args[:0]
				return err
			}
			for day := range 365 {
				at := first.AddDate(0, 0, day)
				for i, m := range metrics {
					v := m.base + m.amp*float64((day*7+i*3)%11-5)/5
					vals = append(vals, "("+db.Marks(11)+")")
					args = append(args, uuid.Must(uuid.NewV7()).String(), tenantID, res.ResidentID, string(m.m), v, at.UnixMilli(),
						at.Format(time.DateOnly), "DIRECT", i == 0 && v > 140, owner.UserID, at.UnixMilli())
					if len(vals) >= 300 {
						if err := flush(); err != nil {
							return err
						}
					}
				}
			}
			return flush()
		})
		if err != nil {
			b.Fatal(err)
		}
		if d.Engine == "postgres" { // as autovacuum would after the bulk insert: statistics and the visibility map
			if _, err := d.ExecContext(ctx, `VACUUM ANALYZE health_readings`); err != nil {
				b.Fatal(err)
			}
		}
		s := e.Server.Records
		all := shared.PageRequest[shared.HealthMonitorFilter]{Current: 1, Size: 20, Data: shared.HealthMonitorFilter{ResidentID: res.ResidentID}}
		page, err := s.ListReadings(ctx, owner, all)
		if err != nil {
			b.Fatal(err)
		}
		b.Logf("%s: %d readings of the resident", d.Engine, page.Total)
		one := all
		one.Data.Metrics = []shared.HealthMetric{shared.MetricSystolicBP}
		last := all
		last.Current = int(page.Total+19) / 20
		run := func(name string, f func() error) {
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if err := f(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		run("service", func() error { _, err := s.ListReadings(ctx, owner, all); return err })
		run("metric", func() error { _, err := s.ListReadings(ctx, owner, one); return err })
		run("lastPage", func() error { _, err := s.ListReadings(ctx, owner, last); return err })
		run("series", func() error {
			out, err := s.Series(ctx, owner, shared.HealthSeriesRequest{ResidentID: res.ResidentID, Metrics: []shared.HealthMetric{shared.MetricSystolicBP},
				StartDate: "2026-06-01", EndDate: "2027-05-31"})
			if err == nil && len(out.Data.Series[0].Points) != 365 {
				err = fmt.Errorf("%d points", len(out.Data.Series[0].Points))
			}
			return err
		})
		client := e.SignIn(b, "owner_evergreen", maple)
		b.Run("http", func(b *testing.B) {
			b.ReportAllocs()
			var took []time.Duration
			for b.Loop() {
				start := time.Now()
				client.Post(b, hm+"/listHealthMonitorByPage", all).OK(b)
				took = append(took, time.Since(start))
			}
			b.ReportMetric(float64(p99(took).Microseconds())/1000, "p99-ms")
		})
	})
}
