package facilitydoc

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/people"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// The required set as a parameter set (issue 32; shared/facilitydoc_requirements.go):
// the super admin lists, adds, edits, retires and restores the requirements
// of each category with their check items at /facility-doc-requirements.
// Every edit is one transaction with its audit row (before and after) and
// raises the set's platform version (VersionName), so the homes' checklists,
// the rules-only check and the AI check read the edited set on their next
// call, on every replica within param.VersionTTL, without a restart. A
// requirement is never deleted (facility_documents points at it): retired, it
// leaves the homes' checklists and takes no new document, and the documents
// already filed against it stay listed and readable.

// VersionName is the required set's name in platform_versions.
const VersionName = "facilityDocRequirements"

// Problems of the editor.
var (
	ErrCategoryFixed      = problem.Invalid("category", "fixed", "facilityDocs.requirements.categoryFixed", nil)
	ErrRequirementRetired = problem.Invalid("requirementCode", "retired", "facilityDocs.requirements.retired", nil)
	ErrAlreadyRetired     = problem.New(shared.CodeConflict, "facilityDocs.requirements.alreadyRetired")
	ErrNotRetired         = problem.New(shared.CodeConflict, "facilityDocs.requirements.notRetired")
)

//go:embed requirementmessages/*.json
var requirementMessages embed.FS

func init() {
	msg.RegisterDir("facilitydoc-requirements", requirementMessages, "requirementmessages")
}

// requirementSet is the whole required set as read at one version.
type requirementSet struct {
	reqs  []requirement          // retired ones too, in the page's order
	items map[string][]checkItem // by requirement code, in order
}

// inForce lists the requirements not retired: the homes' checklist.
func (rs *requirementSet) inForce() []requirement {
	out := make([]requirement, 0, len(rs.reqs))
	for _, r := range rs.reqs {
		if r.RetiredAt == 0 {
			out = append(out, r)
		}
	}
	return out
}

// itemLabels are every check item's wording in each language, by item code.
func (rs *requirementSet) itemLabels(code string) map[string]shared.FacilityDocLabels {
	out := map[string]shared.FacilityDocLabels{}
	for i := range rs.items[code] {
		out[rs.items[code][i].Code] = rs.items[code][i].labels()
	}
	return out
}

// setCache keeps the required set read at a version of VersionName.
type setCache struct {
	mu      sync.Mutex
	version int64
	set     *requirementSet
}

// requirementSet is the required set in force now: kept while its platform
// version stands (it is read by every checklist, counter and card), read
// again after an edit.
func (s *Service) requirementSet(ctx context.Context) (*requirementSet, error) {
	version, err := s.params.Versions().Version(ctx, VersionName)
	if err != nil {
		return nil, err
	}
	s.reqs.mu.Lock()
	if s.reqs.set != nil && s.reqs.version == version {
		set := s.reqs.set
		s.reqs.mu.Unlock()
		return set, nil
	}
	s.reqs.mu.Unlock()
	reqs, err := s.store.Requirements(ctx, s.db)
	if err != nil {
		return nil, err
	}
	items, err := s.store.CheckItems(ctx, s.db, "")
	if err != nil {
		return nil, err
	}
	set := &requirementSet{reqs: reqs, items: map[string][]checkItem{}}
	for _, it := range items {
		set.items[it.RequirementCode] = append(set.items[it.RequirementCode], it)
	}
	// Read after the version: an edit committed meanwhile has raised it, so the next call reads again.
	s.reqs.mu.Lock()
	s.reqs.set, s.reqs.version = set, version
	s.reqs.mu.Unlock()
	return set, nil
}

