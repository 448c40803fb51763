// The resident screens' rules as plain functions (tested in residentRules.test.ts): age, badges, what a
// status allows, the retyped-name check of the final status changes, and the form bounds of the issue
// (spec 000 §3/§4/§5 "Resident", 001 §9 input lengths). Messages are keys, so the rules need no i18n.
import type { CareProvider, Resident, ResidentContact, SaveContactRequest, SaveResidentRequest } from '@/types/api.gen';
import { isDateString } from '@/lib/time/dateTime';
import { epochToZonedWall, zonedWallToEpoch } from '@/lib/time/zone';
import { convertHeight, convertWeight, heightUnitFor, round1, round2, weightUnitFor } from '@/lib/units/measures';
import {
  ContactEmergency,
  ContactFamilyFriends,
  ContactOther,
  ContactProvider,
  MailMax,
  ResidentBackgroundMax,
  ResidentDeceased,
  ResidentDestinationOtherMax,
  ResidentDetailsMax,
  ResidentGoingOut,
  ResidentMovedOut,
  ResidentNameMax,
  ResidentNormal,
  ResidentPhoneMax,
  ResidentPhoneMin,
  ResidentRoomMax,
  SubDetailsMax,
} from '@/types/api.gen';

/** spec 001 §9 "Default page size": 20, options 20, 50, 100. */
export const RESIDENT_PAGE_SIZES = [20, 50, 100] as const;
export const RESIDENT_PAGE_SIZE = 20;

/** spec 001 §9 input lengths: sub details 300 (addresses, going-out reason), title 100 (move-out "other"). */
export const SUB_DETAILS_MAX = SubDetailsMax;
export const DESTINATION_OTHER_MAX = ResidentDestinationOtherMax;
export const EMAIL_MAX = MailMax;

// ---------------------------------------------------------------------------------------------------------
// Dates

