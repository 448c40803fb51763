// A medication as the wizard's eMAR step edits it (shared/medication.go SaveMedicationRequest), its rules
// and the request it becomes. Tested in medicationDraft.test.ts.
import type { Medication, SaveMedicationRequest } from '@/types/api.gen';
import {
  MedicationDoseMax,
  MedicationNameMax,
  MedicationPRN,
  MedicationRoutine,
  MedicationTimesMax,
  DetailsMax,
  PersonNameMax,
  ShortTextMax,
  SubDetailsMax,
  RouteOral,
} from '@/types/api.gen';
import { ROUTE_KEYS } from '@/lib/care/medicationLabels';
import { isDateString } from '@/lib/time/dateTime';
import { newKey, type DraftErrors } from './taskDraft';

export interface MedicationDraft {
  key: string;
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

export function emptyMedicationDraft(today: string): MedicationDraft {
  return {
    key: newKey('medication'),
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

export function medicationDraftOf(m: Medication): MedicationDraft {
  return {
    key: m.medicationId || newKey('medication'),
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

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether a type is given at set times: routine and SNF orders are; PRN (as needed) is not. */
export function hasTimes(type: string): boolean {
  return type !== MedicationPRN;
}

function text(errors: DraftErrors, field: string, value: string, max: number, required = false) {
  const v = value.trim();
  if (required && v === '') errors[field] = { key: 'residents.validation.required' };
  else if (v.length > max) errors[field] = { key: 'residents.validation.maxLength', values: { max } };
}

/** The medication's broken rules by field; `times` covers the list of times of day. */
export function validateMedication(d: MedicationDraft): DraftErrors {
  const errors: DraftErrors = {};
  text(errors, 'name', d.name, MedicationNameMax, true);
  text(errors, 'dose', d.dose, MedicationDoseMax, true);
  text(errors, 'frequency', d.frequency, ShortTextMax);
  text(errors, 'instructions', d.instructions, DetailsMax);
  text(errors, 'diagnosis', d.diagnosis, SubDetailsMax);
  text(errors, 'rxNumber', d.rxNumber, ShortTextMax);
  text(errors, 'physician', d.physician, PersonNameMax);
  if (!Object.hasOwn(ROUTE_KEYS, d.route)) errors.route = { key: 'residents.validation.required' };
  if (d.startDate === '') errors.startDate = { key: 'residents.validation.required' };
  else if (!isDateString(d.startDate)) errors.startDate = { key: 'residents.validation.badDate' };
  if (d.endDate !== '') {
    if (!isDateString(d.endDate)) errors.endDate = { key: 'residents.validation.badDate' };
    else if (isDateString(d.startDate) && d.endDate < d.startDate) errors.endDate = { key: 'movein.validation.endBeforeStart' };
  }
  if (hasTimes(d.type)) {
    const times = d.times.filter((x) => x.trim() !== '');
    if (times.length === 0) errors.times = { key: 'movein.validation.timesNeeded' };
    else if (times.some((x) => !HHMM.test(x))) errors.times = { key: 'care.validation.timeOfDay' };
    else if (new Set(times).size !== times.length) errors.times = { key: 'movein.validation.timesRepeated' };
    else if (times.length > MedicationTimesMax) errors.times = { key: 'movein.validation.timesMax', values: { max: MedicationTimesMax } };
  }
  return errors;
}

/** The medication as createEmarsForCheckIn sends it; a PRN order has no times; times are sorted. */
export function medicationRequest(d: MedicationDraft): SaveMedicationRequest {
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
  if (hasTimes(d.type)) req.times = [...new Set(d.times.filter((x) => x.trim() !== ''))].sort();
  return req;
}
