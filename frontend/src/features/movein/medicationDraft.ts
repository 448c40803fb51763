// A medication as the wizard's eMAR step edits it: the shared order fields (lib/care/medicationForm) with
// the list's key, the wizard's words for broken rules, and the request createEmarsForCheckIn sends. Tested
// in drafts.test.ts.
import type { Medication, SaveMedicationRequest } from '@/types/api.gen';
import {
  emptyMedicationFields,
  medicationFieldsOf,
  medicationFieldsRequest,
  validateMedicationFields,
  type MedicationFieldMessages,
  type MedicationFieldsDraft,
} from '@/lib/care/medicationForm';
import { newKey, type DraftErrors } from './taskDraft';

export interface MedicationDraft extends MedicationFieldsDraft {
  /** The list's key: the medication id once saved, else made here. */
  key: string;
}

/** The catalogue prefix of the form's words (components/care/MedicationFields). */
export const MEDICATION_WORDS = 'movein.medication';

const MESSAGES: MedicationFieldMessages = {
  required: 'residents.validation.required',
  tooLong: 'residents.validation.maxLength',
  badDate: 'residents.validation.badDate',
  endBeforeStart: 'movein.validation.endBeforeStart',
  timesNeeded: 'movein.validation.timesNeeded',
  badTime: 'care.validation.timeOfDay',
  timesRepeated: 'movein.validation.timesRepeated',
  timesMax: 'movein.validation.timesMax',
};

export function emptyMedicationDraft(today: string): MedicationDraft {
  return { key: newKey('medication'), ...emptyMedicationFields(today) };
}

export function medicationDraftOf(m: Medication): MedicationDraft {
  return { key: m.medicationId || newKey('medication'), ...medicationFieldsOf(m) };
}

/** The medication's broken rules by field; `times` covers the list of times of day. */
export function validateMedication(d: MedicationDraft): DraftErrors {
  return validateMedicationFields(d, MESSAGES);
}

/** The medication as createEmarsForCheckIn sends it. */
export function medicationRequest(d: MedicationDraft): SaveMedicationRequest {
  return medicationFieldsRequest(d);
}
