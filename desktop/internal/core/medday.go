package core

import (
	"context"
	"encoding/json"
	"log/slog"
	"sort"
	"strings"
	"time"

	"hearth/shared"
)

// The /emars day (listMedicationLog) as this computer shows it: the cloud's
// answer (or the kept one), with the med writes kept here laid over it, so a
// pass logged offline does not show as still to do, on this person's screen
// or on anyone's of the same facility at this computer. Served from the cache,
// the pass clock (docs/api.md "eMAR": the pass clock) is worked out again at
// the cloud's time as this computer reckons it, so a pass kept since 08:00
// turns red at its time offline too.

// medPrefix and medLogPath are the eMAR calls the shell looks into.
const (
	medPrefix  = "/api/care/medication/"
	medLogPath = medPrefix + "listMedicationLog"
)

// dayView is an EmarDay whose passes carry the shell's marks.
type dayView struct {
	shared.EmarDay
	Residents []dayResident `json:"residents"`
}

type dayResident struct {
	shared.EmarResident
	Passes []shared.DesktopMedPass `json:"passes"`
}

// medDayKey is the cache key of a listMedicationLog question: its meaning
// (day, resident), not its bytes, so the shell's own prefetch ({}) and the
// page's question ({"day":""}) share one kept answer.
func medDayKey(body []byte) (string, bool) {
	var q shared.MedicationLogRequest
	if len(body) > 0 && json.Unmarshal(body, &q) != nil {
		return "", false
	}
	return "#emar=" + strings.TrimSpace(q.Day) + "|" + strings.TrimSpace(q.ResidentID), true
}

// keptDay is one kept /emars answer.
type keptDay struct {
	view      *dayView
	fetchedAt int64
}

// keptDays are a facility's kept /emars answers: the person's own first,
// newest first.
func (c *Core) keptDays(ctx context.Context, who string) ([]keptDay, error) {
	rows, err := c.db.QueryContext(ctx, `SELECT body, fetched_at FROM read_cache
		WHERE path = ? AND substr(who, instr(who, '@') + 1) = ? ORDER BY who = ? DESC, fetched_at DESC LIMIT 40`,
		medLogPath, tenantOf(who), who)
	if err != nil {
		return nil, wrap("read cache: kept /emars days", err)
	}
	defer rows.Close()
	var out []keptDay
	for rows.Next() {
		var body []byte
		var at int64
		if err := rows.Scan(&body, &at); err != nil {
			return nil, wrap("read cache: kept /emars days", err)
		}
		var env shared.Envelope[*dayView]
		if json.Unmarshal(body, &env) == nil && env.Data != nil {
			out = append(out, keptDay{env.Data, at})
		}
	}
	return out, wrap("read cache: kept /emars days", rows.Err())
}

// findPass is a pass of the kept days, with its resident and order.
func findPass(days []keptDay, passID string) (*shared.DesktopMedPass, *dayResident, *shared.Medication, *keptDay) {
	for d := range days {
		for i := range days[d].view.Residents {
			res := &days[d].view.Residents[i]
			for j := range res.Passes {
				if res.Passes[j].PassID == passID {
					return &res.Passes[j], res, orderOf(res, res.Passes[j].MedicationID), &days[d]
				}
			}
		}
	}
	return nil, nil, nil, nil
}

// findOrder is an order of the kept days, with its resident.
func findOrder(days []keptDay, medicationID string) (*shared.Medication, *dayResident, *keptDay) {
	for d := range days {
		for i := range days[d].view.Residents {
			res := &days[d].view.Residents[i]
			if m := orderOf(res, medicationID); m != nil {
				return m, res, &days[d]
			}
		}
	}
	return nil, nil, nil
}

func orderOf(res *dayResident, medicationID string) *shared.Medication {
	for k := range res.Medications {
		if res.Medications[k].MedicationID == medicationID {
			return &res.Medications[k]
		}
	}
	return nil
}

