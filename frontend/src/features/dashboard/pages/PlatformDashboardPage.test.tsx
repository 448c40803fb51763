import { describe, expect, it } from 'vitest';
import type { BackupStatus, PlatformSummary, TenantDetailsSummary, TenantWeek } from '@/types/api.gen';
import { RoleSuperAdmin } from '@/types/api.gen';
import { fakeServer, findSection, refuse, renderScreen, screen, within } from '@/test/render';
import PlatformDashboardPage from './PlatformDashboardPage';

const DAY = 86_400_000;
const since = Date.UTC(2026, 9, 30);
const summary: PlatformSummary = {
  since,
  activeUsers: Array.from({ length: 30 }, (_, i) => ({ day: since + i * DAY, count: i === 29 ? 4 : i % 3 })),
  activeUsersTotal: 17,
  residentsUnderCare: 123,
  ticketsOpen: 5,
  ticketsSubmitted: 2,
  aiUsage: [
    { capability: 'TRANSCRIPTION', calls: 3, failed: 0, tokens: 0, characters: 0, audioMs: 150_000, costMicros: 0, unpriced: 3 },
    { capability: 'TRANSLATION', calls: 40, failed: 2, tokens: 1200, characters: 5000, audioMs: 0, costMicros: 1_234_500, unpriced: 2 },
  ],
  jobsFailed: 1,
  jobsRetrying: 3,
};
const homes: TenantDetailsSummary = {
  total: 9,
  byStatus: { approved: 6, submitted: 2, refused: 1 },
  byPlan: { FREE_PLAN: 3, ESSENTIAL_PLAN: 2, PREMIUM_PLAN: 1, NONE: 3 },
  byState: { ENABLED: 8, DISABLED: 1 },
};
const firstWeek = Date.UTC(2026, 8, 6);
const weeks: TenantWeek[] = Array.from({ length: 12 }, (_, i) => ({ weekStart: firstWeek + i * 7 * DAY, registered: i === 11 ? 3 : 1, approved: i === 11 ? 2 : 0, refused: i === 10 ? 1 : 0 }));

const superAdmin = { roles: [RoleSuperAdmin] };

const lastGood = Date.UTC(2026, 10, 26, 10, 0);
const backups: BackupStatus = {
  configured: true,
  destination: 's3://hearth-backups/prod',
  everyHours: 24,
  hour: 2,
  keepDaily: 7,
  keepWeekly: 4,
  keepMonthly: 12,
  nextAt: Date.UTC(2026, 10, 29, 10, 0),
  lastGood: { id: 'b1', trigger: 'SCHEDULE', status: 'OK', startedAt: lastGood, finishedAt: lastGood + 60_000, archive: 'hearth-backup-20261126T100000Z.age', sizeBytes: 13_107_200, files: 42, schemaVersion: 63, pruned: 1, error: '' },
  stale: true,
  runs: [
    { id: 'b2', trigger: 'SCHEDULE', status: 'FAILED', startedAt: lastGood + 86_400_000, finishedAt: lastGood + 86_460_000, archive: '', sizeBytes: 0, files: 0, schemaVersion: 0, pruned: 0, error: 'no space left on device' },
  ],
};

function answers() {
  return fakeServer()
    .on('GET', '/system/dashboard/platformSummary', summary)
    .on('GET', '/system/tenant/tenantDetailsSummary', homes)
    .on('GET', '/system/tenant/tenantDateSummary', weeks)
    .on('GET', '/system/backup/getBackupStatus', backups);
}

