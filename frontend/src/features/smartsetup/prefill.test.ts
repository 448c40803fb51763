import { describe, expect, it } from 'vitest';
import { draft, read } from './test/fixtures';
import { prefillOf, profileSources } from './prefill';

const TODAY = '2026-11-29';

describe('the wizard prefilled from a draft', () => {
  it('takes the profile values the wizard has fields for, and leaves a date it cannot read', () => {
    const d = draft();
    expect(prefillOf(d, TODAY).resident).toEqual({ firstName: 'Ruth', lastName: 'Baker', dob: '1941-03-02', allergies: 'Penicillin' });
    const odd = draft({ profile: { ...d.profile, dob: read('03/02/1941'), gender: read('F'), physician: read('Dr. Park') } });
    const resident = prefillOf(odd, TODAY).resident;
    expect(resident.dob).toBeUndefined();
    expect(resident.gender).toBeUndefined();
    expect(resident.physician).toEqual({ name: 'Dr. Park', phone: '', fax: '', email: '', address: '' });
  });

  it('makes medication orders to review, starting today, with the times read and nothing guessed', () => {
    const d = draft();
    const [m] = prefillOf(d, TODAY).medications ?? [];
    expect(m).toMatchObject({ medicationId: '', name: 'Metformin', dose: '500 mg', frequency: 'twice daily', type: 'ROUTINE', startDate: TODAY, times: ['08:00', '20:00'] });
    const unsure = draft({ medications: [{ ...d.medications[0], dose: read(''), times: read('after meals'), prn: read('true'), hold: read('SBP < 100') }] });
    const [u] = prefillOf(unsure, TODAY).medications ?? [];
    expect(u).toMatchObject({ dose: '', type: 'PRN', times: [], instructions: 'SBP < 100' });
  });

  it('makes tasks in the session read and contacts', () => {
    const p = prefillOf(
      draft({
        tasks: [{ title: read('Shower'), details: read('With help'), session: read('EVENING') }],
        contacts: [{ name: read('Ann Baker'), relationship: read('Daughter'), phone: read('555-0100'), email: read('') }],
      }),
      TODAY,
    );
    expect(p.tasks?.[0]).toMatchObject({ taskId: '', title: 'Shower', content: 'With help', startDate: TODAY, schedule: { timing: 'session', timeSession: 'EVENING' } });
    expect(p.contacts?.[0]).toMatchObject({ contactId: '', draft: { name: 'Ann Baker', relationship: 'Daughter', phone: '555-0100' } });
  });

  it('names where each prefilled profile value was read by the wizard field', () => {
    const sources = profileSources(draft());
    expect(Object.keys(sources).sort()).toEqual(['resident-allergies', 'resident-dob', 'resident-firstName', 'resident-lastName']);
    expect(sources['resident-dob']).toMatchObject({ page: 1, quote: 'Date of birth: 03/02/1941' });
    expect(sources['resident-allergies'].low).toBe(true);
  });
});
