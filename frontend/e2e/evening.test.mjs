// A caregiver's evening at 10 PM (issue 29, "Worklists start at now"). A cloud of its own whose clock reads
// 22:10 at the demo homes (HEARTH_DEV_CLOCK_OFFSET: seed and serve alike, so the demo's day is that day).
// The browser keeps the machine's clock: the pages take "now" from the server's (X-Server-Time,
// lib/time/serverClock.ts), as a phone whose clock is off does. Tasks and the eMAR open at the routine
// session of 10 PM (the demo keeps the default sessions: night, 21:00-06:00) with what needs her first and
// the day's done work folded away; one tap shows it.
// Runs when HEARTH_CLOUD_BIN names the server binary (build/scripts/e2e.sh sets it).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { apiClient, badgeOf, launchBrowser, newPage, screenshot, signIn, step } from './support.mjs';

const CLOUD_BIN = process.env.HEARTH_CLOUD_BIN || '';
const skip = CLOUD_BIN ? false : 'HEARTH_CLOUD_BIN is not set';
const port = Number(process.env.E2E_PORT || 18080) + 4;
const CLOUD = `http://127.0.0.1:${port}`;
const ZONE = 'America/Los_Angeles'; // the demo homes are in Washington

/** How far 22:10 today in Washington is from now, in ms (negative once it has passed). */
function offsetTo10PM(now = Date.now()) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(now)
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  );
  const wallNow = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return Date.UTC(parts.year, parts.month - 1, parts.day, 22, 10, 0) - wallNow;
}

const offset = offsetTo10PM();
const { apiSignInWithCode, call } = apiClient('e2e-evening', { baseURL: CLOUD, clockOffset: offset });
let dir;
let cloud;
let browser;

function cloudEnv() {
  return {
    ...process.env,
    HEARTH_DEV: '1',
    HEARTH_DATA_DIR: join(dir, 'cloud'),
    HEARTH_ADDR: `127.0.0.1:${port}`,
    HEARTH_PUBLIC_URL: CLOUD,
    HEARTH_DEV_CLOCK_OFFSET: `${offset}ms`,
  };
}

async function until(what, check, ms = 20_000) {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a caregiver at 10 PM', { skip }, () => {
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hearth-evening-'));
    const seeded = spawnSync(CLOUD_BIN, ['seed', '--demo'], { env: cloudEnv(), stdio: 'ignore' });
    assert.equal(seeded.status, 0, 'seed --demo');
    cloud = spawn(CLOUD_BIN, ['serve'], { env: cloudEnv(), stdio: 'ignore' });
    await until('the cloud', async () => (await fetch(`${CLOUD}/readyz`)).ok);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    if (cloud && cloud.exitCode === null) {
      const gone = new Promise((r) => cloud.once('exit', r));
      cloud.kill('SIGTERM');
      await gone;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('Tasks and the eMAR open on the night round, what needs her first, the done work folded', async () => {
    const { context, page, problems } = await newPage(browser, { baseURL: CLOUD });
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
