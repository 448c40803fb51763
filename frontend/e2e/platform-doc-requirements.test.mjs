// The facility documents' required set as a parameter set (issue 32): the super admin browses the
// requirements by category at /facility-doc-requirements, adds one with its names in three languages and a
// check item, and the owner's checklist on /inspection-status shows it missing on her next visit; the super
// admin retires it and it is missing no more. The seeded requirements are left as they are for the other
// journeys (edits of them, the rules-only check of an added item and the documents of a retired requirement
// are covered by the Go and render tests).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { VIEWPORT_NAME, openMenu, ownerSignsIn, pagePerTest, screenshot, signIn, step, toastSays } from './support.mjs';

const open = pagePerTest();

// One requirement per width, so both runs can share a server.
const NAME = `Carbon monoxide alarms ${VIEWPORT_NAME}`;
const CODE = `CARBON_MONOXIDE_ALARMS_${VIEWPORT_NAME.toUpperCase()}`;

async function superAdminOpensRequirements(page) {
  await signIn(page, 'superadmin');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await openMenu(page);
  await page.getByRole('link', { name: 'Document requirements' }).click();
  await page.waitForURL((u) => u.pathname === '/facility-doc-requirements');
  await page.getByRole('heading', { name: 'Facility document requirements' }).waitFor();
}

describe('facility document requirements', () => {
  test('the super admin adds a requirement with a check item in the building and safety category', async () => {
    const page = await open();
    await step('the menu leads to the required set, by category', async () => {
      await superAdminOpensRequirements(page);
      await page.getByRole('heading', { name: 'Emergency and disaster plan' }).waitFor();
      await page.getByTestId('docreq-category').selectOption('BUILDING_SAFETY');
      await page.getByRole('heading', { name: 'Fire extinguishers' }).waitFor();
      const fire = page.getByTestId('docreq-row').filter({ hasText: 'Fire extinguishers' });
      await fire.getByText('3 check items', { exact: true }).click(); // unfolds them
      await fire.getByText('Says where each one is kept').waitFor();
      await screenshot(page, 'platform-doc-requirements');
    });

    await step('Add requirement: names, source, signatures, one check item', async () => {
      await page.getByTestId('docreq-add').click();
      const dialog = page.getByRole('dialog', { name: 'Add requirement' });
      await dialog.getByTestId('docreq-name-en-US').fill(NAME);
      await dialog.getByTestId('docreq-name-es-ES').fill('Alarmas de monóxido de carbono');
      await dialog.getByTestId('docreq-name-zh-CN').fill('一氧化碳报警器');
      await dialog.getByTestId('docreq-source').fill('WAC 388-76-10805');
      await dialog.getByText('Its documents need signatures').click();
      await dialog.getByTestId('docreq-validity').fill('12');
      await dialog.getByTestId('docreq-add-item').click();
      const item = dialog.getByTestId('docreq-item');
      await item.getByLabel('Wording in English').fill('Lists an alarm on each level');
      await item.getByLabel('Source of the item (WAC section)').fill('WAC 388-76-10805');
      assert.ok(await dialog.getByTestId('docreq-save').isDisabled(), 'no keyword yet');
      await item.getByLabel('Keywords for the rules-only check').fill('each level, cada nivel, 每层');
      await screenshot(page, 'platform-doc-requirement-edit');
      await dialog.getByTestId('docreq-save').click();
      await toastSays(page, 'Requirement saved');
      await dialog.waitFor({ state: 'hidden' });
      const row = page.getByTestId('docreq-row').filter({ hasText: NAME });
      await row.waitFor();
      const text = await row.textContent();
      assert.ok(text?.includes('Signatures') && text.includes('Valid 12 months') && text.includes(CODE), `row: ${text}`);
    });
  });

  test("the owner's checklist shows the new requirement missing", async () => {
    const page = await open();
    await ownerSignsIn(page);
    await page.goto('/inspection-status');
    const item = page.locator(`[data-testid="fdoc-item"][data-code="${CODE}"]`);
    await item.waitFor();
    assert.equal(await item.getAttribute('data-status'), 'MISSING');
    assert.ok((await item.textContent())?.includes(NAME));
    await item.scrollIntoViewIfNeeded();
    await screenshot(page, 'platform-doc-requirement-in-home');
  });

  test('the super admin retires it: it stays in the set, shown when asked', async () => {
    const page = await open();
    await superAdminOpensRequirements(page);
    await page.getByTestId('docreq-category').selectOption('BUILDING_SAFETY');
    await page.getByRole('button', { name: `Retire ${NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: `Retire ${NAME}` });
    await dialog.getByText('It leaves every home').waitFor();
    await screenshot(page, 'platform-doc-requirement-retire');
    await dialog.getByTestId('docreq-retire-confirm').click();
    await toastSays(page, 'Requirement retired');
    await page.getByTestId('docreq-row').filter({ hasText: NAME }).waitFor({ state: 'detached' });
    await page.getByText(/^Show retired/).click();
    const row = page.getByTestId('docreq-row').filter({ hasText: NAME });
    await row.getByText('Retired', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Restore ${NAME}` }).waitFor();
    await screenshot(page, 'platform-doc-requirements-retired');
  });

  test("the owner's checklist no longer has it", async () => {
    const page = await open();
    await ownerSignsIn(page);
    await page.goto('/inspection-status');
    await page.locator('[data-testid="fdoc-item"][data-code="LICENSE"]').waitFor();
    assert.equal(await page.locator(`[data-testid="fdoc-item"][data-code="${CODE}"]`).count(), 0);
  });
});
