import { describe, expect, it } from 'vitest';
import { Intent } from '@blueprintjs/core';
import type { InspectionItem } from '@/types/api.gen';
import { checklistOrder, credentialDateProblems, credentialLook, credentialWarnings } from './credentialRules';

function item(rule: string, state: string, dueDate = ''): InspectionItem {
  return { rule, credentialType: rule, state, dueDate, completedDate: '', expiryDate: '', credentialId: '', source: '', note: '' };
}

describe('credential checklist look', () => {
  it('gives each state an intent, an icon and words', () => {
    expect(credentialLook('OK')).toEqual({ intent: Intent.SUCCESS, icon: 'tick-circle', textKey: 'staff.credential.state.ok' });
    expect(credentialLook('EXPIRING_SOON')).toMatchObject({ intent: Intent.WARNING, icon: 'time' });
    expect(credentialLook('OVERDUE')).toMatchObject({ intent: Intent.DANGER, icon: 'error', textKey: 'staff.credential.state.overdue' });
    expect(credentialLook('DUE')).toMatchObject({ intent: Intent.PRIMARY, icon: 'circle' });
    expect(credentialLook('SOMETHING_NEW').textKey).toBe('staff.credential.state.due');
  });

  it('puts the worst first, then the earliest due date', () => {
    const list = [item('A', 'OK'), item('B', 'DUE', '2026-09-01'), item('C', 'OVERDUE', '2026-05-01'), item('D', 'EXPIRING_SOON'), item('E', 'OVERDUE', '2026-01-01')];
    expect(checklistOrder(list).map((i) => i.rule)).toEqual(['E', 'C', 'D', 'B', 'A']);
  });

  it('warns only when something is overdue or expiring', () => {
    expect(credentialWarnings(0, 0)).toBeNull();
    expect(credentialWarnings(2, 0)).toEqual({ overdue: 2, expiringSoon: 0 });
  });

  it('checks upload dates', () => {
    expect(credentialDateProblems('', '', '2026-06-01')).toEqual({ issueDate: 'required' });
    expect(credentialDateProblems('2026-07-01', '', '2026-06-01')).toEqual({ issueDate: 'future' });
    expect(credentialDateProblems('2026-05-01', '2026-04-01', '2026-06-01')).toEqual({ expiryDate: 'beforeIssue' });
    expect(credentialDateProblems('2026-05-01', '2027-05-01', '2026-06-01')).toEqual({});
  });
});
