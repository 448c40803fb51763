package facilitydoc

import (
	"context"
	"encoding/json"
	"fmt"

	"hearth/shared"
)

// redFlags marks what needs the owner first on each checklist item, from the
// rules already computed (issue 32 "red flags"): EXPIRED from the item's
// status (shared.FacilityDocStatusOf: the version in force has expired, e.g.
// the licence); MISSING_SIGNATURE from the newest version's outstanding
// signatures (awaiting); MISSED_ITEM from the newest version's finished
// compliance check, when it found items missing. It also sets each item's
// check in short, and the home's count.
func (s *Service) redFlags(ctx context.Context, tenantID string, c *shared.FacilityInspections) error {
	ids := []string{}
	for _, it := range c.Items {
		if it.Current != nil {
			ids = append(ids, it.Current.VersionID)
		}
	}
	last, err := s.store.LatestAnalyses(ctx, s.db, tenantID, ids)
	if err != nil {
		return err
	}
	c.RedFlagCount = 0
	for i := range c.Items {
		it := &c.Items[i]
		it.RedFlags = []shared.FacilityDocRedFlag{}
		if it.Status == shared.FacilityDocExpired {
			it.RedFlags = append(it.RedFlags, shared.FacilityDocRedFlag{Kind: shared.RedFlagExpired})
		}
		if it.Current == nil {
			c.RedFlagCount += len(it.RedFlags)
			continue
		}
		if n := it.Current.AwaitingSignatures; n > 0 {
			it.RedFlags = append(it.RedFlags, shared.FacilityDocRedFlag{Kind: shared.RedFlagMissingSignature, Count: n})
		}
		if a := last[it.Current.VersionID]; a != nil {
			it.Check = &shared.FacilityDocCheckBrief{VersionID: a.VersionID, State: a.State,
				Method: shared.FacilityDocCheckMethod(a.Method), FinishTime: a.FinishedAt}
			if a.State == shared.FacilityDocAnalysisDone && a.Report != "" {
				var r report
				if err := json.Unmarshal([]byte(a.Report), &r); err != nil {
					return fmt.Errorf("facilitydoc: analysis %s report: %w", a.ID, err)
				}
				missed := []string{}
				for _, res := range r.Items {
					if res.Covered {
						it.Check.CoveredCount++
					} else {
						missed = append(missed, res.Code)
					}
				}
				it.Check.MissingCount = len(missed)
				if len(missed) > 0 {
					it.RedFlags = append(it.RedFlags, shared.FacilityDocRedFlag{Kind: shared.RedFlagMissedItem, Items: missed, Count: len(missed)})
				}
			}
		}
		c.RedFlagCount += len(it.RedFlags)
	}
	return nil
}
