import { describe, expect, it } from 'vitest';
import { accountProblem, emailProblem, phoneProblem, staffActions } from './staffRules';

describe('staff form bounds', () => {
  it('account: 6–20, letters digits underscore, starts with a letter', () => {
    expect(accountProblem('')).toBe('required');
    expect(accountProblem('abc')).toBe('length');
    expect(accountProblem('a'.repeat(21))).toBe('length');
    expect(accountProblem('1abcdef')).toBe('format');
    expect(accountProblem('ab-cdef')).toBe('format');
    expect(accountProblem('maple_cg3')).toBeNull();
  });

  it('phone: 10–20', () => {
    expect(phoneProblem('555-0101')).toBe('length');
    expect(phoneProblem('(206) 555-0101')).toBeNull();
    expect(phoneProblem('206x5550101')).toBe('format');
  });

  it('e-mail: 5–100 and a valid address', () => {
    expect(emailProblem('a@b')).toBe('length');
    expect(emailProblem('not-an-email')).toBe('format');
    expect(emailProblem('cg@maple.example')).toBeNull();
  });
});

describe('staff actions', () => {
  const caregiver = { userId: 'u2', roleType: 'CAREGIVER_STAFF', status: 'ENABLED' };
  const admin = { userId: 'u3', roleType: 'FACILITY_ADMIN', status: 'ENABLED' };

  it('an owner may promote a caregiver and demote an admin', () => {
    expect(staffActions(['FACILITY_OWNER'], 'u1', caregiver)).toMatchObject({ promote: true, demote: false, disable: true, enable: false });
    expect(staffActions(['FACILITY_OWNER'], 'u1', admin)).toMatchObject({ promote: false, demote: true, delete: true });
  });

  it('an admin manages caregivers but never changes roles or touches other admins', () => {
    expect(staffActions(['FACILITY_ADMIN'], 'u9', caregiver)).toMatchObject({ promote: false, demote: false, edit: true, disable: true });
    expect(staffActions(['FACILITY_ADMIN'], 'u9', admin)).toMatchObject({ promote: false, demote: false, edit: false, disable: false, delete: false });
  });

  it('nobody disables or deletes themselves here', () => {
    expect(staffActions(['FACILITY_ADMIN'], 'u3', admin)).toMatchObject({ disable: false, delete: false });
  });

  it('a disabled member offers enable, not disable', () => {
    expect(staffActions(['FACILITY_OWNER'], 'u1', { ...caregiver, status: 'DISABLED' })).toMatchObject({ enable: true, disable: false });
  });
});
