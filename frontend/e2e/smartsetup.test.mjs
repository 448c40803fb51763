// Smart setup (issue 33): owner_evergreen moves two residents in from their papers. She uploads two synthetic
// packets (a face sheet and a pharmacy MAR each, text-layer PDFs made here) and a file the server refuses, which
// says why while the others go on; the papers of each resident are put together as they are read; she watches
// the reading reach completed, opens each resident in the move-in wizard prefilled by the rules (the journey
// server has no AI provider), sees where a value was read, corrects a field, completes both move-ins (each
// confirmed for its papers), is told residents are not all confirmed when finishing early, finishes, and finds
// both residents in the list.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { textPdf } from './files.mjs';
import { ownerSignsIn, pagePerTest, screenshot, step, toastSays } from './support.mjs';

const open = pagePerTest();
// Letters only (the rules read a name as words): a name no other run of the journey used.
const tag = Date.now().toString(36).replace(/\d/g, (d) => 'qrstuvwxyz'[d]);
const surname = (base) => `${base}${tag.charAt(0).toUpperCase()}${tag.slice(1)}`;

const RESIDENTS = [
  { first: 'Marguerite', last: surname('Whitfield'), dob: '04/17/1938', iso: '1938-04-17', allergies: 'Penicillin', corrected: 'Penicillin, sulfa drugs', room: '3', med: 'Metformin', line: 'Metformin 500 mg tablet by mouth twice daily 08:00 20:00' },
  { first: 'Desmond', last: surname('Ashworth'), dob: '11/02/1942', iso: '1942-11-02', allergies: 'Latex', corrected: 'Latex', room: '5', med: 'Lisinopril', line: 'Lisinopril 10 mg tablet by mouth once daily 09:00' },
];
const nameOf = (r) => `${r.first} ${r.last}`;

/** A resident's packet: a face sheet and a pharmacy MAR, each naming the resident (the MAR "Last, First"). */
function packet(r) {
  const file = (r.last.toLowerCase());
  return [
    {
      name: `${file}-face-sheet.pdf`,
      mimeType: 'application/pdf',
      buffer: textPdf(['FACE SHEET - Maple House AFH', `Name: ${nameOf(r)}`, `Date of birth: ${r.dob}`, `Allergies: ${r.allergies}`, 'Physician: Dr. Samuel Reyes']),
    },
    {
      name: `${file}-pharmacy-mar.pdf`,
      mimeType: 'application/pdf',
      buffer: textPdf(['PHARMACY MEDICATION ADMINISTRATION RECORD', `Resident Name: ${r.last}, ${r.first}`, `1. ${r.line}`]),
    },
  ];
}

/** Waits for the wizard (hosted by the review) at `step`. */
async function atStep(page, step) {
  await page.waitForURL((url) => url.pathname === '/resident-management/batch-upload/review' && url.searchParams.get('move') === step);
  await page.getByTestId(step === 'result' ? 'movein-result' : `movein-${step}`).waitFor();
}

/** Opens a resident's review, checks the prefill, corrects the allergies and completes the move-in. */
async function moveIn(page, r, { look }) {
  const card = page.getByTestId('smart-review-group').filter({ hasText: nameOf(r) });
  await card.getByTestId('smart-review-open').click();
  await atStep(page, 'confirm');
  await page.getByTestId('smart-rules-only').waitFor();
  assert.equal(await page.locator('#resident-firstName').inputValue(), r.first);
  assert.equal(await page.locator('#resident-lastName').inputValue(), r.last);
  // Shown in the reader's format (MM/DD/YYYY in American English), as written on the face sheet.
  assert.equal(await page.locator('#resident-dob').inputValue(), r.dob);
  if (look) {
    // Where the date of birth was read: the page and the words of the face sheet.
    await page.getByRole('button', { name: `Where “${r.iso}” was read` }).click();
    const source = page.getByTestId('smart-source');
    await source.waitFor();
    assert.match(await source.textContent(), /Page \d/);
    assert.match(await source.textContent(), new RegExp(`Date of birth: ${r.dob.replace(/\//g, '\\/')}`));
    await screenshot(page, 'smartsetup-review-source');
    await page.keyboard.press('Escape');
    await source.waitFor({ state: 'detached' });
  }
  await page.locator('#resident-room').fill(r.room);
  await page.getByTestId('movein-next').click();
  await atStep(page, 'profile');
  assert.equal(await page.locator('#resident-allergies').inputValue(), r.allergies);
  if (r.corrected !== r.allergies) await page.locator('#resident-allergies').fill(r.corrected);
  await page.getByTestId('movein-next').click();
  await toastSays(page, 'Profile saved');
  await atStep(page, 'care-plan');
  await page.getByTestId('movein-next').click();
  await atStep(page, 'emars');
  // The order read from the MAR is in the list to review; it is saved (active) only with this step.
  const order = page.locator('[data-testid="movein-medication"]').filter({ hasText: r.med });
  await order.waitFor();
  if (look) await screenshot(page, 'smartsetup-review-emars');
  await page.getByTestId('movein-next').click();
  await toastSays(page, 'Medications saved');
  await atStep(page, 'contacts');
  await page.getByTestId('movein-next').click();
  await atStep(page, 'result');
  await page.getByTestId('movein-summary-medications').getByText(r.med).first().waitFor();
  await page.getByTestId('movein-complete').click();
  await toastSays(page, 'Resident moved in from papers');
  await page.waitForURL((url) => url.pathname === '/resident-management/batch-upload/review' && !url.searchParams.get('groupId'));
  await page.getByTestId('smart-review-group').filter({ hasText: nameOf(r) }).getByTestId('smart-confirmed').waitFor();
}

