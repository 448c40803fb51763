import { describe, expect, it } from 'vitest';
import type { Resident, ResidentContact } from '@/types/api.gen';
import enUS from '@/features/residents/locales/en-US.json';
import {
  ageFromDob,
  allowedActions,
  contactRequest,
  destinationText,
  draftFromResident,
  emptyContactDraft,
  emptyResidentDraft,
  groupContacts,
  initials,
  isDateString,
  isFinalStatus,
  isPhotoFile,
  localDateString,
  msToZonedInput,
  zonedDateTimeToMs,
  nameMatches,
  residentBadges,
  residentRequest,
  serverFieldErrors,
  showsDeparture,
  SUB_DETAILS_MAX,
  validateContact,
  validateCancelMoveIn,
  validateGoingOut,
  validateMoveOut,
  validateResident,
  type ResidentDraft,
} from './residentRules';
import {
  CONTACT_GROUP_KEYS,
  DESTINATION_KEYS,
  DNR_KEYS,
  FILE_CATEGORY_KEYS,
  GENDER_KEYS,
  LANGUAGE_KEYS,
  STATUS_FILTER_KEYS,
  STATUS_KEYS,
  UNIT_KEYS,
} from './residentLabels';

const TODAY = '2026-03-15';

describe('ageFromDob (whole years)', () => {
  it.each([
    ['1940-03-15', 86], // birthday today
    ['1940-03-16', 85], // birthday tomorrow
    ['1940-02-29', 86],
    ['2026-03-14', 0],
    ['1940-12-31', 85],
  ])('%s → %d', (dob, want) => {
    expect(ageFromDob(dob, TODAY)).toBe(want);
  });

  it('is undefined for no date, a bad date or one after today', () => {
    expect(ageFromDob('', TODAY)).toBeUndefined();
    expect(ageFromDob('1940-02-30', TODAY)).toBeUndefined();
    expect(ageFromDob('2027-01-01', TODAY)).toBeUndefined();
  });
});

describe('facility-zone date-times (going out)', () => {
  const LA = 'America/Los_Angeles';
  it('reads the wall clock in the facility zone', () => {
    expect(zonedDateTimeToMs('2026-03-20T18:30', LA)).toBe(Date.UTC(2026, 2, 21, 1, 30)); // PDT, UTC-7
    expect(zonedDateTimeToMs('2026-01-20T18:30', LA)).toBe(Date.UTC(2026, 0, 21, 2, 30)); // PST, UTC-8
    expect(zonedDateTimeToMs('2026-01-20T18:30', 'Pacific/Honolulu')).toBe(Date.UTC(2026, 0, 21, 4, 30));
    expect(zonedDateTimeToMs('', LA)).toBeUndefined();
  });
  it('settles across the spring change', () => {
    // 2026-03-08 03:30 PDT exists; 01:30 PST exists.
    expect(zonedDateTimeToMs('2026-03-08T03:30', LA)).toBe(Date.UTC(2026, 2, 8, 10, 30));
    expect(zonedDateTimeToMs('2026-03-08T01:30', LA)).toBe(Date.UTC(2026, 2, 8, 9, 30));
  });
  it('writes a moment back on the same wall clock', () => {
    const ms = Date.UTC(2026, 6, 4, 19, 5);
    expect(msToZonedInput(ms, LA)).toBe('2026-07-04T12:05');
    expect(zonedDateTimeToMs(msToZonedInput(ms, LA), LA)).toBe(ms);
  });
});