func toDef(r *requirement, items []checkItem, docs int) shared.FacilityDocRequirementDef {
	out := shared.FacilityDocRequirementDef{Code: r.Code, Category: shared.FacilityDocCategory(r.Category), Names: r.Names,
		Source: r.Source, Sort: r.Sort, ExpiryRequired: r.ExpiryRequired, SignaturesRequired: r.SignaturesRequired,
		ApprovalStep: r.ApprovalStep, ValidityMonths: r.ValidityMonths, ExpiringSoonDays: r.ExpiringSoonDays,
		CheckItems: make([]shared.FacilityDocCheckItemDef, 0, len(items)), RetiredAt: r.RetiredAt, Documents: docs,
		UpdateTime: r.UpdatedAt, UpdatedBy: r.UpdatedBy}
	for _, it := range items {
		out.CheckItems = append(out.CheckItems, shared.FacilityDocCheckItemDef{Code: it.Code, Labels: it.labels(), Source: it.Source,
			Keywords: slices.Clone(it.Keywords)})
	}
	return out
}

// RequirementDefs is the super admin's list: the whole required set (retired
// requirements too), in the page's order, optionally one category, each with
// its check items and how many document versions the homes filed against it.
func (s *Service) RequirementDefs(ctx context.Context, q shared.FacilityDocRequirementsQuery) ([]shared.FacilityDocRequirementDef, error) {
	if q.Category != "" && !slices.Contains(shared.FacilityDocCategories, q.Category) {
		return nil, problem.Invalid("category", "enum", "validation.enum", map[string]any{"values": strings.Join(categoryValues(), ", ")})
	}
	reqs, err := s.store.Requirements(ctx, s.db)
	if err != nil {
		return nil, err
	}
	items, err := s.store.CheckItems(ctx, s.db, "")
	if err != nil {
		return nil, err
	}
	docs, err := s.store.DocumentCounts(ctx, s.db)
	if err != nil {
		return nil, err
	}
	byReq := map[string][]checkItem{}
	for _, it := range items {
		byReq[it.RequirementCode] = append(byReq[it.RequirementCode], it)
	}
	out := []shared.FacilityDocRequirementDef{}
	for i := range reqs {
		if q.Category == "" || reqs[i].Category == string(q.Category) {
			out = append(out, toDef(&reqs[i], byReq[reqs[i].Code], docs[reqs[i].Code]))
		}
	}
	err = people.Fill(ctx, s.db, out, func(d *shared.FacilityDocRequirementDef) string { return d.UpdatedBy },
		func(d *shared.FacilityDocRequirementDef, name string) { d.UpdatedBy = name })
	return out, err
}

// requirementDef answers one requirement as the editor shows it (NotFound when there is none).
func (s *Service) requirementDef(ctx context.Context, q db.Querier, code string) (*shared.FacilityDocRequirementDef, error) {
	r, err := s.store.Requirement(ctx, q, code)
	if errors.Is(err, db.ErrNotFound) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, err
	}
	items, err := s.store.CheckItems(ctx, q, code)
	if err != nil {
		return nil, err
	}
	docs, err := s.store.DocumentCounts(ctx, q)
	if err != nil {
		return nil, err
	}
	d := toDef(r, items, docs[code])
	return &d, nil
}

// itemProblem is a check item's 4022, naming the item by its place (from 1).
func itemProblem(i int, rule, key string, args map[string]any) *problem.Error {
	a := map[string]any{"item": i + 1}
	for k, v := range args {
		a[k] = v
	}
	return problem.Invalid(fmt.Sprintf("checkItems[%d]", i), rule, key, a)
}

