import { describe, expect, it } from 'vitest';
import type { CheckIn, Resident } from '@/types/api.gen';
import { draftsOf, withPrefill, type WizardPrefill } from './wizardDrafts';
import { emptyMedicationDraft } from './medicationDraft';

const TODAY = '2026-11-29';
const metformin = { ...emptyMedicationDraft(TODAY), name: 'Metformin', dose: '500 mg' };
const prefill: WizardPrefill = { resident: { firstName: 'Ruth', lastName: 'Baker', gender: 'FEMALE', allergies: 'Penicillin' }, medications: [metformin] };

function savedUpTo(step: string, resident: Partial<Resident>): CheckIn {
  const r = { firstName: 'Ruth', lastName: 'Baker', gender: 'UNDISCLOSED', allergies: '', dnr: 'UNKNOWN', ...resident } as Resident;
  return { resident: r, step, tasks: [], medications: [], contacts: [], files: [], completed: false } as unknown as CheckIn;
}

describe('a host’s prefill of the move-in wizard', () => {
  it('fills a new move-in, the form’s own defaults giving way', () => {
    const d = withPrefill(draftsOf(undefined, 'en-US'), prefill, undefined);
    expect(d.resident).toMatchObject({ firstName: 'Ruth', lastName: 'Baker', gender: 'FEMALE', allergies: 'Penicillin' });
    expect(d.medications.map((m) => m.name)).toEqual(['Metformin']);
  });

  it('fills only empty profile fields once the first step saved, and keeps what the owner changed there', () => {
    const checkIn = savedUpTo('profile', { firstName: 'Ruthie' });
    const d = withPrefill(draftsOf(checkIn, 'en-US'), prefill, checkIn);
    expect(d.resident).toMatchObject({ firstName: 'Ruthie', allergies: 'Penicillin' });
  });

  it('leaves a step the move-in saved as it was saved', () => {
    const checkIn = savedUpTo('contacts', { allergies: '' });
    const d = withPrefill(draftsOf(checkIn, 'en-US'), prefill, checkIn);
    expect(d.resident.allergies).toBe('');
    expect(d.medications).toEqual([]);
  });

  it('changes nothing without a prefill', () => {
    const drafts = draftsOf(undefined, 'en-US');
    expect(withPrefill(drafts, undefined, undefined)).toBe(drafts);
  });
});
