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
    .on('POST', '/care/medication/listMedicationLog', day())
    .on('GET', '/care/medication/countWarningNum', 3);
}

async function openPass() {
  const screenApi = await renderScreen(<EmarPage />, { route: '/emars?done=1', strings: ['emars'] });
  const card = await screen.findByRole('region', { name: 'Ruth Baker' });
  expect(within(card).getByText('Allergies: Penicillin')).toBeTruthy();
  await screenApi.user.click(within(card).getByRole('button', { name: /Lisinopril/ }));
  // The dialog's module loads on first use (a cold test run compiles it first).
  const dialog = await screen.findByRole('dialog', { name: 'Lisinopril' }, { timeout: 5_000 });
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
    expect(alert.textContent).toBe('Already logged by Ana Ruiz at 8:05 AM. Their log is shown below.');
    expect(within(dialog).queryByRole('button', { name: 'Log pass' })).toBeNull();
  });

  it('reads in Spanish', async () => {
    server();
    await renderScreen(<EmarPage />, { route: '/emars', strings: ['emars'], language: 'es-ES' });
    const card = await screen.findByRole('region', { name: 'Ruth Baker' });
    expect(within(card).getByText('Alergias: Penicillin')).toBeTruthy();
  });

  it('leads with what needs her now: the tiles count passes due apart from effect checks and filter the cards', async () => {
    const check = medPass({ passId: 'prn-1', kind: 'PRN', medicationName: 'Acetaminophen', colour: 'BLUE', status: 'GIVEN', outcome: 'GIVEN', followUpStatus: 'DUE', givenTime: Date.now() - 70 * 60_000 });
    const given = medPass({ passId: 'pass-2', medicationName: 'Metformin', colour: 'GREEN', status: 'GIVEN', outcome: 'GIVEN', timeOfDay: '07:00' });
    const later = medPass({ passId: 'pass-3', medicationName: 'Atorvastatin', colour: 'GREY', status: 'UPCOMING', timeOfDay: '21:00' }, 600);
    server().on('POST', '/care/medication/listMedicationLog', day([pass, check, given, later]));
    const { user, location } = await renderScreen(<EmarPage />, { route: '/emars?session=all', strings: ['emars'] });

    const tiles = await screen.findByRole('group', { name: 'The day at a glance' });
    expect(within(tiles).getByRole('button', { name: '3 Overdue (7 days)' })).toBeTruthy();
    expect(within(tiles).getByRole('button', { name: '1 Passes due now' })).toBeTruthy();
    expect(within(tiles).getByRole('button', { name: '1 Effect checks due' })).toBeTruthy();
    // Done passes fold away; one tap shows them.
    const card = screen.getByRole('region', { name: 'Ruth Baker' });
    expect(within(card).queryByRole('button', { name: /Metformin/ })).toBeNull();
    expect(within(card).getByRole('button', { name: /Atorvastatin/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show done (1)' }));
    expect(await within(card).findByRole('button', { name: /Metformin/ })).toBeTruthy();
    // A tile shows only its passes.
    await user.click(within(tiles).getByRole('button', { name: '1 Passes due now' }));
    expect(location().search).toContain('show=due');
    expect(within(screen.getByRole('region', { name: 'Ruth Baker' })).queryByRole('button', { name: /Acetaminophen/ })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Ruth Baker' })).getByRole('button', { name: /Lisinopril/ })).toBeTruthy();
  });
});
