// Static key maps for the resident codes the server sends, so the locale check sees every key.
import type { TFunction } from 'i18next';

export const STATUS_KEYS = {
  NORMAL: 'residents.status.normal',
  GOING_OUT: 'residents.status.goingOut',
  MOVED_OUT: 'residents.status.movedOut',
  DECEASED: 'residents.status.deceased',
} as const;

/** The list's status filter: the default (active) first, then the groups, then each status. */
export const STATUS_FILTER_KEYS = {
  ACTIVE: 'residents.filter.active',
  INACTIVE: 'residents.filter.inactive',
  ALL: 'residents.filter.all',
  NORMAL: 'residents.status.normal',
  GOING_OUT: 'residents.status.goingOut',
  MOVED_OUT: 'residents.status.movedOut',
  DECEASED: 'residents.status.deceased',
} as const;

export const DESTINATION_KEYS = {
  SNF: 'residents.destination.snf',
  HOSPITAL: 'residents.destination.hospital',
  FAMILY_HOME: 'residents.destination.familyHome',
  ASSISTED_LIVING: 'residents.destination.assistedLiving',
  ANOTHER_AFH: 'residents.destination.anotherAfh',
  OTHER: 'residents.destination.other',
} as const;

export const GENDER_KEYS = {
  FEMALE: 'residents.gender.female',
  MALE: 'residents.gender.male',
  OTHER: 'residents.gender.other',
  UNDISCLOSED: 'residents.gender.undisclosed',
} as const;

export const DNR_KEYS = {
  YES: 'residents.dnr.yes',
  NO: 'residents.dnr.no',
  UNKNOWN: 'residents.dnr.unknown',
} as const;

/** The live translator's nine languages (spec 001 §9) plus other. */
export const LANGUAGE_KEYS = {
  ENGLISH: 'residents.language.english',
  CHINESE: 'residents.language.chinese',
  SPANISH: 'residents.language.spanish',
  SWAHILI: 'residents.language.swahili',
  TAGALOG: 'residents.language.tagalog',
  ROMANIAN: 'residents.language.romanian',
  RUSSIAN: 'residents.language.russian',
  PUNJABI: 'residents.language.punjabi',
  HINDI: 'residents.language.hindi',
  OTHER: 'residents.language.other',
} as const;

export const CONTACT_GROUP_KEYS = {
  EMERGENCY: 'residents.contactGroup.emergency',
  PROVIDER: 'residents.contactGroup.provider',
  FAMILY_FRIENDS: 'residents.contactGroup.familyFriends',
  OTHER: 'residents.contactGroup.other',
} as const;

/** The categories of a resident document (the server's ResidentFileCategories). */
export const FILE_CATEGORY_KEYS = {
  CARE_PLAN: 'residents.fileCategory.carePlan',
  ASSESSMENT: 'residents.fileCategory.assessment',
  MEDICAL_RECORD: 'residents.fileCategory.medicalRecord',
  PHYSICIAN_ORDER: 'residents.fileCategory.physicianOrder',
  INSURANCE: 'residents.fileCategory.insurance',
  IDENTIFICATION: 'residents.fileCategory.identification',
  OTHER: 'residents.fileCategory.other',
} as const;

export const UNIT_KEYS = {
  CM: 'residents.unit.cm',
  IN: 'residents.unit.in',
  KG: 'residents.unit.kg',
  LB: 'residents.unit.lb',
} as const;

export const codesOf = <M extends Record<string, string>>(map: M) => Object.keys(map) as (keyof M & string)[];

/** A code's label, or the code itself when the map does not know it (a newer server). */
export function labelOf<M extends Record<string, string>>(t: TFunction, map: M, code: string | undefined): string {
  if (!code) return '';
  return Object.hasOwn(map, code) ? (t as (k: string) => string)(map[code as keyof M]) : code;
}

/** Labels of the free-text care fields (residentRules DETAIL_FIELDS). */
export const DETAIL_FIELD_KEYS = {
  allergies: 'residents.field.allergies',
  diagnoses: 'residents.field.diagnoses',
  diet: 'residents.field.diet',
  mobility: 'residents.field.mobility',
  hygiene: 'residents.field.hygiene',
  toileting: 'residents.field.toileting',
  hearing: 'residents.field.hearing',
  vision: 'residents.field.vision',
  preferences: 'residents.field.preferences',
} as const;
