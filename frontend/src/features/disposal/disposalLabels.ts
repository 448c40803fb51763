import type { TFunction } from 'i18next';

// Static key maps for the disposal codes (shared/disposal.go): methods and reasons (spec 001 §9), the
// due clocks' kinds and states, and the fields a change lists.

export const METHOD_KEYS = {
  MAIL_BACK_PROGRAM: 'disposal.method.mailBack',
  DEACTIVATION_KIT: 'disposal.method.deactivationKit',
  OTHER: 'disposal.method.other',
} as const;

export const REASON_KEYS = {
  PATIENT_REFUSED: 'disposal.reason.patientRefused',
  DISCONTINUED: 'disposal.reason.discontinued',
  OTHER: 'disposal.reason.other',
} as const;

/** What started a due item's clock, with its date ({{date}}). */
export const KIND_KEYS = {
  DISCONTINUED: 'disposal.due.kind.discontinued',
  ENDED: 'disposal.due.kind.ended',
  REFUSED: 'disposal.due.kind.refused',
  DECEASED: 'disposal.due.kind.deceased',
  MOVED_OUT: 'disposal.due.kind.movedOut',
} as const;

/** The words a quick create proposes as the reason of a death or a move-out ({{date}}). */
export const REASON_TEXT_KEYS = {
  DECEASED: 'disposal.due.reasonText.deceased',
  MOVED_OUT: 'disposal.due.reasonText.movedOut',
} as const;

export const STATE_KEYS = {
  DUE: 'disposal.state.due',
  DUE_SOON: 'disposal.state.dueSoon',
  OVERDUE: 'disposal.state.overdue',
} as const;

/** Labels of the fields a change of a record lists (DisposalChange.fields). */
export const FIELD_KEYS = {
  medicationId: 'disposal.field.medication',
  taskId: 'disposal.field.task',
  medicationName: 'disposal.field.medicationName',
  medicationType: 'disposal.field.medicationType',
  dose: 'disposal.field.dose',
  route: 'disposal.field.route',
  instructions: 'disposal.field.instructions',
  diagnosis: 'disposal.field.diagnosis',
  rxNumber: 'disposal.field.rxNumber',
  startDate: 'disposal.field.startDate',
  endDate: 'disposal.field.endDate',
  disposalMethod: 'disposal.field.method',
  customMethod: 'disposal.field.customMethod',
  disposalReason: 'disposal.field.reason',
  customReason: 'disposal.field.customReason',
  disposalTime: 'disposal.field.time',
  pillsNumber: 'disposal.field.pills',
  remarks: 'disposal.field.remarks',
} as const;

/** A code's label from a key map, or the code itself when the map lacks it (a newer server's value). */
export function labelOf<M extends Record<string, string>>(t: TFunction, map: M, code: string | undefined): string {
  if (!code) return '';
  return Object.hasOwn(map, code) ? (t as (k: string) => string)(map[code as keyof M]) : code;
}
