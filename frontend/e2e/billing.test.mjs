// Subscription billing (issue 31) under manual billing, the embedded default (no Stripe key; Stripe.js cannot
// load on the test machine, so the card form is not part of this journey): the super admin adds a promotion
// code; the free-plan owner of Birch Cottage opens My subscription, reads that the home is billed by hand,
// sees the cost of Essential with the code before ordering, orders it and sees the order waiting for payment
// with its open invoice, which it downloads as a PDF; the super admin finds the order among the orders; the owner cancels it, so that later
// journeys find Birch on the free plan. Then a home of its own (made by the super admin for this journey, so no
// demo home another journey relies on changes) upgrades from the free package to Premium: the cost first with the
// code, the order, the super admin's record of the payment by hand, and the premium menu (Incidents) appearing
// in the owner's sidebar without signing out; the super admin then refunds that order in full (Refund on
// /charge-records-management), which ends the period it paid.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  apiClient,
  apiSignIn,
  closeMenu,
  enterEmailedCode,
  openMenu,
  pagePerTest,
  screenshot,
  signIn,
  step,
  submitAccount,
  toastSays,
} from './support.mjs';

const open = pagePerTest();
const CODE = `JOURNEY${Date.now() % 100000}`;
const { call } = apiClient('e2e-billing');
let upgraded = { home: '', orderNo: '', owner: '' }; // the home the upgrade test makes, for the refund test

