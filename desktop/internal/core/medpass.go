package core

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"hearth/shared"
)

// The med pass offline (issue 15; docs/api.md "Desktop shell", "Med passes
// offline"). In owner mode, POST logPass, logPrn and prnFollowUp of a
// signed-in person go to the cloud while it answers. When it does not (or
// the shell already knows it is away), the write is checked here against
// the request's rules and what the kept /emars day says (the pass is not
// logged already, here or on the cloud as last seen; the order's vital,
// hold limits, sliding scale, site and count rules), saved in cache.db
// (synchronous=FULL) with the time it happened, and answered 0000 with the
// pass as it will be recorded and queued: true. The sync worker (medsend.go)
// sends it once the cloud answers, with its person's token.

// medKinds are the eMAR writes the shell can keep.
var medKinds = map[string]shared.MedOutboxKind{
	medPrefix + "logPass":     shared.MedOutboxPass,
	medPrefix + "logPrn":      shared.MedOutboxPrn,
	medPrefix + "prnFollowUp": shared.MedOutboxFollowUp,
}

// medCall is a med write on its way to the cloud through the proxy.
type medCall struct {
	kind    shared.MedOutboxKind
	body    []byte
	arrived int64 // the cloud's time, as reckoned here, when the page sent it
}

var clientPassIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]+$`) // shared.LogPassRequest.ClientID

// serveMedWrite takes a med write of a signed-in person in owner mode.
func (c *Core) serveMedWrite(w http.ResponseWriter, r *http.Request, call *proxyCall, kind shared.MedOutboxKind) {
	body, err := io.ReadAll(io.LimitReader(r.Body, readBodyMax+1))
	r.Body.Close()
	if err != nil || len(body) > readBodyMax {
		detail := "the request is larger than 64 KB"
		if err != nil {
			detail = err.Error()
		}
		c.fail(w, r, shared.CodeBadRequest, "error.badRequest", map[string]any{"detail": detail}, nil)
		return
	}
	mc := &medCall{kind: kind, body: body, arrived: c.serverNow()}
	ctx := context.WithoutCancel(r.Context())
	if c.answerKept(w, r, call, mc, true) {
		return
	}
	// Online: a write sent before is sent again (the cloud answers a repeated clientId with the original).
	if kind == shared.MedOutboxFollowUp {
		var req shared.PrnFollowUpRequest
		if json.Unmarshal(body, &req) == nil && strings.HasPrefix(strings.TrimSpace(req.PassID), shared.LocalPassPrefix) {
			dose, err := c.medByClientID(ctx, strings.TrimPrefix(strings.TrimSpace(req.PassID), shared.LocalPassPrefix))
			switch {
			case err != nil && !errors.Is(err, errNotFound):
				c.internal(w, r, err)
				return
			case err != nil || dose.State == stateRefused || dose.State == stateConflict: // not kept here, refused or lost
				c.failMed(w, r, []medRule{{field: "passId", rule: "recorded", key: "desktop.med.doseNotRecorded"}})
				return
			case dose.State == stateSent && dose.ServerPassID != "":
				if mc.body, err = withPassID(body, dose.ServerPassID); err != nil {
					c.internal(w, r, err)
					return
				}
			default: // the dose waits here: its check waits behind it
				c.queueMed(w, r, call, mc, false)
				return
			}
		}
	}
	if !c.isOnline() { // known to be away: no one waits on a dead connection at the med cart
		c.queueMed(w, r, call, mc, false)
		return
	}
	call.med = mc
	r.Body = io.NopCloser(bytes.NewReader(mc.body))
	r.ContentLength = int64(len(mc.body))
	c.proxy.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), proxyCallKey{}, call)))
}

// answerKept answers a write whose clientId this computer already has: the
// same queued answer while it waits, the cloud's verdict as given (while
// offline, or always unless online), another person's id 4022. false when
// there is none, or (online) the cloud should answer it again.
func (c *Core) answerKept(w http.ResponseWriter, r *http.Request, call *proxyCall, mc *medCall, online bool) bool {
	id := clientIDOf(mc.kind, mc.body)
	if id == "" {
		return false
	}
	ctx := context.WithoutCancel(r.Context())
	prev, err := c.medByClientID(ctx, id)
	switch {
	case errors.Is(err, errNotFound):
		return false
	case err != nil:
		c.internal(w, r, err)
		return true
	case prev.Who != call.who:
		c.failMed(w, r, []medRule{{field: "clientId", rule: "taken", key: "desktop.med.clientIdTaken"}})
		return true
	case prev.State == stateWaiting: // the page asked again: the same answer
		days, _ := c.keptDays(ctx, call.who)
		c.answerQueued(w, r, c.queuedAnswer(ctx, prev, days))
		return true
	case len(prev.Answer) > 0 && (!online || !c.isOnline()): // the cloud's verdict, as it gave it
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		_, _ = w.Write(prev.Answer)
		return true
	}
	return false
}

// clientIDOf is a logPass or logPrn request's clientId ("" for an effect check).
func clientIDOf(kind shared.MedOutboxKind, body []byte) string {
	if kind == shared.MedOutboxFollowUp {
		return ""
	}
	var req struct {
		ClientID string `json:"clientId"`
	}
	_ = json.Unmarshal(body, &req)
	return strings.TrimSpace(req.ClientID)
}

// medRule is one broken rule of a med write, with its message key
// ("validation."+rule when empty).
type medRule struct {
	field, rule, key string
	args             map[string]any
}

// failMed answers 4022 in the cloud's shape.
func (c *Core) failMed(w http.ResponseWriter, r *http.Request, rules []medRule) {
	lang := pickLanguage(r.Header.Get("Accept-Language"))
	out := make([]shared.FieldError, len(rules))
	for i, mr := range rules {
		args := map[string]any{"field": mr.field}
		for k, v := range mr.args {
			args[k] = v
		}
		key := mr.key
		if key == "" {
			key = "validation." + mr.rule
		}
		out[i] = shared.FieldError{Field: mr.field, Rule: mr.rule, Message: tr(lang, key, args)}
	}
	writeEnvelope(w, http.StatusOK, shared.Envelope[any]{Code: shared.CodeValidation, Message: out[0].Message, Data: out})
}

// queueMed checks a med write, keeps it, and answers it as queued. tried:
// it was sent to the cloud once without an answer (it may be there).
func (c *Core) queueMed(w http.ResponseWriter, r *http.Request, call *proxyCall, mc *medCall, tried bool) {
	ctx := context.WithoutCancel(r.Context())
	c.med.queueMu.Lock()
	defer c.med.queueMu.Unlock()
	if c.answerKept(w, r, call, mc, false) { // asked twice at once, or again while the cloud does not answer
		return
	}
	days, err := c.keptDays(ctx, call.who)
	if err != nil {
		c.internal(w, r, err)
		return
	}
	row := &medRow{Kind: mc.kind, Who: call.who, TenantID: tenantOf(call.who), StaffName: c.personName(ctx, call.who),
		Lang: string(pickLanguage(r.Header.Get("Accept-Language"))), HappenedAt: mc.arrived}
	if tried {
		row.Attempts, row.FirstTryAt = 1, c.now().UnixMilli()
	}
	var ok bool
	switch mc.kind {
	case shared.MedOutboxPass:
		ok = c.preparePass(w, r, row, mc, days)
	case shared.MedOutboxPrn:
		ok = c.preparePrn(w, r, row, mc, days)
	case shared.MedOutboxFollowUp:
		ok = c.prepareFollowUp(w, r, row, mc, days)
	}
	if !ok {
		return
	}
	if err := c.medInsert(ctx, row); err != nil {
		c.internal(w, r, err)
		return
	}
	c.pokeMed()
	c.answerQueued(w, r, c.queuedAnswer(ctx, row, days))
}

// answerQueued answers a kept write: 0000, "saved on this computer", the
// pass as it will be recorded with queued: true. Offline, the answer says
// so as a kept read does (OfflineSinceHeader), so the page's banner stays.
func (c *Core) answerQueued(w http.ResponseWriter, r *http.Request, p *shared.DesktopMedPass) {
	c.mu.Lock()
	online, last := c.online, c.lastOnline
	c.mu.Unlock()
	if !online && last > 0 {
		w.Header().Set(shared.OfflineSinceHeader, strconv.FormatInt(last, 10))
	}
	writeEnvelope(w, http.StatusOK, shared.Envelope[any]{Code: shared.CodeOK,
		Message: tr(pickLanguage(r.Header.Get("Accept-Language")), "desktop.med.queued", nil), Data: p})
}

// queuedAnswer is a kept write as the pass it makes.
func (c *Core) queuedAnswer(ctx context.Context, row *medRow, days []keptDay) *shared.DesktopMedPass {
	var out shared.DesktopMedPass
	switch row.Kind {
	case shared.MedOutboxPass:
		out = shared.DesktopMedPass{MedPass: shared.MedPass{PassID: row.PassID, MedicationID: row.MedicationID, ResidentID: row.ResidentID,
			ResidentName: row.ResidentName, MedicationName: row.MedicationName, Kind: shared.PassScheduled, DueTime: row.DueTime}}
		pass, _, order, _ := findPass(days, row.PassID)
		if pass != nil {
			out = *pass
		}
		applyPass(&out, row, order)
	case shared.MedOutboxPrn:
		order, _, _ := findOrder(days, row.MedicationID)
		out = queuedPrn(row, order)
	case shared.MedOutboxFollowUp:
		out = shared.DesktopMedPass{MedPass: shared.MedPass{PassID: row.PassID, MedicationID: row.MedicationID, ResidentID: row.ResidentID,
			ResidentName: row.ResidentName, MedicationName: row.MedicationName, Kind: shared.PassPRN}}
		if dose, _ := c.localDose(ctx, row.PassID, days); dose != nil {
			out = *dose
		} else if pass, _, _, _ := findPass(days, row.PassID); pass != nil {
			out = *pass
		}
		applyFollowUp(&out, row)
	}
	reclock(&out.MedPass, c.serverNow())
	return &out
}

// localDose is the PRN dose kept here that a local- pass id names
// (errNotFound when the id is not local- or names no PRN dose kept here).
func (c *Core) localDose(ctx context.Context, passID string, days []keptDay) (*shared.DesktopMedPass, error) {
	id, ok := strings.CutPrefix(passID, shared.LocalPassPrefix)
	if !ok {
		return nil, fmt.Errorf("local dose %q: not a pass kept here: %w", passID, errNotFound)
	}
	dose, err := c.medByClientID(ctx, id)
	if err != nil {
		return nil, err
	}
	if dose.Kind != shared.MedOutboxPrn {
		return nil, fmt.Errorf("local dose %q: not a PRN dose: %w", passID, errNotFound)
	}
	order, _, _ := findOrder(days, dose.MedicationID)
	p := queuedPrn(dose, order)
	return &p, nil
}

// personName is a person's name from their kept /user/getUserInfo answer
// (the page asks for it as it starts); "" when none is kept.
func (c *Core) personName(ctx context.Context, who string) string {
	_, body, _, found, err := c.cacheGet(ctx, who, "/api/system/user/getUserInfo", "")
	if err != nil || !found {
		return ""
	}
	var env shared.Envelope[*shared.UserInfo]
	if json.Unmarshal(body, &env) != nil || env.Data == nil {
		return ""
	}
	return env.Data.UserName
}

// failLogged answers 4009 "<name> already logged this at <time>" with the record.
func (c *Core) failLogged(w http.ResponseWriter, r *http.Request, key string, rec *shared.DesktopMedPass, at int64, loc *time.Location) {
	name := rec.StaffName
	if key == "desktop.med.followUpDone" {
		name = rec.FollowUpByName
	}
	c.fail(w, r, shared.CodeConflict, key, map[string]any{"name": name, "time": time.UnixMilli(at).In(loc).Format("15:04")}, rec)
}

// preparePass checks a logPass and fills its row; false once it answered a refusal.
func (c *Core) preparePass(w http.ResponseWriter, r *http.Request, row *medRow, mc *medCall, days []keptDay) bool {
	ctx := context.WithoutCancel(r.Context())
	var req shared.LogPassRequest
	if err := json.Unmarshal(mc.body, &req); err != nil {
		c.fail(w, r, shared.CodeBadRequest, "error.badRequest", map[string]any{"detail": err.Error()}, nil)
		return false
	}
	req.PassID, req.ClientID = strings.TrimSpace(req.PassID), strings.TrimSpace(req.ClientID)
	rules := idRules("passId", req.PassID, shared.IDMax)
	rules = append(rules, clientIDRules(req.ClientID)...)
	if !slices.Contains([]shared.PassOutcome{shared.OutcomeGiven, shared.OutcomeRefused, shared.OutcomeHeld, shared.OutcomeNotGiven}, req.Outcome) {
		rules = append(rules, medRule{field: "outcome", rule: "enum"})
	}
	rules = append(rules, c.timeRules(req.GivenTime)...)
	rules = append(rules, textRule("reason", req.Reason, req.Outcome != shared.OutcomeGiven && req.Outcome != "", shared.PassReasonMax)...)
	rules = append(rules, doseShapeRules(req.Site, req.SiteNote, req.VitalValue, req.DoseGiven, req.CountBefore, req.CountAfter, req.Note)...)
	if len(rules) > 0 {
		c.failMed(w, r, rules)
		return false
	}
	if req.GivenTime == 0 {
		req.GivenTime = mc.arrived
	}
	req.GivenTime = min(req.GivenTime, c.serverNow()) // up to 2 minutes ahead is now (PassClockSkewSeconds)
	pass, res, order, kd := findPass(days, req.PassID)
	var view *dayView
	if kd != nil {
		view = kd.view
	}
	loc := facilityZone(view)
	// Logged already: here (kept, sent, or lost to another log), or on the cloud as last seen.
	prev, err := c.medOfPass(ctx, row.TenantID, req.PassID, shared.MedOutboxPass)
	if err != nil {
		c.internal(w, r, err)
		return false
	}
	if len(prev) > 0 {
		first := c.queuedAnswer(ctx, &prev[0], days)
		if prev[0].State == stateConflict || prev[0].State == stateSent {
			var ans shared.Envelope[*shared.MedPass]
			if json.Unmarshal(prev[0].Answer, &ans) == nil && ans.Data != nil && ans.Data.Outcome != "" {
				first = &shared.DesktopMedPass{MedPass: *ans.Data}
			}
		}
		c.failLogged(w, r, "desktop.med.passLogged", first, first.GivenTime, loc)
		return false
	}
	if pass != nil {
		// The rules the phone's outbox applies too (shared/offline.go).
		switch shared.OfflinePassRule(pass.Kind, pass.Status, pass.Outcome != "", pass.DueTime, req.Outcome, req.GivenTime) {
		case "logged":
			c.failLogged(w, r, "desktop.med.passLogged", pass, pass.GivenTime, loc)
			return false
		case "scheduled":
			c.failMed(w, r, []medRule{{field: "passId", rule: "scheduled", key: "desktop.med.notScheduled"}})
			return false
		case "onHold":
			c.fail(w, r, shared.CodeConflict, "desktop.med.passOnHold", map[string]any{"name": pass.MedicationName}, nil)
			return false
		case "windowNotOpen":
			c.failMed(w, r, []medRule{notOpenRule(pass.DueTime, req.GivenTime, loc)})
			return false
		}
		if order != nil {
			if rules := doseRules(order, req.Outcome, req.VitalValue, req.Site, req.CountBefore, req.CountAfter); len(rules) > 0 {
				c.failMed(w, r, rules)
				return false
			}
		}
		row.MedicationID, row.ResidentID, row.ResidentName, row.MedicationName = pass.MedicationID, res.ResidentID, res.Name, pass.MedicationName
		row.DueTime = pass.DueTime
	}
	row.ClientID, row.PassID, row.HappenedAt = req.ClientID, req.PassID, req.GivenTime
	var err2 error
	row.Body, err2 = json.Marshal(req)
	if err2 != nil {
		c.internal(w, r, err2)
		return false
	}
	return true
}

// notOpenRule refuses a log before its pass's window opened, saying when it
// opens on the facility's clock (with the day when it is not the log's).
func notOpenRule(due, at int64, loc *time.Location) medRule {
	opens := time.UnixMilli(shared.PassOpensAt(due)).In(loc)
	when := opens.Format("15:04")
	if opens.Format(time.DateOnly) != time.UnixMilli(at).In(loc).Format(time.DateOnly) {
		when = opens.Format("2006-01-02 15:04")
	}
	return medRule{field: "givenTime", rule: "windowNotOpen", key: "desktop.med.passNotOpen",
		args: map[string]any{"time": when, "minutes": shared.PassWindowMinutes}}
}

// preparePrn checks a logPrn and fills its row.
func (c *Core) preparePrn(w http.ResponseWriter, r *http.Request, row *medRow, mc *medCall, days []keptDay) bool {
	var req shared.LogPrnRequest
	if err := json.Unmarshal(mc.body, &req); err != nil {
		c.fail(w, r, shared.CodeBadRequest, "error.badRequest", map[string]any{"detail": err.Error()}, nil)
		return false
	}
	req.MedicationID, req.ClientID = strings.TrimSpace(req.MedicationID), strings.TrimSpace(req.ClientID)
	rules := idRules("medicationId", req.MedicationID, shared.IDMax)
	rules = append(rules, clientIDRules(req.ClientID)...)
	rules = append(rules, c.timeRules(req.GivenTime)...)
	rules = append(rules, textRule("reason", req.Reason, true, shared.PassReasonMax)...)
	rules = append(rules, doseShapeRules(req.Site, req.SiteNote, req.VitalValue, req.DoseGiven, req.CountBefore, req.CountAfter, req.Note)...)
	if len(rules) > 0 {
		c.failMed(w, r, rules)
		return false
	}
	order, res, kd := findOrder(days, req.MedicationID)
	if order != nil {
		switch shared.OfflinePrnRule(order.Type, order.Status, order.OnHold) {
		case "prn":
			c.failMed(w, r, []medRule{{field: "medicationId", rule: "prn", key: "desktop.med.notPrn"}})
			return false
		case "notCurrent":
			c.fail(w, r, shared.CodeConflict, "desktop.med.notCurrent", map[string]any{"name": order.Name}, nil)
			return false
		case "orderOnHold":
			c.fail(w, r, shared.CodeConflict, "desktop.med.onHold", map[string]any{"name": order.Name}, nil)
			return false
		}
		if rules := doseRules(order, shared.OutcomeGiven, req.VitalValue, req.Site, req.CountBefore, req.CountAfter); len(rules) > 0 {
			c.failMed(w, r, rules)
			return false
		}
		row.MedicationName, row.ResidentID, row.ResidentName = order.Name, res.ResidentID, res.Name
	}
	if req.GivenTime == 0 {
		req.GivenTime = mc.arrived
	}
	req.GivenTime = min(req.GivenTime, c.serverNow())
	var view *dayView
	if kd != nil {
		view = kd.view
	}
	if order != nil && shared.BeforeDay(req.GivenTime, order.StartDate, facilityZone(view)) { // the cloud's rule
		c.failMed(w, r, []medRule{{field: "givenTime", rule: "beforeOrderStart", key: "desktop.med.beforeOrderStart",
			args: map[string]any{"date": order.StartDate}}})
		return false
	}
	at := time.UnixMilli(req.GivenTime).In(facilityZone(view))
	row.Day, row.TimeOfDay = at.Format(time.DateOnly), at.Format("15:04")
	row.ClientID, row.MedicationID, row.PassID, row.HappenedAt = req.ClientID, req.MedicationID, shared.LocalPassPrefix+req.ClientID, req.GivenTime
	var err error
	if row.Body, err = json.Marshal(req); err != nil {
		c.internal(w, r, err)
		return false
	}
	return true
}

// prepareFollowUp checks a prnFollowUp and fills its row. An effect check
// has no client id: the shell makes one for its row.
func (c *Core) prepareFollowUp(w http.ResponseWriter, r *http.Request, row *medRow, mc *medCall, days []keptDay) bool {
	ctx := context.WithoutCancel(r.Context())
	var req shared.PrnFollowUpRequest
	if err := json.Unmarshal(mc.body, &req); err != nil {
		c.fail(w, r, shared.CodeBadRequest, "error.badRequest", map[string]any{"detail": err.Error()}, nil)
		return false
	}
	req.PassID = strings.TrimSpace(req.PassID)
	maxID := shared.IDMax
	if strings.HasPrefix(req.PassID, shared.LocalPassPrefix) { // a dose kept here: local-<clientId>
		maxID += len(shared.LocalPassPrefix)
	}
	rules := idRules("passId", req.PassID, maxID)
	rules = append(rules, textRule("note", req.Note, !req.Effective, shared.PassNoteMax)...)
	if len(rules) > 0 {
		c.failMed(w, r, rules)
		return false
	}
	pass, err := c.localDose(ctx, req.PassID, days)
	if err != nil && !errors.Is(err, errNotFound) {
		c.internal(w, r, err)
		return false
	}
	var view *dayView
	if pass == nil {
		var kd *keptDay
		if pass, _, _, kd = findPass(days, req.PassID); kd != nil {
			view = kd.view
		}
	}
	loc := facilityZone(view)
	if pass != nil {
		switch {
		case pass.Kind != shared.PassPRN:
			c.failMed(w, r, []medRule{{field: "passId", rule: "prn", key: "desktop.med.noFollowUp"}})
			return false
		case pass.FollowUpTime != 0:
			c.failLogged(w, r, "desktop.med.followUpDone", pass, pass.FollowUpTime, loc)
			return false
		}
		row.MedicationID, row.ResidentID, row.ResidentName, row.MedicationName = pass.MedicationID, pass.ResidentID, pass.ResidentName, pass.MedicationName
	}
	prev, err := c.medOfPass(ctx, row.TenantID, req.PassID, shared.MedOutboxFollowUp)
	if err != nil {
		c.internal(w, r, err)
		return false
	}
	if len(prev) > 0 {
		p0 := &prev[0]
		if p0.Who == row.Who && p0.State == stateWaiting && sameCheck(p0.Body, &req) { // the page asked again
			c.answerQueued(w, r, c.queuedAnswer(ctx, p0, days))
			return false
		}
		first := c.queuedAnswer(ctx, p0, days)
		c.failLogged(w, r, "desktop.med.followUpDone", first, first.FollowUpTime, loc)
		return false
	}
	var raw [8]byte
	_, _ = rand.Read(raw[:])
	row.ClientID, row.PassID = "check-"+hex.EncodeToString(raw[:]), req.PassID
	if row.Body, err = json.Marshal(req); err != nil {
		c.internal(w, r, err)
		return false
	}
	return true
}

// sameCheck: two effect checks say the same.
func sameCheck(body []byte, req *shared.PrnFollowUpRequest) bool {
	var prev shared.PrnFollowUpRequest
	return json.Unmarshal(body, &prev) == nil && prev.Effective == req.Effective && strings.TrimSpace(prev.Note) == strings.TrimSpace(req.Note)
}

// idRules: an id is required and at most max long.
func idRules(field, v string, max int) []medRule {
	switch {
	case v == "":
		return []medRule{{field: field, rule: "required"}}
	case utf8.RuneCountInString(v) > max:
		return []medRule{{field: field, rule: "maxLength", args: map[string]any{"max": max}}}
	}
	return nil
}

// clientIDRules: shared.LogPassRequest's clientId, 8–64 of A-Za-z0-9_-.
func clientIDRules(v string) []medRule {
	if len(v) < shared.ClientPassIDMin || len(v) > shared.ClientPassIDMax || !clientPassIDPattern.MatchString(v) {
		return []medRule{{field: "clientId", rule: "pattern"}}
	}
	return nil
}

// textRule is problem.Text's rule: trimmed, required, at most max characters.
func textRule(field, v string, required bool, max int) []medRule {
	v = strings.TrimSpace(v)
	switch {
	case required && v == "":
		return []medRule{{field: field, rule: "required"}}
	case utf8.RuneCountInString(v) > max:
		return []medRule{{field: field, rule: "maxLength", args: map[string]any{"max": max}}}
	}
	return nil
}

// timeRules: a time it happened is at most PassLogMaxAgeDays old and not ahead of the cloud's clock.
func (c *Core) timeRules(at int64) []medRule {
	switch rule := shared.OfflineTimeRule(at, c.serverNow()); {
	case rule == "minimum" && at < 0:
		return []medRule{{field: "givenTime", rule: "minimum", args: map[string]any{"min": 0}}}
	case rule == "maximum":
		return []medRule{{field: "givenTime", rule: "maximum", key: "desktop.med.logInFuture"}}
	case rule == "minimum":
		return []medRule{{field: "givenTime", rule: "minimum", key: "desktop.med.logTooOld", args: map[string]any{"days": shared.PassLogMaxAgeDays}}}
	}
	return nil
}

// medSites are the application sites a log may name.
var medSites = []shared.ApplicationSite{shared.SiteAbdomenLeft, shared.SiteAbdomenRight, shared.SiteUpperArmLeft, shared.SiteUpperArmRight,
	shared.SiteThighLeft, shared.SiteThighRight, shared.SiteButtockLeft, shared.SiteButtockRight, shared.SiteUpperBackLeft,
	shared.SiteUpperBackRight, shared.SiteChestLeft, shared.SiteChestRight, shared.SiteAffectedArea, shared.SiteOther}

// doseShapeRules are the bounds of a dose's fields (shared.LogPassRequest's tags).
func doseShapeRules(site shared.ApplicationSite, siteNote string, vital *float64, doseGiven string, before, after *int, note string) []medRule {
	var out []medRule
	if site != "" && !slices.Contains(medSites, site) {
		out = append(out, medRule{field: "site", rule: "enum"})
	}
	out = append(out, textRule("siteNote", siteNote, site == shared.SiteOther, shared.ShortTextMax)...)
	if vital != nil && (*vital < 0 || *vital > shared.VitalValueMax) {
		out = append(out, medRule{field: "vitalValue", rule: "maximum", args: map[string]any{"max": shared.VitalValueMax}})
	}
	out = append(out, textRule("doseGiven", doseGiven, false, shared.MedicationDoseMax)...)
	for _, n := range []struct {
		field string
		v     *int
	}{{"countBefore", before}, {"countAfter", after}} {
		if n.v != nil && (*n.v < 0 || *n.v > shared.ControlledCountMax) {
			out = append(out, medRule{field: n.field, rule: "maximum", args: map[string]any{"max": shared.ControlledCountMax}})
		}
	}
	return append(out, textRule("note", note, false, shared.PassNoteMax)...)
}

// vitalRanges are the plausible readings per vital (shared.Vital…Min/Max).
var vitalRanges = map[shared.VitalSign][2]float64{
	shared.VitalSystolicBP:       {shared.VitalSystolicMin, shared.VitalSystolicMax},
	shared.VitalDiastolicBP:      {shared.VitalDiastolicMin, shared.VitalDiastolicMax},
	shared.VitalPulse:            {shared.VitalPulseMin, shared.VitalPulseMax},
	shared.VitalBloodGlucose:     {shared.VitalGlucoseMin, shared.VitalGlucoseMax},
	shared.VitalTemperature:      {shared.VitalTemperatureMin, shared.VitalTemperatureMax},
	shared.VitalRespiration:      {shared.VitalRespirationMin, shared.VitalRespirationMax},
	shared.VitalOxygenSaturation: {shared.VitalOxygenMin, shared.VitalOxygenMax},
}

// doseRules are an order's rules for a log (docs/api.md "Logging a pass";
// the cloud's checkDose): the vital for GIVEN and HELD, its plausible
// range, pill counts that add up (countRules), the hold limits and sliding
// scale for GIVEN, the site of a route that needs one. The first broken one.
func doseRules(order *shared.Medication, outcome shared.PassOutcome, vital *float64, site shared.ApplicationSite, before, after *int) []medRule {
	given := outcome == shared.OutcomeGiven
	if order.Vital != "" && (given || outcome == shared.OutcomeHeld) && vital == nil {
		return []medRule{{field: "vitalValue", rule: "required", key: "desktop.med.vitalRequired"}}
	}
	if vital != nil {
		rng, known := vitalRanges[order.Vital]
		if !known {
			return []medRule{{field: "vitalValue", rule: "empty", key: "desktop.med.noVital"}}
		}
		if *vital < rng[0] || *vital > rng[1] {
			return []medRule{{field: "vitalValue", rule: "range", key: "desktop.med.vitalRange", args: map[string]any{"min": rng[0], "max": rng[1]}}}
		}
	}
	if rules := countRules(order, given, before, after); len(rules) > 0 {
		return rules
	}
	if !given {
		return nil
	}
	if vital != nil {
		if order.HoldBelow != nil && *vital < *order.HoldBelow {
			return []medRule{{field: "outcome", rule: "hold", key: "desktop.med.mustHoldBelow", args: map[string]any{"value": *vital, "limit": *order.HoldBelow}}}
		}
		if order.HoldAbove != nil && *vital > *order.HoldAbove {
			return []medRule{{field: "outcome", rule: "hold", key: "desktop.med.mustHoldAbove", args: map[string]any{"value": *vital, "limit": *order.HoldAbove}}}
		}
	}
	if len(order.SlidingScale) > 0 && doseFor(order, order.Dose, "", vital) == "" {
		v := 0.0
		if vital != nil {
			v = *vital
		}
		return []medRule{{field: "vitalValue", rule: "scale", key: "desktop.med.scaleNoDose", args: map[string]any{"value": v}}}
	}
	if slices.Contains(shared.SiteRoutes, order.Route) && site == "" {
		return []medRule{{field: "site", rule: "required", key: "desktop.med.siteRequired"}}
	}
	return nil
}

// countRules are shared.PillCountRule, the cloud's: a controlled order's given
// dose needs both counts, and counts sent with any log come in pairs and never go up.
func countRules(order *shared.Medication, given bool, before, after *int) []medRule {
	required := order.Controlled && given
	field, rule := shared.PillCountRule(required, before, after)
	switch {
	case rule == "maximum":
		return []medRule{{field: field, rule: rule, key: "desktop.med.countOrder"}}
	case rule != "" && required:
		return []medRule{{field: field, rule: rule, key: "desktop.med.countRequired"}}
	case rule != "":
		return []medRule{{field: field, rule: rule, key: "desktop.med.countPair"}}
	}
	return nil
}

// serveMedList is GET /api/desktop/medpasses: the caller's facility's med
// writes made on this computer (waiting, refused or lost and not yet seen,
// and everything of the last 7 days), newest first. The caller's token
// names the facility (read, not checked: the OS account guards the file).
func (c *Core) serveMedList(w http.ResponseWriter, r *http.Request) {
	who := cacheWho(r.Header.Get("Authorization"))
	if !personWho(who) {
		c.fail(w, r, shared.CodeForbidden, "desktop.med.signInFirst", nil, nil)
		return
	}
	c.noteToken(r, who)
	c.answerMedList(w, r, tenantOf(who))
}

func (c *Core) answerMedList(w http.ResponseWriter, r *http.Request, tenantID string) {
	rows, err := c.medList(r.Context(), tenantID, c.now().Add(-7*24*time.Hour))
	if err != nil {
		c.internal(w, r, err)
		return
	}
	out := make([]shared.DesktopMedEntry, 0, len(rows))
	for i := range rows {
		out = append(out, c.medEntry(&rows[i]))
	}
	c.ok(w, r, out)
}

// serveMedSeen is POST /api/desktop/medpasses/seen: conflicts and refusals
// read by the caregiver or owner stop counting (they stay listed 7 days).
func (c *Core) serveMedSeen(w http.ResponseWriter, r *http.Request) {
	who := cacheWho(r.Header.Get("Authorization"))
	if !personWho(who) {
		c.fail(w, r, shared.CodeForbidden, "desktop.med.signInFirst", nil, nil)
		return
	}
	var req shared.DesktopMedSeenRequest
	if !c.decodeBody(w, r, &req) {
		return
	}
	switch {
	case len(req.ClientIDs) == 0:
		c.failMed(w, r, []medRule{{field: "clientIds", rule: "required"}})
		return
	case len(req.ClientIDs) > shared.MedSeenMax:
		c.failMed(w, r, []medRule{{field: "clientIds", rule: "maxItems", key: "desktop.med.tooMany", args: map[string]any{"max": shared.MedSeenMax}}})
		return
	}
	if err := c.medMarkSeen(r.Context(), tenantOf(who), req.ClientIDs); err != nil {
		c.internal(w, r, err)
		return
	}
	c.answerMedList(w, r, tenantOf(who))
}

// medEntry is a row as GET /api/desktop/medpasses lists it.
func (c *Core) medEntry(row *medRow) shared.DesktopMedEntry {
	e := shared.DesktopMedEntry{ClientID: row.ClientID, Kind: row.Kind, PassID: row.PassID, MedicationID: row.MedicationID,
		ResidentID: row.ResidentID, ResidentName: row.ResidentName, MedicationName: row.MedicationName, DueTime: row.DueTime,
		HappenedTime: row.HappenedAt, StaffName: row.StaffName, State: shared.OutboxState(row.State), Attempts: row.Attempts,
		LastError: row.LastError, SentTime: row.SentAt, Seen: row.Seen}
	switch row.Kind {
	case shared.MedOutboxPass:
		var req shared.LogPassRequest
		if json.Unmarshal(row.Body, &req) == nil {
			e.Outcome = req.Outcome
		}
	case shared.MedOutboxPrn:
		e.Outcome = shared.OutcomeGiven
		if row.ServerPassID != "" {
			e.PassID = row.ServerPassID
		}
	case shared.MedOutboxFollowUp:
		var req shared.PrnFollowUpRequest
		if json.Unmarshal(row.Body, &req) == nil {
			e.Effective = &req.Effective
		}
	}
	if row.State == stateWaiting {
		e.NeedsSignIn = c.needsSignIn(row.Who)
	}
	if row.State == stateConflict {
		var ans shared.Envelope[*shared.MedPass]
		if json.Unmarshal(row.Answer, &ans) == nil {
			e.Other = ans.Data
		}
	}
	return e
}

// medSignInNeeded are the names of people whose waiting writes need them
// to sign in again here.
func (c *Core) medSignInNeeded(ctx context.Context) []string {
	people, err := c.medWaitingPeople(ctx)
	if err != nil {
		return nil
	}
	var out []string
	for who, name := range people {
		if c.needsSignIn(who) {
			if name == "" { // no name kept: the user id
				name, _, _ = strings.Cut(who, "@")
			}
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}
