import { describe, expect, it } from 'vitest';
import type { CheckIn, CheckInMedicationsData, Resident } from '@/types/api.gen';
import { RoleFacilityOwner } from '@/types/api.gen';
import { medication } from '@/test/fixtures';
import { fakeServer, invalid, renderScreen, screen, within } from '@/test/render';
import MoveInPage from './MoveInPage';

const resident = {
  residentId: 'r-new', firstName: 'Ruth', lastName: 'Baker', preferredName: '', name: 'Ruth Baker', dob: '1941-03-02', age: 85, gender: 'FEMALE',
  room: '4', phone: '', language: 'ENGLISH', languageOther: '', heightUnit: 'cm', weightUnit: 'kg', allergies: '', dnr: '', diagnoses: '', diet: '',
  mobility: '', hygiene: '', toileting: '', hearing: '', vision: '', personalBackground: '', preferences: '', moveInDate: '2026-11-28',
  avatarFileId: '', status: 'MOVING_IN', returnDate: 0, goingOutReason: '', moveOutDestination: '', destinationOther: '', statusTime: 0,
  carePlanUpdateTime: 0, editable: true, createTime: 0, updateTime: 0,
} as unknown as Resident;

/** Ruth's move-in, saved up to its care plan: the eMARs step is next. */
const atEmars: CheckIn = { resident, step: 'emars', tasks: [], medications: [], contacts: [], files: [], completed: false };

const owner = { roles: [RoleFacilityOwner] };
const route = '/resident-management/move-in/emars?residentId=r-new';
const path = '/resident-management/move-in/:step';

async function openStep() {
  const s = await renderScreen(<MoveInPage />, { route, path, user: owner, strings: ['movein', 'residents'] });
  const step = await screen.findByRole('form', { name: 'eMARs' });
  return { ...s, step };
}

/** Adds Lisinopril 10 mg by mouth at 08:00 (the form's defaults: routine, oral, today, 08:00) to the list. */
async function addLisinopril(user: Awaited<ReturnType<typeof openStep>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Add medication' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a medication' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Medication name' }), 'Lisinopril');
  await user.type(within(dialog).getByRole('textbox', { name: 'Dose' }), '10 mg');
  await user.click(within(dialog).getByRole('button', { name: 'Add to the list' }));
}

describe('the move-in eMARs step', () => {
  it('adds a medication, attaches the physician’s orders and saves the step with them', async () => {
    const api = fakeServer()
      .on('GET', '/care/resident/getCheckIn', atEmars)
      .on('POST', '/care/resident/createEmarsForCheckIn', { ...atEmars, step: 'contacts', medications: [medication({ residentId: 'r-new', medicationId: 'm-1' })] });
    const { user, step, location } = await openStep();

    expect(screen.getByRole('heading', { level: 1, name: 'Move-in: Ruth Baker' })).toBeTruthy();
    expect(within(step).getByText('No medications yet.')).toBeTruthy();
    await addLisinopril(user);
    expect(within(step).getByText('Medication 1: Lisinopril 10 mg')).toBeTruthy();
    await user.upload(screen.getByTestId('movein-files-input'), new File(['%PDF-1.4'], 'orders.pdf', { type: 'application/pdf' }));
    expect(within(step).getByText('orders.pdf')).toBeTruthy();
    await user.click(within(step).getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByText('Medications saved')).toBeTruthy();
    const sent = api.lastBody<{ data: CheckInMedicationsData; files: File }>('/care/resident/createEmarsForCheckIn');
    expect(sent.data.residentId).toBe('r-new');
    expect(sent.data.medications).toEqual([expect.objectContaining({ name: 'Lisinopril', dose: '10 mg', type: 'ROUTINE', route: 'ORAL', times: ['08:00'] })]);
    expect(sent.files.name).toBe('orders.pdf');
    await expect.poll(() => location().pathname).toBe('/resident-management/move-in/contacts');
  });

  it('marks what a medication needs before it joins the list', async () => {
    const api = fakeServer().on('GET', '/care/resident/getCheckIn', atEmars);
    const { user } = await openStep();

    await user.click(screen.getByRole('button', { name: 'Add medication' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a medication' });
    await user.click(within(dialog).getByRole('button', { name: 'Add to the list' }));

    expect(within(dialog).getByText('Please correct the marked fields.')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Medication name', description: 'This field is required' })).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Dose', description: 'This field is required' })).toBeTruthy();
    expect(api.callsTo('/care/resident/createEmarsForCheckIn')).toHaveLength(0);
  });

  it('names the medication the server refused at the top of the step and marks its card', async () => {
    fakeServer()
      .on('GET', '/care/resident/getCheckIn', atEmars)
      .on('POST', '/care/resident/createEmarsForCheckIn', invalid({ 'medications[0].dose': 'Dose must be at most 100 characters.' }, 'Dose must be at most 100 characters.'));
    const { user, step, location } = await openStep();

    await addLisinopril(user);
    await user.click(within(step).getByRole('button', { name: 'Save and continue' }));

    expect((await within(step).findByRole('alert')).textContent).toContain('Problem with Medication 1 (Lisinopril): Dose must be at most 100 characters.');
    expect(within(step).getByText('Needs a fix')).toBeTruthy();
    expect(location().pathname).toBe('/resident-management/move-in/emars');
  });

  it('reads in Spanish', async () => {
    fakeServer().on('GET', '/care/resident/getCheckIn', atEmars);
    await renderScreen(<MoveInPage />, { route, path, user: owner, strings: ['movein', 'residents'], language: 'es-ES' });
    expect(await screen.findByRole('button', { name: 'Guardar y continuar' })).toBeTruthy();
  });
});
