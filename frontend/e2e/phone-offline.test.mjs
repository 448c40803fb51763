// The caregiver's phone as an app (issue 34): the build's web app manifest and service worker make Hearth
// installable (Chromium's own installability check, as Lighthouse asks it), the app shell then opens with
// no network at all, and the worker keeps no API answer of anyone. What the caregiver opened online (today's
// /emars day with the residents' allergies, today's tasks) is then shown offline from what the phone kept
// (IndexedDB), with the time it was kept; signing out leaves nothing of it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { openMenu, pagePerTest, signIn } from './support.mjs';

const open = pagePerTest();

/** Waits until the service worker controls the page (it does from the first navigation after it activated). */
async function controlled(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'the service worker controls the page');
}

/** Every URL the page's caches hold (Cache Storage: the worker's precache and icons). */
function cachedUrls(page) {
  return page.evaluate(async () => {
    const urls = [];
    for (const name of await globalThis.caches.keys()) {
      for (const req of await (await globalThis.caches.open(name)).keys()) urls.push(req.url);
    }
    return urls;
  });
}

describe('phone app', () => {
  test('installable from /login, opens offline from the service worker, keeps no API answer', async () => {
    // Offline pages make failed calls, which the browser logs as errors; what is asserted is what shows.
    const page = await open({ consoleErrors: false, serviceWorkers: 'allow' });
    await page.goto('/login');
    await controlled(page);

    // Chromium's installability check (the one Lighthouse's installable-manifest audit reads). A journey's
    // browser context is incognito, where Chromium never offers an install: that one reason is not the app's.
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors.filter((e) => e.errorId !== 'in-incognito'), [], 'installable');
    const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.start_url, '/');
    assert.ok(manifest.icons.some((i) => i.sizes === '192x192'));
    assert.ok(manifest.icons.some((i) => i.sizes === '512x512' && i.purpose === 'maskable'));
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    assert.equal((await page.request.get(touchIcon)).headers()['content-type'], 'image/png');

    // A caregiver signs in and opens the med pass while online.
    await signIn(page, 'caregiver_maple1');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/emars');
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    // No network at all: the app itself still opens (precached shell and route chunks, index.html for the route).
    await page.context().setOffline(true);
    await page.goto('/tasks');
    await page.locator('#root').locator('*').first().waitFor();
    assert.equal(await page.title(), 'Hearth');
    await page.context().setOffline(false);

    // Nothing under /api/ is in any cache the worker keeps.
    const urls = await cachedUrls(page);
    assert.ok(urls.some((u) => new URL(u).pathname === '/index.html'), 'the app shell is precached');
    assert.deepEqual(
      urls.filter((u) => new URL(u).pathname.startsWith('/api/')),
      [],
      'no API answer is cached by the service worker',
    );
  });

  test('today\'s med pass and tasks read offline from what the phone kept, forgotten at sign-out', async () => {
    const page = await open({ consoleErrors: false, serviceWorkers: 'allow' });
    await signIn(page, 'caregiver_maple1');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await controlled(page);

    // Online: the day and the tasks are read (and kept).
    await page.goto('/emars');
    await page.getByTestId('emar-resident').first().waitFor();
    const residents = await page.getByTestId('emar-resident').count();
    const allergies = await page.getByTestId('emar-allergies').allTextContents();
    await page.goto('/task');
    await page.getByTestId('task-page').waitFor();
    assert.equal(await page.getByTestId('phone-offline-banner').count(), 0, 'no offline line while online');

    // No network: the app opens from the worker and shows what was kept, saying since when.
    await page.context().setOffline(true);
    await page.goto('/emars');
    await page.getByTestId('emar-resident').first().waitFor();
    assert.equal(await page.getByTestId('emar-resident').count(), residents);
    assert.deepEqual(await page.getByTestId('emar-allergies').allTextContents(), allergies);
    assert.match(await page.getByTestId('phone-offline-banner').textContent(), /^Offline — saved on this phone at \d\d:\d\d$/);
    await page.goto('/task');
    await page.getByTestId('task-page').waitFor();
    await page.getByTestId('phone-offline-banner').waitFor();

    // Back online: fresh answers, no offline line.
    await page.context().setOffline(false);
    await page.goto('/emars');
    await page.getByTestId('emar-resident').first().waitFor();
    await page.getByTestId('phone-offline-banner').waitFor({ state: 'detached' });

    // Signing out forgets everything kept on this phone. (The page is audited first: the sign-out
    // confirmation is Blueprint's Alert, which has no accessible name of its own.)
    await page.__audits.flush();
    await openMenu(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    const kept = await page.evaluate(
      () =>
        new Promise((resolve, reject) => {
          const req = globalThis.indexedDB.open('hearth-phone', 1);
          req.onsuccess = () => {
            const count = req.result.transaction('reads').objectStore('reads').count();
            count.onsuccess = () => resolve(count.result);
            count.onerror = () => reject(count.error);
          };
          req.onerror = () => reject(req.error);
        }),
    );
    assert.equal(kept, 0, 'nothing kept after sign-out');
  });
});
