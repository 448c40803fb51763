// The disposal page's rules as plain functions (spec 000 §5 "Medication disposal": required fields, a
// valid number, a valid date-time, a medication chosen, a custom method when the method is other).
import type {
  DisposalDueItem,
  DisposalMethod,
  DisposalReason,
  Medication,
  MedicationDisposal,
  QuickDisposalRequest,
  SaveDisposalRequest,
} from '@/types/api.gen';
import {
  DisposalCustomTextMax,
  DisposalMethodOther,
  DisposalPillsMax,
  DisposalPillsMin,
  DisposalReasonOther,
  DisposalRemarksMax,
  DisposalStateDueSoon,
  DisposalStateOverdue,
  MedicationDiscontinued,
} from '@/types/api.gen';
import type { RuleError } from '@/lib/form/FormField';
import { epochToZonedWall, zonedWallToEpoch } from '@/lib/time/zone';

export const CUSTOM_TEXT_MAX = DisposalCustomTextMax;
export const REMARKS_MAX = DisposalRemarksMax;
export const PILLS_MIN = DisposalPillsMin;
export const PILLS_MAX = DisposalPillsMax;
/** How far ahead of this device's clock a disposal time may be (the server allows 2 minutes for clock drift). */
export const FUTURE_SLACK_MS = 60_000;

/** The form as typed: every value a string, the time on the facility's wall clock (YYYY-MM-DDTHH:mm). */
export interface DisposalDraft {
  medicationId: string;
  disposalMethod: DisposalMethod | '';
  customMethod: string;
  disposalReason: DisposalReason | '';
  customReason: string;
  disposalTime: string;
  pillsNumber: string;
  remarks: string;
}

export type DisposalField = keyof DisposalDraft;
export type DisposalErrors = Partial<Record<DisposalField, RuleError>>;

/** A moment as the form's time value on the facility's wall clock. */
export function timeInput(ms: number, zone: string | undefined): string {
  return epochToZonedWall(ms, zone).slice(0, 16);
}

/** The form's time value read on the facility's wall clock, as epoch ms; undefined when incomplete. */
export function timeOf(value: string, zone: string | undefined): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return undefined;
  const ms = zonedWallToEpoch(value, zone);
  return Number.isFinite(ms) ? ms : undefined;
}

/** A new record: nothing chosen, disposed of now. */
export function emptyDraft(now: number, zone: string | undefined, medicationId = ''): DisposalDraft {
  return {
    medicationId,
    disposalMethod: '',
    customMethod: '',
    disposalReason: '',
    customReason: '',
    disposalTime: timeInput(now, zone),
    pillsNumber: '',
    remarks: '',
  };
}

/** An edit starts from the record as stored. */
export function draftFromRecord(r: MedicationDisposal, zone: string | undefined): DisposalDraft {
  return {
    medicationId: r.medicationId,
    disposalMethod: r.disposalMethod,
    customMethod: r.customMethod,
    disposalReason: r.disposalReason,
    customReason: r.customReason,
    disposalTime: timeInput(r.disposalTime, zone),
    pillsNumber: String(r.pillsNumber),
    remarks: r.remarks,
  };
}

/** A quick create starts from a due item: its medication and reason, with the event in words when OTHER. */
export function draftFromDue(item: DisposalDueItem, now: number, zone: string | undefined, reasonText: string): DisposalDraft {
  return {
    ...emptyDraft(now, zone, item.medicationId),
    disposalReason: item.reason,
    customReason: item.reason === DisposalReasonOther ? reasonText : '',
  };
}