// facilityZone is the facility's offset on a day, read from its passes (a
// scheduled pass's dueTime and its wall-clock timeOfDay); this computer's
// zone when the day has none.
func facilityZone(days ...*dayView) *time.Location {
	for _, v := range days {
		if v == nil {
			continue
		}
		for _, res := range v.Residents {
			for _, p := range res.Passes {
				if p.Kind != shared.PassScheduled || p.DueTime == 0 {
					continue
				}
				wall, err := time.Parse("15:04", p.TimeOfDay)
				if err != nil {
					continue
				}
				utc := time.UnixMilli(p.DueTime).UTC()
				off := (wall.Hour()*60+wall.Minute())*60 - (utc.Hour()*60+utc.Minute())*60
				for off > 14*3600 {
					off -= 24 * 3600
				}
				for off < -12*3600 {
					off += 24 * 3600
				}
				return time.FixedZone("facility", off)
			}
		}
	}
	return time.Local
}

// reclock works a pass's status and colour out at now.
func reclock(p *shared.MedPass, now int64) {
	switch {
	case p.Outcome != "":
		p.Status = shared.PassStatus(p.Outcome)
	case p.Status == shared.PassOnHold: // the order was on hold when the cloud last said
	case p.Kind == shared.PassScheduled:
		p.Status = shared.PassClock(p.DueTime, now)
	}
	p.FollowUpStatus = shared.FollowUpStatus(p.Kind, p.FollowUpDueTime, p.FollowUpTime, now)
	p.Colour = shared.PassColourOf(p.Status, p.FollowUpStatus)
}

// recount sets the day's colour counts and each resident's red count.
func recount(v *dayView) {
	v.Counts = shared.EmarColourCount{}
	for i := range v.Residents {
		res := &v.Residents[i]
		res.RedCount = 0
		for _, p := range res.Passes {
			switch p.Colour {
			case shared.ColourGrey:
				v.Counts.Grey++
			case shared.ColourBlue:
				v.Counts.Blue++
			case shared.ColourYellow:
				v.Counts.Yellow++
			case shared.ColourRed:
				v.Counts.Red++
				if p.AckTime == 0 {
					res.RedCount++
				}
			case shared.ColourGreen:
				v.Counts.Green++
			case shared.ColourOrange:
				v.Counts.Orange++
			}
		}
	}
}

// overlayDay lays a facility's kept med writes over a listMedicationLog
// answer. Online (the cloud just answered), only writes still waiting and
// unseen conflicts are laid over; from the cache, writes sent since are too,
// and the clock is worked out again. changed is false when body is as it was.
func (c *Core) overlayDay(ctx context.Context, body []byte, tenantID string, offline bool) (out []byte, changed bool) {
	var env shared.Envelope[*dayView]
	if json.Unmarshal(body, &env) != nil || env.Data == nil || env.Code != shared.CodeOK {
		return body, false
	}
	rows, err := c.medForOverlay(ctx, tenantID)
	if err != nil {
		slog.Warn("desktop med outbox: read for the /emars day", "err", err)
		return body, false
	}
	v := env.Data
	touched := map[string]bool{}
	for i := range rows {
		if c.overlayRow(ctx, v, &rows[i], offline, touched) {
			changed = true
		}
	}
	if !changed && !offline {
		return body, false
	}
	now := v.Now
	if offline {
		now = c.serverNow()
		v.Now = now
	}
	for i := range v.Residents {
		res := &v.Residents[i]
		for j := range res.Passes {
			if offline || touched[res.Passes[j].PassID] {
				reclock(&res.Passes[j].MedPass, now)
			}
		}
		sort.SliceStable(res.Passes, func(a, b int) bool { return passAt(&res.Passes[a]) < passAt(&res.Passes[b]) })
	}
	recount(v)
	raw, err := json.Marshal(env)
	if err != nil {
		return body, false
	}
	return raw, true
}

// passAt is when a pass falls: its time, or a PRN dose's.
func passAt(p *shared.DesktopMedPass) int64 {
	if p.DueTime != 0 {
		return p.DueTime
	}
	return p.GivenTime
}

