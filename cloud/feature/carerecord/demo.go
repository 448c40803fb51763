package carerecord

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"hearth/cloud/platform/careevent"
	"hearth/cloud/platform/db"
	"hearth/shared"
)

// DemoWriter is a demo caregiver and the language they chart in.
type DemoWriter struct {
	UserID   string
	Language shared.Language
}

// demoNote is a note a demo caregiver writes, in each language.
type demoNote struct {
	typ  shared.ProgressNoteType
	text map[shared.Language]string
}

var demoNotes = []demoNote{
	{shared.NoteBehaviorMoodChanges, map[shared.Language]string{
		shared.LangEnUS: "Restless after dinner, asked for her daughter several times. Settled after music and a warm drink.",
		shared.LangEsES: "Inquieta después de la cena, preguntó varias veces por su hija. Se calmó con música y una bebida caliente.",
		shared.LangZhCN: "晚饭后烦躁不安，多次问起女儿。听音乐、喝了热饮后平静下来。"}},
	{shared.NoteNutritionHydration, map[shared.Language]string{
		shared.LangEnUS: "Ate about half of lunch; encouraged fluids, drank 3 glasses of water this shift.",
		shared.LangEsES: "Comió aproximadamente la mitad del almuerzo; se le animó a beber, tomó 3 vasos de agua en el turno.",
		shared.LangZhCN: "午饭吃了大约一半；鼓励饮水，本班喝了 3 杯水。"}},
	{shared.NoteHygienePersonalCare, map[shared.Language]string{
		shared.LangEnUS: "Shower with standby assistance. Skin intact, lotion applied to both legs.",
		shared.LangEsES: "Ducha con asistencia de supervisión. Piel íntegra, se aplicó crema en ambas piernas.",
		shared.LangZhCN: "在旁协助下淋浴。皮肤完好，双腿已涂润肤露。"}},
	{shared.NoteMobilityActivities, map[shared.Language]string{
		shared.LangEnUS: "Walked to the garden with walker twice, joined the afternoon bingo.",
		shared.LangEsES: "Caminó al jardín con andador dos veces y participó en el bingo de la tarde.",
		shared.LangZhCN: "用助行器走到花园两次，参加了下午的宾果游戏。"}},
	{shared.NoteSleepPatterns, map[shared.Language]string{
		shared.LangEnUS: "Woke at 02:00 and 04:30 to use the bathroom, returned to sleep without difficulty.",
		shared.LangEsES: "Se despertó a las 02:00 y a las 04:30 para ir al baño y volvió a dormirse sin dificultad.",
		shared.LangZhCN: "凌晨 2 点和 4 点半起床上厕所，之后顺利入睡。"}},
	{shared.NoteFamilyCommunication, map[shared.Language]string{
		shared.LangEnUS: "Son called; updated him on appetite and the new walking routine. He will visit on Sunday.",
		shared.LangEsES: "Llamó su hijo; se le informó del apetito y de la nueva rutina de paseo. Vendrá el domingo.",
		shared.LangZhCN: "儿子来电；告知了食欲和新的散步安排。他周日会来探望。"}},
	{shared.NoteNewSymptomsComplaints, map[shared.Language]string{
		shared.LangEnUS: "Complained of a mild headache in the morning, no fever. Will monitor and report to the nurse if it continues.",
		shared.LangEsES: "Se quejó de un leve dolor de cabeza por la mañana, sin fiebre. Se vigilará y se avisará a la enfermera si continúa.",
		shared.LangZhCN: "早上诉轻微头痛，无发烧。继续观察，如持续将报告护士。"}},
	{shared.NoteHealthcareProvidersUpdate, map[shared.Language]string{
		shared.LangEnUS: "Dr. Patel's office faxed the lab results; copy filed, owner informed.",
		shared.LangEsES: "La consulta del Dr. Patel envió por fax los resultados del laboratorio; copia archivada, se informó a la dueña.",
		shared.LangZhCN: "Patel 医生诊所传真了化验结果；已存档并告知院长。"}},
}

// demoSeries is how a demo resident's readings run over the month.
type demoSeries int

const (
	steady demoSeries = iota
	risingPressure
	losingWeight
)

