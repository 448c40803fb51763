// Static key maps for the eMAR's codes (shared/medication.go): pass statuses, colours, outcomes, vitals and
// their units, application sites, assistance levels. The words are care.emar.* keys of the platform
// catalogue, so every eMAR page (the med pass, schedules, logs, history, the profile's medication tab)
// shows them without loading a feature's strings. Medication types and the 23 routes are in
// lib/care/medicationLabels.ts and re-exported here.

export { MEDICATION_STATUS_KEYS, MEDICATION_TYPE_KEYS, ROUTE_KEYS } from '@/lib/care/medicationLabels';

/** Where a pass stands (shared.PassStatus). */
export const PASS_STATUS_KEYS = {
  UPCOMING: 'care.emar.status.upcoming',
  DUE: 'care.emar.status.due',
  WARNING: 'care.emar.status.warning',
  OVERDUE: 'care.emar.status.overdue',
  GIVEN: 'care.emar.status.given',
  REFUSED: 'care.emar.status.refused',
  HELD: 'care.emar.status.held',
  NOT_GIVEN: 'care.emar.status.notGiven',
  ON_HOLD: 'care.emar.status.onHold',
  DONE: 'care.emar.status.done',
} as const;

/** Where a PRN dose's effectiveness check stands (MedPass.followUpStatus). */
export const FOLLOW_UP_STATUS_KEYS = {
  UPCOMING: 'care.emar.followUp.upcoming',
  DUE: 'care.emar.followUp.due',
  WARNING: 'care.emar.followUp.warning',
  OVERDUE: 'care.emar.followUp.overdue',
  DONE: 'care.emar.followUp.done',
} as const;

/** What each colour means, for the day's counts and legends (shared.PassColour). */
export const PASS_COLOUR_KEYS = {
  GREY: 'care.emar.colour.grey',
  BLUE: 'care.emar.colour.blue',
  YELLOW: 'care.emar.colour.yellow',
  RED: 'care.emar.colour.red',
  GREEN: 'care.emar.colour.green',
  ORANGE: 'care.emar.colour.orange',
} as const;

/** What a caregiver logs (shared.PassOutcome). */
export const PASS_OUTCOME_KEYS = {
  GIVEN: 'care.emar.outcome.given',
  REFUSED: 'care.emar.outcome.refused',
  HELD: 'care.emar.outcome.held',
  NOT_GIVEN: 'care.emar.outcome.notGiven',
} as const;

/** The vital taken before a pass, with its unit (shared.VitalSign: mmHg, beats/min, mg/dL, °F, breaths/min, %). */
export const VITAL_KEYS = {
  SYSTOLIC_BP: 'care.emar.vital.systolicBp',
  DIASTOLIC_BP: 'care.emar.vital.diastolicBp',
  PULSE: 'care.emar.vital.pulse',
  BLOOD_GLUCOSE: 'care.emar.vital.bloodGlucose',
  TEMPERATURE: 'care.emar.vital.temperature',
  RESPIRATION: 'care.emar.vital.respiration',
  OXYGEN_SATURATION: 'care.emar.vital.oxygenSaturation',
} as const;

/** A reading with its vital and unit, "Systolic 92 mmHg" ({{value}}: the number in the interface's writing). */
export const VITAL_READING_KEYS = {
  SYSTOLIC_BP: 'care.emar.reading.systolicBp',
  DIASTOLIC_BP: 'care.emar.reading.diastolicBp',
  PULSE: 'care.emar.reading.pulse',
  BLOOD_GLUCOSE: 'care.emar.reading.bloodGlucose',
  TEMPERATURE: 'care.emar.reading.temperature',
  RESPIRATION: 'care.emar.reading.respiration',
  OXYGEN_SATURATION: 'care.emar.reading.oxygenSaturation',
} as const;

/** Where a dose was applied or injected (shared.ApplicationSite), in the list's order. */
export const SITE_KEYS = {
  ABDOMEN_LEFT: 'care.emar.site.abdomenLeft',
  ABDOMEN_RIGHT: 'care.emar.site.abdomenRight',
  UPPER_ARM_LEFT: 'care.emar.site.upperArmLeft',
  UPPER_ARM_RIGHT: 'care.emar.site.upperArmRight',
  THIGH_LEFT: 'care.emar.site.thighLeft',
  THIGH_RIGHT: 'care.emar.site.thighRight',
  BUTTOCK_LEFT: 'care.emar.site.buttockLeft',
  BUTTOCK_RIGHT: 'care.emar.site.buttockRight',
  UPPER_BACK_LEFT: 'care.emar.site.upperBackLeft',
  UPPER_BACK_RIGHT: 'care.emar.site.upperBackRight',
  CHEST_LEFT: 'care.emar.site.chestLeft',
  CHEST_RIGHT: 'care.emar.site.chestRight',
  AFFECTED_AREA: 'care.emar.site.affectedArea',
  OTHER: 'care.emar.site.other',
} as const;

/** How a resident takes medications (shared.AssistanceLevel; WAC 388-76-10440…10460). */
export const ASSISTANCE_KEYS = {
  INDEPENDENT: 'care.emar.assistance.independent',
  SELF_WITH_ASSISTANCE: 'care.emar.assistance.selfWithAssistance',
  ADMINISTRATION: 'care.emar.assistance.administration',
} as const;
