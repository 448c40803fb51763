// Platform administration (issue 30): the super admin's organisations at /IAM/organization. Evergreen Care
// holds Maple and Cedar; a new organisation is made, Cedar moves there and back (journeys share one
// database, so Cedar ends where it started), the new one is renamed and, empty again, deleted (Evergreen,
// which has homes, cannot be).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { pagePerTest, screenshot, signIn, step, toastSays } from './support.mjs';

const open = pagePerTest();

describe('platform organisations', () => {
  test('the super admin makes an organisation, moves a home there and back, and deletes it once empty', async () => {
    const page = await open();
    await signIn(page, 'superadmin');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    const stamp = String(Date.now()).slice(-6);
    const name = `Harbor Homes ${stamp}`;
    const evergreenRow = page.locator('[data-testid="org-row"][data-name="Evergreen Care"]');

    // Moves Cedar, in the open dialog, to the organisation found by `to`.
    const moveCedar = async (dialog, to) => {
      await dialog.getByRole('button', { name: 'Move to… (Cedar Home AFH)' }).click();
      const form = dialog.getByTestId('org-move-form');
      await form.getByTestId('org-move-find').fill(to);
      await form.locator('option', { hasText: to }).first().waitFor({ state: 'attached' });
      await form.getByTestId('org-move-target').selectOption({ label: to });
      await form.getByTestId('org-move-confirm').click();
      await toastSays(page, 'Home moved');
    };
    const homesIn = async (dialog) => (await dialog.getByTestId('org-home').evaluateAll((rows) => rows.map((r) => r.dataset.name))).sort();

    await step('Evergreen Care holds two homes', async () => {
      await page.goto('/IAM/organization');
      await page.getByTestId('org-search').fill('evergreen');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await evergreenRow.waitFor();
      // The search's answer replaces the first page's rows (Evergreen Care is on both): wait for it.
      await page.waitForFunction(() => globalThis.document.querySelectorAll('[data-testid="org-row"]').length === 1);
      assert.equal(await evergreenRow.getByTestId('org-homes').textContent(), '2');
      await screenshot(page, 'platform-organizations');
    });

    await step('a new organisation: the bound first, then made', async () => {
      await page.getByTestId('org-new').click();
      const dialog = page.getByRole('dialog', { name: 'New organization' });
      await dialog.getByLabel('Organization name').fill('H');
      await dialog.getByRole('button', { name: 'Create', exact: true }).click();
      await dialog.getByText('At least 2 characters.').waitFor();
      await dialog.getByLabel('Organization name').fill(name);
      await dialog.getByRole('button', { name: 'Create', exact: true }).click();
      await toastSays(page, 'Organization created');
      const made = page.getByRole('dialog', { name });
      await made.getByText('This organization has no home now.').waitFor();
      await made.getByRole('button', { name: 'Close', exact: true }).last().click();
      await made.waitFor({ state: 'hidden' });
    });

    await step('Cedar moves to the new organisation', async () => {
      await evergreenRow.getByTestId('org-open').click();
      const dialog = page.getByRole('dialog', { name: 'Evergreen Care' });
      await dialog.getByTestId('org-home').first().waitFor();
      assert.deepEqual(await homesIn(dialog), ['Cedar Home AFH', 'Maple House AFH']);
      // An organisation with homes cannot be deleted.
      assert.equal(await dialog.getByTestId('org-delete').isDisabled(), true);
      await dialog.getByTestId('org-delete-hint').waitFor();
      await moveCedar(dialog, name);
      await dialog.locator('[data-testid="org-home"][data-name="Cedar Home AFH"]').waitFor({ state: 'detached' });
      assert.deepEqual(await homesIn(dialog), ['Maple House AFH']);
      await screenshot(page, 'platform-organization-detail');
      await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
      await dialog.waitFor({ state: 'hidden' });
      // The list is fetched again after the move.
      await evergreenRow.getByTestId('org-homes').getByText('1', { exact: true }).waitFor();
    });

    await step('renamed, and Cedar goes back to Evergreen Care', async () => {
      await page.getByTestId('org-search').fill(stamp);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const row = page.locator(`[data-testid="org-row"][data-name="${name}"]`);
      await row.waitFor();
      assert.equal(await row.getByTestId('org-homes').textContent(), '1');
      await row.getByTestId('org-open').click();
      const dialog = page.getByRole('dialog', { name });
      await dialog.locator('[data-testid="org-home"][data-name="Cedar Home AFH"]').waitFor();
      await dialog.getByTestId('org-rename').fill(`${name} Care`);
      await dialog.getByRole('button', { name: 'Rename', exact: true }).click();
      await toastSays(page, 'Organization renamed');
      const renamed = page.getByRole('dialog', { name: `${name} Care` });
      await moveCedar(renamed, 'Evergreen Care');
      await renamed.getByText('This organization has no home now.').waitFor();
      await screenshot(page, 'platform-organization-empty');
    });

    await step('the empty organisation is deleted after confirming', async () => {
      const renamed = page.getByRole('dialog', { name: `${name} Care` });
      await renamed.getByTestId('org-delete').click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText(`Delete ${name} Care?`).waitFor();
      await screenshot(page, 'platform-organization-delete');
      await confirm.getByRole('button', { name: 'Delete organization', exact: true }).click();
      await toastSays(page, 'Organization deleted');
      await renamed.waitFor({ state: 'hidden' });
      await page.getByTestId('org-search').fill(stamp);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByText('No organizations match.').waitFor();
      assert.equal(await page.getByTestId('org-row').count(), 0);
      await page.getByTestId('org-search').fill('evergreen');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      // The earlier search's rows may show first, until the list is fetched again.
      await evergreenRow.getByTestId('org-homes').getByText('2', { exact: true }).waitFor();
    });
  });
});
