// The prescriber's changes of an order other than an edit (hold, resume, restore, discontinue) and the plan
// edit that stages discontinuations before they are confirmed (spec 000 §4: "items can be moved to deleted
// and restored before confirm"). The server checks the same (cloud/feature/medication/orders.go): a reason of
// at most PassReasonMax, a prescriber of at most PersonNameMax, a date, and an end time not in the future
// and at most PassLogMaxAgeDays back. Tested in changeRules.test.ts.
import type { Medication } from '@/types/api.gen';
import { MedicationCurrent, MedicationDiscontinued, PassClockSkewSeconds, PassLogMaxAgeDays, PassReasonMax, PersonNameMax } from '@/types/api.gen';
import type { RuleError } from '@/lib/form/FormField';
import { isDateString } from '@/lib/time/dateTime';
import { zonedWallToEpoch } from '@/lib/time/zone';

export type ChangeKind = 'hold' | 'resume' | 'restore' | 'discontinue';

export interface ChangeDraft {
  reason: string;
  prescriber: string;
  changeDate: string;
  /** Discontinue: when it stops, YYYY-MM-DDTHH:mm on the facility's clock; '' = now. */
  endTime: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The change's broken rules, and for a discontinue the end time as epoch ms (0 = now). */
export function validateChange(d: ChangeDraft, kind: ChangeKind, now: number, zone: string | undefined): { errors: Record<string, RuleError>; endMs?: number } {
  const errors: Record<string, RuleError> = {};
  const reason = d.reason.trim();
  if (reason === '') errors.reason = { key: 'medications.rule.required' };
  else if ([...reason].length > PassReasonMax) errors.reason = { key: 'medications.rule.tooLong', values: { max: PassReasonMax } };
  if ([...d.prescriber.trim()].length > PersonNameMax) errors.prescriber = { key: 'medications.rule.tooLong', values: { max: PersonNameMax } };
  if (d.changeDate !== '' && !isDateString(d.changeDate)) errors.changeDate = { key: 'medications.rule.date' };
  let endMs: number | undefined;
  if (kind === 'discontinue') {
    if (d.endTime === '') endMs = 0;
    else {
      const ms = zonedWallToEpoch(d.endTime, zone);
      if (Number.isNaN(ms)) errors.endTime = { key: 'medications.rule.date' };
      else if (ms > now + PassClockSkewSeconds * 1000) errors.endTime = { key: 'medications.rule.endFuture' };
      else if (ms < now - PassLogMaxAgeDays * DAY_MS) errors.endTime = { key: 'medications.rule.endTooOld', values: { days: PassLogMaxAgeDays } };
      else endMs = ms;
    }
  }
  return { errors, endMs };
}

/** The changes an order allows now: a current order is held or resumed and discontinued; a discontinued one restored. */
export function changesOf(m: Pick<Medication, 'status' | 'onHold'>): ChangeKind[] {
  if (m.status === MedicationDiscontinued) return ['restore'];
  if (m.status !== MedicationCurrent) return [];
  return m.onHold ? ['resume', 'discontinue'] : ['hold', 'discontinue'];
}

/** The resident's orders as the schedule lists them: current, on hold, discontinued; by name within each. */
export function groupOrders(orders: readonly Medication[]): { current: Medication[]; onHold: Medication[]; discontinued: Medication[] } {
  const byName = (a: Medication, b: Medication) => a.name.localeCompare(b.name);
  return {
    current: orders.filter((m) => m.status === MedicationCurrent && !m.onHold).sort(byName),
    onHold: orders.filter((m) => m.status === MedicationCurrent && m.onHold).sort(byName),
    discontinued: orders.filter((m) => m.status === MedicationDiscontinued).sort(byName),
  };
}

/** Plan editing: a current order moved to the staged deletions (once). */
export function stageDeletion(staged: readonly string[], medicationId: string): string[] {
  return staged.includes(medicationId) ? [...staged] : [...staged, medicationId];
}

/** Plan editing: a staged deletion restored before confirm. */
export function restoreStaged(staged: readonly string[], medicationId: string): string[] {
  return staged.filter((id) => id !== medicationId);
}

/** Plan editing: the orders kept and those moved to deleted (only current orders can be). */
export function planOf(orders: readonly Medication[], staged: readonly string[]): { kept: Medication[]; deleted: Medication[] } {
  const current = orders.filter((m) => m.status === MedicationCurrent);
  return { kept: current.filter((m) => !staged.includes(m.medicationId)), deleted: current.filter((m) => staged.includes(m.medicationId)) };
}