// SeedDemo writes a demo facility's record: for every resident who lives
// here, a month of readings (blood pressure, heart rate, temperature and
// oxygen each morning, weight weekly; the first resident's blood pressure
// rising, the second's weight falling), a few notes of each common type by
// the facility's caregivers (in their language; the last three days' unread
// for the owner) and two weeks of care records. Deterministic for a given
// tenant and clock.
func SeedDemo(ctx context.Context, d *db.DB, tx *db.Tx, tenantID, ownerID string, writers []DemoWriter, now time.Time) error {
	if len(writers) == 0 {
		return nil
	}
	// The seed writes through the store alone: its notes ask for no translation (no translator, no queue).
	s := &Service{db: d, now: func() time.Time { return now }}
	loc, err := s.facilityZone(ctx, tx, tenantID)
	if err != nil {
		return err
	}
	ids, err := demoResidents(ctx, tx, tenantID)
	if err != nil {
		return err
	}
	rnd := rand.New(rand.NewPCG(uint64(len(tenantID)), 42))
	today := now.In(loc)
	for i, id := range ids {
		res, err := s.store.Resident(ctx, tx, tenantID, id)
		if err != nil {
			return fmt.Errorf("carerecord: demo resident %s: %w", id, err)
		}
		series := steady
		switch i {
		case 0:
			series = risingPressure
		case 1:
			series = losingWeight
		}
		if err := s.demoReadings(ctx, tx, tenantID, res, writers, series, today, rnd); err != nil {
			return err
		}
		if err := s.demoNotes(ctx, tx, tenantID, ownerID, res, writers, i, today, loc); err != nil {
			return err
		}
		if err := s.demoCare(ctx, tx, tenantID, res, writers, today, loc, rnd); err != nil {
			return err
		}
	}
	return s.demoTaskCare(ctx, tx, tenantID, loc)
}

// demoTaskCare charts the care-plan task occurrences the demo's seed completed
// (task.InsertDemo writes them through the task store, without the completion's
// charting): each one of a bathing, dressing, toileting, hygiene or mobility
// area is a care record of source TASK, as a completion in the app writes it,
// so the care monitor counts what the Tasks page shows done.
func (s *Service) demoTaskCare(ctx context.Context, tx *db.Tx, tenantID string, loc *time.Location) error {
	rows, err := tx.QueryContext(ctx, `SELECT r.id, r.resident_id, r.area, r.title, r.completed_at, r.completed_by FROM task_records r
		WHERE r.tenant_id = ? AND r.status = ? AND r.resident_id IS NOT NULL AND r.completed_at IS NOT NULL AND r.type NOT IN (?, ?)
		AND NOT EXISTS (SELECT 1 FROM care_records c WHERE c.tenant_id = r.tenant_id AND c.source = ? AND c.source_id = r.id)`,
		tenantID, shared.RecordCompleted, shared.TaskVitalCheck, shared.TaskHealthMonitoring, shared.SourceTask)
	if err != nil {
		return db.Wrap("carerecord: demo task care", err)
	}
	out, err := scanTaskCare(rows, tenantID, loc)
	if err != nil {
		return err
	}
	for _, r := range out {
		if err := s.store.InsertCare(ctx, tx, r); err != nil {
			return err
		}
	}
	return nil
}

