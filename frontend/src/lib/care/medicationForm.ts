// What every medication order form edits (shared/medication.go SaveMedicationRequest): name, type, dose,
// route, frequency, times of day, start and end, instructions, diagnosis, Rx number, physician; their rules
// and their part of the request. The move-in wizard's eMAR step and the med schedule's order form use them;
// each words a broken rule its own way (MedicationFieldMessages) and adds its own fields. The server checks
// the same (cloud/feature/medication/medication.go, check): name and dose required, lengths in characters
// (runes), one of the 23 routes, routine and SNF orders at set times (PRN never). Tested in
// medicationForm.test.ts.
import type { Medication, SaveMedicationRequest } from '@/types/api.gen';
import {
  DetailsMax,
  MedicationDoseMax,
  MedicationNameMax,
  MedicationPRN,
  MedicationRoutine,
  MedicationTimesMax,
  PersonNameMax,
  RouteOral,
  ShortTextMax,
  SubDetailsMax,
} from '@/types/api.gen';
import type { RuleError } from '@/lib/form/FormField';
import { isDateString } from '@/lib/time/dateTime';
import { ROUTE_KEYS } from './medicationLabels';

export interface MedicationFieldsDraft {
  /** '' for a new order. */
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
}

/** The message keys of a form's broken rules. */
export interface MedicationFieldMessages {
  required: string;
  /** With {{max}}. */
  tooLong: string;
  badDate: string;
  endBeforeStart: string;
  timesNeeded: string;
  badTime: string;
  timesRepeated: string;
  /** With {{max}}. */
  timesMax: string;
}

/** A new routine order by mouth from `today`, at 08:00. */
export function emptyMedicationFields(today: string): MedicationFieldsDraft {
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
  };
}

/** The shared fields of a stored order. */
export function medicationFieldsOf(m: Medication): MedicationFieldsDraft {
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
  };
}

/** Whether a type is given at set times: routine and SNF orders are; PRN (as needed) is not. */
export function hasTimes(type: string): boolean {
  return type !== MedicationPRN;
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether a text is a time of day as HH:mm. */
export function isTimeOfDay(text: string): boolean {
  return HHMM.test(text);
}

/** A text field's rule: trimmed, required or not, at most `max` characters (as the server counts them). */
export function checkText(
  errors: Record<string, RuleError>,
  m: Pick<MedicationFieldMessages, 'required' | 'tooLong'>,
  field: string,
  value: string,
  max: number,
  required = false,
) {
  const v = value.trim();
  if (required && v === '') errors[field] = { key: m.required };
  else if ([...v].length > max) errors[field] = { key: m.tooLong, values: { max } };
}

/** The typed times, trimmed, without the empty ones. */
const typedTimes = (times: readonly string[]) => times.map((x) => x.trim()).filter((x) => x !== '');

/** The shared fields' broken rules by field; `times` covers the list of times of day. */
export function validateMedicationFields(d: MedicationFieldsDraft, m: MedicationFieldMessages): Record<string, RuleError> {
  const errors: Record<string, RuleError> = {};
  checkText(errors, m, 'name', d.name, MedicationNameMax, true);
  checkText(errors, m, 'dose', d.dose, MedicationDoseMax, true);
  checkText(errors, m, 'frequency', d.frequency, ShortTextMax);
  checkText(errors, m, 'instructions', d.instructions, DetailsMax);
  checkText(errors, m, 'diagnosis', d.diagnosis, SubDetailsMax);
  checkText(errors, m, 'rxNumber', d.rxNumber, ShortTextMax);
  checkText(errors, m, 'physician', d.physician, PersonNameMax);
  if (!Object.hasOwn(ROUTE_KEYS, d.route)) errors.route = { key: m.required };
  if (d.startDate === '') errors.startDate = { key: m.required };
  else if (!isDateString(d.startDate)) errors.startDate = { key: m.badDate };
  if (d.endDate !== '') {
    if (!isDateString(d.endDate)) errors.endDate = { key: m.badDate };
    else if (isDateString(d.startDate) && d.endDate < d.startDate) errors.endDate = { key: m.endBeforeStart };
  }
  if (hasTimes(d.type)) {
    const times = typedTimes(d.times);
    if (times.length === 0) errors.times = { key: m.timesNeeded };
    else if (times.some((x) => !HHMM.test(x))) errors.times = { key: m.badTime };
    else if (new Set(times).size !== times.length) errors.times = { key: m.timesRepeated };
    else if (times.length > MedicationTimesMax) errors.times = { key: m.timesMax, values: { max: MedicationTimesMax } };
  }
  return errors;
}

/** The shared fields' part of a save: trimmed, empty optional ones left out; a PRN order has no times, others sorted. */
export function medicationFieldsRequest(d: MedicationFieldsDraft): SaveMedicationRequest {
  const req: SaveMedicationRequest = {
    name: d.name.trim(),
    type: d.type,
    dose: d.dose.trim(),
    route: d.route,
    startDate: d.startDate,
  };
  if (d.medicationId) req.medicationId = d.medicationId;
  const optional = { frequency: d.frequency, instructions: d.instructions, diagnosis: d.diagnosis, rxNumber: d.rxNumber, physician: d.physician };
  for (const [k, v] of Object.entries(optional)) if (v.trim()) (req as unknown as Record<string, string>)[k] = v.trim();
  if (d.endDate) req.endDate = d.endDate;
  if (hasTimes(d.type)) req.times = [...new Set(typedTimes(d.times))].sort();
  return req;
}

/** The words each form has for the shared fields, under its own key prefix (`<prefix>.name` …). */
export const MEDICATION_FIELD_WORDS = [
  'name',
  'type',
  'dose',
  'route',
  'frequency',
  'times',
  'timesHint',
  'timeN',
  'removeTime',
  'addTime',
  'startDate',
  'endDate',
  'endHint',
  'instructions',
  'diagnosis',
  'rxNumber',
  'physician',
] as const;

export type MedicationFieldWord = (typeof MEDICATION_FIELD_WORDS)[number];
