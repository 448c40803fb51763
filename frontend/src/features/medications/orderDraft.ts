// An order as the med schedule's form edits it: the shared order fields (lib/care/medicationForm) and the
// order's own: controlled, the hold parameter, the sliding scale and the change's record; their rules and
// the request it becomes. The server checks the same (cloud/feature/medication/medication.go, check and
// checkVital): a vital for hold limits and sliding scales, limits and scale rows within the vital's
// plausible range, the upper limit above the lower, scale rows not overlapping. Tested in orderDraft.test.ts.
import type { FacilityRoutine, Medication, SaveMedicationRequest, SlidingScaleStep, VitalSign } from '@/types/api.gen';
import { CodeConflict, MedicationDoseMax, MedicationTimesMax, PassReasonMax, SlidingScaleStepsMax } from '@/types/api.gen';
import type { RuleError } from '@/lib/form/FormField';
import { isApiError } from '@/lib/api/client';
import {
  checkText,
  emptyMedicationFields,
  isTimeOfDay,
  medicationFieldsOf,
  medicationFieldsRequest,
  validateMedicationFields,
  type MedicationFieldMessages,
  type MedicationFieldsDraft,
} from '@/lib/care/medicationForm';
import { VITAL_RANGES } from '@/lib/emar/vitals';
import { isDateString } from '@/lib/time/dateTime';

export interface ScaleRowDraft {
  key: string;
  from: string;
  to: string;
  dose: string;
}

export interface OrderDraft extends MedicationFieldsDraft {
  controlled: boolean;
  /** The vital taken before each pass; '' for none. */
  vital: string;
  /** Hold limits as typed ('' for none). */
  holdBelow: string;
  holdAbove: string;
  scale: ScaleRowDraft[];
  /** A change's record: the logged call, the date the prescriber ordered it, the written order. */
  changeNote: string;
  changeDate: string;
  /** The order's version the form was opened on (0 for a new order): a change sends it back. */
  version: number;
}

/** The catalogue prefix of the form's words (components/care/MedicationFields). */
export const ORDER_WORDS = 'medications.form';

const MESSAGES: MedicationFieldMessages = {
  required: 'medications.rule.required',
  tooLong: 'medications.rule.tooLong',
  badDate: 'medications.rule.date',
  endBeforeStart: 'medications.rule.endBeforeStart',
  timesNeeded: 'medications.rule.timesNeeded',
  badTime: 'medications.rule.time',
  timesRepeated: 'medications.rule.timesRepeated',
  timesMax: 'medications.rule.timesMax',
};

export type DraftErrors = Record<string, RuleError>;

let keySeq = 0;
export function newRowKey(): string {
  keySeq += 1;
  return `row-${keySeq}`;
}

const numberText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

export function emptyOrder(today: string): OrderDraft {
  return {
    ...emptyMedicationFields(today),
    controlled: false,
    vital: '',
    holdBelow: '',
    holdAbove: '',
    scale: [],
    changeNote: '',
    changeDate: today,
    version: 0,
  };
}

/** The draft of an existing order, for a change (the change's note and date start empty and today). */
export function orderDraftOf(m: Medication, today: string): OrderDraft {
  return {
    ...medicationFieldsOf(m),
    controlled: m.controlled,
    vital: m.vital ?? '',
    holdBelow: numberText(m.holdBelow),
    holdAbove: numberText(m.holdAbove),
    scale: (m.slidingScale ?? []).map((s) => ({ key: newRowKey(), from: String(s.from), to: String(s.to), dose: s.dose })),
    changeNote: '',
    changeDate: today,
    version: m.version,
  };
}

/**
 * The order as someone saved it meanwhile, from a refused save (4009 `medication.changed`, the order as it is
 * now in data); undefined for any other failure.
 */
export function changedOrder(err: unknown): Medication | undefined {
  if (!isApiError(err) || err.code !== CodeConflict) return undefined;
  const d = err.data as Partial<Medication> | null | undefined;
  return d && typeof d === 'object' && typeof d.medicationId === 'string' && typeof d.version === 'number' ? (d as Medication) : undefined;
}

/**
 * The form reloaded with the order someone saved meanwhile: their fields and version, and the change's
 * record (logged call, date) the person had typed, which is about their change and not the order.
 */
export function reloadedDraft(current: Medication, draft: OrderDraft, today: string): OrderDraft {
  return { ...orderDraftOf(current, today), changeNote: draft.changeNote, changeDate: draft.changeDate };
}

const NUMBER = /^\d+(?:[.,]\d+)?$/;

/** A typed number ("98.6" or "98,6"); undefined for anything else, null for empty. */
export function parseNumber(text: string): number | null | undefined {
  const v = text.trim();
  if (v === '') return null;
  return NUMBER.test(v) ? Number(v.replace(',', '.')) : undefined;
}

