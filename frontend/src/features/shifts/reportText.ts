// The hand-over sections written from the day's data (POST /shiftReport/prefill): one line per item in the
// reader's words, given meds as a count first. Pure, so the words come in as functions.
import type { ShiftReport, ShiftReportPrefill, ShiftReportPrefillItem } from '@/types/api.gen';
import type { ReportDraft } from './shiftRules';

export type PrefilledSection = 'residentsOfConcern' | 'medsGivenHeld' | 'incidents' | 'tasksLeftOpen';
export const PREFILLED_SECTIONS: readonly PrefilledSection[] = ['residentsOfConcern', 'medsGivenHeld', 'incidents', 'tasksLeftOpen'];

/** Each section's text from the prefill: its items one per line, in time order. */
export function prefillSections(
  p: ShiftReportPrefill,
  line: (item: ShiftReportPrefillItem) => string,
  given: (count: number) => string,
): Record<PrefilledSection, string> {
  const lines = (items: ShiftReportPrefillItem[] | null | undefined) =>
    [...(items ?? [])].sort((a, b) => a.time - b.time).map((i) => `• ${line(i)}`);
  const meds = lines(p.medsGivenHeld);
  return {
    residentsOfConcern: lines(p.residentsOfConcern).join('\n'),
    medsGivenHeld: [...(p.medsGivenCount > 0 ? [given(p.medsGivenCount)] : []), ...meds].join('\n'),
    incidents: lines(p.incidents).join('\n'),
    tasksLeftOpen: lines(p.tasksLeftOpen).join('\n'),
  };
}

/**
 * The draft with the prefilled sections written into those still empty (text the author typed is kept);
 * also says which sections were filled.
 */
export function mergePrefill(d: ReportDraft, sections: Record<PrefilledSection, string>): { draft: ReportDraft; filled: PrefilledSection[] } {
  const next = { ...d };
  const filled: PrefilledSection[] = [];
  for (const s of PREFILLED_SECTIONS) {
    if (next[s].trim() === '' && sections[s] !== '') {
      next[s] = sections[s];
      filled.push(s);
    }
  }
  return { draft: next, filled };
}

export function emptyReport(shiftDate: string, shiftTypeId = ''): ReportDraft {
  return { shiftDate, shiftTypeId, residentsOfConcern: '', medsGivenHeld: '', incidents: '', tasksLeftOpen: '', freeText: '' };
}

export function reportDraft(r: ShiftReport): ReportDraft {
  return {
    shiftDate: r.shiftDate,
    shiftTypeId: r.shiftTypeId ?? '',
    residentsOfConcern: r.residentsOfConcern ?? '',
    medsGivenHeld: r.medsGivenHeld ?? '',
    incidents: r.incidents ?? '',
    tasksLeftOpen: r.tasksLeftOpen ?? '',
    freeText: r.freeText ?? '',
  };
}
