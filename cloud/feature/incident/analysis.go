package incident

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/riverqueue/river"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/people"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// The AI analyses of a report: the preliminary one is made by a job after
// submit (never holding the submit up), the final one on request while the
// report is pending review. The facts go to the AI service's ANALYSIS
// capability with a fixed, versioned prompt (shared.IncidentPromptVersion);
// the answer is stored with the model, the prompt version and the time. With
// no provider (or one outside the plan, over its limit, or unreadable), a
// rules-based checklist of the same headings is stored instead, provider
// "rules", saying so. Either is a suggestion a reviewer accepts or edits.

// Analyzer is the AI service's analysis call (aiservice.Service).
type Analyzer interface {
	Analyze(ctx context.Context, p *auth.Principal, system, prompt string) (*shared.ChatCompletionResult, error)
}

// systemPrompt is the fixed prompt of IncidentPromptVersion. Changing it
// means a new version.
const systemPrompt = `You assist the owner of a licensed adult family home in Washington State reviewing an incident report.
Answer ONLY with one JSON object, no other text, with exactly these keys:
"causes": array of short strings, possible causes;
"factors": array of short strings, contributing factors;
"prevention": array of short strings, prevention measures;
"carePlanChanges": array of short strings, care plan changes to consider, each one action a caregiver can do;
"reportable": boolean, true when the facts suggest an event that must be reported to DSHS or law enforcement under RCW 74.34 or WAC 388-76-10225 (abuse, neglect, exploitation, abandonment, injury of unknown source, a missing resident, serious injury or unexpected death);
"reportableWhy": one sentence explaining "reportable".
Use at most 5 items per list. Base everything on the facts given; do not invent facts. Write in the language named in the facts.`

// AnalysisArgs is the job of a report's preliminary analysis.
type AnalysisArgs struct {
	TenantID   string `json:"tenantId"`
	IncidentID string `json:"incidentId"`
}

// Kind names the job.
func (AnalysisArgs) Kind() string { return "incident_preliminary_analysis" }

// analysisAttempts: a provider that cannot be reached is tried again a few times.
const analysisAttempts = 3

type analysisWorker struct {
	river.WorkerDefaults[AnalysisArgs]
	s *Service
}

func (w *analysisWorker) Work(ctx context.Context, j *river.Job[AnalysisArgs]) error {
	err := w.s.preliminaryJob(ctx, j.Args)
	if err != nil && j.Attempt >= analysisAttempts {
		// The last attempt: the checklist stands in so the report does not wait for ever.
		return w.s.preliminaryFallback(ctx, j.Args)
	}
	return err
}

func (s *Service) enqueueAnalysis(ctx context.Context, tx *db.Tx, r *row) error {
	return s.queue.Enqueue(ctx, tx, AnalysisArgs{TenantID: r.TenantID, IncidentID: r.ID}, &river.InsertOpts{MaxAttempts: analysisAttempts})
}

// jobPrincipal is the report's author as the AI service's caller (plan and rate limit of the facility).
func (s *Service) jobPrincipal(ctx context.Context, q db.Querier, r *row) (*auth.Principal, shared.Language, error) {
	_, _, plan, err := s.store.Facility(ctx, q, r.TenantID)
	if err != nil {
		return nil, "", err
	}
	author, err := people.Get(ctx, q, r.AuthorID)
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return nil, "", fmt.Errorf("incident: author language: %w", err)
	}
	return &auth.Principal{UserID: r.AuthorID, TenantID: r.TenantID, Plan: shared.Plan(plan)}, msg.Pick(string(author.Language)), nil
}

func (s *Service) preliminaryJob(ctx context.Context, a AnalysisArgs) error {
	r, err := s.store.Get(ctx, s.db, a.TenantID, a.IncidentID)
	if errors.Is(err, db.ErrNotFound) {
		return nil
	}
	if err != nil || r.State != shared.IncidentPendingReview {
		return err
	}
	p, lang, err := s.jobPrincipal(ctx, s.db, r)
	if err != nil {
		return err
	}
	an, err := s.analyze(msg.WithLanguage(ctx, lang), p, r, shared.AnalysisPreliminary, lang, true)
	if err != nil {
		return err
	}
	return s.storeAnalysis(ctx, a, an, p)
}

func (s *Service) preliminaryFallback(ctx context.Context, a AnalysisArgs) error {
	r, err := s.store.Get(ctx, s.db, a.TenantID, a.IncidentID)
	if errors.Is(err, db.ErrNotFound) {
		return nil
	}
	if err != nil || r.State != shared.IncidentPendingReview {
		return err
	}
	p, lang, err := s.jobPrincipal(ctx, s.db, r)
	if err != nil {
		return err
	}
	an := rulesAnalysis(r, shared.AnalysisPreliminary, lang, s.now().UnixMilli())
	return s.storeAnalysis(ctx, a, an, p)
}

