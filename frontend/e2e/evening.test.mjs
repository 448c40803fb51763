// A caregiver's evening at 10 PM (issue 29, "Worklists start at now"), on a cloud of its own whose clock reads
// 22:10 at the demo homes (e2e/clockcloud.mjs). Tasks and the eMAR open at the routine session of 10 PM (the
// demo keeps the default sessions: night, 21:00-06:00) with what needs her first and the day's done work
// folded away; one tap shows it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cloudAt, skip, useCloud, ZONE } from './clockcloud.mjs';
import { badgeOf, newPage, screenshot, signIn, step } from './support.mjs';

const cloud = cloudAt({ hour: 22, minute: 10, portOffset: 4, name: 'evening' });
const { offset, apiSignInWithCode, call } = cloud;
const CLOUD = cloud.url;

describe('a caregiver at 10 PM', { skip }, () => {
  const browser = useCloud(cloud);

  test('Tasks and the eMAR open on the night round, what needs her first, the done work folded', async () => {
    const { context, page, problems } = await newPage(browser(), { baseURL: CLOUD });
    await signIn(page, 'caregiver_maple1');
    await page.waitForURL('**/dashboard');

    await step('at 10 PM every place that shows a counter shows the same number', async () => {
      // One number, one meaning (docs/frontend.md "Counters"): the dashboard's cards, the sidebar's badges,
      // Tasks' Overdue tile and Expired tab, the eMAR's Overdue tile, as the server counts them.
      const token = await apiSignInWithCode('caregiver_maple1');
      const tasksOverdue = await call(token, '/care/taskInfo/countExpiredTasks');
      const medOverdue = await call(token, '/care/medication/countWarningNum');
      assert.ok(tasksOverdue > 0, 'by 10 PM the demo day has overdue tasks');
      await page.getByTestId('dash-tasksOverdue-count').waitFor();
      assert.equal(Number(await page.getByTestId('dash-tasksOverdue-count').textContent()), tasksOverdue);
      assert.equal(Number(await page.getByTestId('dash-medPassesOverdue-count').textContent()), medOverdue);
      assert.equal(await badgeOf(page, '/task'), Math.min(tasksOverdue, 100));
      assert.equal(await badgeOf(page, '/emars'), Math.min(medOverdue, 100));
      await page.goto('/task');
      await page.locator(`[data-testid="task-tile-overdue"][data-count="${tasksOverdue}"]`).waitFor();
      await page.goto('/task?tab=expired');
      await page.getByRole('tab', { name: `Expired (${tasksOverdue})` }).waitFor();
      await page.goto('/emars');
      await page.locator(`[data-testid="emar-tile-overdue"][data-count="${medOverdue}"]`).waitFor();
    });

    await step('Tasks open at the night session', async () => {
      await page.goto('/task');
      const session = page.getByTestId('task-session');
      await page
        .locator('[data-testid="task-session"][data-current="NIGHT"]')
        .waitFor()
        .catch(async (e) => {
          throw new Error(`${e.message}: session ${await session.getAttribute('data-current')}, day ${await page.getByTestId('task-page').getAttribute('data-day')}, offset ${offset}`);
        });
      assert.equal(await session.getAttribute('data-session'), 'NIGHT');
      assert.match(await session.locator('option:checked').textContent(), /now/i, 'the session of now is named so');
      // The day's done tasks are folded: their cards are not on the page until she asks.
      const done = page.getByTestId('task-now-done');
      if ((await done.count()) > 0) {
        assert.ok(Number(await done.getAttribute('data-count')) > 0);
        assert.equal(await done.locator('.hearth-task-cards > *').count(), 0, 'done cards folded');
        await page.getByTestId('task-now-done-toggle').click();
        await done.locator('.hearth-task-cards > *').first().waitFor();
        await page.getByTestId('task-now-done-toggle').click();
      }
      await screenshot(page, 'evening-tasks');
    });

    await step('the eMAR opens at the night session, on the day of 10 PM in Washington', async () => {
      await page.goto('/emars');
      const session = page.getByTestId('emar-session');
      await page.locator('[data-testid="emar-session"][data-current="NIGHT"]').waitFor();
      assert.equal(await session.getAttribute('data-session'), 'NIGHT');
      const expected = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(Date.now() + offset);
      assert.equal(await page.getByTestId('emar-page').getAttribute('data-day'), expected);
      await screenshot(page, 'evening-emars');
      // The whole day is one choice away.
      await session.selectOption('all');
      await page.waitForURL('**/emars?session=all');
    });

    assert.deepEqual(problems, []);
    await context.close();
  });
});
