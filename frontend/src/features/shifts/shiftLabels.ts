// Static key maps for the shift codes the server sends, so every key stays visible to the locale check.
import type { TFunction } from 'i18next';
import { formatTimeOfDay } from '@/lib/time/timeOfDay';
import { crossesMidnight, hoursParts } from './shiftRules';

export const CREDENTIAL_KEYS = {
  HCA_CERTIFICATION: 'shifts.credential.HCA_CERTIFICATION',
  BASIC_TRAINING_75H: 'shifts.credential.BASIC_TRAINING_75H',
  NURSING_ASSISTANT: 'shifts.credential.NURSING_ASSISTANT',
  CPR_FIRST_AID: 'shifts.credential.CPR_FIRST_AID',
  FOOD_WORKER_CARD: 'shifts.credential.FOOD_WORKER_CARD',
  FOOD_SAFETY_CE: 'shifts.credential.FOOD_SAFETY_CE',
  TB_TEST_STEP1: 'shifts.credential.TB_TEST_STEP1',
  TB_TEST_STEP2: 'shifts.credential.TB_TEST_STEP2',
  BACKGROUND_CHECK_NAME_DOB: 'shifts.credential.BACKGROUND_CHECK_NAME_DOB',
  BACKGROUND_CHECK_FINGERPRINT: 'shifts.credential.BACKGROUND_CHECK_FINGERPRINT',
  SPECIALTY_DEMENTIA: 'shifts.credential.SPECIALTY_DEMENTIA',
  SPECIALTY_MENTAL_HEALTH: 'shifts.credential.SPECIALTY_MENTAL_HEALTH',
  SPECIALTY_DEVELOPMENTAL_DISABILITY: 'shifts.credential.SPECIALTY_DEVELOPMENTAL_DISABILITY',
  NURSE_DELEGATION_CORE: 'shifts.credential.NURSE_DELEGATION_CORE',
  NURSE_DELEGATION_DIABETES: 'shifts.credential.NURSE_DELEGATION_DIABETES',
  ORIENTATION_SAFETY: 'shifts.credential.ORIENTATION_SAFETY',
  CONTINUING_EDUCATION: 'shifts.credential.CONTINUING_EDUCATION',
  OTHER: 'shifts.credential.OTHER',
} as const;

export const CONFLICT_KEYS = {
  LEAVE: 'shifts.conflict.LEAVE',
  OVERLAP: 'shifts.conflict.OVERLAP',
  DISABLED: 'shifts.conflict.DISABLED',
  CREDENTIAL: 'shifts.conflict.CREDENTIAL',
  OVER_HOURS: 'shifts.conflict.OVER_HOURS',
} as const;

export const PREFILL_KEYS = {
  MED_HELD: 'shifts.prefill.MED_HELD',
  MED_REFUSED: 'shifts.prefill.MED_REFUSED',
  MED_NOT_GIVEN: 'shifts.prefill.MED_NOT_GIVEN',
  TASK_OPEN: 'shifts.prefill.TASK_OPEN',
  CONCERN: 'shifts.prefill.CONCERN',
  INCIDENT: 'shifts.prefill.INCIDENT',
} as const;

export const WEEKDAY_KEYS = [
  'shifts.weekday.0',
  'shifts.weekday.1',
  'shifts.weekday.2',
  'shifts.weekday.3',
  'shifts.weekday.4',
  'shifts.weekday.5',
  'shifts.weekday.6',
] as const;

export function labelOf<M extends Record<string, string>>(t: TFunction, map: M, code: string | undefined): string {
  const key = code ? (map as Record<string, string>)[code] : undefined;
  return key ? (t as (k: string) => string)(key) : (code ?? '');
}

/** "11:00 PM – 07:00 AM (next day)", "23:00 – 07:00 (día siguiente)": a shift's hours in the interface's way. */
export function shiftHoursText(t: TFunction, start: string, end: string, language: string): string {
  const from = formatTimeOfDay(start, language) || start;
  const to = formatTimeOfDay(end, language) || end;
  return crossesMidnight(start, end) ? t('shifts.hours.rangeNextDay', { from, to }) : t('shifts.hours.range', { from, to });
}

/** Minutes as "7 h 30 min", with a sign when asked ("+1 h 05 min", "−45 min"). */
export function minutesText(t: TFunction, minutes: number, signed = false): string {
  const { sign, h, m } = hoursParts(minutes);
  const body = h === 0 ? t('shifts.hours.minutes', { m }) : t('shifts.hours.hoursMinutes', { h, m: String(m).padStart(2, '0') });
  if (!signed || sign === '') return body;
  return `${sign === '+' ? '+' : '−'}${body}`;
}
