import { describe, expect, it } from 'vitest';
import type { EmarDay, LogPassRequest } from '@/types/api.gen';
import { emarResident, medication, medPass } from '@/test/fixtures';
import { fakeServer, invalid, refuse, renderScreen, screen, within } from '@/test/render';
import EmarPage from './EmarPage';

const order = medication();
const pass = medPass();

function day(passes = [pass]): EmarDay {
  return {
    day: '',
    now: Date.now(),
    residents: [emarResident([order], passes)],
    counts: { grey: 0, blue: passes.filter((p) => !p.outcome).length, yellow: 0, red: 0, green: passes.filter((p) => p.outcome).length, orange: 0 },
  };
}

function server() {
  return fakeServer()
    .on('GET', '/care/routineTime/get', { medicationPrepButtonEnabled: false, sessions: [] })
    .on('POST', '/care/medication/listMedicationLog', day());
}

async function openPass() {
  const screenApi = await renderScreen(<EmarPage />, { route: '/emars', strings: ['emars'] });
  const card = await screen.findByRole('region', { name: 'Ruth Baker' });
  expect(within(card).getByText('Allergies: Penicillin')).toBeTruthy();
  await screenApi.user.click(within(card).getByRole('button', { name: /Lisinopril/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Lisinopril' });
  return { ...screenApi, dialog };
}

describe('/emars pass form', () => {
  it('logs a pass as given after the five rights, and shows it given', async () => {
    const api = server();
    const given = { ...pass, outcome: 'GIVEN', status: 'GIVEN', colour: 'green', givenTime: Date.now(), staffId: 'user-1', staffName: 'Grace Kim', initials: 'GK' } as const;
    api.on('POST', '/care/medication/logPass', (call) => {
      api.on('POST', '/care/medication/listMedicationLog', day([given]));
      return { ...given, clientId: (call.body as LogPassRequest).clientId };
    });
    const { user, dialog } = await openPass();

    expect(within(dialog).getByText('Check the five rights')).toBeTruthy();
    expect(within(dialog).getByTestId('rights-dose').textContent).toBe('10 mg');
    expect(within(dialog).getByTestId('rights-route').textContent).toBe('Oral');
    await user.click(within(dialog).getByRole('radio', { name: 'Given' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Taken with water');
    await user.click(within(dialog).getByRole('button', { name: 'Log pass' }));

    expect(await screen.findByText('Pass logged as given')).toBeTruthy();
    const body = api.lastBody<LogPassRequest>('/care/medication/logPass');
    expect(body).toMatchObject({ passId: 'pass-1', outcome: 'GIVEN', note: 'Taken with water' });
    expect(body.clientId).toMatch(/^[0-9a-f-]{32,36}$/);
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    const card = screen.getByRole('region', { name: 'Ruth Baker' });
    expect(await within(card).findByText(/^GK at /)).toBeTruthy();
  });

  it('asks what happened, then why it was refused, before anything is sent', async () => {
    const api = server();
    const { user, dialog } = await openPass();

    await user.click(within(dialog).getByRole('button', { name: 'Log pass' }));
    expect(within(dialog).getByText('Fix the marked fields.')).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: 'What happened?', description: 'Choose what happened.' })).toBeTruthy();

    await user.click(within(dialog).getByRole('radio', { name: 'Refused' }));
    await user.click(within(dialog).getByRole('button', { name: 'Log pass' }));
    expect(within(dialog).getByRole('textbox', { name: 'Reason', description: 'A reason is required.' })).toBeTruthy();
    expect(api.callsTo('/care/medication/logPass')).toHaveLength(0);
  });

  it('shows the server’s refusal under the field it names', async () => {
    const api = server().on('POST', '/care/medication/logPass', invalid({ reason: 'Reason: must not contain control characters.' }));
    const { user, dialog } = await openPass();

    await user.click(within(dialog).getByRole('radio', { name: 'Refused' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Said no');
    await user.click(within(dialog).getByRole('button', { name: 'Log pass' }));

    expect(await within(dialog).findByRole('textbox', { name: 'Reason', description: 'Reason: must not contain control characters.' })).toBeTruthy();
    expect(api.lastBody('/care/medication/logPass')).toMatchObject({ outcome: 'REFUSED', reason: 'Said no' });
    expect(screen.getByRole('dialog', { name: 'Lisinopril' })).toBeTruthy();
  });

  it('shows whose log came first when someone else logged the pass (4009)', async () => {
    const first = { ...pass, outcome: 'GIVEN', status: 'GIVEN', colour: 'green', givenTime: Date.UTC(2026, 10, 24, 16, 5), staffId: 'u-ana', staffName: 'Ana Ruiz', initials: 'AR' } as const;
    server().on('POST', '/care/medication/logPass', refuse('4009', 'Already logged', first));
    const { user, dialog } = await openPass();

    await user.click(within(dialog).getByRole('radio', { name: 'Given' }));
    await user.click(within(dialog).getByRole('button', { name: 'Log pass' }));

    const alert = await within(dialog).findByTestId('pass-already-logged');
    expect(alert.textContent).toBe('Already logged by Ana Ruiz at 08:05 AM. Their log is shown below.');
    expect(within(dialog).queryByRole('button', { name: 'Log pass' })).toBeNull();
  });

  it('reads in Spanish', async () => {
    server();
    await renderScreen(<EmarPage />, { route: '/emars', strings: ['emars'], language: 'es-ES' });
    const card = await screen.findByRole('region', { name: 'Ruth Baker' });
    expect(within(card).getByText('Alergias: Penicillin')).toBeTruthy();
  });
});
