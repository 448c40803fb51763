// Service packages (issue 31, first slice): the super admin adds a package with its price, validity and
// limits at /service-package-management, sees it listed, and follows its link to its plan's function
// permissions; a home's details on /IAM/tenant offer the packages (putting a home on one is left to the Go and
// render tests, so that later journeys find the demo homes on their plans). The limits a package sets hold
// homes from their next call (covered by the Go tests).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { openMenu, pagePerTest, screenshot, signIn, step, toastSays } from './support.mjs';

const open = pagePerTest();

describe('service packages', () => {
  test('the super admin adds a package with limits and opens its function permissions', async () => {
    const page = await open();
    await signIn(page, 'superadmin');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));

    await step('the menu leads to the packages, the seeded three listed', async () => {
      await openMenu(page);
      await page.getByRole('link', { name: 'Service packages' }).click();
      await page.waitForURL((u) => u.pathname === '/service-package-management');
      await page.getByRole('heading', { name: 'Service packages' }).waitFor();
      await page.getByTestId('package-row').nth(2).waitFor();
      const names = await page.getByTestId('package-row').evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
      for (const n of ['Free', 'Essential', 'Premium']) assert.ok(names.some((t) => t.includes(n)), `${n} listed: ${names}`);
      await screenshot(page, 'platform-service-packages');
    });

    await step('Add package: basic information, then the limits', async () => {
      await page.getByTestId('package-add').click();
      const dialog = page.getByRole('dialog', { name: 'Add package' });
      await dialog.getByLabel('Name', { exact: true }).fill('Gold yearly');
      await dialog.getByLabel('Plan', { exact: true }).selectOption('PREMIUM_PLAN');
      await dialog.getByLabel('Price (USD)').fill('499.00');
      await dialog.getByLabel('Validity period').fill('1');
      await dialog.getByLabel('Validity unit').selectOption('year');
      await screenshot(page, 'platform-service-package-basic');
      await dialog.getByRole('tab', { name: 'Limits' }).click();
      await dialog.getByLabel('Residents', { exact: true }).fill('12');
      await dialog.getByLabel('Caregivers', { exact: true }).fill('9');
      await dialog.getByLabel('Incident reports a month').fill('30');
      await screenshot(page, 'platform-service-package-limits');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toastSays(page, 'Package saved');
      await dialog.waitFor({ state: 'hidden' });
    });

    await step('the new package is listed with its price and limits', async () => {
      const row = page.getByTestId('package-row').filter({ hasText: 'Gold yearly' });
      await row.waitFor();
      const text = await row.textContent();
      assert.ok(text?.includes('$499.00') && text.includes('1 year') && text.includes('12') && text.includes('9'), `row: ${text}`);
      await row.getByRole('link', { name: 'Function permissions' }).click();
      await page.waitForURL((u) => u.pathname === '/function-permission-management' && u.searchParams.get('packageId') === 'PREMIUM_PLAN');
      await page.getByRole('heading', { name: 'Function permissions' }).waitFor();
    });

    await step("a home's details name its package, with the enabled packages to choose from", async () => {
      await page.goto('/IAM/tenant');
      await page.locator('[data-testid="tenant-row"][data-name="Birch Cottage AFH"]').getByTestId('tenant-open').click();
      const select = page.getByTestId('tenant-package');
      await select.locator('option', { hasText: 'Gold yearly' }).waitFor({ state: 'attached' });
      assert.equal(await select.inputValue(), 'BASE_PACKAGE');
      assert.ok(await page.getByTestId('tenant-package-assign').isDisabled(), 'already on it');
      await screenshot(page, 'platform-tenant-package');
    });
  });
});
