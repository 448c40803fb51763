// Subscription billing (issue 31) under manual billing, the embedded default (no Stripe key; Stripe.js cannot
// load on the test machine, so the card form is not part of this journey): the super admin adds a promotion
// code; the free-plan owner of Birch Cottage opens My subscription, reads that the home is billed by hand,
// sees the cost of Essential with the code before ordering, orders it and sees the order waiting for payment
// with its open invoice, which it downloads as a PDF; the super admin finds the order among the orders; the owner cancels it, so that later
// journeys find Birch on the free plan. Recording a payment and its effects are covered by the Go tests.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { enterEmailedCode, openMenu, pagePerTest, screenshot, signIn, step, toastSays } from './support.mjs';

const open = pagePerTest();
const CODE = `JOURNEY${Date.now() % 100000}`;

describe('subscription billing', () => {
  test('the super admin adds a promotion code', async () => {
    const page = await open();
    await signIn(page, 'superadmin');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await openMenu(page);
    await page.getByRole('link', { name: 'Promotion codes' }).click();
    await page.getByRole('heading', { name: 'Promotion codes' }).waitFor();
    await page.getByTestId('promo-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add promotion code' });
    await dialog.getByLabel('Code', { exact: true }).fill(CODE);
    await dialog.getByLabel('Description').fill('Ten percent off the first order');
    await dialog.getByLabel('Percent off').fill('10');
    await screenshot(page, 'billing-promo-add');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toastSays(page, 'Promotion code saved');
    await page.getByTestId('promo-row').filter({ hasText: CODE }).waitFor();
    await screenshot(page, 'billing-promo-list');
  });

  test('the free-plan owner sees the cost of Essential with the code, orders it and cancels the order', async () => {
    const page = await open();
    const since = Date.now();
    await signIn(page, 'owner_birch');
    await enterEmailedCode(page, 'owner@birch.example', since);
    await page.waitForURL('**/dashboard');

    await step('My subscription: the free package, billed by hand', async () => {
      await openMenu(page);
      await page.getByRole('link', { name: 'My subscription' }).click();
      await page.getByRole('heading', { name: 'My subscription' }).waitFor();
      assert.match(await page.getByTestId('billing-mode').textContent(), /billed by hand/);
      assert.match(await page.getByTestId('billing-package').textContent(), /Free/);
      await screenshot(page, 'billing-my-subscription');
    });

    await step('the cost first: Essential for one month less 10%', async () => {
      await page.getByLabel('Package', { exact: true }).selectOption('ESSENTIAL_PACKAGE');
      await page.getByLabel('Promotion code').fill(CODE);
      await page.getByTestId('billing-calculate').click();
      await page.getByTestId('billing-cost').waitFor();
      assert.equal(await page.getByTestId('billing-total').textContent(), '$44.10');
      assert.match(await page.getByTestId('billing-cost').textContent(), new RegExp(`Promotion code ${CODE}`));
      await screenshot(page, 'billing-cost');
    });

    await step('the order waits for payment with its open invoice', async () => {
      await page.getByTestId('billing-order').click();
      await toastSays(page, 'Order placed');
      const pending = page.getByTestId('billing-pending');
      await pending.waitFor();
      assert.match(await pending.textContent(), /Essential, total \$44\.10/);
      await page.getByTestId('billing-invoice-row').first().waitFor();
      assert.match(await page.getByTestId('billing-invoice-row').first().textContent(), /Open/);
      await screenshot(page, 'billing-pending');
      // The invoice the Hearth team sends, as a PDF.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('billing-invoice-pdf').first().click()]);
      assert.match(download.suggestedFilename(), /^Invoice INV-H\d+\.pdf$/);
    });
  });

  test('the super admin sees the order waiting', async () => {
    const admin = await open();
    await signIn(admin, 'superadmin');
    await admin.waitForURL((u) => !u.pathname.startsWith('/login'));
    await openMenu(admin);
    await admin.getByRole('link', { name: 'Charge records' }).click();
    await admin.getByRole('heading', { name: 'Orders and charge records' }).waitFor();
    assert.match(await admin.getByTestId('billing-mode').textContent(), /Billing is manual/);
    const row = admin.getByTestId('billing-admin-order-row').filter({ hasText: 'Birch Cottage AFH' }).filter({ hasText: 'Waiting for payment' });
    await row.first().waitFor();
    assert.match(await row.first().textContent(), /\$44\.10/);
    await row.first().getByRole('button', { name: /Record payment for/ }).waitFor();
    await screenshot(admin, 'billing-admin-orders');
    // Subscription plans: the homes' plans, and the tenant plan's form (not saved: Birch stays free).
    await openMenu(admin);
    await admin.getByRole('link', { name: 'Subscription plans' }).click();
    await admin.getByRole('heading', { name: 'Subscription plans' }).waitFor();
    await admin.getByTestId('plan-create').click();
    const dialog = admin.getByRole('dialog', { name: 'Create tenant plan' });
    await dialog.getByLabel('Home', { exact: true }).locator('option', { hasText: 'Birch Cottage AFH' }).waitFor({ state: 'attached' });
    await dialog.getByLabel('Home', { exact: true }).selectOption({ label: 'Birch Cottage AFH' });
    await dialog.getByLabel('Package', { exact: true }).selectOption('PREMIUM_PACKAGE');
    await screenshot(admin, 'billing-tenant-plan');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  test('the owner cancels the waiting order', async () => {
    const page = await open();
    const since = Date.now();
    await signIn(page, 'owner_birch');
    await enterEmailedCode(page, 'owner@birch.example', since);
    await page.waitForURL('**/dashboard');
    await page.goto('/my-subscription');
    await page.getByTestId('billing-cancel').click();
    await toastSays(page, 'Order cancelled');
    await page.getByTestId('billing-pending').waitFor({ state: 'detached' });
    assert.match(await page.getByTestId('billing-package').textContent(), /Free/);
  });
});
