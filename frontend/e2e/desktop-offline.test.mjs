// The owner's desktop app when the network drops (issue 6): a cloud of its own and the desktop core
// (`hearth-desktop --serve`, the same /api/ handler as the window) in owner mode. A caregiver signs in
// through the shell and opens Residents; the cloud stops; the page reloads from what the shell kept and
// says "Offline — showing data from HH:MM"; the cloud comes back and the banner goes.
// Runs when HEARTH_CLOUD_BIN and HEARTH_DESKTOP_BIN name the two binaries (build/scripts/e2e.sh sets them).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DEMO_PASSWORD, launchBrowser, newPage, screenshot, until } from './support.mjs';

const CLOUD_BIN = process.env.HEARTH_CLOUD_BIN || '';
const DESKTOP_BIN = process.env.HEARTH_DESKTOP_BIN || '';
const skip = CLOUD_BIN && DESKTOP_BIN ? false : 'HEARTH_CLOUD_BIN and HEARTH_DESKTOP_BIN are not set';
const base = Number(process.env.E2E_PORT || 18080) + 2;
const CLOUD = `http://127.0.0.1:${base}`;
const DESK = `http://127.0.0.1:${base + 1}`;

let dir;
let cloud;
let desk;
let browser;
let page;
let problems = [];

function cloudEnv() {
  return { ...process.env, HEARTH_DEV: '1', HEARTH_DATA_DIR: join(dir, 'cloud'), HEARTH_ADDR: `127.0.0.1:${base}`, HEARTH_PUBLIC_URL: CLOUD };
}

async function startCloud() {
  cloud = spawn(CLOUD_BIN, ['serve'], { env: cloudEnv(), stdio: 'ignore' });
  await until('the cloud', async () => (await fetch(`${CLOUD}/readyz`)).ok);
}

async function stopCloud() {
  const gone = new Promise((r) => cloud.once('exit', r));
  cloud.kill('SIGTERM');
  await gone;
}

describe('Owner desktop offline (desktop shell)', { skip }, () => {
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hearth-desk-offline-'));
    const seeded = spawnSync(CLOUD_BIN, ['seed', '--demo'], { env: cloudEnv(), stdio: 'ignore' });
    assert.equal(seeded.status, 0, 'seed --demo');
    await startCloud();
    desk = spawn(DESKTOP_BIN, ['--serve', `127.0.0.1:${base + 1}`], {
      env: { ...process.env, HEARTH_DESKTOP_DIR: join(dir, 'desktop') },
      stdio: 'ignore',
    });
    await until('the desktop core', async () => (await fetch(`${DESK}/api/desktop/status`)).ok);
    const set = await fetch(`${DESK}/api/desktop/cloud`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ cloudUrl: CLOUD }),
    });
    assert.equal((await set.json()).code, '0000', 'the cloud URL is accepted');
    browser = await launchBrowser();
    ({ page, problems } = await newPage(browser, { baseURL: DESK, consoleErrors: false }));
  });

  after(async () => {
    await browser?.close();
    desk?.kill('SIGTERM');
    if (cloud && cloud.exitCode === null) cloud.kill('SIGTERM');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('1. a caregiver signs in through the shell and sees the residents', async () => {
    await page.goto('/login?shell=desktop');
    await page.locator('#login-account').fill('caregiver_maple1');
    await page.locator('#login-password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.locator('.hearth-header').waitFor();
    await page.goto('/resident');
    await page.getByTestId('resident-row').first().waitFor();
    assert.equal(await page.getByTestId('offline-banner').count(), 0, 'no banner while online');
  });

  test('2. the cloud stops: the page reloads from what the shell kept, with the offline banner', async () => {
    const online = await page.getByTestId('resident-row').count();
    await stopCloud();
    await page.reload();
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor();
    assert.match(await banner.textContent(), /^Offline — showing data from \d{1,2}:\d{2}/);
    await page.getByTestId('resident-row').first().waitFor();
    assert.equal(await page.getByTestId('resident-row').count(), online, 'the same residents, from the cache');
    await screenshot(page, 'desktop-offline-residents');
  });

  test('3. the cloud comes back: fresh data and no banner', async () => {
    await startCloud();
    await page.reload();
    await page.getByTestId('resident-row').first().waitFor();
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
    assert.deepEqual(problems, []);
  });
});