// storeAnalysis keeps a job's analysis on the report (a fresh read, so an
// edit made meanwhile is kept) and clears analysisRunning.
func (s *Service) storeAnalysis(ctx context.Context, a AnalysisArgs, an shared.IncidentAnalysis, p *auth.Principal) error {
	for range 3 {
		r, err := s.store.Get(ctx, s.db, a.TenantID, a.IncidentID)
		if errors.Is(err, db.ErrNotFound) {
			return nil
		}
		if err != nil || r.State != shared.IncidentPendingReview {
			return err
		}
		put(r, an)
		r.AnalysisPending = false
		step(r, an.CreatedAt, "", shared.TimelineAnalysis, string(an.Kind))
		r.UpdatedAt = s.now().UnixMilli()
		ok, err := s.store.Update(ctx, s.db, r, r.Version)
		if err != nil || ok {
			return err
		}
	}
	return ErrChanged
}

// put replaces the analysis of the same kind (or adds it).
func put(r *row, an shared.IncidentAnalysis) {
	for i := range r.Analyses {
		if r.Analyses[i].Kind == an.Kind {
			r.Analyses = append(r.Analyses[:i], r.Analyses[i+1:]...)
			break
		}
	}
	r.Analyses = append(r.Analyses, an)
}

// Preliminary is preliminaryAnalysis (made again now) and Final is
// finalAnalysis: owners and admins, while the report is pending review.
func (s *Service) Preliminary(ctx context.Context, p *auth.Principal, id string) (*shared.IncidentReport, error) {
	return s.runAnalysis(ctx, p, id, shared.AnalysisPreliminary)
}

// Final is finalAnalysis.
func (s *Service) Final(ctx context.Context, p *auth.Principal, id string) (*shared.IncidentReport, error) {
	return s.runAnalysis(ctx, p, id, shared.AnalysisFinal)
}

func (s *Service) runAnalysis(ctx context.Context, p *auth.Principal, id string, kind shared.IncidentAnalysisKind) (*shared.IncidentReport, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	// Read and check first; the provider is called outside any transaction.
	r, err := s.load(ctx, s.db, p, id)
	if err != nil {
		return nil, err
	}
	if r.State == shared.IncidentCompleted {
		return nil, ErrCompleted
	}
	if r.State != shared.IncidentPendingReview {
		return nil, ErrNotPending
	}
	an, err := s.analyze(ctx, p, r, kind, msg.Language(ctx), false)
	if err != nil {
		return nil, err
	}
	return s.write(ctx, p, id, 0, "incidentReport.analysis", func(tx *db.Tx, r *row, who string, now int64) error {
		if r.State != shared.IncidentPendingReview {
			return ErrNotPending
		}
		put(r, an)
		if kind == shared.AnalysisPreliminary {
			r.AnalysisPending = false
		}
		step(r, now, who, shared.TimelineAnalysis, string(kind))
		return nil
	}, nil)
}

// analyze asks the AI service, or answers the rules checklist when it cannot.
// In a job (retry), a provider that cannot be reached is an error to retry.
func (s *Service) analyze(ctx context.Context, p *auth.Principal, r *row, kind shared.IncidentAnalysisKind, lang shared.Language, retry bool) (shared.IncidentAnalysis, error) {
	now := s.now().UnixMilli()
	res, err := s.analyzer.Analyze(ctx, p, systemPrompt, facts(r, lang))
	if err != nil {
		pr, refused := problem.As(err)
		if !refused {
			return shared.IncidentAnalysis{}, err
		}
		switch pr.Code {
		case shared.CodeAINotConfigured, shared.CodeFunctionMissing:
			// No provider, or AI analysis is not in the facility's plan: the checklist.
		case shared.CodeAIUnavailable, shared.CodeRateLimited:
			// Unreachable or over the minute's limit: the job tries again; a reviewer is told to.
			return shared.IncidentAnalysis{}, err
		default:
			if !retry {
				return shared.IncidentAnalysis{}, err // refused or unreadable: the reviewer reads why
			}
		}
		s.log.InfoContext(ctx, "incident analysis by rules", "code", pr.Code, "incident", r.ID)
		return rulesAnalysis(r, kind, lang, now), nil
	}
	an, ok := parseAnswer(res.Content)
	if !ok {
		s.log.WarnContext(ctx, "incident analysis unreadable; rules used", "incident", r.ID, "model", res.Model)
		return rulesAnalysis(r, kind, lang, now), nil
	}
	an.Kind, an.Provider, an.Model, an.PromptVersion, an.CreatedAt = kind, shared.AnalysisByAI, res.Model, shared.IncidentPromptVersion, now
	return an, nil
}

var languageName = map[shared.Language]string{shared.LangEnUS: "English", shared.LangEsES: "Spanish", shared.LangZhCN: "Simplified Chinese"}