describe('smart setup', () => {
  test('an owner moves two residents in from their papers', { timeout: 240_000 }, async () => {
    const page = await open();
    await ownerSignsIn(page);

    await step('the resident list opens smart setup', async () => {
      await page.goto('/resident-management');
      await page.getByTestId('resident-move-in-papers').click();
      await page.waitForURL((url) => url.pathname === '/resident-management/batch-upload/upload');
      await page.getByTestId('smart-upload').waitFor();
    });

    await step('upload: two packets go in, a text file is refused with its own message', async () => {
      await page.getByTestId('smart-files').setInputFiles([
        ...packet(RESIDENTS[0]),
        ...packet(RESIDENTS[1]),
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Call the pharmacy on Monday.') },
      ]);
      const refused = page.getByTestId('smart-refused');
      await refused.waitFor();
      assert.match(await refused.textContent(), /notes\.txt/);
      await page.waitForURL((url) => url.searchParams.get('batchId'));
      assert.equal(await page.getByTestId('smart-file').count(), 4);
      await screenshot(page, 'smartsetup-upload');
      await page.getByTestId('smart-start').click();
      await toastSays(page, 'Reading started');
      await page.waitForURL((url) => url.pathname === '/resident-management/batch-upload/progress');
    });

    await step('progress: the jobs reach completed without a reload, the papers of each resident together', async () => {
      const summary = page.getByTestId('smart-progress-summary');
      await summary.filter({ hasText: 'Reading is done.' }).waitFor({ timeout: 120_000 });
      await page.waitForFunction(() => globalThis.document.querySelectorAll('[data-testid="smart-progress-group"]').length === 2, undefined, { timeout: 20_000 });
      const states = await page.getByTestId('smart-job').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-state')));
      assert.equal(states.length, 10, 'five steps for each of the two residents');
      assert.deepEqual([...new Set(states)], ['COMPLETED']);
      for (const r of RESIDENTS) await page.getByTestId('smart-progress-group').filter({ hasText: nameOf(r) }).waitFor();
      await screenshot(page, 'smartsetup-progress');
      await page.getByTestId('smart-to-review').click();
      await page.waitForURL((url) => url.pathname === '/resident-management/batch-upload/review');
    });

    await step('review: the first resident, prefilled, with a source and a corrected field', async () => {
      await page.getByTestId('smart-review-group').nth(1).waitFor();
      assert.equal(await page.getByTestId('smart-review-group').count(), 2);
      await screenshot(page, 'smartsetup-review');
      await moveIn(page, RESIDENTS[0], { look: true });
    });

    await step('finishing with a resident left says so', async () => {
      await page.getByTestId('smart-to-done').click();
      await page.waitForURL((url) => url.pathname === '/resident-management/batch-upload/done');
      await page.getByText('Residents not moved in yet: 1').waitFor();
      await page.getByTestId('smart-finish').click();
      await page.getByTestId('smart-not-all').waitFor();
      await screenshot(page, 'smartsetup-not-all');
      await page.getByTestId('smart-not-all').getByRole('link').click();
      await page.waitForURL((url) => url.pathname === '/resident-management/batch-upload/review');
    });

    await step('review: the second resident', async () => {
      await moveIn(page, RESIDENTS[1], { look: false });
    });

    await step('finish, then both residents are in the list', async () => {
      await page.getByTestId('smart-to-done').click();
      await page.getByTestId('smart-finish').click();
      await toastSays(page, 'Smart setup finished');
      await page.getByTestId('smart-finished').waitFor();
      await screenshot(page, 'smartsetup-done');
      await page.getByTestId('smart-resident-list').click();
      await page.waitForURL((url) => url.pathname === '/resident-management');
      for (const r of RESIDENTS) {
        await page.getByTestId('resident-search').fill(r.last);
        await page.getByTestId('resident-search').press('Enter');
        await page.getByTestId('resident-row').filter({ hasText: nameOf(r) }).waitFor();
      }
    });
  });
});