// checkRequirement validates an edit with the bounds of
// shared/facilitydoc_requirements.go and answers it trimmed, with its items
// (a new item's code empty).
func checkRequirement(in shared.FacilityDocRequirementDef) (*requirement, []checkItem, error) {
	var err error
	r := &requirement{Code: strings.TrimSpace(in.Code), Category: string(in.Category), ExpiryRequired: in.ExpiryRequired,
		SignaturesRequired: in.SignaturesRequired, ApprovalStep: in.ApprovalStep}
	if len(r.Code) > shared.FacilityDocCodeMax {
		return nil, nil, problem.Invalid("code", "maxLength", "validation.maxLength", map[string]any{"max": shared.FacilityDocCodeMax})
	}
	if !slices.Contains(shared.FacilityDocCategories, in.Category) {
		return nil, nil, problem.Invalid("category", "enum", "validation.enum", map[string]any{"values": strings.Join(categoryValues(), ", ")})
	}
	if r.Names.EnUS, err = problem.Text("names.en-US", in.Names.EnUS, true, shared.FacilityDocReqNameMax); err != nil {
		return nil, nil, err
	}
	if r.Names.EsES, err = problem.Text("names.es-ES", in.Names.EsES, false, shared.FacilityDocReqNameMax); err != nil {
		return nil, nil, err
	}
	if r.Names.ZhCN, err = problem.Text("names.zh-CN", in.Names.ZhCN, false, shared.FacilityDocReqNameMax); err != nil {
		return nil, nil, err
	}
	if r.Source, err = problem.Text("source", in.Source, true, shared.FacilityDocReqSourceMax); err != nil {
		return nil, nil, err
	}
	bound := func(field string, v, max int) error {
		if v < 0 {
			return problem.Invalid(field, "minimum", "validation.minimum", map[string]any{"min": 0})
		}
		if v > max {
			return problem.Invalid(field, "maximum", "validation.maximum", map[string]any{"max": max})
		}
		return nil
	}
	if err := bound("sort", in.Sort, shared.FacilityDocReqSortMax); err != nil {
		return nil, nil, err
	}
	if err := bound("validityMonths", in.ValidityMonths, shared.FacilityDocValidityMaxMon); err != nil {
		return nil, nil, err
	}
	if err := bound("expiringSoonDays", in.ExpiringSoonDays, shared.FacilityDocSoonDaysMax); err != nil {
		return nil, nil, err
	}
	r.Sort, r.ValidityMonths, r.ExpiringSoonDays = in.Sort, in.ValidityMonths, in.ExpiringSoonDays
	if len(in.CheckItems) > shared.FacilityDocCheckItemsMax {
		return nil, nil, problem.Invalid("checkItems", "maxItems", "validation.maxItems", map[string]any{"max": shared.FacilityDocCheckItemsMax})
	}
	items := make([]checkItem, 0, len(in.CheckItems))
	seen := map[string]bool{}
	for i, def := range in.CheckItems {
		it := checkItem{Code: strings.TrimSpace(def.Code), Sort: (i + 1) * 10}
		if it.Code != "" && (seen[it.Code] || len(it.Code) > shared.FacilityDocCodeMax) {
			return nil, nil, itemProblem(i, "unique", "facilityDocs.requirements.itemUnknown", nil)
		}
		seen[it.Code] = true
		labels := []struct {
			to       *string
			from     string
			required bool
		}{{&it.Label, def.Labels.EnUS, true}, {&it.LabelES, def.Labels.EsES, false}, {&it.LabelZH, def.Labels.ZhCN, false}}
		for _, l := range labels {
			v := strings.TrimSpace(l.from)
			if l.required && v == "" {
				return nil, nil, itemProblem(i, "required", "facilityDocs.requirements.itemLabelRequired", nil)
			}
			if utf8.RuneCountInString(v) > shared.FacilityDocCheckLabelMax {
				return nil, nil, itemProblem(i, "maxLength", "facilityDocs.requirements.itemTooLong", map[string]any{"max": shared.FacilityDocCheckLabelMax})
			}
			*l.to = v
		}
		it.Source = strings.TrimSpace(def.Source)
		if it.Source == "" {
			return nil, nil, itemProblem(i, "required", "facilityDocs.requirements.itemSourceRequired", nil)
		}
		if utf8.RuneCountInString(it.Source) > shared.FacilityDocReqSourceMax {
			return nil, nil, itemProblem(i, "maxLength", "facilityDocs.requirements.itemTooLong", map[string]any{"max": shared.FacilityDocReqSourceMax})
		}
		for _, k := range def.Keywords {
			k = strings.ToLower(strings.Join(strings.Fields(k), " "))
			if k == "" || slices.Contains(it.Keywords, k) {
				continue
			}
			if utf8.RuneCountInString(k) > shared.FacilityDocKeywordMax || strings.Contains(k, "|") {
				return nil, nil, itemProblem(i, "keyword", "facilityDocs.requirements.itemKeyword", map[string]any{"max": shared.FacilityDocKeywordMax})
			}
			it.Keywords = append(it.Keywords, k)
		}
		if len(it.Keywords) == 0 {
			return nil, nil, itemProblem(i, "minItems", "facilityDocs.requirements.itemKeywordsRequired", nil)
		}
		if len(it.Keywords) > shared.FacilityDocKeywordsMax {
			return nil, nil, itemProblem(i, "maxItems", "facilityDocs.requirements.itemKeywords", map[string]any{"max": shared.FacilityDocKeywordsMax})
		}
		items = append(items, it)
	}
	return r, items, nil
}

