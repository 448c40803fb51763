// Static key maps for the care-plan codes the server sends (shared/task.go), so the locale check sees every
// key. Shared by the pages that write or show tasks (move-in wizard, task creation rules, tasks, calendar,
// the resident's care plan).
import type { TFunction } from 'i18next';

export const TASK_TYPE_KEYS = {
  ROUTINE: 'care.taskType.routine',
  OTHER: 'care.taskType.other',
  AS_NEEDED: 'care.taskType.asNeeded',
  MANDATORY: 'care.taskType.mandatory',
  NON_MANDATORY: 'care.taskType.nonMandatory',
  VITAL_CHECK: 'care.taskType.vitalCheck',
  HEALTH_MONITORING: 'care.taskType.healthMonitoring',
} as const;

export const FREQUENCY_KEYS = {
  ONCE: 'care.frequency.once',
  HOURLY: 'care.frequency.hourly',
  DAILY: 'care.frequency.daily',
  WEEKDAYS: 'care.frequency.weekdays',
  WEEKENDS: 'care.frequency.weekends',
  WEEKLY: 'care.frequency.weekly',
  BIWEEKLY: 'care.frequency.biweekly',
  MONTHLY: 'care.frequency.monthly',
  QUARTERLY: 'care.frequency.quarterly',
  SEMIANNUALLY: 'care.frequency.semiannually',
  YEARLY: 'care.frequency.yearly',
  CUSTOM: 'care.frequency.custom',
  AS_NEEDED: 'care.frequency.asNeeded',
} as const;

/** The sessions in the day's order (shared.TimeSessions). */
export const SESSION_KEYS = {
  MORNING: 'care.session.morning',
  MIDDAY: 'care.session.midday',
  AFTERNOON: 'care.session.afternoon',
  EVENING: 'care.session.evening',
  NIGHT: 'care.session.night',
  MIDNIGHT: 'care.session.midnight',
} as const;

/** The care plan's areas in order (shared.CareAreas). */
export const AREA_KEYS = {
  BATHING: 'care.area.bathing',
  DRESSING: 'care.area.dressing',
  TOILETING: 'care.area.toileting',
  MOBILITY: 'care.area.mobility',
  EATING: 'care.area.eating',
  HYGIENE: 'care.area.hygiene',
  BEHAVIOR: 'care.area.behavior',
  SLEEP: 'care.area.sleep',
  OTHER: 'care.area.other',
} as const;

/** What made a task: the care plan, or a business event through a task creation rule. */
export const BUSINESS_TYPE_KEYS = {
  CARE_PLAN: 'care.businessType.carePlan',
  RESIDENT: 'care.businessType.resident',
  CREATE_CAREGIVER: 'care.businessType.createCaregiver',
  INCIDENT_REPORT: 'care.businessType.incidentReport',
  SHIFT_REPORT: 'care.businessType.shiftReport',
} as const;

/** The business events a task creation rule may answer (the care plan is written by hand, never by a rule). */
export const RULE_BUSINESS_TYPES = ['RESIDENT', 'CREATE_CAREGIVER', 'INCIDENT_REPORT', 'SHIFT_REPORT'] as const;

/** Days of the week by number, 0 = Sunday (shared Task.daysOfWeek); short names for buttons, long for readers. */
export const WEEKDAY_SHORT_KEYS = [
  'care.weekday.short.sun',
  'care.weekday.short.mon',
  'care.weekday.short.tue',
  'care.weekday.short.wed',
  'care.weekday.short.thu',
  'care.weekday.short.fri',
  'care.weekday.short.sat',
] as const;

export const WEEKDAY_KEYS = [
  'care.weekday.long.sun',
  'care.weekday.long.mon',
  'care.weekday.long.tue',
  'care.weekday.long.wed',
  'care.weekday.long.thu',
  'care.weekday.long.fri',
  'care.weekday.long.sat',
] as const;

/** Whether a task still makes occurrences (shared TaskRunStatus). */
export const RUN_STATUS_KEYS = {
  NORMAL: 'care.runStatus.normal',
  STOPPED: 'care.runStatus.stopped',
} as const;

/** Today's work by category (shared TaskCategory), in the task page's order. */
export const CATEGORY_KEYS = {
  onGoing: 'care.category.onGoing',
  timeSpecific: 'care.category.timeSpecific',
  medication: 'care.category.medication',
} as const;

/** Why an expired task was done late (shared LateReason; OTHER needs a remark). */
export const LATE_REASON_KEYS = {
  RESIDENT_REFUSED: 'care.lateReason.residentRefused',
  RESIDENT_AWAY: 'care.lateReason.residentAway',
  RESIDENT_ASLEEP: 'care.lateReason.residentAsleep',
  OTHER: 'care.lateReason.other',
} as const;

/** A resident's expired items an owner clears: one group (shared ExpiredKind) or all of them (its four calls). */
export const CLEAR_SCOPE_KEYS = {
  CARE_PLAN: 'care.clearScope.carePlan',
  RECORD: 'care.clearScope.record',
  MEDICATION: 'care.clearScope.medication',
  ALL: 'care.clearScope.all',
} as const;

/** What a calendar entry is (shared CalendarEventKind). */
export const EVENT_KIND_KEYS = {
  TASK: 'care.eventKind.task',
  LEAVE: 'care.eventKind.leave',
  GOING_OUT: 'care.eventKind.goingOut',
  CARE_PLAN_REVIEW: 'care.eventKind.carePlanReview',
  INITIAL_CARE_PLAN: 'care.eventKind.initialCarePlan',
  SHIFT: 'care.eventKind.shift',
} as const;

export const careCodesOf = <M extends Record<string, string>>(map: M) => Object.keys(map) as (keyof M & string)[];

/** A code's label, or the code itself when the map does not know it (a newer server); '' for none. */
export function careLabel<M extends Record<string, string>>(t: TFunction, map: M, code: string | undefined): string {
  if (!code) return '';
  return Object.hasOwn(map, code) ? (t as (k: string) => string)(map[code as keyof M]) : code;
}
