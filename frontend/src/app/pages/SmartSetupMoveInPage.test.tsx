import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import type { CheckIn, Resident } from '@/types/api.gen';
import { RoleFacilityOwner } from '@/types/api.gen';
import { batch, draft } from '@/features/smartsetup/test/fixtures';
import { fakeServer, renderScreen, screen } from '@/test/render';
import SmartSetupMoveInPage from './SmartSetupMoveInPage';

const owner = { roles: [RoleFacilityOwner] };
const path = '/resident-management/batch-upload/:step';
const strings = ['smartsetup', 'movein', 'residents'] as const;

const resident = {
  residentId: 'r-new', firstName: 'Ruth', lastName: 'Baker', preferredName: '', name: 'Ruth Baker', dob: '1941-03-02', age: 85, gender: 'FEMALE',
  room: '4', phone: '', language: 'ENGLISH', languageOther: '', heightUnit: 'cm', weightUnit: 'kg', allergies: 'Penicillin', dnr: '', diagnoses: '',
  diet: '', mobility: '', hygiene: '', toileting: '', hearing: '', vision: '', personalBackground: '', preferences: '', moveInDate: '2026-11-28',
  avatarFileId: '', status: 'MOVING_IN', returnDate: 0, goingOutReason: '', moveOutDestination: '', destinationOther: '', statusTime: 0,
  carePlanUpdateTime: 0, editable: true, createTime: 0, updateTime: 0,
} as unknown as Resident;

describe('smart setup: reviewing a resident in the move-in wizard', () => {
  it('prefills the wizard from the papers and shows where each value was read', async () => {
    fakeServer().on('GET', '/care/smartSetup/getBatch', batch({ started: true })).on('GET', '/care/smartSetup/getDraft', draft());
    const { user, location } = await renderScreen(<SmartSetupMoveInPage />, {
      route: '/resident-management/batch-upload/review?batchId=b-1&groupId=g-1',
      path,
      user: owner,
      strings,
    });

    const form = await screen.findByRole('form', { name: 'Confirm resident' });
    expect(form).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe('Ruth');
    expect(screen.getByTestId('smart-rules-only').textContent).toContain('No AI service is set up: simple rules filled what they could');
    // The wizard's own URLs stay under the review's.
    await waitFor(() => expect(location().search).toContain('move=confirm'));

    await user.click(screen.getByRole('button', { name: 'Where “1941-03-02” was read' }));
    const source = await screen.findByTestId('smart-source');
    expect(source.textContent).toContain('Page 1');
    expect(source.textContent).toContain('“Date of birth: 03/02/1941”');
    // Beside the wizard, what was read for the other steps; a value read with low confidence is marked for checking.
    expect(screen.getByTestId('smart-read-medication').textContent).toContain('Metformin');
    expect(screen.getByRole('button', { name: 'Check: where “by mouth” was read' })).toBeTruthy();
  });

  it('confirms the resident for the group once the move-in is completed', async () => {
    const atResult: CheckIn = { resident, step: 'result', tasks: [], medications: [], contacts: [], files: [], completed: false };
    const api = fakeServer()
      .on('GET', '/care/smartSetup/getBatch', batch({ started: true }))
      .on('GET', '/care/smartSetup/getDraft', draft())
      .on('GET', '/care/resident/getCheckIn', atResult)
      .on('GET', '/care/resident/completeCheckIn', { ...atResult, completed: true, resident: { ...resident, status: 'NORMAL' } })
      .on('POST', '/care/smartSetup/confirm', batch({ started: true, unconfirmed: 0 }));
    const { user, location } = await renderScreen(<SmartSetupMoveInPage />, {
      route: '/resident-management/batch-upload/review?batchId=b-1&groupId=g-1&move=result&residentId=r-new',
      path,
      user: owner,
      strings,
    });

    await user.click(await screen.findByRole('button', { name: 'Complete move-in' }));

    await waitFor(() => expect(api.lastBody('/care/smartSetup/confirm')).toEqual({ groupId: 'g-1', residentId: 'r-new' }));
    expect(api.callsTo('/care/resident/completeCheckIn')).toHaveLength(1);
    await waitFor(() => expect(location().search).toBe('?batchId=b-1'));
  });

  it('confirms a move-in completed earlier when its review opens again (the first confirm was not heard)', async () => {
    const done: CheckIn = { resident: { ...resident, status: 'NORMAL' }, step: 'result', tasks: [], medications: [], contacts: [], files: [], completed: true };
    const api = fakeServer()
      .on('GET', '/care/smartSetup/getBatch', batch({ started: true }))
      .on('GET', '/care/smartSetup/getDraft', draft())
      .on('GET', '/care/resident/getCheckIn', done)
      .on('POST', '/care/smartSetup/confirm', batch({ started: true, unconfirmed: 0 }));
    await renderScreen(<SmartSetupMoveInPage />, {
      route: '/resident-management/batch-upload/review?batchId=b-1&groupId=g-1&move=result&residentId=r-new',
      path,
      user: owner,
      strings,
    });

    await waitFor(() => expect(api.callsTo('/care/smartSetup/confirm')).toHaveLength(1));
    expect(api.lastBody('/care/smartSetup/confirm')).toEqual({ groupId: 'g-1', residentId: 'r-new' });
  });
});