// codeFrom makes a code from an English name: upper-case letters and digits, words joined by '_'.
func codeFrom(name string) string {
	var b strings.Builder
	gap := false
	for _, c := range strings.ToUpper(name) {
		switch {
		case (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'):
			if gap && b.Len() > 0 {
				b.WriteByte('_')
			}
			b.WriteRune(c)
			gap = false
		default:
			gap = true
		}
	}
	code := b.String()
	if len(code) > 40 {
		code = strings.TrimRight(code[:40], "_")
	}
	if code == "" || code[0] < 'A' {
		code = "REQ_" + code
	}
	return code
}

// freeCode is base, or base_2, base_3, … whichever no requirement or item has yet (nor taken).
func (s *Service) freeCode(ctx context.Context, q db.Querier, base string, taken map[string]bool) (string, error) {
	for n := 1; n < 1000; n++ {
		code := base
		if n > 1 {
			code = fmt.Sprintf("%s_%d", base, n)
		}
		if taken[code] {
			continue
		}
		used, err := s.store.CodeTaken(ctx, q, code)
		if err != nil {
			return "", err
		}
		if !used {
			return code, nil
		}
	}
	return "", problem.Conflict
}

// SaveRequirement adds a requirement (no code) or changes one, with its check
// items as given (their order is the report's; an item left out is removed,
// a report already made keeps its own copy). Its category is fixed once made.
func (s *Service) SaveRequirement(ctx context.Context, who *auth.Principal, in shared.FacilityDocRequirementDef) (*shared.FacilityDocRequirementDef, error) {
	r, items, err := checkRequirement(in)
	if err != nil {
		return nil, err
	}
	now := s.now().UnixMilli()
	r.UpdatedAt, r.UpdatedBy = now, who.UserID
	var out *shared.FacilityDocRequirementDef
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		var before *shared.FacilityDocRequirementDef
		if r.Code == "" {
			if r.Code, err = s.freeCode(ctx, tx, codeFrom(r.Names.EnUS), nil); err != nil {
				return err
			}
			if r.Sort == 0 {
				if r.Sort, err = s.nextSort(ctx, tx, r.Category); err != nil {
					return err
				}
			}
			if err := s.store.InsertRequirement(ctx, tx, r); err != nil {
				if db.IsUniqueViolation(err) {
					return problem.Conflict
				}
				return err
			}
		} else {
			if before, err = s.requirementDef(ctx, tx, r.Code); err != nil {
				return err
			}
			if string(before.Category) != r.Category {
				return ErrCategoryFixed
			}
			if err := s.store.UpdateRequirement(ctx, tx, r); err != nil {
				return err
			}
		}
		taken := map[string]bool{}
		for _, it := range items {
			taken[it.Code] = true
		}
		for i := range items {
			if items[i].Code == "" {
				if items[i].Code, err = s.freeCode(ctx, tx, r.Code+"_ITEM", taken); err != nil {
					return err
				}
				taken[items[i].Code] = true
				continue
			}
			mine := before != nil && slices.ContainsFunc(before.CheckItems, func(d shared.FacilityDocCheckItemDef) bool { return d.Code == items[i].Code })
			if !mine {
				return itemProblem(i, "unknown", "facilityDocs.requirements.itemUnknown", nil)
			}
		}
		if err := s.store.ReplaceCheckItems(ctx, tx, r.Code, items); err != nil {
			return err
		}
		if out, err = s.requirementDef(ctx, tx, r.Code); err != nil {
			return err
		}
		if err := s.params.Versions().Bump(ctx, tx, VersionName); err != nil {
			return err
		}
		e := audit.Entry{ActorID: who.UserID, Action: "facilityDocRequirement.save", Entity: "facilityDocRequirement", EntityID: r.Code, After: out}
		if before != nil {
			e.Before = before
		}
		return audit.Write(ctx, tx, e)
	})
	if err != nil {
		return nil, err
	}
	return s.named(ctx, out)
}

