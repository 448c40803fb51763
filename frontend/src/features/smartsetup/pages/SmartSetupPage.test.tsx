import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { RoleFacilityOwner } from '@/types/api.gen';
import { fakeServer, refuse, renderScreen, screen, within } from '@/test/render';
import { batch, group, job, paper, progress } from '../test/fixtures';
import SmartSetupPage from './SmartSetupPage';

const owner = { roles: [RoleFacilityOwner] };
const path = '/resident-management/batch-upload/:step';
const strings = ['smartsetup', 'movein', 'residents'] as const;
const noWizard = () => <p>wizard</p>;

function open(route: string, language: 'en-US' | 'es-ES' = 'en-US') {
  return renderScreen(<SmartSetupPage wizard={noWizard} />, { route, path, user: owner, strings, language });
}

describe('smart setup: upload', () => {
  it('sends every file picked, shows the residents made and each refused file with its own message, then starts', async () => {
    const answered = batch({
      groups: [group(), group({ groupId: 'g-2', name: 'Lee Chen', files: [paper({ id: 'f-2', name: 'lee-mar.pdf', groupId: 'g-2' })] })],
      refused: [paper({ id: 'f-3', fileId: '', groupId: '', name: 'locked.pdf', errorMessage: 'locked.pdf is protected by a password and cannot be read.' })],
      unconfirmed: 2,
    });
    const api = fakeServer()
      .on('POST', '/care/smartSetup/upload', answered)
      .on('GET', '/care/smartSetup/getBatch', answered)
      .on('POST', '/care/smartSetup/start', progress([job({ state: 'PENDING' })]))
      .on('GET', '/care/resident/getAITaskProgress', progress([job({ state: 'PENDING' })]));
    const { user, location } = await open('/resident-management/batch-upload/upload');

    await user.upload(screen.getByLabelText('Choose files'), [
      new File(['%PDF-1.4'], 'ruth-face-sheet.pdf', { type: 'application/pdf' }),
      new File(['%PDF-1.4'], 'lee-mar.pdf', { type: 'application/pdf' }),
      new File(['%PDF-1.4 encrypted'], 'locked.pdf', { type: 'application/pdf' }),
    ]);

    const refused = await screen.findByTestId('smart-refused');
    expect(refused.textContent).toContain('locked.pdf is protected by a password and cannot be read.');
    expect(screen.getByRole('heading', { name: 'Residents: 2' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Lee Chen' })).toBeTruthy();
    const sent = api.lastBody<{ files: File[]; batchId: string }>('/care/smartSetup/upload');
    expect(sent.files.map((f) => f.name)).toEqual(['ruth-face-sheet.pdf', 'lee-mar.pdf', 'locked.pdf']);
    await waitFor(() => expect(location().search).toBe('?batchId=b-1'));

    await user.click(screen.getByRole('button', { name: 'Start reading' }));
    await waitFor(() => expect(location().pathname).toBe('/resident-management/batch-upload/progress'));
    expect(api.lastBody('/care/smartSetup/start')).toEqual({ batchId: 'b-1' });
  });

  it('moves a file to a new resident', async () => {
    const two = batch({ groups: [group({ files: [paper(), paper({ id: 'f-2', name: 'lee-mar.pdf' })] })] });
    const api = fakeServer().on('GET', '/care/smartSetup/getBatch', two).on('POST', '/care/smartSetup/moveFile', two);
    const { user } = await open('/resident-management/batch-upload/upload?batchId=b-1');

    await user.click(await screen.findByRole('button', { name: 'Move lee-mar.pdf to another resident' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move lee-mar.pdf' });
    await user.type(within(dialog).getByRole('textbox', { name: "New resident's name" }), 'Lee Chen');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    await waitFor(() => expect(api.lastBody('/care/smartSetup/moveFile')).toEqual({ id: 'f-2', name: 'Lee Chen' }));
  });
});

describe('smart setup: progress', () => {
  it('updates each bar as the jobs run, without a reload, and stops reading once none runs', async () => {
    let reads = 0;
    const api = fakeServer()
      .on('GET', '/care/smartSetup/getBatch', batch({ started: true }))
      .on('GET', '/care/resident/getAITaskProgress', () => {
        reads += 1;
        return reads === 1
          ? progress([job({ state: 'PROGRESSING', progress: 40, canStop: true, canDelete: false })])
          : progress([job({ state: 'COMPLETED', progress: 100 })]);
      });
    await open('/resident-management/batch-upload/progress?batchId=b-1');

    const bar = await screen.findByRole('progressbar', { name: 'Text: 40%' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('In progress')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear stuck job: Text' })).toBeTruthy();

    const done = await screen.findByRole('progressbar', { name: 'Text: 100%' }, { timeout: 5000 });
    expect(done.getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('Completed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Review the residents' })).toHaveProperty('disabled', false);
    const count = api.callsTo('/care/resident/getAITaskProgress').length;
    await new Promise((r) => setTimeout(r, 2500));
    expect(api.callsTo('/care/resident/getAITaskProgress')).toHaveLength(count);
  }, 10_000);

  it('offers retry only for a stopped job, after a confirmation', async () => {
    const jobs = [
      job({ jobId: 'j-text', step: 'TEXT', state: 'COMPLETED', progress: 100 }),
      job({ jobId: 'j-profile', step: 'PROFILE', state: 'STOPPED', progress: 30, canRetry: true, canContinue: true }),
      job({ jobId: 'j-meds', step: 'MEDICATIONS', state: 'FAILED', progress: 100, canRetry: true, errorMessage: 'No medication lines were found.' }),
      job({ jobId: 'j-care', step: 'CARE_PLAN', state: 'STOPPED', progress: 10, needsRetry: true, canRetry: true }),
    ];
    const api = fakeServer()
      .on('GET', '/care/smartSetup/getBatch', batch({ started: true }))
      .on('GET', '/care/resident/getAITaskProgress', progress(jobs))
      .on('POST', '/care/smartSetup/retryJob', progress(jobs));
    const { user } = await open('/resident-management/batch-upload/progress?batchId=b-1');

    await screen.findByRole('progressbar', { name: 'Profile: 30%' });
    const retries = screen.getAllByRole('button', { name: /^Retry:/ }).map((b) => b.getAttribute('aria-label'));
    expect(retries).toEqual(['Retry: Profile', 'Retry: Care plan']);
    expect(screen.getByText('No medication lines were found.')).toBeTruthy();
    expect(screen.getByText('A file changed: retry this step')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Retry: Profile' }));
    const ask = await screen.findByTestId('smart-job-ask');
    expect(ask.textContent).toContain('Run “Profile” for Ruth Baker again from the start?');
    expect(api.callsTo('/care/smartSetup/retryJob')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.lastBody('/care/smartSetup/retryJob')).toEqual({ jobId: 'j-profile' }));
  });
});

describe('smart setup: done', () => {
  it('says in Spanish that residents are not all confirmed when leaving with some', async () => {
    fakeServer()
      .on('GET', '/care/smartSetup/getBatch', batch({ started: true, unconfirmed: 2 }))
      .on('POST', '/care/smartSetup/finish', refuse('4009', 'Quedan 2 residentes sin confirmar.'));
    const { user } = await open('/resident-management/batch-upload/done?batchId=b-1', 'es-ES');

    expect(await screen.findByText('Residentes aún sin ingresar: 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Terminar' }));
    expect((await screen.findByTestId('smart-not-all')).textContent).toContain('Quedan 2 residentes sin confirmar.');
    expect(screen.getByRole('link', { name: 'Ir a la lista de residentes' })).toBeTruthy();
  });
});
