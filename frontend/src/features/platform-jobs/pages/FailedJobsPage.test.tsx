import { describe, expect, it } from 'vitest';
import type { FailedJob, Page } from '@/types/api.gen';
import { RoleSuperAdmin } from '@/types/api.gen';
import { fakeServer, renderScreen, screen, within } from '@/test/render';
import FailedJobsPage from './FailedJobsPage';

const superAdmin = { roles: [RoleSuperAdmin] };

const failed: FailedJob = {
  id: 41,
  kind: 'progress_note_translate',
  state: 'DISCARDED',
  tenantId: 't-maple',
  facilityName: 'Maple House AFH',
  attempt: 12,
  maxAttempts: 12,
  lastError: 'the AI provider answered 503',
  failedAt: Date.UTC(2026, 10, 27, 9, 0),
  nextAt: 0,
};
const retrying: FailedJob = {
  id: 42,
  kind: 'task_expire_due',
  state: 'RETRYING',
  tenantId: '',
  facilityName: '',
  attempt: 2,
  maxAttempts: 3,
  lastError: '',
  failedAt: Date.UTC(2026, 10, 28, 9, 0),
  nextAt: Date.UTC(2026, 10, 28, 9, 1),
};
const page = (records: FailedJob[]): Page<FailedJob> => ({ records, total: records.length, current: 1, size: 20 });

describe('/admin-jobs', () => {
  it('lists failed jobs with their home, attempts and error; retries one and discards another after confirming', async () => {
    const api = fakeServer()
      .on('POST', '/system/jobs/listFailed', page([failed, retrying]))
      .on('POST', '/system/jobs/retry', { ...failed, state: '' })
      .on('POST', '/system/jobs/discard', { ...retrying, state: '' });
    const { user } = await renderScreen(<FailedJobsPage />, { route: '/admin-jobs', user: superAdmin, strings: ['platform-jobs'] });

    const rows = await screen.findAllByTestId('job-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Progress note translation')).toBeTruthy();
    expect(within(rows[0]).getByText('Failed for good')).toBeTruthy();
    expect(within(rows[0]).getByText('Maple House AFH')).toBeTruthy();
    expect(within(rows[0]).getByText('12 of 12')).toBeTruthy();
    expect(within(rows[0]).getByText('the AI provider answered 503')).toBeTruthy();
    expect(within(rows[0]).queryByRole('button', { name: 'Discard job 41' })).toBeNull();
    expect(within(rows[1]).getByText('Expire overdue tasks')).toBeTruthy();
    expect(within(rows[1]).getByText('Platform')).toBeTruthy();
    expect(within(rows[1]).getByText('No error was recorded.')).toBeTruthy();
    expect(within(rows[1]).getByText(/^Next try/)).toBeTruthy();

    await user.click(within(rows[0]).getByRole('button', { name: 'Retry job 41 now' }));
    expect(api.lastBody('/system/jobs/retry')).toEqual({ id: 41 });

    await user.click(within(rows[1]).getByRole('button', { name: 'Discard job 42' }));
    const alert = await screen.findByRole('alertdialog', { name: 'Discard this job?' });
    expect(within(alert).getByText(/“Expire overdue tasks” will not be tried again/)).toBeTruthy();
    expect(api.callsTo('/system/jobs/discard')).toHaveLength(0);
    await user.click(within(alert).getByRole('button', { name: 'Discard' }));
    expect(api.lastBody('/system/jobs/discard')).toEqual({ id: 42 });
  });

  it('shows only the jobs waiting for a retry when the dashboard links there', async () => {
    const api = fakeServer().on('POST', '/system/jobs/listFailed', page([retrying]));
    await renderScreen(<FailedJobsPage />, { route: '/admin-jobs?state=RETRYING', user: superAdmin, strings: ['platform-jobs'] });
    expect(await screen.findAllByTestId('job-row')).toHaveLength(1);
    expect(api.lastBody('/system/jobs/listFailed')).toEqual({ current: 1, size: 20, data: { state: 'RETRYING' } });
  });

  it('reads in Spanish, and says when nothing failed', async () => {
    fakeServer().on('POST', '/system/jobs/listFailed', page([]));
    await renderScreen(<FailedJobsPage />, { route: '/admin-jobs', user: superAdmin, strings: ['platform-jobs'], language: 'es-ES' });
    expect(await screen.findByText('No hay tareas fallidas.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tareas en segundo plano fallidas' })).toBeTruthy();
  });
});