/** A limit or scale value: a number within the vital's plausible range. */
function inRange(errors: DraftErrors, field: string, value: string, vital: string, required: boolean): number | undefined {
  const n = parseNumber(value);
  if (n === null) {
    if (required) errors[field] = { key: 'medications.rule.required' };
    return undefined;
  }
  if (n === undefined) {
    errors[field] = { key: 'medications.rule.number' };
    return undefined;
  }
  const range = VITAL_RANGES[vital];
  if (range && (n < range[0] || n > range[1])) {
    errors[field] = { key: 'medications.rule.vitalRange', values: { min: range[0], max: range[1] } };
    return undefined;
  }
  return n;
}

/** The order's broken rules by field; `times` covers the list, `scale.<i>.<part>` a sliding-scale cell. */
export function validateOrder(d: OrderDraft): DraftErrors {
  const errors: DraftErrors = validateMedicationFields(d, MESSAGES);
  // The hold parameter and the sliding scale read the vital.
  const wantsVital = d.holdBelow.trim() !== '' || d.holdAbove.trim() !== '' || d.scale.length > 0;
  if (wantsVital && d.vital === '') errors.vital = { key: 'medications.rule.vitalNeeded' };
  if (d.vital !== '') {
    const below = inRange(errors, 'holdBelow', d.holdBelow, d.vital, false);
    const above = inRange(errors, 'holdAbove', d.holdAbove, d.vital, false);
    if (below !== undefined && above !== undefined && above <= below) errors.holdAbove = { key: 'medications.rule.holdOrder' };
    if (d.scale.length > SlidingScaleStepsMax) errors.scale = { key: 'medications.rule.scaleMax', values: { max: SlidingScaleStepsMax } };
    const rows: { i: number; from: number; to: number }[] = [];
    d.scale.forEach((row, i) => {
      const from = inRange(errors, `scale.${i}.from`, row.from, d.vital, true);
      const to = inRange(errors, `scale.${i}.to`, row.to, d.vital, true);
      checkText(errors, MESSAGES, `scale.${i}.dose`, row.dose, MedicationDoseMax, true);
      if (from !== undefined && to !== undefined) {
        if (to < from) errors[`scale.${i}.to`] = { key: 'medications.rule.scaleOrder' };
        else rows.push({ i, from, to });
      }
    });
    rows.sort((a, b) => a.from - b.from);
    for (let k = 1; k < rows.length; k++) {
      if (rows[k].from <= rows[k - 1].to) errors[`scale.${rows[k].i}.from`] = { key: 'medications.rule.scaleOverlap' };
    }
  }
  checkText(errors, MESSAGES, 'changeNote', d.changeNote, PassReasonMax);
  if (d.changeDate !== '' && !isDateString(d.changeDate)) errors.changeDate = { key: 'medications.rule.date' };
  return errors;
}

/** The order as /medication/save takes it: a PRN order has no times; times are sorted; limits as numbers. */
export function orderRequest(d: OrderDraft, residentId: string, verificationFileId = ''): SaveMedicationRequest {
  const req: SaveMedicationRequest = { ...medicationFieldsRequest(d), controlled: d.controlled };
  // A change names the version it was made on (a newer one answers 4009); a new order has none.
  if (d.medicationId) req.version = d.version;
  else req.residentId = residentId;
  if (d.vital) {
    req.vital = d.vital as VitalSign;
    const below = parseNumber(d.holdBelow);
    const above = parseNumber(d.holdAbove);
    if (typeof below === 'number') req.holdBelow = below;
    if (typeof above === 'number') req.holdAbove = above;
    if (d.scale.length > 0) {
      req.slidingScale = d.scale.map(
        (r): SlidingScaleStep => ({ from: Number(parseNumber(r.from) ?? 0), to: Number(parseNumber(r.to) ?? 0), dose: r.dose.trim() }),
      );
    }
  }
  // The change's record (the CREATE row of a new order too): the logged call, its date, the written order.
  if (d.changeNote.trim()) req.changeNote = d.changeNote.trim();
  if (d.changeDate) req.changeDate = d.changeDate;
  if (verificationFileId) req.verificationFileId = verificationFileId;
  return req;
}

/**
 * A server field (4022's `field`) as the draft names it: `slidingScale[1].to` → `scale.1.to`; the
 * others keep their names.
 */
export function draftField(field: string): string {
  const m = /^slidingScale\[(\d+)\]\.(from|to|dose)$/.exec(field);
  if (m) return `scale.${m[1]}.${m[2]}`;
  if (field === 'slidingScale') return 'scale';
  return field;
}

/** A session start time per routine session, to fill an order's times ("Morning · 07:00"). */
export function sessionStarts(routine: FacilityRoutine | undefined): { session: string; time: string }[] {
  return (routine?.sessions ?? []).filter((s) => isTimeOfDay(s.startTime)).map((s) => ({ session: s.session, time: s.startTime }));
}

/** The times with one more (kept sorted, no repeats, at most MedicationTimesMax). */
export function addTime(times: readonly string[], time: string): string[] {
  const kept = times.map((x) => x.trim()).filter((x) => x !== '');
  if (kept.includes(time) || kept.length >= MedicationTimesMax) return kept;
  return [...kept, time].sort();
}
