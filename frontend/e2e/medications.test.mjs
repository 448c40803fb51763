// The medication pages (issue 15): owner_evergreen signs in to Maple House (with the e-mailed code), adds
// an order with a blood-pressure hold parameter and its written order on Margaret's med schedule (a limit
// the wrong way round is refused first), holds it, and finds both changes in the med history with the
// prescriber, the note and the file; edits the plan (an order moved to deleted and restored, another
// discontinued on Confirm); finds the demo's refusal in the med log with its reason (by day, by pass and
// among the doses not given) and prints the month's MAR, which opens as a PDF in a new tab. A caregiver
// reads the schedule without a button that writes, and the profile's medication tab sums it up.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { pdf } from './files.mjs';
import { apiClient, apiSignIn, ownerSignsIn, pagePerTest, screenshot, signIn, step, toastSays } from './support.mjs';

const open = pagePerTest();
const stamp = Date.now().toString(36).slice(-5);
const DRUG = `Metoprolol ${stamp}`;
const ORDER_FILE = `order-${stamp}.pdf`;

const { call } = apiClient('e2e-medications');

const card = (page, name) => page.locator(`[data-testid="order-card"][data-medication="${name}"]`);

// Margaret Olsen of Maple House, and the demo's refusal of her latest dose (its reason is the demo's).
let margaret = '';
let refusal; // MedPass
let stoppable = ''; // one of her current orders the plan edit discontinues

before(async () => {
  const token = await apiSignIn('caregiver_maple1');
  const day = await call(token, '/care/medication/listMedicationLog', { method: 'POST', body: {} });
  margaret = day.residents.find((r) => r.name === 'Margaret Olsen')?.residentId ?? '';
  assert.ok(margaret, 'the demo has Margaret Olsen at Maple House');
  const missed = await call(token, '/care/medication/listNotGivenRecord', {
    method: 'POST',
    body: { current: 1, size: 50, data: { residentId: margaret, startTime: Date.now() - 3 * 86_400_000 } },
  });
  refusal = missed.records.find((p) => p.outcome === 'REFUSED' && p.reason.startsWith('Refused: said she had already taken her pills'));
  assert.ok(refusal, 'the demo has refused a dose of Margaret with a reason');
  const orders = await call(token, '/care/medication/listMedication', { method: 'POST', body: { residentId: margaret } });
  stoppable = orders.find((m) => m.name === 'Calcium carbonate + vitamin D3' && m.status === 'CURRENT')?.name ?? '';
  assert.ok(stoppable, 'Margaret takes calcium with vitamin D');
});

