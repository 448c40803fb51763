// Platform administration (issue 30): the platform dashboard's Background jobs card leads to the super
// admin's failed jobs (/admin-jobs); its filter narrows the list. The seeded server has no failed job, so
// the page says so; retry and discard are covered by the Go and render tests.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { pagePerTest, screenshot, signIn, step } from './support.mjs';

const open = pagePerTest();

describe('platform failed jobs', () => {
  test('the super admin follows the dashboard card to the failed jobs and filters them', async () => {
    const page = await open();
    await signIn(page, 'superadmin');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));

    await step('the Background jobs card links to the list', async () => {
      await page.goto('/admin-dashboard');
      const card = page.getByTestId('pdash-jobs');
      await card.getByTestId('pdash-jobs-failed').waitFor();
      await card.getByRole('link', { name: 'See the failed jobs' }).click();
      await page.waitForURL((u) => u.pathname === '/admin-jobs');
      await page.getByRole('heading', { name: 'Failed background jobs' }).waitFor();
    });

    await step('the list, then only the jobs waiting for a retry', async () => {
      await page.locator('[data-testid="job-row"], .bp6-non-ideal-state').first().waitFor();
      await screenshot(page, 'platform-failed-jobs');
      await page.getByTestId('jobs-state').selectOption('RETRYING');
      await page.waitForURL((u) => u.searchParams.get('state') === 'RETRYING');
      await page.locator('[data-testid="job-row"], .bp6-non-ideal-state').first().waitFor();
      const states = await page.getByTestId('job-row').evaluateAll((rows) => rows.map((r) => r.dataset.state));
      assert.ok(states.every((s) => s === 'RETRYING'), `only retrying jobs: ${states}`);
    });
  });
});
