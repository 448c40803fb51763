// Medication disposal (issue 15): an order of a Maple House resident is discontinued through the eMAR's
// calls (as admin_maple), so the disposal clock starts (WAC 388-76-10490: within 30 days); the demo owner
// sees it on the dashboard's disposal card and on the resident's disposal page, records its disposal from
// the due item (quick create: method, pills, the reason taken from the due item), finds the record with
// its history ("Recorded by"), edits the pill count, and finds the change (before and after) in the history.
// Caregiver Amina reads the page but has no button that writes.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { apiClient, ownerSignsIn, pagePerTest, screenshot, signIn, step, toastSays } from './support.mjs';

const open = pagePerTest();
const stamp = Date.now().toString(36).slice(-5);
const MEDICATION = `Digoxin ${stamp}`;
const OWNER = 'Elena Martinez';
let residentId = '';
let residentName = '';

const { call, apiSignInWithCode } = apiClient('e2e-disposal');

const dueItem = (page) => page.locator('[data-testid="disposal-due-item"]').filter({ hasText: MEDICATION });

describe('medication disposal', () => {
  before(async () => {
    // An active Maple resident (another journey on the same server may have moved some on), and an order of
    // theirs discontinued today through the eMAR: its disposal is due within 30 days.
    const admin = await apiSignInWithCode('admin_maple', 'admin@maple.example');
    const page = await call(admin, '/care/resident/listResidentByPage', { method: 'POST', body: { current: 1, size: 20, data: {} } });
    const resident = page.records.find((r) => r.status === 'NORMAL') ?? page.records[0];
    assert.ok(resident, 'Maple House has an active resident');
    residentId = resident.residentId;
    residentName = resident.name;
    const today = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    const med = await call(admin, '/care/medication/save', {
      method: 'POST',
      body: { residentId, name: MEDICATION, type: 'ROUTINE', dose: '0.125 mg', route: 'ORAL', startDate: start < today ? start : today, times: ['08:00'], rxNumber: `RX-${stamp}` },
    });
    await call(admin, '/care/medication/discontinue', { query: { medicationId: med.medicationId, reason: 'Pulse under 50: stopped by Dr. Whitfield' } });
  });

  test('the owner records the disposal of a due medication and finds it, and its edit, in the history', async () => {
    const page = await open();
    await ownerSignsIn(page);

    await step('the dashboard has the disposal card', async () => {
      await page.goto('/dashboard');
      const card = page.getByTestId('card-medicationDisposal');
      await card.waitFor();
      const counts = await card.locator('[data-testid$="-count"]').allTextContents();
      assert.ok(counts.map(Number).reduce((a, b) => a + b, 0) >= 1, `the card counts a disposal due: ${counts}`);
    });

    await step('the resident page shows the due item, its clock and the rule', async () => {
      await page.goto(`/resident/medication-disposal/${residentId}`);
      await page.getByTestId('disposal-page').waitFor();
      assert.match(await page.getByTestId('disposal-resident').textContent(), new RegExp(residentName.split(' ')[0]));
      const item = dueItem(page);
      await item.waitFor();
      assert.equal(await item.getAttribute('data-state'), 'DUE');
      const text = await item.textContent();
      assert.match(text, /Discontinued on/);
      assert.match(text, /Dispose of by/);
      assert.match(text, /Days left: (29|30)/);
      await screenshot(page, 'disposal-page');
    });

    await step('quick create: method and pill count are required, the reason comes from the due item', async () => {
      await dueItem(page).getByTestId('disposal-quick').click();
      const form = page.getByTestId('disposal-form');
      await form.waitFor();
      assert.match(await page.getByTestId('disposal-quick-medication').textContent(), new RegExp(MEDICATION));
      assert.equal(await page.locator('#disposal-reason').inputValue(), 'DISCONTINUED');
      await page.getByTestId('disposal-save').click();
      await form.getByText('Choose how it was disposed of').waitFor();
      await form.getByText('Enter a whole number from 1 to 9999').waitFor();
      // Another method needs its words.
      await page.locator('#disposal-method').selectOption('OTHER');
      await page.locator('#disposal-pills').fill('0');
      await page.getByTestId('disposal-save').click();
      await form.getByText('The method is "Other": write how it was disposed of').waitFor();
      await form.getByText('Enter a whole number from 1 to 9999').waitFor();
      await page.locator('#disposal-method').selectOption('DEACTIVATION_KIT');
      await page.locator('#disposal-pills').fill('12');
      assert.equal(await form.getByText('Enter a whole number from 1 to 9999').count(), 0, 'a corrected field keeps no message');
      await page.locator('#disposal-remarks').fill('Witnessed by Grace Kim');
      await screenshot(page, 'disposal-quick-create');
      await page.getByTestId('disposal-save').click();
      await toastSays(page, 'Disposal recorded');
    });

    await step('the new record opens with its history', async () => {
      const body = page.getByTestId('disposal-details-body');
      await body.waitFor();
      assert.equal((await page.getByTestId('disposal-details-method').textContent()).trim(), 'Deactivation kit');
      assert.equal((await page.getByTestId('disposal-details-reason').textContent()).trim(), 'Discontinued');
      assert.equal((await page.getByTestId('disposal-details-pills').textContent()).trim(), '12');
      const history = page.getByTestId('disposal-change');
      await history.first().waitFor();
      assert.equal(await history.count(), 1);
      assert.match(await history.first().textContent(), new RegExp(`Recorded by ${OWNER}`));
      await screenshot(page, 'disposal-details');
    });

    await step('an edit of the pill count is kept in the history with before and after', async () => {
      await page.getByTestId('disposal-details-edit').click();
      await page.getByTestId('disposal-form').waitFor();
      assert.equal(await page.locator('#disposal-pills').inputValue(), '12');
      await page.locator('#disposal-pills').fill('10');
      await page.getByTestId('disposal-save').click();
      await toastSays(page, 'Disposal record updated');
      const history = page.getByTestId('disposal-change');
      await page.locator('[data-testid="disposal-change"][data-action="UPDATE"]').waitFor();
      assert.equal(await history.count(), 2);
      const update = await history.first().textContent();
      assert.match(update, new RegExp(`Changed by ${OWNER}`));
      assert.match(update, /Number of pills\s*12\s*10/);
      await screenshot(page, 'disposal-history');
      await page.keyboard.press('Escape');
      await page.getByTestId('disposal-details-body').waitFor({ state: 'detached' });
    });

    await step('the due item is gone; the record is in the list', async () => {
      await dueItem(page).waitFor({ state: 'detached' });
      const row = page.locator('[data-testid="disposal-row"]').filter({ hasText: MEDICATION });
      await row.waitFor();
      assert.equal((await row.getByTestId('disposal-row-pills').textContent()).trim(), '10');
      await screenshot(page, 'disposal-recorded');
    });
  });

  test('a caregiver reads the records but has nothing to write with', async () => {
    const page = await open();
    await signIn(page, 'caregiver_maple1');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`/resident/medication-disposal/${residentId}`);
    await page.getByTestId('disposal-page').waitFor();
    await page.locator('[data-testid="disposal-row"]').filter({ hasText: MEDICATION }).waitFor();
    assert.equal(await page.getByTestId('disposal-add').count(), 0);
    assert.equal(await page.getByTestId('disposal-quick').count(), 0);
    assert.equal(await page.getByTestId('disposal-edit').count(), 0);
    await page.locator('[data-testid="disposal-row"]').filter({ hasText: MEDICATION }).getByTestId('disposal-details').click();
    await page.getByTestId('disposal-change').first().waitFor();
    assert.equal(await page.getByTestId('disposal-details-edit').count(), 0);
    await screenshot(page, 'disposal-caregiver');
  });
});