describe('the medication pages', () => {
  test('the owner adds an order with a hold parameter and finds it in the med history', async () => {
    const page = await open();
    await ownerSignsIn(page);
    await page.goto(`/emars/med-schedule/${margaret}`);

    await step('the schedule: orders by state, the assistance level, the flags', async () => {
      await page.getByTestId('orders-current').waitFor();
      assert.equal(await page.getByTestId('med-resident').locator('strong').textContent(), 'Margaret Olsen');
      assert.match(await page.getByTestId('med-assistance-level').textContent(), /Medication administration/);
      assert.match(await card(page, 'Lisinopril').getByTestId('med-flag-hold').textContent(), /Hold if below 100/);
      await card(page, 'Lorazepam').getByTestId('med-flag-controlled').waitFor();
      await page.getByTestId('orders-discontinued').locator('[data-testid="order-card"][data-medication="Trazodone"]').waitFor();
      await screenshot(page, 'med-schedule');
    });

    await step('a new order: a limit the wrong way round is refused, then it is saved with its written order', async () => {
      await page.getByTestId('order-add').click();
      const form = page.getByTestId('order-form');
      await form.waitFor();
      await page.getByTestId('order-name').fill(DRUG);
      await page.getByTestId('order-dose').fill('25 mg');
      await page.locator('#order-frequency').fill('Twice daily');
      await page.getByTestId('order-time-add').click();
      await page.locator('#order-time-1').fill('08:00 PM');
      await page.locator('#order-diagnosis').fill('Atrial fibrillation');
      await page.locator('#order-physician').fill('Dr. Sarah Whitfield');
      await page.getByTestId('order-vital').selectOption('SYSTOLIC_BP');
      await page.getByTestId('order-holdBelow').fill('100');
      await page.getByTestId('order-holdAbove').fill('90');
      await page.getByTestId('order-save').click();
      await form.getByText('The upper limit must be above the lower one.').waitFor();
      await page.getByTestId('order-holdAbove').fill('');
      await page.getByTestId('order-changeNote').fill('Dr. Whitfield by phone after the cardiology visit');
      await page.getByTestId('med-file-input').setInputFiles({ name: ORDER_FILE, mimeType: 'application/pdf', buffer: pdf('Written order') });
      await page.getByTestId('med-file-chosen').getByText(ORDER_FILE).waitFor();
      await screenshot(page, 'med-order-form');
      await page.getByTestId('order-save').click();
      await toastSays(page, 'Order added');
      await form.waitFor({ state: 'hidden' });
      const added = card(page, DRUG);
      await added.waitFor();
      assert.match(await added.getByTestId('med-flag-hold').textContent(), /Systolic blood pressure \(mmHg\): Hold if below 100\./);
      assert.equal(await added.getByTestId('order-times').textContent(), '8:00 AM, 8:00 PM');
    });

    await step('the prescriber holds it: it moves to On hold', async () => {
      await card(page, DRUG).getByTestId('order-hold').click();
      const form = page.getByTestId('change-form');
      await form.waitFor();
      await page.getByTestId('change-save').click();
      await form.getByText('Required.').first().waitFor();
      await page.getByTestId('change-reason').fill('Hold until the Holter monitor results; Dr. Whitfield by phone');
      await page.getByTestId('change-save').click();
      await toastSays(page, 'Order held');
      await page.getByTestId('orders-on-hold').locator(`[data-testid="order-card"][data-medication="${DRUG}"]`).waitFor();
    });

    await step('the med history holds both changes, with the prescriber, the note and the written order', async () => {
      await card(page, DRUG).getByTestId('order-history').click();
      await page.waitForURL(`**/emars/med-history/${margaret}?medicationId=*`);
      const changes = page.getByTestId('history-change');
      await changes.first().waitFor();
      assert.equal(await changes.count(), 2);
      const held = changes.nth(0);
      assert.equal(await held.getAttribute('data-kind'), 'HOLD');
      assert.match(await held.getByTestId('history-note').textContent(), /Holter monitor/);
      assert.equal(await held.locator('[data-testid="history-field"][data-field="onHold"] [data-testid="history-after"]').textContent(), 'On hold');
      const created = changes.nth(1);
      assert.equal(await created.getAttribute('data-kind'), 'CREATE');
      assert.equal(await created.getAttribute('data-medication'), DRUG);
      assert.equal(await created.getByTestId('history-prescriber').textContent(), 'Dr. Sarah Whitfield');
      assert.match(await created.getByTestId('history-note').textContent(), /after the cardiology visit/);
      assert.equal(await created.getByTestId('history-file').textContent(), ORDER_FILE);
      assert.match(await created.getByTestId('history-by').textContent(), /^Elena Martinez on /);
      assert.equal(await created.locator('[data-testid="history-field"][data-field="holdBelow"] [data-testid="history-after"]').textContent(), '100');
      await screenshot(page, 'med-history');
    });
  });

  test('the owner edits the plan: moved to deleted and restored before Confirm discontinues', async () => {
    const page = await open();
    await ownerSignsIn(page);
    await page.goto(`/emars/med-schedule/${margaret}`);
    await page.getByTestId('plan-edit').click();
    const editor = page.getByTestId('plan-editor');
    await editor.waitFor();
    const kept = (name) => page.getByTestId('plan-kept').locator(`[data-testid="order-card"][data-medication="${name}"]`);
    const deleted = (name) => page.getByTestId('plan-deleted').locator(`[data-testid="order-card"][data-medication="${name}"]`);
    await kept('Memantine').getByTestId('plan-delete').click();
    await kept(stoppable).getByTestId('plan-delete').click();
    await deleted('Memantine').waitFor();
    // Restored before confirm: it stays as it was.
    await deleted('Memantine').getByTestId('plan-restore').click();
    await kept('Memantine').waitFor();
    assert.equal(await page.getByTestId('plan-deleted').getByTestId('order-card').count(), 1);
    await screenshot(page, 'med-plan');
    await page.getByTestId('plan-confirm').click();
    const form = page.getByTestId('change-form');
    await form.waitFor();
    assert.equal(await form.getAttribute('data-kind'), 'discontinue');
    await page.getByTestId('change-reason').fill('Dr. Whitfield stopped calcium: kidney stone risk');
    await page.getByTestId('change-save').click();
    await toastSays(page, 'Order discontinued');
    await editor.waitFor({ state: 'hidden' });
    await page.getByTestId('orders-discontinued').locator(`[data-testid="order-card"][data-medication="${stoppable}"]`).waitFor();
    await page.getByTestId('orders-current').locator('[data-testid="order-card"][data-medication="Memantine"]').waitFor();
    assert.match(await card(page, stoppable).getByTestId('order-stop-reason').textContent(), /kidney stone risk/);
  });

  test('the med log shows the demo\'s refusal with its reason, and the MAR prints as a PDF', async () => {
    const page = await open();
    await ownerSignsIn(page);
    await page.goto(`/emars/med-log/${margaret}`);

    await step('by day', async () => {
      const record = page.locator(`[data-testid="log-record"][data-pass-id="${refusal.passId}"]`);
      await record.waitFor();
      assert.equal(await record.getAttribute('data-status'), 'REFUSED');
      assert.equal(await record.getByTestId('record-reason').textContent(), `Reason: ${refusal.reason}`);
      assert.match(await record.getByTestId('record-by').textContent(), new RegExp(`^${refusal.staffName} \\(${refusal.initials}\\) at `));
      await screenshot(page, 'med-log-by-day');
    });

    await step('by pass, filtered to refusals', async () => {
      await page.getByTestId('log-view-pass').click();
      await page.getByTestId('log-outcome').selectOption('REFUSED');
      await page.getByTestId('log-apply').click();
      await page.waitForFunction(() => {
        const rows = [...globalThis.document.querySelectorAll('[data-testid="log-row"]')];
        return rows.length > 0 && rows.every((r) => r.getAttribute('data-status') === 'REFUSED');
      });
      const row = page.locator(`[data-testid="log-row"][data-pass-id="${refusal.passId}"]`);
      await row.waitFor();
      const statuses = await page.getByTestId('log-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')));
      assert.ok(statuses.every((s) => s === 'REFUSED'), `only refusals: ${statuses}`);
      assert.match(await row.getByTestId('record-reason').textContent(), /already taken her pills/);
    });

    await step('the doses not given, with their reasons', async () => {
      await page.getByTestId('log-view-notGiven').click();
      const row = page.getByTestId('log-not-given').locator(`[data-testid="log-row"][data-pass-id="${refusal.passId}"]`);
      await row.waitFor();
      assert.match(await row.getByTestId('record-reason').textContent(), /already taken her pills/);
      await screenshot(page, 'med-log-not-given');
    });

    await step('Print MAR opens the month\'s MAR as a PDF in a new tab', async () => {
      const month = await page.getByTestId('mar-month').inputValue();
      assert.match(month, /^\d{4}-\d{2}$/);
      // The document the app receives is read on its way (route.fetch passes it on unchanged).
      let pdfBytes;
      await page.route('**/api/care/medication/printMar?**', async (route) => {
        const response = await route.fetch();
        pdfBytes = await response.body();
        await route.fulfill({ response, body: pdfBytes });
      });
      const answer = page.waitForResponse((r) => r.url().includes('/api/care/medication/printMar'));
      const tab = page.context().waitForEvent('page');
      await page.getByTestId('mar-print-button').click();
      const [res, popup] = await Promise.all([answer, tab]);
      assert.equal(res.status(), 200);
      assert.match(res.headers()['content-type'] ?? '', /^application\/pdf/);
      const query = new URL(res.url()).searchParams;
      assert.ok(query.get('residentId') === margaret && query.get('month') === month, res.url());
      const text = pdfBytes.toString('latin1');
      const pages = (text.match(/\/Type\s*\/Page\b/g) ?? []).length;
      assert.equal(text.slice(0, 5), '%PDF-');
      assert.ok(pages >= 1, `a MAR with pages (${pdfBytes.length} bytes, ${pages} pages)`);
      // The new tab shows it.
      await popup.waitForURL(/^blob:/);
      await popup.close();
    });
  });

  test('a caregiver reads the schedule, and the profile\'s medication tab sums it up', async () => {
    const page = await open();
    await signIn(page, 'caregiver_maple1');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`/emars/med-schedule/${margaret}`);
    await page.getByTestId('orders-current').waitFor();
    await page.getByText('Owners and admins change orders; you can read them.').waitFor();
    assert.equal(await page.getByTestId('order-add').count(), 0);
    assert.equal(await page.getByTestId('order-edit').count(), 0);
    assert.equal(await page.getByTestId('plan-edit').count(), 0);
    assert.equal(await page.getByTestId('med-assistance-edit').count(), 0);

    await page.goto(`/resident/detail?residentId=${margaret}&tab=medication`);
    const tab = page.getByTestId('medication-tab');
    await tab.waitFor();
    await tab.locator('[data-testid="medication-tab-order"][data-medication="Lisinopril"]').waitFor();
    assert.equal(await tab.locator('[data-testid="medication-tab-order"][data-medication="Trazodone"]').count(), 0);
    assert.equal(await page.getByTestId('medication-tab-log').getAttribute('href'), `/emars/med-log/${margaret}`);
    await screenshot(page, 'med-tab');
    await page.getByTestId('medication-tab-log').click();
    await page.getByTestId('med-log-page').waitFor();
  });
});