// facts are the report's fields as the prompt's user message. Names of the
// resident and staff are left out: the provider needs the facts, not who.
func facts(r *row, lang shared.Language) string {
	var b strings.Builder
	line := func(k, v string) {
		if strings.TrimSpace(v) != "" {
			fmt.Fprintf(&b, "%s: %s\n", k, v)
		}
	}
	line("Answer language", languageName[lang])
	line("Incident type", string(r.Type))
	if r.OccurredAt > 0 {
		line("Occurred at (UTC)", time.UnixMilli(r.OccurredAt).UTC().Format(time.RFC3339))
	}
	if r.DiscoveredAt > 0 {
		line("Discovered at (UTC)", time.UnixMilli(r.DiscoveredAt).UTC().Format(time.RFC3339))
	}
	line("Location", r.Body.Location)
	line("What happened", r.Body.Narrative)
	line("Injuries", r.Body.Injuries)
	line("Body locations", strings.Join(r.Body.BodyLocations, ", "))
	line("Immediate actions", r.Body.ImmediateActions)
	line("Witnesses", r.Body.Witnesses)
	if r.Body.SexualAssault {
		line("Suspected sexual assault", "yes")
	}
	if r.Body.PhysicalAssault {
		line("Suspected physical assault causing injury", "yes")
	}
	for _, n := range r.Body.Notifications {
		line("Notified", string(n.Party))
	}
	out := b.String()
	if rs := []rune(out); len(rs) > 11000 {
		out = string(rs[:11000])
	}
	return out
}

// parseAnswer reads the model's JSON (a fenced block is accepted).
func parseAnswer(content string) (shared.IncidentAnalysis, bool) {
	i, j := strings.Index(content, "{"), strings.LastIndex(content, "}")
	if i < 0 || j <= i {
		return shared.IncidentAnalysis{}, false
	}
	var a struct {
		Causes          []string `json:"causes"`
		Factors         []string `json:"factors"`
		Prevention      []string `json:"prevention"`
		CarePlanChanges []string `json:"carePlanChanges"`
		Reportable      any      `json:"reportable"`
		ReportableWhy   string   `json:"reportableWhy"`
	}
	if err := json.Unmarshal([]byte(content[i:j+1]), &a); err != nil {
		return shared.IncidentAnalysis{}, false
	}
	rep := false
	switch v := a.Reportable.(type) {
	case bool:
		rep = v
	case string:
		rep, _ = strconv.ParseBool(v)
	}
	clean := func(in []string) []string {
		out := []string{}
		for _, s := range in {
			if s = strings.TrimSpace(s); s != "" && len(out) < 10 {
				out = append(out, truncate(s, shared.SubDetailsMax))
			}
		}
		return out
	}
	out := shared.IncidentAnalysis{Causes: clean(a.Causes), Factors: clean(a.Factors), Prevention: clean(a.Prevention),
		CarePlanChanges: clean(a.CarePlanChanges), Reportable: rep, ReportableWhy: truncate(strings.TrimSpace(a.ReportableWhy), shared.DetailsMax)}
	if len(out.Causes)+len(out.Factors)+len(out.Prevention)+len(out.CarePlanChanges) == 0 && out.ReportableWhy == "" {
		return out, false
	}
	return out, true
}

func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// rulesTopics are the checklist's topics per type (message keys
// incident.rules.<topic>.<heading>.<n>).
func rulesTopic(t shared.IncidentType) string {
	switch t {
	case shared.IncidentFall:
		return "fall"
	case shared.IncidentMedicationError:
		return "medication"
	case shared.IncidentElopement:
		return "elopement"
	case shared.IncidentInjuryUnknownSource, shared.IncidentExploitation, shared.IncidentStaffToResident, shared.IncidentResidentToResident:
		return "abuse"
	case shared.IncidentPowerOutage, shared.IncidentNaturalDisaster, shared.IncidentFire, shared.IncidentFacilityOther:
		return "facility"
	}
	return "general"
}

// rulesAnalysis is Hearth's checklist for the type, in lang; its first cause
// says it was made without AI.
func rulesAnalysis(r *row, kind shared.IncidentAnalysisKind, lang shared.Language, now int64) shared.IncidentAnalysis {
	topic := rulesTopic(r.Type)
	list := func(heading string) []string {
		out := []string{}
		for i := 1; i <= 3; i++ {
			key := fmt.Sprintf("incident.rules.%s.%s.%d", topic, heading, i)
			if v := msg.T(lang, key, nil); v != key && v != "" {
				out = append(out, v)
			}
		}
		return out
	}
	duties := dutiesFor(r.Type, r.Body)
	reportable := false
	for _, d := range duties {
		reportable = reportable || d.code == shared.DutyDSHSHotline || d.code == shared.DutyLawEnforcement
	}
	why := msg.T(lang, "incident.rules.notReportable", nil)
	if reportable {
		why = msg.T(lang, "incident.rules.reportable", nil)
	}
	return shared.IncidentAnalysis{Kind: kind, Provider: shared.AnalysisByRules, PromptVersion: shared.IncidentPromptVersion, CreatedAt: now,
		Causes: list("causes"), Factors: list("factors"), // that no AI answered is the provider's to say (the UI's plain state), not a cause
		Prevention: list("prevention"), CarePlanChanges: list("carePlan"), Reportable: reportable, ReportableWhy: why}
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }
