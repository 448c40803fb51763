// Static key maps for the staff codes the server sends, so every key stays visible to the locale check.
import type { TFunction } from 'i18next';
import { CREDENTIAL_TYPE_KEYS } from '@/lib/staff/credentialLabels';

export const STATUS_KEYS = {
  enabled: 'staff.status.enabled',
  disabled: 'staff.status.disabled',
  unverified: 'staff.status.unverified',
} as const;

// The credential types are shared with the inspector's read-only view (lib/staff/credentialLabels).
export { CREDENTIAL_TYPE_KEYS };

export const SPECIALTY_KEYS = {
  DEMENTIA: 'staff.specialty.DEMENTIA',
  MENTAL_HEALTH: 'staff.specialty.MENTAL_HEALTH',
  DEVELOPMENTAL_DISABILITY: 'staff.specialty.DEVELOPMENTAL_DISABILITY',
} as const;

/** Checklist rule codes of the server's rules engine (cloud/feature/staff/rules.go). */
export const RULE_KEYS = {
  ORIENTATION_SAFETY: 'staff.rule.ORIENTATION_SAFETY',
  BACKGROUND_CHECK_NAME_DOB: 'staff.rule.BACKGROUND_CHECK_NAME_DOB',
  BACKGROUND_CHECK_FINGERPRINT: 'staff.rule.BACKGROUND_CHECK_FINGERPRINT',
  TB_TEST_STEP1: 'staff.rule.TB_TEST_STEP1',
  TB_TEST_STEP2: 'staff.rule.TB_TEST_STEP2',
  CPR_FIRST_AID: 'staff.rule.CPR_FIRST_AID',
  FOOD_SAFETY: 'staff.rule.FOOD_SAFETY',
  BASIC_TRAINING_75H: 'staff.rule.BASIC_TRAINING_75H',
  HCA_CERTIFICATION: 'staff.rule.HCA_CERTIFICATION',
  CONTINUING_EDUCATION: 'staff.rule.CONTINUING_EDUCATION',
  SPECIALTY_DEMENTIA: 'staff.rule.SPECIALTY_DEMENTIA',
  SPECIALTY_MENTAL_HEALTH: 'staff.rule.SPECIALTY_MENTAL_HEALTH',
  SPECIALTY_DEVELOPMENTAL_DISABILITY: 'staff.rule.SPECIALTY_DEVELOPMENTAL_DISABILITY',
  NURSE_DELEGATION_CORE: 'staff.rule.NURSE_DELEGATION_CORE',
  NURSE_DELEGATION_DIABETES: 'staff.rule.NURSE_DELEGATION_DIABETES',
} as const;

/** Why an item is in its state (InspectionItem.note). */
export const NOTE_KEYS = {
  missing: 'staff.note.missing',
  expired: 'staff.note.expired',
  expiring: 'staff.note.expiring',
  tbStep2TooEarly: 'staff.note.tbStep2TooEarly',
  birthDateMissing: 'staff.note.birthDateMissing',
  hoursShort: 'staff.note.hoursShort',
} as const;

function lookup<M extends Record<string, string>>(map: M, code: string | undefined): M[keyof M] | undefined {
  return code !== undefined && Object.hasOwn(map, code) ? map[code as keyof M] : undefined;
}

export function statusLabel(t: TFunction, status: string): string {
  const key = lookup(STATUS_KEYS, status);
  return key ? t(key) : status;
}

export function credentialTypeLabel(t: TFunction, type: string): string {
  const key = lookup(CREDENTIAL_TYPE_KEYS, type);
  return key ? t(key) : type;
}

export function specialtyLabel(t: TFunction, code: string): string {
  const key = lookup(SPECIALTY_KEYS, code);
  return key ? t(key) : code;
}

export function ruleLabel(t: TFunction, rule: string): string {
  const key = lookup(RULE_KEYS, rule);
  return key ? t(key) : credentialTypeLabel(t, rule);
}

export function noteLabel(t: TFunction, note: string): string {
  const key = lookup(NOTE_KEYS, note);
  return key ? t(key) : '';
}