describe('dates', () => {
  it('reads only real YYYY-MM-DD dates', () => {
    expect(isDateString('2024-02-29')).toBe(true);
    expect(isDateString('2023-02-29')).toBe(false);
    expect(isDateString('2024-2-9')).toBe(false);
  });
  it('writes the local date', () => {
    expect(localDateString(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

type StatusRow = Pick<Resident, 'status' | 'editable'>;

describe('allowedActions (spec 000 §4: normal ↔ going out; moved out and deceased are final)', () => {
  it.each<[StatusRow, string[]]>([
    [{ status: 'NORMAL', editable: true }, ['edit', 'goingOut', 'moveOut', 'deceased']],
    [{ status: 'GOING_OUT', editable: true }, ['edit', 'returnFacility', 'moveOut', 'deceased']],
    [{ status: 'MOVED_OUT', editable: true }, []],
    [{ status: 'DECEASED', editable: true }, []],
    // a caregiver (the server says not editable) gets nothing
    [{ status: 'NORMAL', editable: false }, []],
    [{ status: 'GOING_OUT', editable: false }, []],
  ])('%o → %o', (row, want) => {
    const actions = allowedActions(row);
    expect(Object.entries(actions).filter(([, on]) => on).map(([k]) => k)).toEqual(want);
  });

  it('knows the final statuses', () => {
    expect(['NORMAL', 'GOING_OUT', 'MOVED_OUT', 'DECEASED'].map(isFinalStatus)).toEqual([false, false, true, true]);
  });
});

describe('nameMatches (retype the name to confirm a final change)', () => {
  it.each([
    ['Maria Lopez', 'Maria Lopez', true],
    ['  Maria Lopez ', 'Maria Lopez', true],
    ['maria lopez', 'Maria Lopez', false],
    ['Maria', 'Maria Lopez', false],
    ['Maria  Lopez', 'Maria Lopez', false],
    ['', '', false],
    ['王秀英', '王秀英', true],
  ])('%j vs %j → %s', (typed, name, want) => {
    expect(nameMatches(typed, name)).toBe(want);
  });
});

describe('isPhotoFile (JPEG or PNG, at most 10 MB)', () => {
  it.each([
    [{ name: 'me.jpg', type: 'image/jpeg', size: 1000 }, true],
    [{ name: 'me.PNG', type: '', size: 1000 }, true],
    [{ name: 'me.png', type: 'image/png', size: 10 * 1024 * 1024 }, true],
    [{ name: 'me.png', type: 'image/png', size: 10 * 1024 * 1024 + 1 }, false],
    [{ name: 'me.webp', type: 'image/webp', size: 1000 }, false],
    [{ name: 'me.pdf', type: 'application/pdf', size: 1000 }, false],
    [{ name: 'me.jpg', type: 'image/jpeg', size: 0 }, false],
  ])('%o → %s', (file, want) => {
    expect(isPhotoFile(file)).toBe(want);
  });
});

describe('residentBadges and initials', () => {
  it('shows DNR only for YES and allergies when any are written', () => {
    expect(residentBadges({ dnr: 'YES', allergies: 'Penicillin' })).toEqual({ dnr: true, allergies: true });
    expect(residentBadges({ dnr: 'NO', allergies: '  ' })).toEqual({ dnr: false, allergies: false });
    expect(residentBadges({ dnr: 'UNKNOWN', allergies: '' })).toEqual({ dnr: false, allergies: false });
  });
  it('takes the first letters', () => {
    expect(initials({ firstName: 'maria', lastName: 'Lopez' })).toBe('ML');
  });
});

function validDraft(): ResidentDraft {
  return { ...emptyResidentDraft(), firstName: 'Maria', lastName: 'Lopez', dob: '1941-06-02', room: '3' };
}

describe('validateResident (the issue bounds)', () => {
  it('accepts a minimal resident', () => {
    expect(validateResident(validDraft(), TODAY)).toEqual({});
  });

  it('requires names, DOB and room', () => {
    const errors = validateResident(emptyResidentDraft(), TODAY);
    expect(Object.keys(errors).sort()).toEqual(['dob', 'firstName', 'lastName', 'room']);
    expect(errors.firstName.key).toBe('residents.validation.required');
  });

  it('bounds names to 50, room to 20, details to 1000 and the background to 4096', () => {
    const d = {
      ...validDraft(),
      firstName: 'a'.repeat(51),
      lastName: 'b'.repeat(50),
      room: 'r'.repeat(21),
      allergies: 'x'.repeat(1001),
      diet: 'x'.repeat(1000),
      personalBackground: 'y'.repeat(4097),
    };
    const errors = validateResident(d, TODAY);
    expect(errors.firstName).toEqual({ key: 'residents.validation.maxLength', values: { max: 50 } });
    expect(errors.lastName).toBeUndefined();
    expect(errors.room.values).toEqual({ max: 20 });
    expect(errors.allergies.values).toEqual({ max: 1000 });
    expect(errors.diet).toBeUndefined();
    expect(errors.personalBackground.values).toEqual({ max: 4096 });
  });

  it('wants a DOB in the past and a move-in date not in the future', () => {
    expect(validateResident({ ...validDraft(), dob: TODAY }, TODAY).dob.key).toBe('residents.validation.dobPast');
    expect(validateResident({ ...validDraft(), dob: '1941-13-01' }, TODAY).dob.key).toBe('residents.validation.badDate');
    expect(validateResident({ ...validDraft(), moveInDate: '2026-03-16' }, TODAY).moveInDate.key).toBe(
      'residents.validation.notFuture',
    );
    expect(validateResident({ ...validDraft(), moveInDate: TODAY }, TODAY).moveInDate).toBeUndefined();
  });

  it('takes a phone of 10 to 20 characters when given', () => {
    expect(validateResident({ ...validDraft(), phone: '360555012' }, TODAY).phone.key).toBe('residents.validation.phoneLength');
    expect(validateResident({ ...validDraft(), phone: '3605550123' }, TODAY).phone).toBeUndefined();
    expect(validateResident({ ...validDraft(), phone: '1'.repeat(21) }, TODAY).phone).toBeDefined();
  });

  it('checks height and weight against their unit', () => {
    expect(validateResident({ ...validDraft(), height: '64', heightUnit: 'IN' }, TODAY).height).toBeUndefined();
    expect(validateResident({ ...validDraft(), height: '64', heightUnit: 'CM' }, TODAY).height).toBeUndefined();
    expect(validateResident({ ...validDraft(), height: '20', heightUnit: 'CM' }, TODAY).height).toEqual({
      key: 'residents.validation.range',
      values: { min: 30, max: 300, unit: 'cm' },
    });
    expect(validateResident({ ...validDraft(), weight: 'heavy' }, TODAY).weight.key).toBe('residents.validation.number');
    expect(validateResident({ ...validDraft(), weight: '950', weightUnit: 'LB' }, TODAY).weight.values?.max).toBe(881);
  });

  it('needs the language named when it is other', () => {
    expect(validateResident({ ...validDraft(), language: 'OTHER' }, TODAY).languageOther.key).toBe('residents.validation.required');
    expect(validateResident({ ...validDraft(), language: 'OTHER', languageOther: 'Amharic' }, TODAY)).toEqual({});
  });

  it('checks the physician and pharmacy as contacts', () => {
    const d = validDraft();
    d.physician = { name: 'Dr. Chen', phone: '123', fax: '', email: 'not-mail', address: '' };
    const errors = validateResident(d, TODAY);
    expect(Object.keys(errors).sort()).toEqual(['physician.email', 'physician.phone']);
  });
});

describe('residentRequest', () => {
  it('trims, leaves empty measurements out and keeps the photo', () => {
    const req = residentRequest({ ...validDraft(), firstName: ' Maria ', height: '', weight: '120', avatarFileId: 'f1' }, 'r1');
    expect(req.firstName).toBe('Maria');
    expect(req.height).toBeUndefined();
    expect(req.heightUnit).toBeUndefined();
    // Typed in pounds (en-US), stored in kilograms.
    expect(req.weight).toBe(54.43);
    expect(req.weightUnit).toBe('KG');
    expect(req.residentId).toBe('r1');
    expect(req.avatarFileId).toBe('f1');
  });

  it('round-trips a resident through the draft', () => {
    const r = {
      ...residentRequest(validDraft()),
      residentId: 'r1',
      name: 'Maria Lopez',
      age: 84,
      height: 160,
      heightUnit: 'CM',
      weight: undefined,
      weightUnit: 'KG',
    } as unknown as Resident;
    const d = draftFromResident(r, 'es-ES');
    expect(d.height).toBe('160');
    expect(d.heightUnit).toBe('CM');
    expect(d.weight).toBe('');
  });

  it('shows a stored metric height in whole inches in English and sends it back metric', () => {
    const r = { ...residentRequest(validDraft()), residentId: 'r1', height: 157.48, heightUnit: 'CM', weight: 58.06, weightUnit: 'KG' } as unknown as Resident;
    const d = draftFromResident(r, 'en-US');
    expect([d.height, d.heightUnit, d.weight, d.weightUnit]).toEqual(['62', 'IN', '128', 'LB']);
    const req = residentRequest(d);
    expect([req.height, req.heightUnit, req.weight, req.weightUnit]).toEqual([157.48, 'CM', 58.06, 'KG']);
  });
});

describe('status dialogs', () => {
  const now = Date.UTC(2026, 2, 15, 12);
  it('wants a return time in the future', () => {
    expect(validateGoingOut(undefined, '', now).returnDate.key).toBe('residents.validation.required');
    expect(validateGoingOut(now, '', now).returnDate.key).toBe('residents.validation.returnFuture');
    expect(validateGoingOut(now + 60_000, 'Family visit', now)).toEqual({});
    expect(validateGoingOut(now + 60_000, 'x'.repeat(301), now).reason).toBeDefined();
  });
  it('wants a reason to cancel a move-in, within the sub-details bound', () => {
    expect(validateCancelMoveIn('').reason.key).toBe('residents.validation.required');
    expect(validateCancelMoveIn('   ').reason.key).toBe('residents.validation.required');
    expect(validateCancelMoveIn('x'.repeat(SUB_DETAILS_MAX + 1)).reason).toEqual({ key: 'residents.validation.maxLength', values: { max: SUB_DETAILS_MAX } });
    expect(validateCancelMoveIn('The family chose another home')).toEqual({});
  });
  it('wants a destination, named when other', () => {
    expect(validateMoveOut('', '').destination).toBeDefined();
    expect(validateMoveOut('SNF', '')).toEqual({});
    expect(validateMoveOut('OTHER', ' ').destinationOther).toBeDefined();
    expect(validateMoveOut('OTHER', 'Daughter in Oregon')).toEqual({});
  });
});

describe('contacts', () => {
  it('needs a name and a phone of 10 to 20', () => {
    const errors = validateContact(emptyContactDraft());
    expect(Object.keys(errors).sort()).toEqual(['name', 'phone']);
    expect(validateContact({ ...emptyContactDraft(), name: 'Ana', phone: '(360) 555-0101' })).toEqual({});
    expect(validateContact({ ...emptyContactDraft(), name: 'Ana', phone: '(360) 555-0101', fax: '1' }).fax).toBeDefined();
  });

  it('sends trimmed fields', () => {
    const req = contactRequest({ ...emptyContactDraft('PROVIDER'), name: ' Ana ', phone: '3605550101 ' }, 'r1', 'c1');
    expect(req).toMatchObject({ contactId: 'c1', residentId: 'r1', group: 'PROVIDER', name: 'Ana', phone: '3605550101' });
  });

  it('groups contacts in the tab order, unknown groups as other', () => {
    const c = (id: string, group: string) => ({ contactId: id, group }) as ResidentContact;
    const groups = groupContacts([c('1', 'OTHER'), c('2', 'EMERGENCY'), c('3', 'NEW_KIND'), c('4', 'EMERGENCY')]);
    expect(groups.map((g) => [g.group, g.contacts.map((x) => x.contactId)])).toEqual([
      ['EMERGENCY', ['2', '4']],
      ['PROVIDER', []],
      ['FAMILY_FRIENDS', []],
      ['OTHER', ['1', '3']],
    ]);
  });
});

describe('serverFieldErrors', () => {
  it('writes nested fields with dots', () => {
    expect(serverFieldErrors({ 'physician[phone]': 'too short', room: 'required' })).toEqual({
      'physician.phone': 'too short',
      room: 'required',
    });
  });
});

describe('label maps', () => {
  type Tree = { [k: string]: string | Tree };
  const has = (key: string) =>
    typeof key.split('.').reduce<Tree | string | undefined>((n, p) => (typeof n === 'object' ? n[p] : undefined), enUS as Tree) ===
    'string';
  it('name keys that exist', () => {
    for (const map of [
      STATUS_KEYS,
      STATUS_FILTER_KEYS,
      DESTINATION_KEYS,
      GENDER_KEYS,
      DNR_KEYS,
      LANGUAGE_KEYS,
      CONTACT_GROUP_KEYS,
      FILE_CATEGORY_KEYS,
      UNIT_KEYS,
    ]) {
      for (const key of Object.values(map)) expect(has(key), key).toBe(true);
    }
  });
  it('cover the server codes', () => {
    expect(Object.keys(LANGUAGE_KEYS)).toHaveLength(10);
    expect(Object.keys(DESTINATION_KEYS)).toEqual(['SNF', 'HOSPITAL', 'FAMILY_HOME', 'ASSISTED_LIVING', 'ANOTHER_AFH', 'OTHER']);
  });
});

describe('the moved-out list (date left and destination)', () => {
  const label = (c: string) => `label:${c}`;
  it('shows the columns only when a moved-out or deceased resident is listed', () => {
    expect(showsDeparture([{ status: 'NORMAL' }, { status: 'GOING_OUT' }])).toBe(false);
    expect(showsDeparture([{ status: 'NORMAL' }, { status: 'MOVED_OUT' }])).toBe(true);
    expect(showsDeparture([{ status: 'DECEASED' }])).toBe(true);
  });

  it('names the destination, or the place typed for OTHER; nothing for others', () => {
    expect(destinationText({ status: 'MOVED_OUT', moveOutDestination: 'SNF', destinationOther: '' }, label)).toBe('label:SNF');
    expect(destinationText({ status: 'MOVED_OUT', moveOutDestination: 'OTHER', destinationOther: 'Daughter in Spokane' }, label)).toBe(
      'Daughter in Spokane',
    );
    expect(destinationText({ status: 'DECEASED', moveOutDestination: '', destinationOther: '' }, label)).toBe('');
  });
});