// overlayRow lays one kept write over the day; true when it changed it.
func (c *Core) overlayRow(ctx context.Context, v *dayView, row *medRow, offline bool, touched map[string]bool) bool {
	if row.State == stateSent && !offline {
		return false // the cloud's answer has it
	}
	var answer shared.Envelope[*shared.MedPass]
	if len(row.Answer) > 0 {
		_ = json.Unmarshal(row.Answer, &answer)
	}
	switch row.Kind {
	case shared.MedOutboxPrn:
		res := residentIn(v, row.ResidentID)
		if res == nil {
			return false
		}
		switch row.State {
		case stateWaiting:
			if row.Day != v.Day || passIn(res, shared.LocalPassPrefix+row.ClientID) != nil {
				return false
			}
			p := queuedPrn(row, orderOf(res, row.MedicationID))
			res.Passes = append(res.Passes, p)
		case stateSent:
			if answer.Data == nil || answer.Data.Day != v.Day || passIn(res, answer.Data.PassID) != nil {
				return false
			}
			res.Passes = append(res.Passes, shared.DesktopMedPass{MedPass: *answer.Data})
		default:
			return false
		}
		touched[res.Passes[len(res.Passes)-1].PassID] = true
		return true
	case shared.MedOutboxPass, shared.MedOutboxFollowUp:
		passID := row.PassID
		if row.Kind == shared.MedOutboxFollowUp && strings.HasPrefix(passID, shared.LocalPassPrefix) {
			if dose := c.sentDoseID(ctx, row); dose != "" && passInDay(v, passID) == nil {
				passID = dose
			}
		}
		p := passInDay(v, passID)
		if p == nil {
			return false
		}
		changed := false
		switch row.State {
		case stateWaiting:
			if row.Kind == shared.MedOutboxPass && p.Outcome == "" {
				applyPass(p, row, orderIn(v, p.MedicationID))
				changed = true
			}
			if row.Kind == shared.MedOutboxFollowUp && p.FollowUpTime == 0 {
				applyFollowUp(p, row)
				changed = true
			}
		case stateSent, stateConflict:
			// The cloud's record: this log (sent) or the one that came first (conflict).
			if rec := answer.Data; rec != nil && rec.PassID == p.PassID {
				if row.Kind == shared.MedOutboxPass && p.Outcome == "" && rec.Outcome != "" {
					p.MedPass = *rec
					changed = true
				}
				if row.Kind == shared.MedOutboxFollowUp && p.FollowUpTime == 0 && rec.FollowUpTime != 0 {
					p.FollowUpEffective, p.FollowUpNote, p.FollowUpTime, p.FollowUpByName = rec.FollowUpEffective, rec.FollowUpNote,
						rec.FollowUpTime, rec.FollowUpByName
					changed = true
				}
			}
			if row.State == stateConflict && !row.Seen {
				p.LocalConflict = conflictOf(row)
				changed = true
			}
		}
		if changed {
			touched[p.PassID] = true
		}
		return changed
	}
	return false
}

// sentDoseID is the cloud's pass id of the kept PRN dose an effect check names, once sent.
func (c *Core) sentDoseID(ctx context.Context, row *medRow) string {
	dose, err := c.medByClientID(ctx, strings.TrimPrefix(row.PassID, shared.LocalPassPrefix))
	if err != nil || dose.State != stateSent { // none kept here (errNotFound), or not sent yet
		return ""
	}
	return dose.ServerPassID
}

func residentIn(v *dayView, residentID string) *dayResident {
	for i := range v.Residents {
		if v.Residents[i].ResidentID == residentID {
			return &v.Residents[i]
		}
	}
	return nil
}

func passIn(res *dayResident, passID string) *shared.DesktopMedPass {
	for j := range res.Passes {
		if res.Passes[j].PassID == passID {
			return &res.Passes[j]
		}
	}
	return nil
}

func passInDay(v *dayView, passID string) *shared.DesktopMedPass {
	for i := range v.Residents {
		if p := passIn(&v.Residents[i], passID); p != nil {
			return p
		}
	}
	return nil
}

func orderIn(v *dayView, medicationID string) *shared.Medication {
	for i := range v.Residents {
		if m := orderOf(&v.Residents[i], medicationID); m != nil {
			return m
		}
	}
	return nil
}

