// The resident's record over time (issue 16): caregiver_maple1 writes end-of-shift notes for three residents
// on the Write notes screen (a card with words but no type is refused first, and what was typed stays), then
// records vitals on the first one's health monitor (400 mmHg is refused as a typing mistake; 168/96 is saved
// and flagged). owner_evergreen sees the unread count beside that resident's Progress notes tab, reads the
// caregiver's note (the count drops by one), finds the flagged reading on the health monitor's chart and in
// its table, and exports a month of notes as a PDF (a start after the end is refused in the dialog, an empty
// range by the server; the month downloads as a PDF), and the readings as a PDF from the health monitor.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { apiClient, apiSignIn, ownerSignsIn, pagePerTest, screenshot, signIn, step, toastSays } from './support.mjs';

const open = pagePerTest();
const stamp = Date.now().toString(36).slice(-5);

const { call } = apiClient('e2e-carerecord');

// The three residents the caregiver writes about (the first three cards) and what she wrote.
const written = []; // { residentId, name, text }

describe('progress notes, health monitor and care monitor', () => {
  test('a caregiver writes end-of-shift notes for three residents and records vitals', async () => {
    const page = await open();
    await signIn(page, 'caregiver_maple1');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    await step('the residents list leads to Write notes', async () => {
      await page.goto('/resident');
      await page.getByTestId('resident-row').first().waitFor();
      await page.getByTestId('residents-write-notes').click();
      await page.waitForURL('**/resident/write-notes');
      await page.getByTestId('write-card').nth(2).waitFor();
      assert.ok((await page.getByTestId('write-card').count()) >= 3, 'a card per resident');
    });

    const cards = page.getByTestId('write-card');
    for (let i = 0; i < 3; i++) {
      const card = cards.nth(i);
      written.push({
        residentId: await card.getAttribute('data-resident-id'),
        name: await card.getAttribute('data-resident'),
        text: `End of shift ${stamp} #${i + 1}: ate well, walked to the garden, no complaints.`,
      });
    }

    await step('a card with words but no type is refused, and the words stay', async () => {
      const first = page.locator(`[data-testid="write-card"][data-resident-id="${written[0].residentId}"]`);
      await first.locator('textarea').fill(written[0].text);
      await page.getByTestId('write-submit').click();
      await page.getByTestId('write-problem').waitFor();
      await first.getByText('Required.').waitFor();
      assert.equal(await first.locator('textarea').inputValue(), written[0].text);
      await screenshot(page, 'carerecord-write-refused');
    });

    await step('three notes are saved together', async () => {
      const types = ['MOBILITY_ACTIVITIES', 'NUTRITION_HYDRATION', 'SLEEP_PATTERNS'];
      for (let i = 0; i < 3; i++) {
        const card = page.locator(`[data-testid="write-card"][data-resident-id="${written[i].residentId}"]`);
        await card.locator('select').selectOption(types[i]);
        await card.locator('textarea').fill(written[i].text);
      }
      assert.equal(await page.getByTestId('write-count').textContent(), 'Notes to save: 3');
      await screenshot(page, 'carerecord-write');
      // The server refuses the batch once (the second note dated tomorrow on its way): none is stored, the
      // card it names says why, and every card keeps its words.
      await page.route('**/api/care/progressNote/batchSave?**', async (route) => {
        const body = JSON.parse(route.request().postData() ?? '{}');
        body.notes[1].reportDate = Date.now() + 2 * 86_400_000;
        await route.continue({ postData: JSON.stringify(body) });
      }, { times: 1 });
      await page.getByTestId('write-submit').click();
      const refused = page.locator(`[data-testid="write-card"][data-resident-id="${written[1].residentId}"]`).getByTestId('write-card-refused');
      await refused.waitFor();
      assert.match(await refused.textContent(), /^Note 2\b/);
      for (const w of written) {
        assert.equal(await page.locator(`[data-testid="write-card"][data-resident-id="${w.residentId}"] textarea`).inputValue(), w.text);
      }
      const caregiver = await apiSignIn('caregiver_maple1');
      const none = await call(caregiver, '/care/progressNote/listProgressNoteByPage', { method: 'POST', body: { current: 1, size: 5, data: { residentId: written[0].residentId } } });
      assert.ok(!none.records.some((n) => n.notes === written[0].text), 'all or nothing: the first note is not stored');
      await screenshot(page, 'carerecord-write-server-refused');
      await page.getByTestId('write-submit').click();
      await toastSays(page, 'Notes saved');
      await page.waitForFunction(() => [...globalThis.document.querySelectorAll('[data-testid="write-card"] textarea')].every((t) => t.value === ''));
      // Stored: the caregiver's own notes are read by her.
      const token = await apiSignIn('caregiver_maple1');
      for (const w of written) {
        const page1 = await call(token, '/care/progressNote/listProgressNoteByPage', { method: 'POST', body: { current: 1, size: 5, data: { residentId: w.residentId } } });
        const mine = page1.records.find((n) => n.notes === w.text);
        assert.ok(mine, `the note of ${w.name} is stored`);
        w.noteId = mine.noteId;
      }
    });

    await step('her own note is hers to edit within 24 hours', async () => {
      await page.goto(`/resident/detail?residentId=${written[2].residentId}&tab=notes`);
      const row = page.locator(`[data-testid="note-row"][data-note-id="${written[2].noteId}"]`);
      await row.waitFor();
      await screenshot(page, 'carerecord-notes-caregiver');
      await row.getByTestId('note-open').click();
      await page.getByTestId('note-details').waitFor();
      await page.getByTestId('note-edit').click();
      const form = page.getByTestId('note-form');
      await form.waitFor();
      written[2].text = `${written[2].text} Woke once at 2 am.`;
      await page.getByTestId('note-text').fill(written[2].text);
      await page.getByTestId('note-save').click();
      await toastSays(page, 'Note updated');
      await page.getByTestId('note-details').getByTestId('note-text').getByText(written[2].text, { exact: true }).waitFor();
      assert.equal(await page.getByTestId('note-add-addendum').count(), 0, 'an addendum is for notes past their 24 hours or by others');
      await page.getByTestId('note-close').click();
    });

    await step('vitals: a typing mistake is refused, a high blood pressure is saved and flagged', async () => {
      // From the residents list: "Record vitals" opens the health monitor with the entry open.
      await page.goto('/resident');
      await page.locator(`[data-testid="resident-row"][data-resident-id="${written[0].residentId}"]`).getByTestId('resident-vitals').click();
      await page.waitForURL((u) => u.pathname === '/resident/detail' && u.searchParams.get('tab') === 'health');
      await page.getByTestId('vitals-form').waitFor();
      await page.getByTestId('vital-SYSTOLIC_BP').fill('400');
      await page.getByTestId('vital-DIASTOLIC_BP').fill('96');
      await page.getByTestId('vitals-save').click();
      await page.locator('[data-field-error="vital-SYSTOLIC_BP"]').getByText(/Check the reading/).waitFor();
      await page.getByTestId('vital-SYSTOLIC_BP').fill('168');
      // Above her normal range: said while typing, before any save.
      assert.equal(await page.getByTestId('vital-SYSTOLIC_BP-flag').getAttribute('data-flag'), 'high');
      await page.getByTestId('vital-HEART_RATE').fill('72');
      assert.equal(await page.getByTestId('vital-HEART_RATE-flag').count(), 0, 'a heart rate of 72 is within the normal range');
      await screenshot(page, 'carerecord-vitals');
      await page.getByTestId('vitals-save').click();
      await toastSays(page, 'Readings saved; some are outside the normal range');
      await page.getByTestId('vitals-form').waitFor({ state: 'hidden' });
      const row = page.locator('[data-testid="reading-row"][data-metric="SYSTOLIC_BP"][data-flagged="true"]').first();
      await row.waitFor();
      assert.match(await row.getByTestId('reading-value').textContent(), /^168 mmHg/);
    });
  });

  test('the owner reads the unread note, sees the flagged reading on the chart and exports a month as a PDF', async () => {
    assert.equal(written.length, 3, 'the caregiver wrote first');
    const [w] = written;
    const page = await open();
    await ownerSignsIn(page);

    await step("the dashboard's record card counts the notes not read", async () => {
      await page.goto('/dashboard');
      const count = page.getByTestId('card-careRecord').getByTestId('dash-progressNotesUnread-count');
      await count.waitFor();
      assert.ok(Number(await count.textContent()) >= 3, 'the three new notes are unread for the owner');
    });

    let before = 0;
    await step('the unread count beside the Progress notes tab', async () => {
      const token = await page.evaluate(() => globalThis.localStorage.getItem('hearth.token') ?? '');
      await page.goto(`/resident-management/detail?residentId=${w.residentId}&tab=notes`);
      await page.getByTestId('notes-tab').waitFor();
      const badge = page.getByTestId('notes-tab-unread');
      await badge.waitFor();
      before = Number(await badge.getAttribute('data-count'));
      assert.ok(before >= 1, `unread notes: ${before}`);
      if (token) {
        const count = await call(token, '/care/progressNote/countUnReadProgressNote', { query: { residentId: w.residentId } });
        assert.equal(count.count, before, 'the badge is the server count');
      }
      assert.equal(await page.getByTestId('notes-unread-count').getAttribute('data-count'), String(before));
      const row = page.locator(`[data-testid="note-row"][data-note-id="${w.noteId}"]`);
      assert.equal(await row.getAttribute('data-read'), 'false');
      await row.getByTestId('note-unread').waitFor();
      await screenshot(page, 'carerecord-notes');
    });

    await step('reading the note drops the count by one', async () => {
      const row = page.locator(`[data-testid="note-row"][data-note-id="${w.noteId}"]`);
      await row.getByTestId('note-open').click();
      const details = page.getByTestId('note-details');
      await details.waitFor();
      assert.equal(await details.getByTestId('note-text').textContent(), w.text);
      assert.equal(await details.getByTestId('note-author').textContent(), 'Amina Njoroge');
      // Not hers: no edit, an addendum with its reason instead.
      assert.equal(await page.getByTestId('note-edit').count(), 0);
      await page.getByTestId('note-add-addendum').click();
      await page.getByTestId('addendum-save').click();
      await page.getByTestId('addendum-form').getByText('Required.').first().waitFor();
      await page.getByTestId('addendum-reason').fill('Added detail');
      await page.getByTestId('addendum-text').fill('Daughter called in the evening; told her about the garden walk.');
      await screenshot(page, 'carerecord-note');
      await page.getByTestId('addendum-save').click();
      await toastSays(page, 'Addendum added');
      await details.getByTestId('note-addendum').getByText('Daughter called in the evening', { exact: false }).waitFor();
      assert.equal(await details.getByTestId('note-text').textContent(), w.text, 'the note stays as written');
      await page.getByTestId('note-close').click();
      await details.waitFor({ state: 'hidden' });
      await page.waitForFunction(
        (n) => globalThis.document.querySelector('[data-testid="notes-unread-count"]')?.getAttribute('data-count') === String(n),
        before - 1,
      );
      assert.equal(await row.getAttribute('data-read'), 'true');
      if (before - 1 > 0) assert.equal(await page.getByTestId('notes-tab-unread').getAttribute('data-count'), String(before - 1));
      else assert.equal(await page.getByTestId('notes-tab-unread').count(), 0);
    });

    await step('the health monitor charts the flagged reading', async () => {
      await page.getByRole('tab', { name: 'Health monitor' }).click();
      // Blood pressure is the first chart with readings: its two lines together.
      const chart = page.locator('[data-testid="health-chart"][data-chart="BLOOD_PRESSURE"]');
      await chart.waitFor();
      await chart.locator('[data-testid="chart-flagged"][data-metric="SYSTOLIC_BP"]').first().waitFor({ state: 'attached' });
      assert.ok(Number(await chart.getAttribute('data-flagged')) >= 1);
      assert.match(await page.getByTestId('health-summary').textContent(), /Systolic blood pressure: \d+ readings, from \d+ to \d+ mmHg/);
      await page.locator('[data-testid="reading-row"][data-metric="SYSTOLIC_BP"][data-flagged="true"]').first().waitFor();
      await page.getByTestId('health-range-month').click();
      await chart.locator('[data-testid="chart-point"]').nth(10).waitFor({ state: 'attached' });
      await screenshot(page, 'carerecord-health');
      // The readings of the default print range (the last 30 days) as a PDF, from the health monitor.
      await page.getByTestId('health-print').click();
      await page.getByTestId('print-form').waitFor();
      assert.equal(await page.locator('#print-include').inputValue(), 'READINGS');
      const download = page.waitForEvent('download');
      await page.getByTestId('print-download').click();
      const bytes = await readFile(await (await download).path());
      assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
      await page.getByTestId('print-form').waitFor({ state: 'hidden' });
      await page.getByRole('tab', { name: 'Care monitor' }).click();
      await page.getByTestId('care-grid-day').first().waitFor();
      assert.equal(await page.getByTestId('care-grid-day').count(), 7);
      await screenshot(page, 'carerecord-care');
    });

    await step('Export PDF: the range rules, then a month of notes downloads as a PDF', async () => {
      await page.getByRole('tab', { name: /^Progress notes/ }).click();
      await page.getByTestId('notes-print').click();
      const form = page.getByTestId('print-form');
      await form.waitFor();
      await page.locator('#print-start').fill('2026-11-20');
      await page.locator('#print-end').fill('2026-11-10');
      await page.getByTestId('print-download').click();
      await form.getByText('The start must not be after the end.').waitFor();
      await page.locator('#print-start').fill('2020-01-01');
      await page.locator('#print-end').fill('2020-01-31');
      await page.getByTestId('print-download').click();
      await page.getByTestId('print-problem').getByText(/No progress notes/i).waitFor();
      await screenshot(page, 'carerecord-print-empty');
      // A month, ending today.
      const today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
      const start = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
      await page.locator('#print-start').fill(start);
      await page.locator('#print-end').fill(today);
      const download = page.waitForEvent('download');
      await page.getByTestId('print-download').click();
      const file = await download;
      const bytes = await readFile(await file.path());
      assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
      const pages = (bytes.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length;
      assert.ok(pages >= 1, `a PDF with pages (${bytes.length} bytes)`);
      assert.match(file.suggestedFilename(), /\.pdf$/);
      await form.waitFor({ state: 'hidden' });
    });
  });
});
