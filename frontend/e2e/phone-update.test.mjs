// A new version of the phone app arrives while a caregiver is charting (issue 34). The new build's service
// worker installs and waits; the app offers "A new version of Hearth is ready. Reload to update" without
// reloading, and the med pass form she is typing into stays as it is. Pressing Reload to update while the
// form is open says the new version loads when the form is finished or closed; saving the pass then lets
// the new worker take over and the app reloads, with the pass stored once.
//
// How the new version is made to arrive: the hearth binary embeds one build, so the journey needs a second
// worker script. Playwright's context.route('**/sw.js') (and a browser-level DevTools Fetch interception)
// is not asked for the worker's update check — Chromium fetches the script in the browser process, outside
// both — so a changed /sw.js cannot be served that way. Instead the page registers the same build's worker
// under a new script URL (/sw.js?v=…, which the server answers with sw.js): for the browser that is a new
// worker version for the same scope, and the open page sees exactly what it sees when a deploy's changed
// /sw.js is found (an update found long after its own registration, installed, waiting).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiClient, apiSignIn, pagePerTest, screenshot, signIn, toastSays } from './support.mjs';

const open = pagePerTest();

/** Waits until the service worker controls the page (it does from the first navigation after it activated). */
async function controlled(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'the service worker controls the page');
}

describe('phone app update', () => {
  test('a new version waits while a pass form is open, and the typed reason is kept', async () => {
    const { call, apiSignInWithCode } = apiClient('e2e-phone-update');
    const caregiver = await apiSignIn('caregiver_maple1');
    const admin = await apiSignInWithCode('admin_maple', 'admin@maple.example');
    const today = await call(caregiver, '/care/medication/listMedicationLog', { method: 'POST', body: {} });
    // A new order of a resident at home with one pass open now on Maple House's clock (from a minute ahead,
    // or in the last hour before midnight from 55 minutes back, as the eMAR journey does).
    const home = await call(admin, '/care/resident/listResidentByPage', { method: 'POST', body: { current: 1, size: 100, data: { status: 'NORMAL' } } });
    const atHome = new Set(home.records.map((r) => r.residentId));
    const resident = today.residents.find((r) => atHome.has(r.residentId) && r.name !== 'Margaret Olsen');
    const clock = (ms) =>
      new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(ms));
    const start = today.now + (Number(clock(today.now).slice(0, 2)) === 23 ? -55 : 1) * 60_000;
    const tag = Date.now().toString(36).slice(-5);
    const order = await call(admin, '/care/medication/save', {
      method: 'POST',
      body: { residentId: resident.residentId, type: 'ROUTINE', route: 'ORAL', startDate: today.day, physician: 'Dr. Sarah Whitfield', name: `Calcium ${tag}`, dose: '1 tab', times: [clock(start + 5 * 60_000)] },
    });
    const day = await call(caregiver, '/care/medication/listMedicationLog', { method: 'POST', body: {} });
    const pass = day.residents.flatMap((r) => r.passes).find((p) => p.medicationId === order.medicationId);
    const reason = `Said she would take it after lunch ${tag}`;

    const page = await open({ serviceWorkers: 'allow' });
    await signIn(page, 'caregiver_maple1');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await controlled(page);

    // She opens the pass and starts typing why it was refused.
    await page.goto('/emars?session=all&done=1');
    await page.locator(`[data-testid="emar-pass"][data-pass-id="${pass.passId}"]`).click();
    const dialog = page.getByTestId('pass-dialog');
    await dialog.waitFor();
    await page.getByTestId('outcome-REFUSED').check();
    await page.getByTestId('pass-reason').fill(reason);
    // A mark on this document: a reload would lose it.
    await page.evaluate(() => {
      globalThis.__sameDocument = true;
    });

    // A new version of the worker arrives and is checked for (registration.update()).
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.register(`/sw.js?v=${Date.now()}`);
      await registration.update();
    });
    await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting), null, { timeout: 60_000 });

    // The offer appears; nothing reloaded, the form and what she typed are there.
    const offer = page.locator('.bp6-toast').filter({ hasText: 'A new version of Hearth is ready.' });
    await offer.waitFor();
    await screenshot(page, 'phone-update-offer');
    assert.equal(await page.evaluate(() => globalThis.__sameDocument === true), true, 'the page was not reloaded');
    await dialog.waitFor();
    assert.equal(await page.getByTestId('pass-reason').inputValue(), reason);
    assert.equal(await page.getByTestId('outcome-REFUSED').isChecked(), true);

    // She presses Reload to update with the form still open: the update waits for the form.
    await offer.getByRole('button', { name: 'Reload to update' }).click();
    await toastSays(page, 'The new version loads when you finish or close this form.');
    await page.waitForTimeout(1_500);
    assert.equal(await page.evaluate(() => globalThis.__sameDocument === true), true, 'the page was not reloaded');
    assert.equal(await page.getByTestId('pass-reason').inputValue(), reason);
    assert.ok(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)), 'the new worker still waits');
    await screenshot(page, 'phone-update-deferred');

    // She saves the pass: then the new version takes over and the app loads again.
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await page.getByTestId('pass-save').click();
    await reloaded;
    await page.locator(`[data-testid="emar-pass"][data-pass-id="${pass.passId}"]`).waitFor();
    assert.equal(await page.evaluate(() => globalThis.__sameDocument), undefined, 'the app reloaded after the save');
    assert.match(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''), /\/sw\.js\?v=/, 'the new worker controls the page');

    // The pass is stored once, refused with her reason.
    const logs = await call(caregiver, '/care/medication/listMedicationRecordByPage', { method: 'POST', body: { current: 1, size: 10, data: { medicationId: order.medicationId } } });
    assert.equal(logs.total, 1, 'one log');
    const after = await call(caregiver, '/care/medication/listMedicationLog', { method: 'POST', body: {} });
    const logged = after.residents.flatMap((r) => r.passes).find((p) => p.passId === pass.passId);
    assert.equal(logged.outcome, 'REFUSED');
    await page.__audits.flush();
  });
});