// demoResidents are the ids of the residents who live in the facility, by name.
func demoResidents(ctx context.Context, q db.Querier, tenantID string) ([]string, error) {
	const what = "carerecord: demo residents"
	rows, err := q.QueryContext(ctx, `SELECT id FROM residents WHERE tenant_id = ? AND status IN ('NORMAL', 'GOING_OUT')
		ORDER BY last_name, first_name, id`, tenantID)
	if err != nil {
		return nil, db.Wrap(what, err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, db.Wrap(what, err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap(what, err)
	}
	return ids, nil
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }

func (s *Service) demoReadings(ctx context.Context, tx *db.Tx, tenantID string, res *resident, writers []DemoWriter, series demoSeries, today time.Time, rnd *rand.Rand) error {
	const days = 30
	for ago := days; ago >= 0; ago-- {
		day := today.AddDate(0, 0, -ago)
		at := time.Date(day.Year(), day.Month(), day.Day(), 8, 15+rnd.IntN(30), 0, 0, today.Location())
		if at.After(today) { // this morning's round is still to come
			continue
		}
		progress := float64(days-ago) / days
		sys, dia := 124+rnd.Float64()*10, 74+rnd.Float64()*8
		if series == risingPressure {
			sys, dia = 126+progress*38+rnd.Float64()*6, 78+progress*14+rnd.Float64()*4
		}
		in := []shared.HealthReadingInput{
			{Metric: shared.MetricSystolicBP, Value: math.Round(sys)},
			{Metric: shared.MetricDiastolicBP, Value: math.Round(dia)},
			{Metric: shared.MetricHeartRate, Value: math.Round(66 + rnd.Float64()*14)},
			{Metric: shared.MetricTemperature, Value: round1(97.6 + rnd.Float64()*1.2)},
			{Metric: shared.MetricOxygenSaturation, Value: math.Round(95 + rnd.Float64()*4)},
		}
		if ago%7 == 0 || series == losingWeight && ago%2 == 0 {
			w := 168 + rnd.Float64()*1.5
			if series == losingWeight {
				w = 152 - progress*11 + rnd.Float64()
			}
			in = append(in, shared.HealthReadingInput{Metric: shared.MetricWeight, Value: round1(w)})
		}
		w := writers[ago%len(writers)]
		if _, err := s.storeReadings(ctx, tx, readingBatch{tenantID: tenantID, res: res, takenAt: at.UnixMilli(), source: shared.SourceDirect,
			actorID: w.UserID, readings: in}); err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) demoNotes(ctx context.Context, tx *db.Tx, tenantID, ownerID string, res *resident, writers []DemoWriter, i int, today time.Time, loc *time.Location) error {
	// Every fourth day a note, the types taking turns (each resident starting elsewhere).
	for k, ago := 0, 28-(i%4); ago >= 0; k, ago = k+1, ago-4 {
		n := demoNotes[(i+k)%len(demoNotes)]
		w := writers[(i+k)%len(writers)]
		day := today.AddDate(0, 0, -ago)
		at := time.Date(day.Year(), day.Month(), day.Day(), 14, 30, 0, 0, loc)
		if at.After(today) {
			at = today.Add(-time.Hour)
		}
		r := &noteRow{ID: newID(), TenantID: tenantID, ResidentID: res.ID, ReportDate: at.UnixMilli(), Day: dayOf(at.UnixMilli(), loc),
			Type: n.typ, Notes: n.text[w.Language], Language: w.Language, AuthorID: w.UserID, CreatedAt: at.UnixMilli(), UpdatedAt: at.UnixMilli()}
		if err := s.store.InsertNote(ctx, tx, r); err != nil {
			return err
		}
		if ago > 3 && ownerID != "" { // the owner has read all but the last three days'
			if err := s.store.MarkRead(ctx, tx, tenantID, r.ID, ownerID, at.Add(2*time.Hour).UnixMilli()); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *Service) demoCare(ctx context.Context, tx *db.Tx, tenantID string, res *resident, writers []DemoWriter, today time.Time, loc *time.Location, rnd *rand.Rand) error {
	type entry struct {
		a          shared.CareActivity
		hour       int
		value      float64
		hasValue   bool
		assistance shared.CareAssistance
	}
	for ago := 14; ago >= 1; ago-- {
		day := today.AddDate(0, 0, -ago)
		es := []entry{
			{a: shared.CareMeals, hour: 8, value: float64(50 + 10*rnd.IntN(6)), hasValue: true, assistance: shared.AssistSupervision},
			{a: shared.CareMeals, hour: 12, value: float64(40 + 10*rnd.IntN(7)), hasValue: true, assistance: shared.AssistSupervision},
			{a: shared.CareMeals, hour: 17, value: float64(50 + 10*rnd.IntN(6)), hasValue: true, assistance: shared.AssistSupervision},
			{a: shared.CareSleep, hour: 6, value: float64(5 + rnd.IntN(4)), hasValue: true},
			{a: shared.CareToileting, hour: 7, assistance: shared.AssistLimited},
			{a: shared.CareToileting, hour: 13, assistance: shared.AssistLimited},
			{a: shared.CareToileting, hour: 20, assistance: shared.AssistLimited},
			{a: shared.CareOralCare, hour: 21, assistance: shared.AssistSupervision},
			{a: shared.CareDressing, hour: 7, assistance: shared.AssistLimited},
		}
		if ago%3 == 0 {
			es = append(es, entry{a: shared.CareBathing, hour: 10, assistance: shared.AssistExtensive})
		}
		if ago == 6 {
			es = append(es, entry{a: shared.CareBathing, hour: 10, assistance: shared.AssistRefused})
		}
		for k, e := range es {
			at := time.Date(day.Year(), day.Month(), day.Day(), e.hour, 5*k%60, 0, 0, loc)
			r := &careRow{ID: newID(), TenantID: tenantID, ResidentID: res.ID, Activity: e.a, Day: dayOf(at.UnixMilli(), loc), GivenAt: at.UnixMilli(),
				Assistance: e.assistance, Source: shared.SourceDirect, RecordedBy: writers[(ago+k)%len(writers)].UserID, CreatedAt: at.UnixMilli()}
			if e.hasValue {
				r.Value.Float64, r.Value.Valid = e.value, true
			}
			if err := s.store.InsertCare(ctx, tx, r); err != nil {
				return err
			}
		}
	}
	return nil
}

// scanTaskCare reads demoTaskCare's rows into the care records they chart.
func scanTaskCare(rows *sql.Rows, tenantID string, loc *time.Location) ([]*careRow, error) {
	defer rows.Close()
	var out []*careRow
	for rows.Next() {
		var id, residentID, title string
		var area shared.CareArea
		var at int64
		var by sql.NullString
		if err := rows.Scan(&id, &residentID, &area, &title, &at, &by); err != nil {
			return nil, db.Wrap("carerecord: demo task care", err)
		}
		activity, ok := careevent.ActivityOfArea(area)
		if !ok {
			continue
		}
		out = append(out, &careRow{ID: newID(), TenantID: tenantID, ResidentID: residentID, Activity: activity, Day: dayOf(at, loc), GivenAt: at,
			Note: title, Source: shared.SourceTask, SourceID: id, RecordedBy: by.String, CreatedAt: at})
	}
	return out, db.Wrap("carerecord: demo task care", rows.Err())
}
