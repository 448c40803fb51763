// Staff, credentials, attendance and requests end to end (issue 5): the owner adds a caregiver, the invite
// link is read from the development outbox, the caregiver sets a password and a kiosk PIN, clocks in and
// out in the browser and asks for leave; the owner approves it, sees the punches, and a credential upload
// on the staff detail turns an overdue checklist item green; the attendance overview shows everyone's week.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { computeSign } from '../src/lib/api/signing.js';
import { png } from './images.mjs';
import {
  apiSignIn,
  BASE_URL,
  enterEmailedCode,
  launchBrowser,
  newPage,
  openMenu,
  screenshot,
  submitAccount,
} from './support.mjs';

const stamp = String(Date.now()).slice(-6);
const NEW = {
  name: `Rosa Test ${stamp}`,
  account: `rosa_${stamp}`,
  email: `rosa.${stamp}@maple.example`,
  phone: `206555${stamp.slice(-4)}00`,
  password: 'Rosa@2026x',
  pin: '4826',
};

/** YYYY-MM-DD of today plus `days` (the browser's day; the checks below leave slack for the zone). */
function day(days) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The invite link e-mailed to `to`, read from the development outbox as the super admin. */
async function inviteLink(to, since) {
  const token = await apiSignIn('superadmin');
  for (let i = 0; i < 50; i++) {
    const t = Date.now();
    const path = '/system/dev/outbox';
    const res = await fetch(`${BASE_URL}/api${path}?t=${t}&to=${encodeURIComponent(to)}`, {
      headers: { Authorization: `Bearer ${token}`, Sign: computeSign(token, t, path), 'X-Device-Id': 'e2e-staff' },
    });
    const env = await res.json();
    const mails = (env.data ?? []).filter((m) => m.sentTime >= since - 2000).sort((a, b) => b.sentTime - a.sentTime);
    const link = mails[0]?.body.match(/https?:\/\/\S+\/change-password\?token=[A-Za-z0-9_\-%.~]+/)?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no invite link for ${to} in the development outbox`);
}

let browser;
let owner; // the owner's page, kept signed in through the journey
let caregiver;
const contexts = [];

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  for (const c of contexts) await c.context.close();
  await browser?.close();
  for (const c of contexts) assert.deepEqual(c.problems, [], 'the page logged errors');
});

async function open() {
  const c = await newPage(browser);
  contexts.push(c);
  return c.page;
}

describe('Staff, attendance and requests', () => {
  test('1. the owner adds a caregiver and is told an invite was sent', async () => {
    owner = await open();
    await owner.goto('/login');
    await submitAccount(owner, 'owner_evergreen');
    await owner.getByRole('heading', { name: 'Choose a facility' }).waitFor();
    const since = Date.now();
    await owner.getByRole('button', { name: 'Maple House AFH' }).click();
    await enterEmailedCode(owner, 'owner@evergreen.example', since);
    await owner.waitForURL('**/dashboard');

    await openMenu(owner);
    await owner.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Staff management' }).click();
    await owner.waitForURL('**/staff-management');
    await owner.getByTestId('staff-row').first().waitFor();
    await screenshot(owner, 'staff-list');

    await owner.getByTestId('add-staff').click();
    await owner.waitForURL('**/staff-management/add');
    await owner.getByLabel('Name', { exact: true }).fill(NEW.name);
    await owner.getByLabel('Account').fill(NEW.account);
    await owner.getByLabel('E-mail').fill(NEW.email);
    await owner.getByLabel('Phone').fill(NEW.phone);
    // Hired two months ago: CPR (30 days) and the first TB step (3 days) are overdue by now.
    await owner.getByLabel('Hire date').fill(day(-60));
    await owner.getByLabel('Date of birth').fill('1990-03-15');
    // The live duplicate check answers for a demo account.
    await owner.getByLabel('Account').fill('caregiver_maple1');
    await owner.getByText('Already used by someone else').waitFor();
    await owner.getByLabel('Account').fill(NEW.account);
    await screenshot(owner, 'staff-add');
    const sent = Date.now();
    await owner.getByTestId('staff-submit').click();
    const callout = owner.getByTestId('invite-sent');
    await callout.waitFor();
    assert.match(await callout.textContent(), new RegExp(`invite e-mail was sent to ${NEW.email.replace(/\./g, '\\.')}`));
    await screenshot(owner, 'staff-added');

    NEW.link = await inviteLink(NEW.email, sent);
    assert.match(NEW.link, /\/change-password\?token=/);
  });

  test('2. the new caregiver sets a password from the e-mailed link and a kiosk PIN', async () => {
    caregiver = await open();
    const url = new URL(NEW.link);
    await caregiver.goto(url.pathname + url.search);
    await caregiver.locator('#new-password').fill(NEW.password);
    await caregiver.locator('#confirm-password').fill(NEW.password);
    await caregiver.getByRole('button', { name: 'Change password' }).click();
    await caregiver.waitForURL('**/login?changed=1');
    await submitAccount(caregiver, NEW.account, NEW.password);
    await caregiver.waitForURL('**/dashboard');

    await openMenu(caregiver);
    await caregiver.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Your status' }).click();
    await caregiver.waitForURL('**/your-status');
    await caregiver.getByTestId('pin-state').getByText('No PIN yet', { exact: false }).waitFor();
    await caregiver.getByTestId('pin-open').click();
    await caregiver.getByLabel('New PIN').fill('12');
    await caregiver.getByLabel('Type the PIN again').fill('12');
    await caregiver.getByTestId('pin-save').click();
    await caregiver.getByText('The PIN has 4 to 6 digits').waitFor();
    // A guessable PIN is refused before it is sent (the server refuses it too).
    await caregiver.getByLabel('New PIN').fill('1234');
    await caregiver.getByLabel('Type the PIN again').fill('1234');
    await caregiver.getByTestId('pin-save').click();
    await caregiver.getByText('Too easy to guess', { exact: false }).waitFor();
    await caregiver.getByLabel('New PIN').fill(NEW.pin);
    await caregiver.getByLabel('Type the PIN again').fill(NEW.pin);
    await caregiver.getByTestId('pin-save').click();
    await caregiver.getByTestId('pin-state').getByText('Your PIN is set', { exact: false }).waitFor();
  });

  test('3. the caregiver clocks in and out in the browser', async () => {
    const card = caregiver.getByTestId('clock-card');
    await caregiver.locator('[data-testid="clock-card"][data-on-shift="no"]').waitFor();
    assert.equal((await caregiver.getByTestId('clock-button').textContent()).trim(), 'Clock in');
    // A double click is one punch: the button is busy until the server answered.
    await caregiver.getByTestId('clock-button').dblclick();
    await caregiver.locator('[data-testid="clock-card"][data-on-shift="yes"]').waitFor();
    assert.match(await caregiver.getByTestId('clock-state').textContent(), /On shift since/);
    assert.equal((await caregiver.getByTestId('clock-button').textContent()).trim(), 'Clock out');
    await screenshot(caregiver, 'your-status-on-shift');
    await caregiver.getByTestId('clock-button').click();
    await caregiver.locator('[data-testid="clock-card"][data-on-shift="no"]').waitFor();
    assert.match(await card.textContent(), /Off shift since/);
    assert.match(await caregiver.getByTestId('week-hours').textContent(), /\d+ h \d+ min/);
  });

  test('4. the caregiver asks for leave and sees it pending', async () => {
    await caregiver.getByLabel('Type', { exact: true }).selectOption('LEAVE');
    await caregiver.locator('#request-start').fill(day(3));
    await caregiver.locator('#request-start-time').fill('08:00');
    await caregiver.locator('#request-end').fill(day(3));
    await caregiver.locator('#request-end-time').fill('07:00');
    await caregiver.getByLabel('Reason').fill('Family visit');
    await caregiver.getByTestId('request-submit').click();
    await caregiver.getByText('The end must be after the start').waitFor();
    await caregiver.locator('#request-end').fill(day(3));
    await caregiver.locator('#request-end-time').fill('16:00');
    await caregiver.getByTestId('request-submit').click();
    const row = caregiver.getByTestId('request-history').getByTestId('request-row').filter({ hasText: 'Family visit' });
    await row.waitFor();
    assert.equal(await row.getByTestId('request-status').getAttribute('data-status'), 'PENDING');
    // Own credentials and what is due show here too.
    await caregiver.getByTestId('credential-checklist').getByTestId('checklist-item').first().waitFor();
    await screenshot(caregiver, 'your-status');
  });

  test('5. the owner approves the leave', async () => {
    await owner.goto('/staff-management?tab=requests');
    const pending = owner.getByTestId('pending-requests').getByTestId('request-row').filter({ hasText: NEW.name });
    await pending.waitFor();
    await screenshot(owner, 'staff-requests');
    await pending.getByTestId('approve').click();
    await owner.getByLabel('Comment').fill('Enjoy');
    await owner.getByTestId('decision-submit').click();
    await pending.waitFor({ state: 'detached' });
    const decided = owner.getByTestId('request-history').getByTestId('request-row').filter({ hasText: NEW.name });
    await decided.locator('[data-status="APPROVED"]').first().waitFor();
    assert.match(await decided.first().textContent(), /Enjoy/);

    // The caregiver sees the decision.
    await caregiver.reload();
    const mine = caregiver.getByTestId('request-history').getByTestId('request-row').filter({ hasText: 'Family visit' });
    await mine.locator('[data-status="APPROVED"]').waitFor();
  });

  test('6. a credential upload on the staff detail turns an overdue item green', async () => {
    await owner.goto('/staff-management');
    await owner.locator(`[data-testid="staff-row"][data-account="${NEW.account}"]`).getByRole('link', { name: NEW.name }).click();
    await owner.waitForURL('**/staff-management/detail/**');
    await owner.getByRole('heading', { name: NEW.name }).waitFor();
    const cpr = owner.locator('[data-testid="checklist-item"][data-rule="CPR_FIRST_AID"]');
    await cpr.waitFor();
    assert.equal(await cpr.getAttribute('data-state'), 'OVERDUE');
    assert.match(await cpr.getByTestId('credential-state').textContent(), /Overdue/);
    await screenshot(owner, 'staff-detail-before');

    await owner.getByTestId('upload-credential').click();
    const dialog = owner.getByTestId('credential-upload');
    await dialog.getByLabel('Type', { exact: true }).selectOption('CPR_FIRST_AID');
    await dialog.getByLabel('Issue or completion date').fill(day(-1));
    await dialog.getByLabel('Expiry date').fill(day(700));
    await dialog.getByTestId('credential-file-input').setInputFiles({ name: 'cpr-card.png', mimeType: 'image/png', buffer: png(160, 120) });
    await dialog.getByTestId('chosen-file').waitFor();
    await dialog.getByTestId('credential-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await owner.locator('[data-testid="checklist-item"][data-rule="CPR_FIRST_AID"][data-state="OK"]').waitFor();
    assert.match(await cpr.getByTestId('credential-state').textContent(), /OK/);
    await owner.getByTestId('credential-record').filter({ hasText: 'cpr-card.png' }).waitFor();
    await screenshot(owner, 'staff-detail-after');

    // The punches from the browser are on the staff detail: exactly two, the double click made one.
    await owner.getByRole('tab', { name: 'Attendance' }).click();
    await owner.getByTestId('attendance-panel').getByTestId('punch-row').first().waitFor();
    assert.equal(await owner.getByTestId('attendance-panel').getByTestId('punch-row').count(), 2);
    await screenshot(owner, 'staff-detail-attendance');
  });

  test('7. the owner registers a door kiosk, sees its credential once, and revokes it', async () => {
    await owner.goto('/staff-management?tab=kiosks');
    const panel = owner.getByTestId('kiosk-devices');
    await panel.getByRole('button', { name: 'Register a kiosk' }).click();
    await owner.getByLabel('Device name').fill(`Back door ${stamp}`);
    await owner.getByRole('dialog').getByRole('button', { name: 'Register a kiosk' }).click();
    const credential = owner.getByLabel('Kiosk credential');
    await credential.waitFor();
    assert.ok((await credential.inputValue()).length >= 20, 'a long-lived credential is shown');
    await screenshot(owner, 'staff-kiosk-credential');
    await owner.getByRole('button', { name: 'Done' }).click();
    const row = panel.locator('tr').filter({ hasText: `Back door ${stamp}` });
    await row.getByText('Active').waitFor();
    await row.getByRole('button', { name: 'Revoke' }).click();
    await owner.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('Revoked').waitFor();
  });

  test("8. the attendance tab shows everyone's hours per week, with the late punches, and opens a person", async () => {
    await owner.goto('/staff-management');
    await owner.getByRole('tab', { name: 'Attendance' }).click();
    await owner.waitForURL(/\/staff-management\?tab=attendance$/);
    const overview = owner.getByTestId('attendance-overview');
    const row = (name) => overview.getByTestId('overview-row').filter({ hasText: name });
    // This week: the demo caregivers and the new caregiver, whose two punches made a shift.
    for (const name of ['Amina Njoroge', 'Wei Chen', NEW.name]) await row(name).waitFor();
    assert.equal(await overview.getByTestId('week-next').isDisabled(), true, 'no week after this one');
    assert.equal(await row('Amina Njoroge').getByTestId('overview-day').count(), 7);
    const thisWeekLabel = await overview.getByTestId('week-label').textContent();
    let late = await overview.getByTestId('overview-late').count();
    await screenshot(owner, 'staff-attendance-this-week');

    // Last week is a full demo week: both caregivers worked, and the totals read as hours.
    await overview.getByTestId('week-prev').click();
    await overview.getByTestId('week-label').filter({ hasNotText: thisWeekLabel }).waitFor();
    await row('Amina Njoroge').waitFor();
    for (const name of ['Amina Njoroge', 'Wei Chen']) {
      const total = await row(name).getByTestId('overview-total').textContent();
      assert.match(total, /^\d+ h \d+ min \(\d+\.\d\d h\)$/);
      assert.ok(parseFloat(total.match(/\((\d+\.\d\d) h\)/)[1]) >= 16, `${name} worked last week: ${total}`);
    }
    assert.equal((await row(NEW.name).count()) === 0 || /^0 h 0 min/.test(await row(NEW.name).getByTestId('overview-total').textContent()), true);
    late += await overview.getByTestId('overview-late').count();
    // The demo's kiosk punches synced the next morning are flagged, with words and not colour alone.
    assert.ok(late >= 1, 'a late (offline) punch is flagged this week or last');
    await screenshot(owner, 'staff-attendance-last-week');

    // The week as CSV for payroll, named after the home and the week, a total per person in decimal hours.
    const [download] = await Promise.all([owner.waitForEvent('download'), overview.getByTestId('attendance-export').click()]);
    assert.match(download.suggestedFilename(), /^attendance_maple-house-afh_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    assert.equal(csv.split('\n')[0], 'Caregiver,Date,Hours,Still clocked in');
    assert.match(csv, /Wei Chen,Total,\d+\.\d\d,/);

    // A name opens that person's attendance tab.
    await row('Wei Chen').getByTestId('overview-name').click();
    await owner.waitForURL(/\/staff-management\/detail\/[^/?]+\?tab=attendance$/);
    await owner.getByRole('heading', { name: 'Wei Chen' }).waitFor();
    await owner.getByTestId('attendance-panel').getByTestId('punch-row').first().waitFor();
  });
});
