import { describe, expect, it } from 'vitest';
import cases from './offlineRules.cases.json';
import { offlinePassRule, offlinePrnRule, offlineTimeRule } from './offlineRules';
import type { MedicationStatus, MedicationType, PassKind, PassOutcome, PassStatus } from '@/types/api.gen';

// offlineRules.cases.json is written by the Go rules (shared/offline_test.go, TestOfflineRuleCases): what the
// phone refuses to keep offline is what the desktop shell refuses.
describe('the offline rules agree with the Go rules', () => {
  it('passes', () => {
    expect(cases.passes.length).toBeGreaterThan(100);
    for (const c of cases.passes) {
      const got = offlinePassRule(c.kind as PassKind, c.status as PassStatus, c.logged, c.due, c.outcome as PassOutcome, c.at);
      expect(got, JSON.stringify(c)).toBe(c.rule);
    }
  });

  it('PRN doses', () => {
    for (const c of cases.prns) {
      expect(offlinePrnRule(c.type as MedicationType, c.status as MedicationStatus, c.onHold), JSON.stringify(c)).toBe(c.rule);
    }
  });

  it('times', () => {
    for (const c of cases.times) expect(offlineTimeRule(c.at, cases.now), String(c.at - cases.now)).toBe(c.rule);
  });
});
