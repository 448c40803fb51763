// Residents end to end (issue 4): admin_maple adds a resident, uploads an assessment PDF, adds two
// contacts, sends the resident out and back, downloads the resident's audit trail as CSV, and moves another
// resident out by retyping the name;
// caregiver_maple1 then sees the list and the profile, with no button that writes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { png } from './images.mjs';
import { enterEmailedCode, launchBrowser, newPage, screenshot, submitAccount, toastSays } from './support.mjs';
import { pdf, sizeText } from './files.mjs';

/** The residents strings of a language (the feature's locale fragment). */
const RESIDENTS = Object.fromEntries(
  ['en-US', 'es-ES'].map((lang) => [
    lang,
    JSON.parse(readFileSync(new URL(`../src/features/residents/locales/${lang}.json`, import.meta.url), 'utf8')),
  ]),
);

/** The UI text of a residents key in a language. */
function tr(lang, key) {
  const text = key.split('.').reduce((node, part) => node?.[part], RESIDENTS[lang]);
  if (typeof text !== 'string') throw new Error(`no text for ${key} in ${lang}`);
  return text;
}

/** The tasks feature's Spanish strings: its care plan and upcoming events tabs sit among the profile's. */
const TASKS_ES = JSON.parse(readFileSync(new URL('../src/features/tasks/locales/es-ES.json', import.meta.url), 'utf8'));
/** The medications feature's Spanish strings: its medication tab follows the care plan (eMAR in the plan). */
const MEDICATIONS_ES = JSON.parse(readFileSync(new URL('../src/features/medications/locales/es-ES.json', import.meta.url), 'utf8'));
const CARERECORD_ES = JSON.parse(readFileSync(new URL('../src/features/carerecord/locales/es-ES.json', import.meta.url), 'utf8'));
/** The incidents feature's Spanish strings: its incident reports tab follows upcoming events (premium plan). */
const INCIDENTS_ES = JSON.parse(readFileSync(new URL('../src/features/incidents/locales/es-ES.json', import.meta.url), 'utf8'));

const PDF = pdf('Assessment 2026');

/** Types a YYYY-MM-DDTHH:mm value into a DateTimeInput: the date as YYYY-MM-DD, the time as HH:mm. */
async function fillDateTime(page, selector, value) {
  await page.locator(selector).fill(value.slice(0, 10));
  await page.locator(`${selector}-time`).fill(value.slice(11, 16));
}

