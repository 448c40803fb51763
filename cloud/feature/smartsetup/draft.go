package smartsetup

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/msg"
	"hearth/shared"
)

// Draft is getDraft: what the group's completed steps read, for the move-in
// wizard to prefill beside the text (4009 while a step needs retry because a
// file was uploaded again or moved: spec 001 §8).
func (s *Service) Draft(ctx context.Context, p *auth.Principal, groupID string) (*shared.SmartSetupDraft, error) {
	g, err := s.store.Group(ctx, s.DB, p.TenantID, strings.TrimSpace(groupID))
	if err != nil {
		return nil, notFound(err)
	}
	js, err := s.store.Jobs(ctx, s.DB, p.TenantID, g.BatchID, g.ID)
	if err != nil {
		return nil, err
	}
	pages, err := s.groupPages(ctx, s.DB, p.TenantID, g.BatchID, g.ID)
	if err != nil {
		return nil, err
	}
	lang := msg.Language(ctx)
	out := &shared.SmartSetupDraft{GroupID: g.ID, Name: g.Name, Steps: []shared.SmartSetupJob{}, Tasks: []shared.SmartSetupTask{},
		Medications: []shared.SmartSetupMedication{}, Contacts: []shared.SmartSetupContact{}, Pages: pages}
	for _, j := range js {
		if j.NeedsRetry {
			return nil, ErrNeedsRetry
		}
		out.Steps = append(out.Steps, toSharedJob(lang, &j))
		if j.State != shared.SmartCompleted || j.Result == "" {
			continue
		}
		var res part
		if err := json.Unmarshal([]byte(j.Result), &res); err != nil {
			return nil, fmt.Errorf("smartsetup: result of %s: %w", j.ID, err)
		}
		if j.Method == string(shared.SmartByRules) {
			out.RulesOnly = true
		}
		if res.Profile != nil {
			out.Profile = *res.Profile
		}
		out.Tasks = append(out.Tasks, res.Tasks...)
		out.Medications = append(out.Medications, res.Medications...)
		out.Contacts = append(out.Contacts, res.Contacts...)
	}
	return out, nil
}
