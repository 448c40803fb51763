import { describe, expect, it } from 'vitest';
import type { ShiftReport, ShiftReportPrefill } from '@/types/api.gen';
import { emptyReport, mergePrefill, prefillSections, reportDraft } from './reportText';

const item = (kind: string, residentName: string, title: string, time: number) => ({ kind, residentId: 'r', residentName, title, detail: '', time });

describe('prefilled hand-over', () => {
  const p: ShiftReportPrefill = {
    shiftDate: '2026-11-24',
    shiftTypeId: '',
    from: 0,
    to: 1,
    residentsOfConcern: [item('CONCERN', 'Ann', '', 5)],
    medsGivenHeld: [item('MED_HELD', 'Bob', 'Lisinopril', 9), item('MED_REFUSED', 'Ann', 'Aspirin', 3)],
    medsGivenCount: 12,
    incidents: [],
    tasksLeftOpen: [item('TASK_OPEN', 'Ann', 'Walk', 1)],
  };
  const line = (i: { kind: string; residentName: string; title: string }) => `${i.kind} ${i.residentName} ${i.title}`.trim();
  it('writes one line per item in time order, given meds counted first', () => {
    const s = prefillSections(p, line, (n) => `${n} given`);
    expect(s.medsGivenHeld).toBe('12 given\n• MED_REFUSED Ann Aspirin\n• MED_HELD Bob Lisinopril');
    expect(s.residentsOfConcern).toBe('• CONCERN Ann');
    expect(s.incidents).toBe('');
    expect(s.tasksLeftOpen).toBe('• TASK_OPEN Ann Walk');
  });
  it('a day with no passes writes no count', () => {
    expect(prefillSections({ ...p, medsGivenCount: 0, medsGivenHeld: [] }, line, (n) => `${n}`).medsGivenHeld).toBe('');
  });
  it('fills only the empty sections, keeping what the author typed', () => {
    const sections = prefillSections(p, line, (n) => `${n} given`);
    const { draft, filled } = mergePrefill({ ...emptyReport('2026-11-24'), tasksLeftOpen: 'mine' }, sections);
    expect(draft.tasksLeftOpen).toBe('mine');
    expect(filled).toEqual(['residentsOfConcern', 'medsGivenHeld']);
  });
  it('reads a saved report back into the form', () => {
    const r = { shiftDate: '2026-11-23', shiftTypeId: 'n', residentsOfConcern: 'a', medsGivenHeld: '', incidents: '', tasksLeftOpen: '', freeText: 'x' } as ShiftReport;
    expect(reportDraft(r)).toEqual({ ...emptyReport('2026-11-23', 'n'), residentsOfConcern: 'a', freeText: 'x' });
  });
});
