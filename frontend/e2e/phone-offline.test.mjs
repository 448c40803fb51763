// The caregiver's phone as an app (issue 34): the build's web app manifest and service worker make Hearth
// installable (Chromium's own installability check, as Lighthouse asks it), the app shell then opens with
// no network at all, and the worker keeps no API answer of anyone. What the caregiver opened online (today's
// /emars day with the residents' allergies, today's tasks) is then shown offline from what the phone kept
// (IndexedDB), with the time it was kept; signing out leaves nothing of it. Writes made with no network (two
// passes, a task, a note) are kept on the phone, survive the page being closed, and arrive once each when the
// network is back; a pass logged meanwhile from another device comes back as a conflict naming who and when.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiClient, apiSignIn, openMenu, pagePerTest, signIn, toastSays, watchPages } from './support.mjs';

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

/**
 * Waits until the phone has kept a read of `path` whose answer mentions `text` (the client keeps each answer
 * without holding the screen up; a full navigation right after it would end the write).
 */
async function keptHas(page, path, text) {
  await page.waitForFunction(
    ([p, t]) =>
      new Promise((resolve) => {
        const req = globalThis.indexedDB.open('hearth-phone', 1);
        req.onerror = () => resolve(false);
        req.onsuccess = () => {
          const all = req.result.transaction('reads').objectStore('reads').getAll();
          all.onsuccess = () => resolve(all.result.some((r) => r.key.includes(`|${p}|`) && JSON.stringify(r.data).includes(t)));
          all.onerror = () => resolve(false);
        };
      }),
    [path, text],
  );
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
    // Counted once every card is drawn (the first screen's cards come first, the rest right after).
    await page.locator('[data-testid="emar-page"][data-drawn="all"]').waitFor();
    const residents = await page.getByTestId('emar-resident').count();
    const allergies = await page.getByTestId('emar-allergies').allTextContents();
    await page.goto('/task');
    await page.getByTestId('task-page').waitFor();
    assert.equal(await page.getByTestId('phone-offline-banner').count(), 0, 'no offline line while online');

    // No network: the app opens from the worker and shows what was kept, saying since when.
    await page.context().setOffline(true);
    await page.goto('/emars');
    await page.locator('[data-testid="emar-page"][data-drawn="all"]').waitFor();
    assert.equal(await page.getByTestId('emar-resident').count(), residents);
    assert.deepEqual(await page.getByTestId('emar-allergies').allTextContents(), allergies);
    assert.match(await page.getByTestId('phone-offline-banner').textContent(), /^Offline — saved on this phone at \d{1,2}:\d\d [AP]M$/);
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

  test('writes made offline are kept on the phone, sent once when the network is back, a conflict names who and when', async () => {
    const { call, apiSignInWithCode } = apiClient('e2e-phone-offline');
    const caregiver = await apiSignIn('caregiver_maple1');
    const admin = await apiSignInWithCode('admin_maple', 'admin@maple.example');
    const readDay = () => call(caregiver, '/care/medication/listMedicationLog', { method: 'POST', body: {} });
    const today = await readDay();
    // Three new orders of a resident at home, each with one pass open now on Maple House's clock (from a
    // minute ahead, or in the last hour before midnight from 55 minutes back, as the eMAR journey does).
    const home = await call(admin, '/care/resident/listResidentByPage', { method: 'POST', body: { current: 1, size: 100, data: { status: 'NORMAL' } } });
    const atHome = new Set(home.records.map((r) => r.residentId));
    const resident = today.residents.find((r) => atHome.has(r.residentId) && r.name !== 'Margaret Olsen');
    const clock = (ms) => {
      const f = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
      return f.format(new Date(ms));
    };
    const start = today.now + (Number(clock(today.now).slice(0, 2)) === 23 ? -55 : 1) * 60_000;
    const tag = Date.now().toString(36).slice(-5);
    const orders = {};
    for (const [key, name, i] of [['give', `Folic acid ${tag}`, 0], ['refuse', `Vitamin D ${tag}`, 1], ['conflict', `Senna ${tag}`, 2]]) {
      orders[key] = await call(admin, '/care/medication/save', {
        method: 'POST',
        body: { residentId: resident.residentId, type: 'ROUTINE', route: 'ORAL', startDate: today.day, physician: 'Dr. Sarah Whitfield', name, dose: '1 tab', times: [clock(start + (5 + i * 5) * 60_000)] },
      });
    }
    const passOf = (day, key) => day.residents.flatMap((r) => r.passes).find((p) => p.medicationId === orders[key].medicationId);
    const fresh = await readDay();
    const passes = { give: passOf(fresh, 'give'), refuse: passOf(fresh, 'refuse'), conflict: passOf(fresh, 'conflict') };
    // A task of the caregiver due now.
    const carers = await call(admin, '/care/caregiver/listCaregiverBaseInfoByPage', { method: 'POST', body: { current: 1, size: 100 } });
    const amina = carers.records.find((c) => c.name === 'Amina Njoroge');
    const taskTitle = `Fold laundry ${tag}`;
    const due = clock(Date.now() - 5 * 60_000);
    await call(admin, '/care/taskInfo/createTask', {
      method: 'POST',
      body: { title: taskTitle, residentId: resident.residentId, caregiverId: amina.userId, type: 'ROUTINE', area: 'HYGIENE', frequency: 'ONCE', timeOfDay: due, startDate: today.day, content: 'Fold and put away' },
    });
    const noteText = `Written offline ${tag}: calm afternoon, drank two glasses of water.`;

    const page = await open({ consoleErrors: false, serviceWorkers: 'allow' });
    await signIn(page, 'caregiver_maple1');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await controlled(page);
    const item = (p, passId) => p.locator(`[data-testid="emar-pass"][data-pass-id="${passId}"]`);
    // Online first: the day, the tasks and the residents to write notes for are kept on the phone.
    await page.goto('/emars?session=all&done=1');
    await item(page, passes.give.passId).waitFor();
    await keptHas(page, '/care/medication/listMedicationLog', passes.conflict.passId);
    await page.goto('/task?session=all');
    await page.locator(`[data-testid="task-record"][data-title="${taskTitle}"]`).waitFor();
    await keptHas(page, '/care/taskInfo/listTodayTask', taskTitle);
    await page.goto('/resident/write-notes');
    await page.getByTestId('write-card').first().waitFor();
    await keptHas(page, '/care/resident/listResidentByPage', resident.residentId);

    // No network: two passes logged (one refused), a task completed, a note written.
    await page.context().setOffline(true);
    await page.goto('/emars?session=all&done=1');
    await item(page, passes.give.passId).click();
    await page.getByTestId('outcome-GIVEN').check();
    await page.getByTestId('pass-save').click();
    await toastSays(page, 'Saved on this phone. It will be sent when the connection is back.');
    await page.getByTestId('pass-dialog').waitFor({ state: 'hidden' });
    await page.locator(`[data-testid="emar-pass"][data-pass-id="${passes.give.passId}"][data-queued="true"]`).waitFor();
    await item(page, passes.refuse.passId).click();
    await page.getByTestId('outcome-REFUSED').check();
    await page.getByTestId('pass-reason').fill('Said she would take it after lunch');
    await page.getByTestId('pass-save').click();
    await page.getByTestId('pass-dialog').waitFor({ state: 'hidden' });
    await page.locator('[data-testid="phone-outbox"][data-count="2"]').waitFor();
    // Meanwhile an admin logs the third pass from another device; this phone does not know it and logs it too.
    const theirs = await call(admin, '/care/medication/logPass', { method: 'POST', body: { passId: passes.conflict.passId, clientId: `admin-${tag}-0001`, outcome: 'GIVEN' } });
    await item(page, passes.conflict.passId).click();
    await page.getByTestId('outcome-GIVEN').check();
    await page.getByTestId('pass-save').click();
    await page.getByTestId('pass-dialog').waitFor({ state: 'hidden' });
    await page.locator('[data-testid="phone-outbox"][data-count="3"]').waitFor();

    await page.goto('/task?session=all');
    const task = page.locator(`[data-testid="task-record"][data-title="${taskTitle}"]`);
    await task.getByTestId('task-complete').click();
    await page.getByRole('dialog').getByTestId('task-comment').fill('Folded and put away in the wardrobe');
    await page.getByRole('dialog').getByTestId('task-complete-submit').click();
    await toastSays(page, 'Saved on this phone');
    await page.locator('[data-testid="phone-outbox"][data-count="4"]').waitFor();

    await page.goto('/resident/write-notes');
    const card = page.locator(`[data-testid="write-card"][data-resident-id="${resident.residentId}"]`);
    await card.locator('select').selectOption('NUTRITION_HYDRATION');
    await card.locator('textarea').fill(noteText);
    await page.getByTestId('write-submit').click();
    await page.locator('[data-testid="phone-outbox"][data-count="5"]').waitFor();
    await page.getByTestId('phone-outbox').getByRole('button', { name: 'Show' }).click();
    assert.deepEqual(await page.getByTestId('phone-outbox-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind'))), ['pass', 'pass', 'pass', 'task', 'note']);
    await page.__audits.flush();

    // The page is closed and opened again with no network: the worker serves the app, the writes are there.
    const context = page.context();
    await page.close();
    const again = await context.newPage();
    again.setDefaultTimeout(15_000);
    watchPages(again, []);
    await again.goto('/emars?session=all&done=1');
    await again.locator('[data-testid="phone-outbox"][data-count="5"]').waitFor();
    await again.locator(`[data-testid="emar-pass"][data-pass-id="${passes.refuse.passId}"][data-queued="true"]`).waitFor();

    // The network is back: everything goes, in order; the pass the admin logged first is a conflict naming them.
    await context.setOffline(false);
    const problem = again.getByTestId('phone-outbox-problem');
    await problem.waitFor({ timeout: 30_000 });
    await again.getByTestId('phone-outbox').waitFor({ state: 'detached', timeout: 30_000 });
    assert.equal(await problem.getAttribute('data-state'), 'CONFLICT');
    // The home's clock as the app writes it in English: 3:08 AM, 11:40 PM.
    assert.match(await problem.textContent(), new RegExp(`logged first by ${theirs.staffName} at \\d{1,2}:\\d\\d [AP]M\\.`));
    await again.locator(`[data-testid="emar-pass"][data-pass-id="${passes.conflict.passId}"] [data-testid="pass-local-conflict"]`).waitFor();
    await problem.getByTestId('phone-outbox-seen').click();
    await problem.waitFor({ state: 'detached' });

    // On the server, once each.
    const after = await readDay();
    assert.equal(passOf(after, 'give').outcome, 'GIVEN');
    assert.equal(passOf(after, 'give').staffName, 'Amina Njoroge');
    assert.equal(passOf(after, 'refuse').outcome, 'REFUSED');
    assert.equal(passOf(after, 'conflict').staffName, theirs.staffName);
    for (const key of ['give', 'refuse', 'conflict']) {
      const logs = await call(caregiver, '/care/medication/listMedicationRecordByPage', { method: 'POST', body: { current: 1, size: 10, data: { medicationId: orders[key].medicationId } } });
      assert.equal(logs.total, 1, `${key}: one log`);
    }
    const tasks = await call(caregiver, '/care/taskInfo/listTodayTask', { method: 'POST', body: {} });
    const done = tasks.records.filter((r) => r.title === taskTitle);
    assert.equal(done.length, 1);
    assert.equal(done[0].status, 'COMPLETED');
    assert.equal(done[0].completedByName, 'Amina Njoroge');
    const notes = await call(caregiver, '/care/progressNote/listProgressNoteByPage', { method: 'POST', body: { current: 1, size: 20, data: { residentId: resident.residentId } } });
    assert.equal(notes.records.filter((n) => n.notes === noteText).length, 1, 'the note is stored once');
  });
});

