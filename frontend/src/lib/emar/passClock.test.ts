import { describe, expect, it } from 'vitest';
import cases from './passClock.cases.json';
import { followUpClock, initials, passClock, passColourOf, passLate, passOpen, passOpensAt } from './passClock';
import type { PassStatus } from '@/types/api.gen';

// passClock.cases.json is written by the Go rule (shared/passclock_test.go, TestPassClockCases): every answer
// here must be the cloud's and the desktop's.
describe('the pass clock agrees with the Go rule', () => {
  it('opens 60 minutes before the time, and says when', () => {
    expect(passOpensAt(cases.due)).toBe(cases.due - 60 * 60_000);
    for (const s of cases.steps) {
      expect(passOpen(cases.due, s.at), `open at ${s.at - cases.due}`).toBe(s.open);
      expect(passLate(cases.due, s.at), `late at ${s.at - cases.due}`).toBe(s.late);
      expect(passClock(cases.due, s.at), `status at ${s.at - cases.due}`).toBe(s.status);
      expect(followUpClock(cases.due, s.at), `check at ${s.at - cases.due}`).toBe(s.followUp);
    }
  });

  it('paints statuses and checks alike', () => {
    for (const c of cases.colours) {
      expect(passColourOf(c.status as PassStatus | '', c.followUp as PassStatus | ''), `${c.status}/${c.followUp}`).toBe(c.colour);
    }
  });

  it('makes the same initials', () => {
    for (const [name, want] of Object.entries(cases.initials)) expect(initials(name), name).toBe(want);
  });
});