// nextSort places a new requirement after the others of its category.
func (s *Service) nextSort(ctx context.Context, q db.Querier, category string) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COALESCE(MAX(sort), 0) FROM facility_doc_requirements WHERE category = ?`, category).Scan(&n)
	return min(n+10, shared.FacilityDocReqSortMax), db.Wrap("facilitydoc: next sort", err)
}

// named puts the editor's name in place of its id.
func (s *Service) named(ctx context.Context, d *shared.FacilityDocRequirementDef) (*shared.FacilityDocRequirementDef, error) {
	one := []shared.FacilityDocRequirementDef{*d}
	err := people.Fill(ctx, s.db, one, func(d *shared.FacilityDocRequirementDef) string { return d.UpdatedBy },
		func(d *shared.FacilityDocRequirementDef, name string) { d.UpdatedBy = name })
	return &one[0], err
}

// RetireRequirement takes a requirement out of the homes' checklists (4009
// when it is retired already): it is missing nowhere any more and takes no
// new document; the documents filed against it stay on file and readable.
func (s *Service) RetireRequirement(ctx context.Context, who *auth.Principal, code string) (*shared.FacilityDocRequirementDef, error) {
	return s.setRetired(ctx, who, strings.TrimSpace(code), true)
}

// RestoreRequirement puts a retired requirement back in the homes' checklists (4009 when it is in force).
func (s *Service) RestoreRequirement(ctx context.Context, who *auth.Principal, code string) (*shared.FacilityDocRequirementDef, error) {
	return s.setRetired(ctx, who, strings.TrimSpace(code), false)
}

func (s *Service) setRetired(ctx context.Context, who *auth.Principal, code string, retire bool) (*shared.FacilityDocRequirementDef, error) {
	now := s.now().UnixMilli()
	var out *shared.FacilityDocRequirementDef
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := s.requirementDef(ctx, tx, code)
		if err != nil {
			return err
		}
		at, action, refused := int64(0), "facilityDocRequirement.restore", ErrNotRetired
		if retire {
			at, action, refused = now, "facilityDocRequirement.retire", ErrAlreadyRetired
		}
		ok, err := s.store.SetRetired(ctx, tx, code, at, now, who.UserID)
		if err != nil {
			return err
		}
		if !ok {
			return refused
		}
		if out, err = s.requirementDef(ctx, tx, code); err != nil {
			return err
		}
		if err := s.params.Versions().Bump(ctx, tx, VersionName); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{ActorID: who.UserID, Action: action, Entity: "facilityDocRequirement", EntityID: code,
			Before: map[string]any{"retiredAt": before.RetiredAt}, After: map[string]any{"retiredAt": out.RetiredAt}})
	})
	if err != nil {
		return nil, err
	}
	return s.named(ctx, out)
}