describe('/admin-dashboard', () => {
  it('shows each figure with a link to its list, and each chart’s numbers as text', async () => {
    answers();
    const { user, location } = await renderScreen(<PlatformDashboardPage />, { route: '/admin-dashboard', user: superAdmin, strings: ['dashboard'] });
    expect(screen.getByRole('heading', { level: 1, name: 'Platform dashboard' })).toBeTruthy();

    const homesCard = await findSection('Homes');
    expect(await within(homesCard).findByText('9 homes in all')).toBeTruthy();
    const free = within(homesCard).getByRole('link', { name: 'Free 3' });
    expect(free.getAttribute('href')).toBe('/IAM/tenant?plan=FREE_PLAN');
    expect(within(homesCard).getByRole('link', { name: 'Premium 1' })).toBeTruthy();
    expect(within(homesCard).getByText('No plan').closest('li')?.textContent).toBe('No plan 3');
    expect(within(homesCard).getByRole('link', { name: 'Waiting for review 2' }).getAttribute('href')).toBe('/IAM/tenant?status=submitted');
    expect(within(homesCard).getByRole('link', { name: 'Draft 0' })).toBeTruthy();
    expect(within(homesCard).getByRole('link', { name: 'Disabled 1' }).getAttribute('href')).toBe('/IAM/tenant?state=DISABLED');

    const weeksCard = await findSection('Sign-ups and approvals');
    expect(await within(weeksCard).findByText('The last 12 weeks: 14 signed up, 2 approved, 1 refused.')).toBeTruthy();
    const weekRows = within(within(weeksCard).getByRole('table')).getAllByRole('row');
    expect(weekRows).toHaveLength(13);
    expect(weekRows[12].textContent).toBe('Nov 22320');
    expect(within(weeksCard).getByRole('link', { name: 'Review waiting homes' }).getAttribute('href')).toBe('/IAM/tenant?status=submitted');

    const active = await findSection('Active users');
    expect(await within(active).findByText('17 different people signed in over the last 30 days; 4 today.')).toBeTruthy();
    const dayRows = within(within(active).getByRole('table')).getAllByRole('row');
    expect(dayRows).toHaveLength(31);
    expect(dayRows[1].textContent).toBe('Oct 300');
    expect(dayRows[30].textContent).toBe('Nov 284');

    expect(await within(await findSection('Residents under care')).findByText('123')).toBeTruthy();
    const tickets = await findSection('Support tickets');
    expect(within(tickets).getByRole('link', { name: 'Open 5' }).getAttribute('href')).toBe('/support-ticket-manage');
    expect(within(tickets).getByRole('link', { name: 'Not yet taken up 2' })).toBeTruthy();

    const ai = await findSection('AI usage');
    const aiRows = within(within(ai).getByRole('table')).getAllByRole('row');
    expect(aiRows.map((r) => r.textContent)).toEqual([
      'CapabilityCallsFailedUsageEstimated cost',
      'Speech to text303 min of audio— 3 without a price',
      'Translation4021200 tokens, 5000 characters$1.23 2 without a price',
    ]);
    expect(within(ai).getByTestId('pdash-ai-cost').textContent).toBe('Estimated cost over the 30 days: $1.23 (calls whose model has a price).');
    expect(within(ai).getByRole('link', { name: 'Open AI configuration' }).getAttribute('href')).toBe('/ai-config');

    const jobs = await findSection('Background jobs');
    expect(within(jobs).getByText('Failed on their last attempt').closest('li')?.textContent).toBe('Failed on their last attempt 1');
    expect(within(jobs).getByText('Waiting to be tried again').closest('li')?.textContent).toBe('Waiting to be tried again 3');
    expect(within(jobs).getByText('Waiting to be tried again').closest('a')?.getAttribute('href')).toBe('/admin-jobs?state=RETRYING');
    expect(within(jobs).getByRole('link', { name: 'See the failed jobs' }).getAttribute('href')).toBe('/admin-jobs');

    // The server's backups: the last good one with its size, the newest failure and why, the schedule and the ladder.
    const backup = await findSection('Backups');
    expect(within(backup).getByTestId('pdash-backup-last-good').textContent).toMatch(/^Last good backup 11\/26\/2026, .*: 12\.5 MB, 42 stored files$/);
    expect(within(backup).getByTestId('pdash-backup-failed').textContent).toMatch(/failed .*: no space left on device$/);
    expect(within(backup).getByText('Kept: 7 daily, 4 weekly, 12 monthly')).toBeTruthy();
    expect(within(backup).getByText('Archives go to s3://hearth-backups/prod')).toBeTruthy();
    expect(within(backup).getByRole('link', { name: 'Change the schedule' }).getAttribute('href')).toBe('/params-setting');

    await user.click(free);
    expect(location().pathname + location().search).toBe('/IAM/tenant?plan=FREE_PLAN');
  });

  it('keeps the other cards when one call is refused, and says so on its card', async () => {
    fakeServer()
      .on('GET', '/system/dashboard/platformSummary', refuse('5000', 'The database is busy'))
      .on('GET', '/system/tenant/tenantDetailsSummary', homes)
      .on('GET', '/system/tenant/tenantDateSummary', weeks)
      .on('GET', '/system/backup/getBackupStatus', backups);
    await renderScreen(<PlatformDashboardPage />, { route: '/admin-dashboard', user: superAdmin, strings: ['dashboard'] });
    const homesCard = await findSection('Homes');
    expect(await within(homesCard).findByText('9 homes in all')).toBeTruthy();
    const tickets = await findSection('Support tickets');
    expect(await within(tickets).findByRole('alert')).toBeTruthy();
    expect(within(tickets).queryByText('Open')).toBeNull();
  });

  it('reads in Spanish', async () => {
    answers();
    await renderScreen(<PlatformDashboardPage />, { route: '/admin-dashboard', user: superAdmin, strings: ['dashboard'], language: 'es-ES' });
    expect(await screen.findByText('9 hogares en total')).toBeTruthy();
  });

  it('reads in Chinese', async () => {
    answers();
    await renderScreen(<PlatformDashboardPage />, { route: '/admin-dashboard', user: superAdmin, strings: ['dashboard'], language: 'zh-CN' });
    expect(await screen.findByText('共 9 家机构')).toBeTruthy();
    expect(screen.getByRole('link', { name: '免费版 3' })).toBeTruthy();
  });
});