/** The rules broken by a draft, by field (empty when it may be sent). */
export function validateDisposal(d: DisposalDraft, now: number, zone: string | undefined): DisposalErrors {
  const errors: DisposalErrors = {};
  if (d.medicationId === '') errors.medicationId = { key: 'disposal.validation.medication' };
  if (d.disposalMethod === '') errors.disposalMethod = { key: 'disposal.validation.method' };
  else if (d.disposalMethod === DisposalMethodOther && d.customMethod.trim() === '') {
    errors.customMethod = { key: 'disposal.validation.customMethod' };
  }
  if (d.disposalReason === '') errors.disposalReason = { key: 'disposal.validation.reason' };
  else if (d.disposalReason === DisposalReasonOther && d.customReason.trim() === '') {
    errors.customReason = { key: 'disposal.validation.customReason' };
  }
  const at = timeOf(d.disposalTime, zone);
  if (at === undefined) errors.disposalTime = { key: 'disposal.validation.time' };
  else if (at > now + FUTURE_SLACK_MS) errors.disposalTime = { key: 'disposal.validation.timeFuture' };
  const pills = d.pillsNumber.trim();
  if (!/^\d+$/.test(pills) || Number(pills) < PILLS_MIN || Number(pills) > PILLS_MAX) {
    errors.pillsNumber = { key: 'disposal.validation.pills', values: { min: PILLS_MIN, max: PILLS_MAX } };
  }
  if (d.customMethod.trim().length > CUSTOM_TEXT_MAX) errors.customMethod = { key: 'disposal.validation.tooLong', values: { max: CUSTOM_TEXT_MAX } };
  if (d.customReason.trim().length > CUSTOM_TEXT_MAX) errors.customReason = { key: 'disposal.validation.tooLong', values: { max: CUSTOM_TEXT_MAX } };
  if (d.remarks.trim().length > REMARKS_MAX) errors.remarks = { key: 'disposal.validation.tooLong', values: { max: REMARKS_MAX } };
  return errors;
}

/** The save call of a valid draft: a new record, or an edit of `record` (the version it was opened on). */
export function saveRequest(d: DisposalDraft, residentId: string, zone: string | undefined, record?: MedicationDisposal): SaveDisposalRequest {
  return {
    recordId: record?.recordId,
    version: record?.version,
    residentId,
    medicationId: d.medicationId,
    taskId: record?.taskId || undefined,
    disposalMethod: d.disposalMethod || undefined,
    customMethod: d.disposalMethod === DisposalMethodOther ? d.customMethod.trim() : undefined,
    disposalReason: d.disposalReason || undefined,
    customReason: d.disposalReason === DisposalReasonOther ? d.customReason.trim() : undefined,
    disposalTime: timeOf(d.disposalTime, zone),
    pillsNumber: Number(d.pillsNumber.trim()),
    remarks: d.remarks.trim() || undefined,
  };
}

/** The quick-create call of a valid draft. */
export function quickRequest(d: DisposalDraft, zone: string | undefined): QuickDisposalRequest {
  const { residentId: _r, recordId: _id, version: _v, taskId: _t, ...rest } = saveRequest(d, '', zone);
  return { ...rest, medicationId: d.medicationId };
}

/** The medication picker's choices: current orders first, then discontinued, each by name. */
export function medicationChoices(meds: readonly Medication[]): Medication[] {
  return [...meds].sort((a, b) => {
    const da = a.status === MedicationDiscontinued ? 1 : 0;
    const db = b.status === MedicationDiscontinued ? 1 : 0;
    return da - db || a.name.localeCompare(b.name);
  });
}

/** How a due item's state shows: red when overdue, amber when due soon. */
export function dueTone(state: string): 'danger' | 'warning' | 'none' {
  if (state === DisposalStateOverdue) return 'danger';
  if (state === DisposalStateDueSoon) return 'warning';
  return 'none';
}

/** Server field errors (4022) under the form's fields; anything else under the medication. */
export function serverErrors(fields: Record<string, string>): Partial<Record<DisposalField, string>> {
  const known: DisposalField[] = ['medicationId', 'disposalMethod', 'customMethod', 'disposalReason', 'customReason', 'disposalTime', 'pillsNumber', 'remarks'];
  const out: Partial<Record<DisposalField, string>> = {};
  for (const [field, message] of Object.entries(fields)) {
    const f = known.find((k) => k === field) ?? 'medicationId';
    out[f] ??= message;
  }
  return out;
}