/** Today as YYYY-MM-DD in the browser's calendar (what a date input shows). */
export function localDateString(now: Date): string {
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${m}-${d}`;
}

export { isDateString };

/** Whole years from a YYYY-MM-DD birth date to `today` (YYYY-MM-DD); undefined for no or a bad date. */
export function ageFromDob(dob: string, today: string): number | undefined {
  if (!isDateString(dob) || !isDateString(today) || dob > today) return undefined;
  const [by, bm, bd] = dob.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

/**
 * A `datetime-local` value read as wall-clock time in the facility's zone (DOMAIN.md: schedules are in the
 * facility's zone), as epoch ms; undefined when empty or unreadable. No zone means the browser's.
 */
export function zonedDateTimeToMs(value: string, zone: string | undefined): number | undefined {
  const ms = zonedWallToEpoch(value.slice(0, 16), zone);
  return value.length >= 16 && Number.isFinite(ms) ? ms : undefined;
}

/** A moment as a `datetime-local` value on the facility's wall clock. */
export function msToZonedInput(ms: number, zone: string | undefined): string {
  return epochToZonedWall(ms, zone);
}

// ---------------------------------------------------------------------------------------------------------
// Status

/** Moved-out and deceased residents are final: kept readable (3 years, DOMAIN.md "records"), never changed. */
export function isFinalStatus(status: string): boolean {
  return status === ResidentMovedOut || status === ResidentDeceased;
}

export interface ResidentActions {
  edit: boolean;
  goingOut: boolean;
  returnFacility: boolean;
  moveOut: boolean;
  deceased: boolean;
}

/**
 * What the viewer may do with a resident (spec 000 §4 "Resident"): normal ↔ going out, and from either to
 * moved out or deceased, which are final. `editable` is the server's word that the viewer may write
 * (owner/admin, status not final); a caregiver gets nothing.
 */
export function allowedActions(resident: Pick<Resident, 'status' | 'editable'>): ResidentActions {
  const can = resident.editable && !isFinalStatus(resident.status);
  return {
    edit: can,
    goingOut: can && resident.status === ResidentNormal,
    returnFacility: can && resident.status === ResidentGoingOut,
    moveOut: can,
    deceased: can,
  };
}

/**
 * The move-out/deceased confirmation (spec 000 §5 "Move-out: must retype the resident name"): the typed
 * text equals the name exactly, spaces at the ends aside. (The server is more lenient about case.)
 */
export function nameMatches(typed: string, name: string): boolean {
  const want = name.trim();
  return want !== '' && typed.trim() === want;
}

/** The list's badges: DNR when the order is YES, allergies when any are recorded. */
export function residentBadges(resident: Pick<Resident, 'dnr' | 'allergies'>): { dnr: boolean; allergies: boolean } {
  return { dnr: resident.dnr === 'YES', allergies: resident.allergies.trim() !== '' };
}

/** spec 000 §5 "Avatar": at most 10 MB; the server takes JPEG or PNG for a resident photo. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** A chosen resident photo: JPEG or PNG by name and type, at most 10 MB. */
export function isPhotoFile(file: Pick<File, 'name' | 'type' | 'size'>): boolean {
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const typeOk = file.type === '' || file.type === 'image/jpeg' || file.type === 'image/png';
  return ['jpg', 'jpeg', 'png'].includes(ext) && typeOk && file.size > 0 && file.size <= PHOTO_MAX_BYTES;
}

/** Initials for the avatar placeholder: first letters of first and last name. */
export function initials(resident: Pick<Resident, 'firstName' | 'lastName'>): string {
  return `${resident.firstName.trim().charAt(0)}${resident.lastName.trim().charAt(0)}`.toUpperCase();
}

// ---------------------------------------------------------------------------------------------------------
// Validation

export type RuleKey =
  | 'residents.validation.required'
  | 'residents.validation.maxLength'
  | 'residents.validation.phoneLength'
  | 'residents.validation.dobPast'
  | 'residents.validation.notFuture'
  | 'residents.validation.badDate'
  | 'residents.validation.email'
  | 'residents.validation.number'
  | 'residents.validation.range'
  | 'residents.validation.returnFuture';

export interface RuleError {
  key: RuleKey;
  values?: Record<string, string | number>;
}

/** Field path ("firstName", "physician.phone") → the first rule it breaks. */
export type FormErrors = Record<string, RuleError>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function required(errors: FormErrors, field: string, value: string, max: number) {
  if (value.trim() === '') errors[field] = { key: 'residents.validation.required' };
  else if (value.length > max) errors[field] = { key: 'residents.validation.maxLength', values: { max } };
}

function optional(errors: FormErrors, field: string, value: string, max: number) {
  if (value.length > max) errors[field] = { key: 'residents.validation.maxLength', values: { max } };
}

/** spec 000 §5 / 001 §9: a phone has 10 to 20 characters. */
function phone(errors: FormErrors, field: string, value: string, isRequired: boolean) {
  const v = value.trim();
  if (v === '') {
    if (isRequired) errors[field] = { key: 'residents.validation.required' };
    return;
  }
  if (v.length < ResidentPhoneMin || v.length > ResidentPhoneMax) {
    errors[field] = { key: 'residents.validation.phoneLength', values: { min: ResidentPhoneMin, max: ResidentPhoneMax } };
  }
}

function email(errors: FormErrors, field: string, value: string) {
  const v = value.trim();
  if (v === '') return;
  if (v.length > EMAIL_MAX) errors[field] = { key: 'residents.validation.maxLength', values: { max: EMAIL_MAX } };
  else if (!EMAIL_PATTERN.test(v)) errors[field] = { key: 'residents.validation.email' };
}

/**
 * Bounds of a measurement per unit. The server's SaveResidentRequest takes CM 30–300 and KG 10–400; what is
 * typed in inches and pounds is sent converted, so their bounds are the metric ones, whole (IN 12–118, LB 23–881).
 */
export const MEASURE_BOUNDS = {
  CM: [30, 300],
  IN: [12, 118],
  KG: [10, 400],
  LB: [23, 881],
} as const;

function measure(errors: FormErrors, field: string, value: string, unit: keyof typeof MEASURE_BOUNDS) {
  const v = value.trim();
  if (v === '') return;
  const n = Number(v);
  if (!Number.isFinite(n)) {
    errors[field] = { key: 'residents.validation.number' };
    return;
  }
  const [min, max] = MEASURE_BOUNDS[unit];
  if (n < min || n > max) errors[field] = { key: 'residents.validation.range', values: { min, max, unit: unit.toLowerCase() } };
}

/** The resident form as typed: numbers stay text until sent. */
export interface ResidentDraft {
  firstName: string;
  lastName: string;
  preferredName: string;
  dob: string;
  gender: string;
  room: string;
  phone: string;
  language: string;
  languageOther: string;
  height: string;
  heightUnit: 'CM' | 'IN';
  weight: string;
  weightUnit: 'KG' | 'LB';
  allergies: string;
  dnr: string;
  diagnoses: string;
  diet: string;
  mobility: string;
  hygiene: string;
  toileting: string;
  hearing: string;
  vision: string;
  physician: CareProvider;
  pharmacy: CareProvider;
  personalBackground: string;
  preferences: string;
  moveInDate: string;
  avatarFileId: string;
}

/** The free-text care fields of up to 1000 characters (001 §9 "details"). */
export const DETAIL_FIELDS = [
  'allergies',
  'diagnoses',
  'diet',
  'mobility',
  'hygiene',
  'toileting',
  'hearing',
  'vision',
  'preferences',
] as const;

const EMPTY_PROVIDER: CareProvider = { name: '', phone: '', fax: '', email: '', address: '' };

/** An empty form; heights and weights are typed in the units of the interface language. */
export function emptyResidentDraft(language = 'en-US'): ResidentDraft {
  return {
    firstName: '',
    lastName: '',
    preferredName: '',
    dob: '',
    gender: 'UNDISCLOSED',
    room: '',
    phone: '',
    language: 'ENGLISH',
    languageOther: '',
    height: '',
    heightUnit: heightUnitFor(language),
    weight: '',
    weightUnit: weightUnitFor(language),
    allergies: '',
    dnr: 'UNKNOWN',
    diagnoses: '',
    diet: '',
    mobility: '',
    hygiene: '',
    toileting: '',
    hearing: '',
    vision: '',
    physician: { ...EMPTY_PROVIDER },
    pharmacy: { ...EMPTY_PROVIDER },
    personalBackground: '',
    preferences: '',
    moveInDate: '',
    avatarFileId: '',
  };
}

/** A resident as the form edits it; the stored height and weight are shown in the interface language's units. */
export function draftFromResident(r: Resident, language = 'en-US'): ResidentDraft {
  const heightUnit = heightUnitFor(language);
  const weightUnit = weightUnitFor(language);
  const storedHeightUnit = r.heightUnit === 'IN' ? 'IN' : 'CM';
  const storedWeightUnit = r.weightUnit === 'LB' ? 'LB' : 'KG';
  // Inches are typed whole (feet and inches); centimetres and weights with one decimal.
  const height = r.height == null ? '' : String(heightUnit === 'IN' ? Math.round(convertHeight(r.height, storedHeightUnit, 'IN')) : round1(convertHeight(r.height, storedHeightUnit, 'CM')));
  const weight = r.weight == null ? '' : String(round1(convertWeight(r.weight, storedWeightUnit, weightUnit)));
  return {
    firstName: r.firstName,
    lastName: r.lastName,
    preferredName: r.preferredName,
    dob: r.dob,
    gender: r.gender || 'UNDISCLOSED',
    room: r.room,
    phone: r.phone,
    language: r.language || 'ENGLISH',
    languageOther: r.languageOther,
    height,
    heightUnit,
    weight,
    weightUnit,
    allergies: r.allergies,
    dnr: r.dnr || 'UNKNOWN',
    diagnoses: r.diagnoses,
    diet: r.diet,
    mobility: r.mobility,
    hygiene: r.hygiene,
    toileting: r.toileting,
    hearing: r.hearing,
    vision: r.vision,
    physician: { ...EMPTY_PROVIDER, ...r.physician },
    pharmacy: { ...EMPTY_PROVIDER, ...r.pharmacy },
    personalBackground: r.personalBackground,
    preferences: r.preferences,
    moveInDate: r.moveInDate,
    avatarFileId: r.avatarFileId,
  };
}

function validateProvider(errors: FormErrors, prefix: 'physician' | 'pharmacy', p: CareProvider) {
  optional(errors, `${prefix}.name`, p.name, ResidentNameMax);
  phone(errors, `${prefix}.phone`, p.phone, false);
  phone(errors, `${prefix}.fax`, p.fax, false);
  email(errors, `${prefix}.email`, p.email);
  optional(errors, `${prefix}.address`, p.address, SUB_DETAILS_MAX);
}

/** The resident form's rules (the bounds); `today` is YYYY-MM-DD. Empty when the draft may be sent. */
export function validateResident(d: ResidentDraft, today: string): FormErrors {
  const errors: FormErrors = {};
  required(errors, 'firstName', d.firstName, ResidentNameMax);
  required(errors, 'lastName', d.lastName, ResidentNameMax);
  optional(errors, 'preferredName', d.preferredName, ResidentNameMax);
  if (d.dob.trim() === '') errors.dob = { key: 'residents.validation.required' };
  else if (!isDateString(d.dob)) errors.dob = { key: 'residents.validation.badDate' };
  else if (d.dob >= today) errors.dob = { key: 'residents.validation.dobPast' };
  required(errors, 'room', d.room, ResidentRoomMax);
  phone(errors, 'phone', d.phone, false);
  if (d.language === 'OTHER') required(errors, 'languageOther', d.languageOther, ResidentNameMax);
  measure(errors, 'height', d.height, d.heightUnit);
  measure(errors, 'weight', d.weight, d.weightUnit);
  for (const field of DETAIL_FIELDS) optional(errors, field, d[field], ResidentDetailsMax);
  optional(errors, 'personalBackground', d.personalBackground, ResidentBackgroundMax);
  if (d.moveInDate !== '') {
    if (!isDateString(d.moveInDate)) errors.moveInDate = { key: 'residents.validation.badDate' };
    else if (d.moveInDate > today) errors.moveInDate = { key: 'residents.validation.notFuture' };
  }
  validateProvider(errors, 'physician', d.physician);
  validateProvider(errors, 'pharmacy', d.pharmacy);
  return errors;
}

function trimProvider(p: CareProvider): CareProvider {
  return { name: p.name.trim(), phone: p.phone.trim(), fax: p.fax.trim(), email: p.email.trim(), address: p.address.trim() };
}

/**
 * The draft as the save call sends it (every field: updateResident replaces them all). Heights and weights
 * are stored metric whatever unit they were typed in.
 */
export function residentRequest(d: ResidentDraft, residentId?: string): SaveResidentRequest {
  const height = d.height.trim() === '' ? undefined : round2(convertHeight(Number(d.height), d.heightUnit, 'CM'));
  const weight = d.weight.trim() === '' ? undefined : round2(convertWeight(Number(d.weight), d.weightUnit, 'KG'));
  return {
    residentId,
    firstName: d.firstName.trim(),
    lastName: d.lastName.trim(),
    preferredName: d.preferredName.trim(),
    dob: d.dob,
    gender: d.gender,
    room: d.room.trim(),
    phone: d.phone.trim(),
    language: d.language,
    languageOther: d.language === 'OTHER' ? d.languageOther.trim() : '',
    height,
    heightUnit: height === undefined ? undefined : 'CM',
    weight,
    weightUnit: weight === undefined ? undefined : 'KG',
    allergies: d.allergies.trim(),
    dnr: d.dnr,
    diagnoses: d.diagnoses.trim(),
    diet: d.diet.trim(),
    mobility: d.mobility.trim(),
    hygiene: d.hygiene.trim(),
    toileting: d.toileting.trim(),
    hearing: d.hearing.trim(),
    vision: d.vision.trim(),
    physician: trimProvider(d.physician),
    pharmacy: trimProvider(d.pharmacy),
    personalBackground: d.personalBackground.trim(),
    preferences: d.preferences.trim(),
    moveInDate: d.moveInDate,
    avatarFileId: d.avatarFileId,
  };
}

/** The going-out dialog: a return time in the future (the issue: "return date required, in the future"). */
export function validateGoingOut(returnMs: number | undefined, reason: string, now: number): FormErrors {
  const errors: FormErrors = {};
  if (returnMs === undefined) errors.returnDate = { key: 'residents.validation.required' };
  else if (returnMs <= now) errors.returnDate = { key: 'residents.validation.returnFuture' };
  optional(errors, 'reason', reason, SUB_DETAILS_MAX);
  return errors;
}

/** Cancelling a move-in: why (required, spaces are not a reason; kept in the audit log). */
export function validateCancelMoveIn(reason: string): FormErrors {
  const errors: FormErrors = {};
  required(errors, 'reason', reason, SUB_DETAILS_MAX);
  return errors;
}

/** The move-out dialog: a destination, and its name when it is "other". */
export function validateMoveOut(destination: string, destinationOther: string): FormErrors {
  const errors: FormErrors = {};
  if (destination === '') errors.destination = { key: 'residents.validation.required' };
  if (destination === 'OTHER') required(errors, 'destinationOther', destinationOther, DESTINATION_OTHER_MAX);
  return errors;
}

// ---------------------------------------------------------------------------------------------------------
// Contacts

export type ContactDraft = Required<Omit<SaveContactRequest, 'contactId' | 'residentId'>>;

export function emptyContactDraft(group = ContactEmergency): ContactDraft {
  return { group, name: '', phone: '', address: '', role: '', email: '', fax: '', relationship: '' };
}

export function contactDraftOf(c: ResidentContact): ContactDraft {
  return {
    group: c.group,
    name: c.name,
    phone: c.phone,
    address: c.address,
    role: c.role,
    email: c.email,
    fax: c.fax,
    relationship: c.relationship,
  };
}

/** A contact: name 1–50, phone 10–20 (required), the rest optional with their lengths. */
export function validateContact(d: ContactDraft): FormErrors {
  const errors: FormErrors = {};
  required(errors, 'name', d.name ?? '', ResidentNameMax);
  phone(errors, 'phone', d.phone ?? '', true);
  optional(errors, 'address', d.address ?? '', SUB_DETAILS_MAX);
  optional(errors, 'role', d.role ?? '', ResidentNameMax);
  optional(errors, 'relationship', d.relationship ?? '', ResidentNameMax);
  email(errors, 'email', d.email ?? '');
  phone(errors, 'fax', d.fax ?? '', false);
  return errors;
}

export function contactRequest(d: ContactDraft, residentId: string, contactId?: string): SaveContactRequest {
  const trim = (s: string | undefined) => (s ?? '').trim();
  return {
    contactId,
    residentId,
    group: d.group,
    name: trim(d.name),
    phone: trim(d.phone),
    address: trim(d.address),
    role: trim(d.role),
    email: trim(d.email),
    fax: trim(d.fax),
    relationship: trim(d.relationship),
  };
}

/** The contact groups in the order the tab shows them (spec 000 §3 "Contact"). */
export const CONTACT_GROUPS = [ContactEmergency, ContactProvider, ContactFamilyFriends, ContactOther] as const;

/** Contacts by group, in CONTACT_GROUPS order; an unknown group counts as "other". Groups keep the list's order. */
export function groupContacts(contacts: readonly ResidentContact[]): { group: string; contacts: ResidentContact[] }[] {
  const known = new Set<string>(CONTACT_GROUPS);
  return CONTACT_GROUPS.map((group) => ({
    group,
    contacts: contacts.filter((c) => (known.has(c.group) ? c.group : ContactOther) === group),
  }));
}

/** Server field errors (4022) as form errors: the server's message shown as is under the field. */
export function serverFieldErrors(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    // The server may name nested fields "physician.phone" or "physician[phone]"; the form uses dots.
    out[field.replace(/\[(\w+)\]/g, '.$1')] = message;
  }
  return out;
}

/** Whether a list shows the departure columns (date, destination): when it holds a moved-out or deceased resident. */
export function showsDeparture(records: readonly Pick<Resident, 'status'>[]): boolean {
  return records.some((r) => isFinalStatus(r.status));
}

/** Where a moved-out resident went: the destination's label, or the typed place for OTHER; empty for anyone else. */
export function destinationText(
  resident: Pick<Resident, 'status' | 'moveOutDestination' | 'destinationOther'>,
  label: (code: string) => string,
): string {
  if (resident.status !== 'MOVED_OUT' || !resident.moveOutDestination) return '';
  if (resident.moveOutDestination === 'OTHER' && resident.destinationOther) return resident.destinationOther;
  return label(resident.moveOutDestination);
}
