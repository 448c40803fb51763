import type { AreaInspections, FacilityRequirement } from '@/types/api.gen';

/** An area's share of items in order: the server's rule (cloud/platform/inspection.Score), whole percent rounded down, 100 with nothing to check. */
export function score(inOrder: number, total: number): number {
  return total > 0 ? Math.floor((inOrder * 100) / total) : 100;
}

/** Facility document statuses that are not in order: nothing in force today. */
const DOC_GAPS = new Set(['MISSING', 'EXPIRED', 'UPCOMING']);

/** The facility documents area's counts: a checklist item is in order while a version is in force. */
export function documentCounts(items: readonly FacilityRequirement[]): { inOrder: number; total: number } {
  return { inOrder: items.filter((it) => !DOC_GAPS.has(it.status)).length, total: items.length };
}

/** The overall score: every item of every area counted once. */
export function overall(areas: readonly { inOrder: number; total: number }[]): number {
  return score(
    areas.reduce((n, a) => n + a.inOrder, 0),
    areas.reduce((n, a) => n + a.total, 0),
  );
}

/** A score's colour: all in order green, most in order amber, else red. */
export function scoreIntent(s: number): 'success' | 'warning' | 'danger' {
  if (s >= 100) return 'success';
  return s >= 80 ? 'warning' : 'danger';
}

/** The subjects with a gap, most gaps first, each with only their gaps. */
export function gapsOf(area: AreaInspections) {
  return area.subjects
    .map((s) => ({ ...s, gaps: s.checks.filter((c) => !c.inOrder) }))
    .filter((s) => s.gaps.length > 0)
    .sort((a, b) => b.gaps.length - a.gaps.length);
}
