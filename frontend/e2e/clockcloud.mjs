// A cloud of its own whose clock reads a chosen time of day at the demo homes (HEARTH_DEV_CLOCK_OFFSET: seed and
// serve alike, so the demo's day is that day). The browser keeps the machine's clock: the pages take "now" from
// the server's (X-Server-Time, lib/time/serverClock.ts), as a phone whose clock is off does. Used by the
// journeys of a caregiver's evening (evening.test.mjs) and early morning (early-morning.test.mjs).
// Runs when HEARTH_CLOUD_BIN names the server binary (build/scripts/e2e.sh sets it).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { apiClient, launchBrowser, until } from './support.mjs';

const CLOUD_BIN = process.env.HEARTH_CLOUD_BIN || '';
/** The journeys' `skip`: false, or why they cannot run. */
export const skip = CLOUD_BIN ? false : 'HEARTH_CLOUD_BIN is not set';
export const ZONE = 'America/Los_Angeles'; // the demo homes are in Washington

/** How far hh:mm today in Washington is from now, in ms (negative once it has passed). */
export function offsetTo(hour, minute, now = Date.now()) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(now)
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  );
  const wallNow = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return Date.UTC(parts.year, parts.month - 1, parts.day, hour, minute, 0) - wallNow;
}

/**
 * A demo cloud at hh:mm in Washington on port E2E_PORT + portOffset: `url`, its `offset` from the machine's
 * clock, an API client on its clock, and start/stop (a seeded data directory of its own, removed at stop).
 */
export function cloudAt({ hour, minute, portOffset, name }) {
  const port = Number(process.env.E2E_PORT || 18080) + portOffset;
  const url = `http://127.0.0.1:${port}`;
  const offset = offsetTo(hour, minute);
  let dir;
  let proc;
  const env = () => ({
    ...process.env,
    HEARTH_DEV: '1',
    HEARTH_DATA_DIR: join(dir, 'cloud'),
    HEARTH_ADDR: `127.0.0.1:${port}`,
    HEARTH_PUBLIC_URL: url,
    HEARTH_DEV_CLOCK_OFFSET: `${offset}ms`,
  });
  return {
    url,
    offset,
    ...apiClient(`e2e-${name}`, { baseURL: url, clockOffset: offset }),
    async start() {
      dir = mkdtempSync(join(tmpdir(), `hearth-${name}-`));
      const seeded = spawnSync(CLOUD_BIN, ['seed', '--demo'], { env: env(), stdio: 'ignore' });
      assert.equal(seeded.status, 0, 'seed --demo');
      proc = spawn(CLOUD_BIN, ['serve'], { env: env(), stdio: 'ignore' });
      await until('the cloud', async () => (await fetch(`${url}/readyz`)).ok, 20_000);
    },
    async stop() {
      if (proc && proc.exitCode === null) {
        const gone = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        await gone;
      }
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts cloud (cloudAt) and a browser before the suite's tests and stops them after: call it in the suite's
 * describe. It answers the browser once started.
 */
export function useCloud(cloud) {
  let browser;
  before(async () => {
    await cloud.start();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await cloud.stop();
  });
  return () => browser;
}
