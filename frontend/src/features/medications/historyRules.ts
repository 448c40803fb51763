// The med history's rules: which fields of an order a change changed, before and after (spec 001 §7.7
// medHistory; WAC 388-76-10475 each change of an order is recorded). Tested in historyRules.test.ts.
import type { Medication } from '@/types/api.gen';

/** The fields of an order a history row compares, in the order a form shows them. */
export const ORDER_FIELDS = [
  'name',
  'type',
  'dose',
  'route',
  'frequency',
  'times',
  'startDate',
  'endDate',
  'instructions',
  'diagnosis',
  'rxNumber',
  'physician',
  'controlled',
  'vital',
  'holdBelow',
  'holdAbove',
  'slidingScale',
  'status',
  'onHold',
  'holdReason',
  'endTime',
  'stopReason',
] as const;

export type OrderField = (typeof ORDER_FIELDS)[number];

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const empty = (v: unknown): boolean => v === undefined || v === null || v === '' || v === 0 || v === false || (Array.isArray(v) && v.length === 0);

/** The fields whose values differ between before and after; for a new order, those it has. */
export function changedFields(before: Medication | null | undefined, after: Medication | null | undefined): OrderField[] {
  if (!after) return [];
  if (!before) return ORDER_FIELDS.filter((f) => !empty(after[f]) && f !== 'status');
  return ORDER_FIELDS.filter((f) => !same(normal(before[f]), normal(after[f])));
}

/** Empty values compare equal whatever their shape (null, '', [], 0). */
function normal(v: unknown): unknown {
  return empty(v) ? null : v;
}