// conflictOf is the mark of this computer's log that lost.
func conflictOf(row *medRow) *shared.DesktopMedConflict {
	out := &shared.DesktopMedConflict{ClientID: row.ClientID, StaffName: row.StaffName, GivenTime: row.HappenedAt}
	if row.Kind == shared.MedOutboxPass {
		var req shared.LogPassRequest
		if json.Unmarshal(row.Body, &req) == nil {
			out.Outcome = req.Outcome
		}
	}
	return out
}

// applyPass lays a kept logPass over its pass, as the cloud would record it.
func applyPass(p *shared.DesktopMedPass, row *medRow, order *shared.Medication) {
	var req shared.LogPassRequest
	if json.Unmarshal(row.Body, &req) != nil {
		return
	}
	p.Outcome, p.GivenTime, p.LoggedTime = req.Outcome, req.GivenTime, 0
	p.StaffName, p.Initials = row.StaffName, shared.Initials(row.StaffName)
	p.Reason, p.Note, p.ClientID = strings.TrimSpace(req.Reason), strings.TrimSpace(req.Note), req.ClientID
	p.VitalValue, p.Site, p.SiteNote, p.CountBefore, p.CountAfter = req.VitalValue, "", "", nil, nil
	p.DoseGiven = ""
	if req.Outcome == shared.OutcomeGiven {
		p.Site, p.SiteNote, p.CountBefore, p.CountAfter = req.Site, strings.TrimSpace(req.SiteNote), req.CountBefore, req.CountAfter
		p.DoseGiven = doseFor(order, p.Dose, req.DoseGiven, req.VitalValue)
	}
	p.Late = p.DueTime != 0 && shared.PassLate(p.DueTime, req.GivenTime)
	p.Queued = true
}

// applyFollowUp lays a kept effect check over its PRN dose.
func applyFollowUp(p *shared.DesktopMedPass, row *medRow) {
	var req shared.PrnFollowUpRequest
	if json.Unmarshal(row.Body, &req) != nil {
		return
	}
	eff := req.Effective
	p.FollowUpEffective, p.FollowUpNote, p.FollowUpTime, p.FollowUpByName = &eff, strings.TrimSpace(req.Note), row.HappenedAt, row.StaffName
	p.Queued = true
}

// queuedPrn is a kept PRN dose as a pass of its day.
func queuedPrn(row *medRow, order *shared.Medication) shared.DesktopMedPass {
	var req shared.LogPrnRequest
	_ = json.Unmarshal(row.Body, &req)
	p := shared.DesktopMedPass{MedPass: shared.MedPass{PassID: shared.LocalPassPrefix + row.ClientID, MedicationID: row.MedicationID,
		ResidentID: row.ResidentID, ResidentName: row.ResidentName, MedicationName: row.MedicationName, Kind: shared.PassPRN,
		Day: row.Day, TimeOfDay: row.TimeOfDay, Status: shared.PassGiven, Colour: shared.ColourGreen, Outcome: shared.OutcomeGiven,
		GivenTime: req.GivenTime, StaffName: row.StaffName, Initials: shared.Initials(row.StaffName), Reason: strings.TrimSpace(req.Reason),
		Site: req.Site, SiteNote: strings.TrimSpace(req.SiteNote), VitalValue: req.VitalValue, CountBefore: req.CountBefore,
		CountAfter: req.CountAfter, Note: strings.TrimSpace(req.Note), ClientID: req.ClientID,
		FollowUpDueTime: req.GivenTime + int64(shared.PrnFollowUpMinutes)*60_000}, Queued: true}
	if order != nil {
		p.MedicationType, p.Route, p.Dose = order.Type, order.Route, order.Dose
		if req.VitalValue != nil {
			p.Vital = order.Vital
		}
	}
	p.DoseGiven = doseFor(order, p.Dose, req.DoseGiven, req.VitalValue)
	return p
}

// doseFor is the dose given as the cloud records it: the sliding scale's
// for the reading, else the one written, else the order's.
func doseFor(order *shared.Medication, orderDose, written string, reading *float64) string {
	if order != nil && len(order.SlidingScale) > 0 && reading != nil {
		out := ""
		for _, st := range order.SlidingScale {
			if *reading >= st.From && *reading <= st.To {
				out = st.Dose
			}
		}
		return out
	}
	if w := strings.TrimSpace(written); w != "" {
		return w
	}
	return orderDose
}
