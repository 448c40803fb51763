// An order as the med schedule's form edits it (shared/medication.go SaveMedicationRequest), its rules and
// the request it becomes. The server checks the same (cloud/feature/medication/medication.go, check and
// checkVital): name and dose required, one of the 23 routes, routine and SNF orders at set times (PRN
// never), a vital for hold limits and sliding scales, limits and scale rows within the vital's plausible
// range, the upper limit above the lower, scale rows not overlapping. Tested in orderDraft.test.ts.
import type { FacilityRoutine, Medication, SaveMedicationRequest, SlidingScaleStep, VitalSign } from '@/types/api.gen';
import {
  DetailsMax,
  MedicationDoseMax,
  MedicationNameMax,
  MedicationPRN,
  MedicationRoutine,
  MedicationTimesMax,
  PassReasonMax,
  PersonNameMax,
  RouteOral,
  ShortTextMax,
  SlidingScaleStepsMax,
  SubDetailsMax,
} from '@/types/api.gen';
import type { RuleError } from '@/lib/form/FormField';
import { ROUTE_KEYS } from '@/lib/emar/emarLabels';
import { VITAL_RANGES } from '@/lib/emar/vitals';
import { isDateString } from '@/lib/time/dateTime';

export interface ScaleRowDraft {
  key: string;
  from: string;
  to: string;
  dose: string;
}

export interface OrderDraft {
  medicationId: string;
  name: string;
  type: string;
  dose: string;
  frequency: string;
  route: string;
  instructions: string;
  diagnosis: string;
  rxNumber: string;
  physician: string;
  startDate: string;
  endDate: string;
  /** HH:mm each (or what was typed, so the rules can say it is not a time). */
  times: string[];
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
}

export type DraftErrors = Record<string, RuleError>;

let keySeq = 0;
export function newRowKey(): string {
  keySeq += 1;
  return `row-${keySeq}`;
}

const numberText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

export function emptyOrder(today: string): OrderDraft {
  return {
    medicationId: '',
    name: '',
    type: MedicationRoutine,
    dose: '',
    frequency: '',
    route: RouteOral,
    instructions: '',
    diagnosis: '',
    rxNumber: '',
    physician: '',
    startDate: today,
    endDate: '',
    times: ['08:00'],
    controlled: false,
    vital: '',
    holdBelow: '',
    holdAbove: '',
    scale: [],
    changeNote: '',
    changeDate: today,
  };
}

/** The draft of an existing order, for a change (the change's note and date start empty and today). */
export function orderDraftOf(m: Medication, today: string): OrderDraft {
  return {
    medicationId: m.medicationId,
    name: m.name,
    type: m.type || MedicationRoutine,
    dose: m.dose,
    frequency: m.frequency,
    route: m.route,
    instructions: m.instructions,
    diagnosis: m.diagnosis,
    rxNumber: m.rxNumber,
    physician: m.physician,
    startDate: m.startDate,
    endDate: m.endDate,
    times: [...(m.times ?? [])],
    controlled: m.controlled,
    vital: m.vital ?? '',
    holdBelow: numberText(m.holdBelow),
    holdAbove: numberText(m.holdAbove),
    scale: (m.slidingScale ?? []).map((s) => ({ key: newRowKey(), from: String(s.from), to: String(s.to), dose: s.dose })),
    changeNote: '',
    changeDate: today,
  };
}

/** Whether a type is given at set times: routine and SNF orders are; PRN (as needed) is not. */
export function hasTimes(type: string): boolean {
  return type !== MedicationPRN;
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const NUMBER = /^\d+(?:[.,]\d+)?$/;

/** A typed number ("98.6" or "98,6"); undefined for anything else, null for empty. */
export function parseNumber(text: string): number | null | undefined {
  const v = text.trim();
  if (v === '') return null;
  return NUMBER.test(v) ? Number(v.replace(',', '.')) : undefined;
}

function text(errors: DraftErrors, field: string, value: string, max: number, required = false) {
  const v = value.trim();
  if (required && v === '') errors[field] = { key: 'medications.rule.required' };
  else if ([...v].length > max) errors[field] = { key: 'medications.rule.tooLong', values: { max } };
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
  const errors: DraftErrors = {};
  text(errors, 'name', d.name, MedicationNameMax, true);
  text(errors, 'dose', d.dose, MedicationDoseMax, true);
  text(errors, 'frequency', d.frequency, ShortTextMax);
  text(errors, 'instructions', d.instructions, DetailsMax);
  text(errors, 'diagnosis', d.diagnosis, SubDetailsMax);
  text(errors, 'rxNumber', d.rxNumber, ShortTextMax);
  text(errors, 'physician', d.physician, PersonNameMax);
  if (!Object.hasOwn(ROUTE_KEYS, d.route)) errors.route = { key: 'medications.rule.required' };
  if (d.startDate === '') errors.startDate = { key: 'medications.rule.required' };
  else if (!isDateString(d.startDate)) errors.startDate = { key: 'medications.rule.date' };
  if (d.endDate !== '') {
    if (!isDateString(d.endDate)) errors.endDate = { key: 'medications.rule.date' };
    else if (isDateString(d.startDate) && d.endDate < d.startDate) errors.endDate = { key: 'medications.rule.endBeforeStart' };
  }
  if (hasTimes(d.type)) {
    const times = d.times.map((x) => x.trim()).filter((x) => x !== '');
    if (times.length === 0) errors.times = { key: 'medications.rule.timesNeeded' };
    else if (times.some((x) => !HHMM.test(x))) errors.times = { key: 'medications.rule.time' };
    else if (new Set(times).size !== times.length) errors.times = { key: 'medications.rule.timesRepeated' };
    else if (times.length > MedicationTimesMax) errors.times = { key: 'medications.rule.timesMax', values: { max: MedicationTimesMax } };
  }
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
      text(errors, `scale.${i}.dose`, row.dose, MedicationDoseMax, true);
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
  text(errors, 'changeNote', d.changeNote, PassReasonMax);
  if (d.changeDate !== '' && !isDateString(d.changeDate)) errors.changeDate = { key: 'medications.rule.date' };
  return errors;
}

/** The order as /medication/save takes it: a PRN order has no times; times are sorted; limits as numbers. */
export function orderRequest(d: OrderDraft, residentId: string, verificationFileId = ''): SaveMedicationRequest {
  const req: SaveMedicationRequest = {
    name: d.name.trim(),
    type: d.type,
    dose: d.dose.trim(),
    route: d.route,
    startDate: d.startDate,
    controlled: d.controlled,
  };
  if (d.medicationId) req.medicationId = d.medicationId;
  else req.residentId = residentId;
  const optional = { frequency: d.frequency, instructions: d.instructions, diagnosis: d.diagnosis, rxNumber: d.rxNumber, physician: d.physician };
  for (const [k, v] of Object.entries(optional)) if (v.trim()) (req as unknown as Record<string, string>)[k] = v.trim();
  if (d.endDate) req.endDate = d.endDate;
  if (hasTimes(d.type)) req.times = [...new Set(d.times.map((x) => x.trim()).filter((x) => x !== ''))].sort();
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
  return (routine?.sessions ?? []).filter((s) => HHMM.test(s.startTime)).map((s) => ({ session: s.session, time: s.startTime }));
}

/** The times with one more (kept sorted, no repeats, at most MedicationTimesMax). */
export function addTime(times: readonly string[], time: string): string[] {
  const kept = times.map((x) => x.trim()).filter((x) => x !== '');
  if (kept.includes(time) || kept.length >= MedicationTimesMax) return kept;
  return [...kept, time].sort();
}