/** The first link matching `pattern` in the newest mail to `to` since `since`, read from the development outbox. */
async function linkFromOutbox(token, to, since, pattern) {
  for (let i = 0; i < 50; i++) {
    const mails = ((await call(token, '/system/dev/outbox', { query: { to } })) ?? []).filter((m) => m.sentTime >= since - 2000);
    const link = mails.sort((a, b) => b.sentTime - a.sentTime).map((m) => m.body.match(pattern)?.[0]).find(Boolean);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no link for ${to} in the development outbox`);
}

/** Whether the sidebar has the entry of a menu code. */
async function inSidebar(page, menuCode) {
  await openMenu(page);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.locator('a').first().waitFor();
  const found = (await nav.locator(`a[data-menu-code="${menuCode}"]`).count()) > 0;
  await closeMenu(page);
  return found;
}

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

  test('the owner of a new home upgrades to Premium and sees the premium menu appear without signing out', async () => {
    const stamp = String(Date.now()).slice(-6);
    const home = `Aspen Grove ${stamp}`;
    const account = `aspen_${stamp}`;
    const email = `owner.${stamp}@aspen.example`;
    const password = 'Aspen@2026x';
    const superToken = await apiSignIn('superadmin');
    const since = Date.now();
    await call(superToken, '/system/tenant/createFacilityAccount', {
      method: 'POST',
      body: {
        facilityName: home, ownerName: 'Irene Walsh', account, email, phone: '360-555-0190', address: '12 Aspen Grove Road, Lacey, WA',
        zipCode: '98503', businessLicense: `9${stamp}`, timeZone: 'PT',
      },
    });
    const page = await open();
    await step('the owner sets a password from the e-mailed link and signs in', async () => {
      const link = new URL(await linkFromOutbox(superToken, email, since, /\/change-password\?token=[A-Za-z0-9_\-%.~]+/), 'http://x');
      await page.goto(link.pathname + link.search);
      await page.locator('#new-password').fill(password);
      await page.locator('#confirm-password').fill(password);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.waitForURL('**/login?changed=1');
      const codeSince = Date.now();
      await submitAccount(page, account, password);
      await enterEmailedCode(page, email, codeSince);
      await page.waitForURL('**/dashboard');
      assert.equal(await inSidebar(page, 'IncidentManagement'), false, 'a free home has no Incidents menu');
    });

    let orderNo = '';
    await step('the cost of Premium first, with the code, then the order', async () => {
      await openMenu(page);
      await page.getByRole('link', { name: 'My subscription' }).click();
      await page.getByRole('heading', { name: 'My subscription' }).waitFor();
      assert.match(await page.getByTestId('billing-package').textContent(), /Free/);
      await page.getByLabel('Package', { exact: true }).selectOption('PREMIUM_PACKAGE');
      await page.getByLabel('Promotion code').fill(CODE);
      await page.getByTestId('billing-calculate').click();
      await page.getByTestId('billing-cost').waitFor();
      assert.match(await page.getByTestId('billing-cost').textContent(), new RegExp(`Promotion code ${CODE}`));
      const total = await page.getByTestId('billing-total').textContent();
      await screenshot(page, 'billing-upgrade-cost');
      await page.getByTestId('billing-order').click();
      await toastSays(page, 'Order placed');
      await page.getByTestId('billing-pending').waitFor();
      assert.ok((await page.getByTestId('billing-pending').textContent()).includes(total), 'the order waits for the total shown');
      const orders = await call(superToken, '/system/billing/admin/orderPage', { method: 'POST', body: { current: 1, size: 50, data: { status: 'PENDING_PAYMENT' } } });
      const order = orders.records.find((o) => o.facilityName === home);
      assert.ok(order, 'the super admin sees the order');
      orderNo = order.orderNo;
      // Manual billing: the Hearth team takes the payment by hand and the super admin records it.
      await call(superToken, '/system/billing/admin/recordPayment', { method: 'POST', body: { orderId: order.id, remark: `Cheque ${stamp}` } });
    });

    await step('back on My subscription: Premium, and Incidents in the sidebar, in the same session', async () => {
      const nav = page.getByRole('navigation', { name: 'Main menu' });
      await openMenu(page);
      await nav.getByRole('link', { name: 'Dashboard' }).click();
      await page.waitForURL('**/dashboard');
      await closeMenu(page); // the phone's drawer closes after a navigation: wait until it has
      await openMenu(page);
      await nav.getByRole('link', { name: 'My subscription' }).click();
      await page.getByTestId('billing-package').filter({ hasText: 'Premium' }).waitFor();
      await page.getByTestId('billing-pending').waitFor({ state: 'detached' });
      await closeMenu(page);
      await openMenu(page);
      await nav.locator('a[data-menu-code="IncidentManagement"]').waitFor();
      await closeMenu(page);
      await screenshot(page, 'billing-upgraded');
      assert.match(await page.getByTestId('billing-invoice-row').first().textContent(), new RegExp(`Paid`));
      assert.ok(orderNo.startsWith('H'));
      upgraded = { home, orderNo, owner: account };
    });
  });

  test('the super admin refunds that order in full with a reason: the period it paid ends', async () => {
    assert.ok(upgraded.orderNo, 'the upgrade test made an order');
    const page = await open();
    await signIn(page, 'superadmin');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await openMenu(page);
    await page.getByRole('link', { name: 'Charge records' }).click();
    await page.getByRole('heading', { name: 'Orders and charge records' }).waitFor();
    const row = page.getByTestId('billing-admin-order-row').filter({ hasText: upgraded.orderNo });
    await row.getByRole('button', { name: `Refund ${upgraded.orderNo}` }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order ${upgraded.orderNo}` });
    await dialog.getByLabel('Reason').fill('The home closed its doors in its first week.');
    assert.match(await dialog.getByTestId('billing-refund-effect').textContent(), /ends that period/);
    await screenshot(page, 'billing-refund');
    await dialog.getByRole('button', { name: /^Refund \$/ }).click();
    await toastSays(page, 'Refund recorded');
    await row.filter({ hasText: 'Refunded' }).waitFor();
    // The home is back on the free package (read as the super admin sees every home's plans).
    const token = await apiSignIn('superadmin');
    const plans = await call(token, '/system/subscription/admin/planPage', { method: 'POST', body: { current: 1, size: 50, data: {} } });
    const plan = plans.records.find((p) => p.facilityName === upgraded.home);
    assert.equal(plan?.status, 'cancelled', 'the refunded period ended');
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
