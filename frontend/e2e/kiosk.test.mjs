// The door kiosk in the desktop shell (issue 6), against `hearth-desktop --serve ADDR` already set up in kiosk
// mode; it runs only when HEARTH_DESKTOP_URL names that address. Expected state (a runner script makes it):
//   - a cloud `hearth serve` freshly seeded with `hearth seed --demo` (Maple House AFH; Amina Njoroge PIN 2468,
//     Wei Chen PIN 1357, nobody clocked in, no wrong PINs counted);
//   - `hearth-desktop --serve ADDR` whose settings hold that cloud's URL and the demo kiosk credential
//     (POST /api/desktop/cloud, then /api/desktop/kiosk/setup with any exit PIN): mode KIOSK, online;
//   - ADDR serves the UI at / with the SPA fallback (/kiosk answers index.html) and /api/ as in the window.
// The page has no Wails bindings there, so the journey opens it with ?shell=desktop once (kept for the tab).
// Each run uses one of Wei's five wrong-PIN attempts and punches Amina once (in on a fresh seed).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, newPage, screenshot } from './support.mjs';

const DESKTOP_URL = (process.env.HEARTH_DESKTOP_URL || '').replace(/\/$/, '');
const skip = DESKTOP_URL ? false : 'HEARTH_DESKTOP_URL is not set: start `hearth-desktop --serve ADDR` in kiosk mode and point it there';

/** KioskConfirmSeconds (shared/desktop.go). */
const CONFIRM_MS = 5000;

let browser;
let context;
let page;
let problems = [];

/** The name button of one caregiver on the start screen. */
const person = (name) => page.getByRole('button', { name, exact: true });

async function startScreen() {
  await page.locator('[data-testid="kiosk"][data-step="start"]').waitFor();
  await page.getByTestId('kiosk-caregiver').first().waitFor();
}

describe('Door kiosk (desktop shell)', { skip }, () => {
  before(async () => {
    browser = await launchBrowser();
    // Touch and keyboard both: the journey taps like a finger and types like a keyboard-only user.
    ({ context, page, problems } = await newPage(browser, { baseURL: DESKTOP_URL, hasTouch: true }));
  });

  after(async () => {
    await context?.close();
    await browser?.close();
    assert.deepEqual(problems, [], 'the page logged errors');
  });

  test('1. the start screen lists the caregivers, and no other page opens', async () => {
    await page.goto('/?shell=desktop');
    await page.waitForURL('**/kiosk');
    await startScreen();
    await person('Amina Njoroge').waitFor();
    await person('Wei Chen').waitFor();
    await page.getByTestId('kiosk-clock').waitFor();
    assert.match(await page.getByTestId('kiosk-status').innerText(), /Online|Offline/);
    await screenshot(page, 'kiosk-start');

    // Kiosk mode: any address leads back to /kiosk, signed in or not.
    await page.goto('/staff-management');
    await page.waitForURL('**/kiosk');
    await page.goto('/login');
    await page.waitForURL('**/kiosk');
    await startScreen();
  });

  let aminaWasOnShift;
  let confirmedAt;

  test('2. keyboard only: a letter focuses Amina, Enter, 2468, Enter → clocked in', async () => {
    aminaWasOnShift = (await person('Amina Njoroge').getAttribute('data-on-shift')) === 'yes';
    await page.keyboard.press('a');
    assert.equal(await page.evaluate(() => globalThis.document.activeElement?.getAttribute('data-name')), 'Amina Njoroge');
    await page.keyboard.press('Enter');
    await page.getByTestId('kiosk-pin-pad').waitFor();
    await page.keyboard.type('2469');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('8');
    assert.equal(await page.getByTestId('kiosk-pin-dots').getAttribute('data-length'), '4');
    assert.doesNotMatch(await page.getByTestId('kiosk').innerText(), /2468/, 'the PIN shows only as dots');
    await page.keyboard.press('Enter');

    const confirmation = page.getByTestId('kiosk-confirmation');
    await confirmation.waitFor();
    confirmedAt = Date.now();
    const words = aminaWasOnShift ? 'clocked out' : 'clocked in';
    assert.match(await confirmation.innerText(), new RegExp(`Amina Njoroge — ${words} at \\d{1,2}:\\d{2}`));
    assert.equal(await confirmation.getAttribute('data-queued'), 'no', 'the kiosk is online: the punch reached the cloud');
    await screenshot(page, 'kiosk-clocked-in');
  });

  test('3. after 5 s the start screen is back with nothing of Amina left', async () => {
    await startScreen();
    const shown = Date.now() - confirmedAt;
    assert.ok(shown >= CONFIRM_MS - 500, `the confirmation stayed ${shown} ms`);
    assert.equal(await page.getByTestId('kiosk-confirmation').count(), 0);
    assert.equal(await page.getByTestId('kiosk-pin-pad').count(), 0);
    assert.doesNotMatch(await page.locator('body').innerText(), /clocked (in|out) at/);
    // The start screen was asked again: Amina's marker follows her punch.
    await page.locator(`[data-name="Amina Njoroge"][data-on-shift="${aminaWasOnShift ? 'no' : 'yes'}"]`).waitFor();
    await screenshot(page, 'kiosk-start-again');
  });

  test('4. touch: Wei with a wrong PIN is told how many attempts are left', async () => {
    await person('Wei Chen').tap();
    await page.getByTestId('kiosk-pin-pad').waitFor();
    for (const d of '2580') await page.getByTestId(`kiosk-pin-digit-${d}`).tap();
    assert.equal(await page.getByTestId('kiosk-pin-dots').getAttribute('data-length'), '4');
    await page.getByTestId('kiosk-pin-ok').tap();
    const error = page.getByTestId('kiosk-error');
    await error.waitFor();
    assert.equal(await error.getAttribute('data-error'), 'wrongPin');
    assert.match(await error.innerText(), /Wrong PIN\. Attempts left: \d/);
    assert.equal(await page.getByTestId('kiosk-pin-dots').getAttribute('data-length'), '0', 'the wrong PIN is cleared');
    await screenshot(page, 'kiosk-wrong-pin');

    await page.getByTestId('kiosk-pin-back').tap();
    await startScreen();
  });

  test('5. "Leave kiosk mode" asks for the exit PIN; Cancel stays on the kiosk', async () => {
    await page.getByTestId('kiosk-leave').tap();
    await page.getByTestId('kiosk-leave-dialog').waitFor();
    await page.getByRole('button', { name: 'Cancel', exact: true }).tap();
    await page.getByTestId('kiosk-leave-dialog').waitFor({ state: 'detached' });
    await startScreen();
  });
});
