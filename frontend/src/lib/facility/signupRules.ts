// A home's and its owner's fields: the sign-up form's and the super admin's new-home form's rules (spec 000 §5
// bounds; the server checks the same, shared/platform_tenant.go).
import type { TimeZone } from '@/types/api.gen';
import {
  AccountMax,
  AccountMin,
  FacilityAddrMax,
  FacilityAddrMin,
  FacilityNameMax,
  FacilityNameMin,
  IntroductionMax,
  IntroductionMin,
  LicenceNumberMax,
  LicenceNumberMin,
  MailMax,
  MailMin,
  PersonNameMax,
  PersonNameMin,
  PhoneMax,
  PhoneMin,
  ZipCodeMax,
  ZipCodeMin,
} from '@/types/api.gen';

export interface SignupValues {
  facilityName: string;
  businessLicense: string;
  zipCode: string;
  address: string;
  timeZone: TimeZone;
  introduction: string;
  ownerName: string;
  account: string;
  email: string;
  phone: string;
}

export type SignupField = Exclude<keyof SignupValues, 'timeZone'>;

/** A blank form: the home on Pacific time until another zone is chosen. */
export const EMPTY_SIGNUP: SignupValues = {
  facilityName: '',
  businessLicense: '',
  zipCode: '',
  address: '',
  timeZone: 'PT',
  introduction: '',
  ownerName: '',
  account: '',
  email: '',
  phone: '',
};

/** The fields of each step: the home, then its owner. */
export const STEP_FIELDS: readonly (readonly SignupField[])[] = [
  ['facilityName', 'businessLicense', 'zipCode', 'address', 'introduction'],
  ['ownerName', 'account', 'email', 'phone'],
];

/** spec 001 §9 "Time zones". */
export const SIGNUP_ZONES: readonly TimeZone[] = ['ET', 'CT', 'MT', 'PT', 'AKT', 'HAT'];

/** Each field's fewest and most characters. */
export const SIGNUP_BOUNDS: Record<SignupField, [number, number]> = {
  facilityName: [FacilityNameMin, FacilityNameMax],
  businessLicense: [LicenceNumberMin, LicenceNumberMax],
  zipCode: [ZipCodeMin, ZipCodeMax],
  address: [FacilityAddrMin, FacilityAddrMax],
  introduction: [IntroductionMin, IntroductionMax],
  ownerName: [PersonNameMin, PersonNameMax],
  account: [AccountMin, AccountMax],
  email: [MailMin, MailMax],
  phone: [PhoneMin, PhoneMax],
};

const PATTERNS: Partial<Record<SignupField, [RegExp, 'badAccount' | 'badEmail' | 'badPhone']>> = {
  account: [/^[A-Za-z][A-Za-z0-9_]*$/, 'badAccount'],
  email: [/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'badEmail'],
  phone: [/^[0-9+()\- ]+$/, 'badPhone'],
};

/** What is wrong with a value (trimmed, counted in characters), or null. */
export function checkSignupField(field: SignupField, raw: string): { key: 'tooShort' | 'tooLong' | 'badAccount' | 'badEmail' | 'badPhone' } | null {
  const v = raw.trim();
  const n = [...v].length;
  const [min, max] = SIGNUP_BOUNDS[field];
  if (n < min) return { key: 'tooShort' };
  if (n > max) return { key: 'tooLong' };
  const p = PATTERNS[field];
  if (p && !p[0].test(v)) return { key: p[1] };
  return null;
}