/** A `datetime-local` value `days` from now, in the browser's (this machine's) time. */
function localDateTime(days) {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Buttons that write: none may show to a caregiver. */
const WRITE_TEST_IDS = [
  'resident-add',
  'resident-edit',
  'resident-going-out',
  'resident-return',
  'resident-move-out',
  'resident-deceased',
  'contact-add',
  'resident-upload',
  'resident-file-delete',
];

let browser;
const stamp = Date.now().toString(36);
const FIRST = 'Rosa';
const LAST = `Alvarez ${stamp}`;
const NAME = `${FIRST} ${LAST}`;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

async function statusIs(page, status) {
  await page.locator(`[data-testid="resident-detail"] header [data-testid="resident-status"][data-status="${status}"]`).waitFor();
}

async function writeButtonsShown(page) {
  const shown = [];
  for (const id of WRITE_TEST_IDS) if ((await page.getByTestId(id).count()) > 0) shown.push(id);
  return shown;
}

describe('residents', () => {
  test('admin_maple keeps the resident record; caregiver_maple1 reads it', async (t) => {
    const { page, context, problems } = await newPage(browser);
    const since = Date.now();
    await page.goto('/login');
    await submitAccount(page, 'admin_maple');
    await enterEmailedCode(page, 'admin@maple.example', since);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    await t.test('the dashboard counts the residents', async () => {
      await page.goto('/dashboard');
      const active = page.getByTestId('dash-residentsActive-count');
      await active.waitFor();
      assert.match(await active.textContent(), /^\d+$/);
      await screenshot(page, 'residents-dashboard');
    });

    await t.test('the list shows the current residents with their badges', async () => {
      await page.goto('/resident-management');
      await page.getByTestId('resident-row').first().waitFor();
      const statuses = await page.locator('[data-testid="resident-row"] [data-testid="resident-status"]').evaluateAll((els) =>
        els.map((el) => el.getAttribute('data-status')),
      );
      assert.ok(statuses.length >= 1, 'demo residents listed');
      assert.ok(
        statuses.every((s) => s === 'NORMAL' || s === 'GOING_OUT'),
        `moved-out and deceased are hidden by default: ${statuses}`,
      );
      await screenshot(page, 'residents-list-admin');
    });

    await t.test('adding a resident checks the form, then opens the new profile', async () => {
      await page.getByTestId('resident-add').click();
      const form = page.getByTestId('resident-form');
      await form.waitFor();
      await page.getByTestId('resident-save').click();
      await page.getByTestId('resident-form-problem').getByText('Please correct the marked fields.').waitFor();
      assert.ok(await form.getByText('This field is required').first().isVisible(), 'required messages under the fields');
      await page.locator('#resident-firstName').fill(FIRST);
      await page.locator('#resident-lastName').fill(LAST);
      await page.locator('#resident-dob').fill('2999-01-01');
      await page.locator('#resident-room').fill('7');
      await page.getByTestId('resident-save').click();
      await form.getByText('The date of birth must be in the past').waitFor();
      await page.locator('#resident-dob').fill('1941-06-02');
      await page.locator('#resident-phone').fill('123');
      await page.getByTestId('resident-save').click();
      await form.getByText('Between 10 and 20 characters').waitFor();
      await page.locator('#resident-phone').fill('(360) 555-0144');
      await page.locator('#resident-language').selectOption('SPANISH');
      // Height in feet and inches, weight in pounds (en-US); stored metric.
      await page.locator('#resident-height').fill('5');
      await page.locator('#resident-height-inches').fill('2');
      await page.locator('#resident-weight').fill('128');
      await page.locator('#resident-dnr').selectOption('YES');
      await page.locator('#resident-allergies').fill('Penicillin, shellfish');
      await page.locator('#resident-diagnoses').fill('Type 2 diabetes; mild dementia');
      await page.locator('#resident-physician-name').fill('Dr. Helen Park');
      await page.locator('#resident-physician-phone').fill('(360) 555-0190');
      await page.locator('#resident-pharmacy-name').fill('Lakeside Pharmacy');
      await form.getByTestId('resident-photo-input').setInputFiles({ name: 'rosa.png', mimeType: 'image/png', buffer: png(120, 120) });
      await form.locator('.hearth-photo-field img').waitFor();
      await screenshot(page, 'residents-add-form');
      await page.getByTestId('resident-save').click();
      await toastSays(page, 'Resident added');
      await page.waitForURL((url) => url.pathname === '/resident-management/detail' && url.searchParams.has('residentId'));
      await page.getByTestId('resident-name').getByText(NAME).waitFor();
      await statusIs(page, 'NORMAL');
      await page.locator('header [data-testid="badge-dnr"]').waitFor();
      await page.locator('header [data-testid="badge-allergies"]').waitFor();
      assert.equal(await page.getByTestId('profile-room').textContent(), '7');
      // Stored as 157.48 cm and 58.06 kg, shown back in the units it was typed in.
      assert.equal(await page.getByTestId('profile-height').textContent(), '5 ft 2 in');
      assert.equal(await page.getByTestId('profile-weight').textContent(), '128 lb');
      const photo = page.locator('[data-testid="resident-detail"] header .hearth-resident-avatar img');
      await photo.waitFor();
      await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await photo.elementHandle());
      await screenshot(page, 'residents-profile-admin');
    });

    await t.test('editing keeps every other field', async () => {
      await page.getByTestId('resident-edit').click();
      const form = page.getByTestId('resident-form');
      await form.waitFor();
      assert.equal(await page.locator('#resident-allergies').inputValue(), 'Penicillin, shellfish');
      await page.locator('#resident-room').fill('8');
      await page.locator('#resident-diet').fill('Diabetic, soft foods');
      await page.getByTestId('resident-save').click();
      await form.waitFor({ state: 'detached' });
      await page.getByTestId('profile-room').getByText('8', { exact: true }).waitFor();
      await page.getByTestId('profile-diet').getByText('Diabetic, soft foods').waitFor();
      assert.equal(await page.getByTestId('profile-allergies').textContent(), 'Penicillin, shellfish');
      await page.locator('[data-testid="resident-detail"] header .hearth-resident-avatar img').waitFor();
    });

    await t.test('an assessment PDF is uploaded and listed with its size', async () => {
      await page.getByRole('tab', { name: 'Assessment' }).click();
      const tab = page.getByTestId('files-assessment');
      await tab.waitFor();
      await tab.getByTestId('resident-file-input').setInputFiles({ name: 'assessment-2026.pdf', mimeType: 'application/pdf', buffer: PDF });
      const row = tab.getByTestId('resident-file-row').filter({ hasText: 'assessment-2026.pdf' });
      await row.waitFor();
      assert.equal(await row.getByTestId('resident-file-size').textContent(), sizeText(PDF.length));
      assert.match(await row.textContent(), /Assessment/);
      const [popup] = await Promise.all([
        page.waitForEvent('popup'),
        row.getByRole('button', { name: 'Open assessment-2026.pdf' }).click(),
      ]);
      await popup.waitForURL(/\/[0-9a-f-]{36}\?preview=1$/);
      await popup.getByTestId('preview-name').getByText('assessment-2026.pdf').waitFor();
      await popup.close();
      await screenshot(page, 'residents-assessment');
      // Documents lists every category, the assessment among them.
      await page.getByRole('tab', { name: 'Documents' }).click();
      await page.getByTestId('files-documents').getByTestId('resident-file-row').filter({ hasText: 'assessment-2026.pdf' }).waitFor();
    });

    await t.test('a document uploaded by mistake is deleted after a confirmation', async () => {
      const tab = page.getByTestId('files-documents');
      await tab.getByTestId('resident-file-input').setInputFiles({ name: 'wrong-resident.pdf', mimeType: 'application/pdf', buffer: PDF });
      const row = tab.getByTestId('resident-file-row').filter({ hasText: 'wrong-resident.pdf' });
      await row.waitFor();
      await row.getByTestId('resident-file-delete').click();
      assert.match(await page.getByTestId('file-delete-confirm').textContent(), /wrong-resident\.pdf/);
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await row.waitFor({ state: 'detached' });
      await page.getByText('Document deleted').first().waitFor();
      await tab.getByTestId('resident-file-row').filter({ hasText: 'assessment-2026.pdf' }).waitFor();
    });

    await t.test('two contacts are added to their groups', async () => {
      await page.getByRole('tab', { name: 'Contacts' }).click();
      await page.getByTestId('contacts-tab').waitFor();
      const add = async (group, name, phone, more) => {
        await page.getByTestId('contact-add').click();
        await page.getByTestId('contact-form').waitFor();
        await page.locator('#contact-group').selectOption(group);
        await page.locator('#contact-name').fill(name);
        await page.locator('#contact-phone').fill(phone);
        for (const [id, value] of Object.entries(more)) await page.locator(`#contact-${id}`).fill(value);
        await page.getByTestId('contact-save').click();
        await page.getByTestId('contact-form').waitFor({ state: 'detached' });
      };
      await add('EMERGENCY', 'Lucia Alvarez', '(360) 555-0101', { relationship: 'Daughter' });
      await add('PROVIDER', 'Dr. Helen Park', '(360) 555-0190', { role: 'Primary care physician', email: 'hpark@clinic.example' });
      await page.locator('[data-group="EMERGENCY"] [data-testid="contact-card"]').filter({ hasText: 'Lucia Alvarez' }).waitFor();
      await page.locator('[data-group="PROVIDER"] [data-testid="contact-card"]').filter({ hasText: 'Dr. Helen Park' }).waitFor();
      assert.equal(await page.getByTestId('contact-card').count(), 2);
      await screenshot(page, 'residents-contacts');
      // The profile's emergency contact is the first of that group.
      await page.getByRole('tab', { name: 'Profile' }).click();
      await page.getByTestId('profile-tab').getByText('Lucia Alvarez').waitFor();
    });

    await t.test('the resident goes out with a return date, and comes back', async () => {
      await page.getByTestId('resident-going-out').click();
      const dialog = page.getByTestId('going-out-dialog');
      await dialog.waitFor();
      await fillDateTime(page, '#going-out-return', localDateTime(-1));
      await page.getByTestId('going-out-confirm').click();
      await dialog.getByText('The return time must be in the future').waitFor();
      const back = localDateTime(2);
      await fillDateTime(page, '#going-out-return', back);
      await page.locator('#going-out-reason').fill('Weekend with her daughter');
      await page.getByTestId('going-out-confirm').click();
      await statusIs(page, 'GOING_OUT');
      // The time typed is the facility's wall clock, and shows back unchanged (en-US: MM/DD/YYYY, h:mm AM).
      const [, y, mo, d, h, mi] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(back);
      const h12 = String(Number(h) % 12 || 12);
      const shown = `Expected back ${mo}/${d}/${y}, ${h12}:${mi} ${Number(h) < 12 ? 'AM' : 'PM'}`;
      assert.equal((await page.getByTestId('resident-status-line').textContent()).trim(), shown);
      await screenshot(page, 'residents-going-out');
      await page.getByTestId('resident-return').click();
      await page.getByTestId('return-confirm').waitFor();
      await page.locator('.bp6-alert').getByRole('button', { name: 'Returned' }).click();
      await statusIs(page, 'NORMAL');
    });

    await t.test('the audit trail of the resident downloads as CSV: every change made above, who and what changed', async () => {
      // The Returned confirmation is gone first (it fades out after the answer).
      await page.locator('.bp6-alert').waitFor({ state: 'detached' });
      await page.getByTestId('resident-audit-trail').click();
      const dialog = page.getByTestId('audit-trail-dialog');
      await dialog.waitFor();
      await screenshot(page, 'residents-audit-trail');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-trail-download').click()]);
      assert.match(download.suggestedFilename(), new RegExp(`^audit-trail_maple-house-afh-rosa-alvarez-${stamp}_\\d{4}-\\d{2}-\\d{2}_\\d{4}-\\d{2}-\\d{2}\\.csv$`));
      const csv = readFileSync(await download.path(), 'utf8');
      assert.equal(csv.split('\n')[0], 'Time,Who,Action,Record,Record id,What changed');
      for (const action of ['resident.create', 'resident.update', 'residentContact.create', 'resident.goingOut', 'resident.returnFacility']) {
        assert.match(csv, new RegExp(`,${action.replace('.', '\\.')},`), `the trail has ${action}`);
      }
      assert.match(csv, /room: \d+ → 8/, 'the edit says what changed');
      await dialog.waitFor({ state: 'detached' });
    });

    await t.test('another resident moves out once the name is retyped', async () => {
      await page.goto('/resident-management');
      const other = page
        .getByTestId('resident-row')
        .filter({ has: page.locator('[data-status="NORMAL"]') })
        .filter({ hasNotText: NAME })
        .first();
      await other.waitFor();
      const otherName = (await other.getByTestId('resident-link').textContent()).trim();
      await other.getByTestId('resident-link').click();
      await page.getByTestId('resident-name').getByText(otherName).waitFor();
      await page.getByTestId('resident-move-out').click();
      const dialog = page.getByTestId('final-status-dialog');
      await dialog.waitFor();
      await dialog.getByText('This cannot be undone.', { exact: false }).waitFor();
      const confirm = page.getByTestId('final-confirm');
      assert.equal(await confirm.isDisabled(), true, 'off until the name is typed');
      await page.locator('#final-destination').selectOption('ANOTHER_AFH');
      await page.locator('#final-confirm-name').fill(otherName.toLowerCase().slice(0, -1));
      assert.equal(await confirm.isDisabled(), true, 'off for a wrong name');
      await page.locator('#final-confirm-name').fill(otherName);
      assert.equal(await confirm.isDisabled(), false, 'on for the exact name');
      await screenshot(page, 'residents-move-out-confirm');
      await confirm.click();
      await statusIs(page, 'MOVED_OUT');
      await page.getByTestId('resident-read-only').waitFor();
      assert.deepEqual(await writeButtonsShown(page), [], 'a moved-out resident is read-only');
      await screenshot(page, 'residents-moved-out');
      // Hidden from the default list; the filter shows it.
      await page.goto('/resident-management');
      await page.getByTestId('resident-row').first().waitFor();
      assert.equal(await page.getByTestId('resident-row').filter({ hasText: otherName }).count(), 0);
      await page.getByTestId('resident-status-filter').selectOption('INACTIVE');
      const gone = page.getByTestId('resident-row').filter({ hasText: otherName });
      await gone.waitFor();
      // The moved-out list says when and where they went.
      assert.equal(await gone.getByTestId('resident-destination').textContent(), 'Another adult family home');
      assert.match(await gone.getByTestId('resident-left-on').textContent(), /\d/);
    });

    await t.test('recording a death also asks for the name and cannot be undone', async () => {
      await page.getByTestId('resident-status-filter').selectOption('ACTIVE');
      const third = page
        .getByTestId('resident-row')
        .filter({ has: page.locator('[data-status="NORMAL"]') })
        .filter({ hasNotText: NAME })
        .first();
      await third.waitFor();
      const thirdName = (await third.getByTestId('resident-link').textContent()).trim();
      await third.getByTestId('resident-link').click();
      await page.getByTestId('resident-name').getByText(thirdName).waitFor();
      await page.getByTestId('resident-deceased').click();
      await page.getByTestId('final-status-dialog').waitFor();
      await page.getByTestId('final-warning').waitFor();
      const confirm = page.getByTestId('final-confirm');
      assert.equal(await confirm.isDisabled(), true);
      // Keyboard only: the name field has focus, Enter confirms once the name matches.
      await page.keyboard.type(thirdName);
      assert.equal(await confirm.isDisabled(), false);
      await page.keyboard.press('Enter');
      await statusIs(page, 'DECEASED');
      assert.deepEqual(await writeButtonsShown(page), [], 'a deceased resident is read-only');
    });

    assert.deepEqual(problems, [], 'the admin pages logged errors');
    await context.close();
  });

  // Many caregivers read better in their own language: this part runs in Spanish.
  test('caregiver_maple1 sees the list and the profile without edit buttons (in Spanish)', async () => {
    const lang = 'es-ES';
    const { page, context, problems } = await newPage(browser, { locale: lang });
    await context.addInitScript((language) => {
      if (globalThis.top === globalThis && globalThis.location.protocol.startsWith('http')) {
        globalThis.localStorage.setItem('hearth.language', language);
      }
    }, lang);
    await page.goto('/login');
    await page.locator('#login-account').fill('caregiver_maple1');
    await page.locator('#login-password').fill('Demo@2026x');
    await page.locator('#login-password').press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/resident');
    await page.getByTestId('resident-row').first().waitFor();
    await page.getByRole('heading', { name: tr(lang, 'residents.list.title') }).waitFor();
    assert.equal(await page.getByTestId('resident-add').count(), 0, 'no Add resident');
    await page.getByTestId('resident-search').fill(stamp);
    await page.getByTestId('resident-search').press('Enter');
    // The previous page stays until the answer comes: wait for the search to narrow it to the one resident.
    await page.waitForFunction(() => globalThis.document.querySelectorAll('[data-testid="resident-row"]').length === 1);
    const row = page.getByTestId('resident-row').filter({ hasText: NAME });
    await row.waitFor();
    await screenshot(page, 'residents-list-caregiver');
    await row.getByTestId('resident-link').click();
    await page.waitForURL((url) => url.pathname === '/resident/detail');
    await page.getByTestId('resident-name').getByText(NAME).waitFor();
    await page.getByTestId('profile-tab').getByText('Penicillin, shellfish').waitFor();
    await page.getByTestId('profile-tab').getByText(tr(lang, 'residents.section.health')).waitFor();
    await page.getByTestId('profile-dnr').getByText(tr(lang, 'residents.dnr.yes')).waitFor();
    // 000 §2's order; the progress notes, health monitor and care monitor tabs come from the carerecord feature,
    // the incident reports tab from the incidents feature.
    const tabs = ['profile', 'medicalRecords', 'carePlan', 'medication', 'assessment', 'events', 'incidents', 'notes', 'contacts', 'health', 'care', 'documents'].map((k) =>
      k === 'carePlan'
        ? TASKS_ES.tasks.carePlan.tab
        : k === 'incidents'
          ? INCIDENTS_ES.incidents.tab.title
          : k === 'events'
          ? TASKS_ES.tasks.upcoming.tab
          : k === 'medication'
            ? MEDICATIONS_ES.medications.tab.title
            : k === 'notes' || k === 'health' || k === 'care'
              ? CARERECORD_ES.carerecord.tab[k]
              : tr(lang, `residents.tab.${k}`),
    );
    assert.deepEqual((await page.getByRole('tab').allInnerTexts()).map((s) => s.trim()), tabs, 'the tabs, in Spanish');
    assert.deepEqual(await writeButtonsShown(page), []);
    assert.equal(await page.getByTestId('resident-audit-trail').count(), 0, 'no audit trail for a caregiver');
    await screenshot(page, 'residents-profile-caregiver');
    await page.getByRole('tab', { name: tr(lang, 'residents.tab.contacts') }).click();
    await page.getByTestId('contact-card').filter({ hasText: 'Lucia Alvarez' }).waitFor();
    assert.deepEqual(await writeButtonsShown(page), []);
    assert.equal(await page.getByRole('button', { name: new RegExp(`^(${tr(lang, 'residents.contacts.edit')}|${tr(lang, 'residents.contacts.delete')}): `) }).count(), 0, 'no contact edit or delete');
    await page.getByRole('tab', { name: tr(lang, 'residents.tab.assessment') }).click();
    await page.getByTestId('files-assessment').getByTestId('resident-file-row').filter({ hasText: 'assessment-2026.pdf' }).waitFor();
    assert.deepEqual(await writeButtonsShown(page), []);
    assert.deepEqual(problems, [], 'the caregiver pages logged errors');
    await context.close();
  });
});
