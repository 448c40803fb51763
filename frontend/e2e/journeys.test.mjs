// Browser journeys against a running `hearth serve` with the demo seed (HEARTH_URL, default
// http://127.0.0.1:18080). Run with `npm run e2e`; `make e2e` starts the server for you.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import {
  enterEmailedCode,
  launchBrowser,
  newPage,
  screenshot,
  sidebarBadge,
  sidebarEntries,
  signIn,
  submitAccount,
  yourMenu,
} from './support.mjs';

let browser;
let current;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

afterEach(async () => {
  if (current) {
    const { context, problems } = current;
    current = undefined;
    await context.close();
    assert.deepEqual(problems, [], 'the page logged errors');
  }
});

async function open(options) {
  current = await newPage(browser, options);
  return current.page;
}

describe('Hearth journeys', () => {
  test('1. the super admin signs in and sees the platform menus', async () => {
    const page = await open();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await screenshot(page, 'login');
    await submitAccount(page, 'superadmin');
    await page.waitForURL('**/admin-dashboard');
    await page.getByRole('heading', { name: 'Platform dashboard' }).waitFor();

    const menu = await yourMenu(page);
    for (const name of ['Platform dashboard', 'Tenant', 'Support tickets', 'Billing management', 'Function permissions']) {
      assert.ok(menu.includes(name), `"Your menu" lists ${name}: ${menu.join(', ')}`);
    }
    assert.ok(!menu.includes('Dashboard'), 'no facility dashboard for the super admin');
    assert.deepEqual(await sidebarEntries(page), ['Platform dashboard', 'Support tickets']);
    assert.equal(await page.getByTestId('user-roles').textContent(), 'Super admin');
    await screenshot(page, 'platform-dashboard');
  });

  test('2. an owner of two facilities picks Cedar, enters the e-mailed code and lands on its dashboard', async () => {
    const page = await open();
    await page.goto('/login');
    await submitAccount(page, 'owner_evergreen');
    await page.getByRole('heading', { name: 'Choose a facility' }).waitFor();
    const facilities = await page.locator('.hearth-facility-list button').allTextContents();
    assert.deepEqual(facilities.sort(), ['Cedar Home AFH', 'Maple House AFH']);

    const since = Date.now();
    await page.getByRole('button', { name: 'Cedar Home AFH' }).click();
    await page.getByRole('heading', { name: 'Enter the verification code' }).waitFor();
    assert.match(await page.locator('form p').first().textContent(), /We sent a 6-digit code to .+@.+/);
    // Resend waits 60 s after a code was sent.
    assert.ok(await page.getByRole('button', { name: /Resend code \(\d+ s\)/ }).isDisabled());
    await enterEmailedCode(page, 'owner@evergreen.example', since);

    await page.waitForURL('**/dashboard');
    await page.getByTestId('facility-name').getByText('Cedar Home AFH').waitFor();
    assert.equal(await page.getByTestId('facility-plan').textContent(), 'Essential plan');
    assert.match(await page.getByTestId('user-roles').textContent(), /Facility owner/);
    assert.deepEqual(await sidebarEntries(page), ['Dashboard', 'Residents management', 'Staff management']);
    // The demo's overdue credentials badge the staff entry (spec 000 §3 "Sidebar counts").
    await page.locator('nav a[data-menu-code="StaffManagement"] .hearth-nav-badge').waitFor();
    assert.match(await sidebarBadge(page, 'StaffManagement'), /^[1-9]\d*\+?$/);
    await screenshot(page, 'dashboard');
  });

  test('3. a caregiver sees only caregiver menus', async () => {
    const page = await open();
    await signIn(page, 'caregiver_maple1');
    await page.waitForURL('**/dashboard');
    await page.getByTestId('facility-name').getByText('Maple House AFH').waitFor();
    const menu = await yourMenu(page);
    for (const name of ['Dashboard', 'Tasks', 'Residents', 'Your status']) {
      assert.ok(menu.includes(name), `caregiver menu lists ${name}: ${menu.join(', ')}`);
    }
    for (const name of ['Staff management', 'Residents management', 'Incident management', 'Pricing', 'Tenant']) {
      assert.ok(!menu.includes(name), `caregiver menu leaves out ${name}: ${menu.join(', ')}`);
    }
    assert.equal(await page.getByTestId('user-roles').textContent(), 'Caregiver');
  });

  test('4. a free-plan owner sees only the free menus', async () => {
    const page = await open();
    const since = Date.now();
    await signIn(page, 'owner_birch');
    await enterEmailedCode(page, 'owner@birch.example', since);
    await page.waitForURL('**/dashboard');
    await page.getByTestId('facility-name').getByText('Birch Cottage AFH').waitFor();
    assert.equal(await page.getByTestId('facility-plan').textContent(), 'Free plan');
    const menu = await yourMenu(page);
    for (const name of ['Dashboard', 'Tasks', 'Residents management', 'Staff management', 'Pricing', 'My subscription']) {
      assert.ok(menu.includes(name), `free menu lists ${name}: ${menu.join(', ')}`);
    }
    for (const name of ['Calendar', 'eMARs', 'Message', 'Incident management', 'Inspection status', 'Shift management']) {
      assert.ok(!menu.includes(name), `free menu leaves out ${name}: ${menu.join(', ')}`);
    }
  });

  test('5. the settings popover switches the language to Spanish and to Chinese', async () => {
    const page = await open();
    await signIn(page, 'caregiver_maple1');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await page.getByRole('heading', { name: 'Panel', exact: true }).waitFor();
    const navEs = page.getByRole('navigation', { name: 'Menú principal' });
    assert.deepEqual(await navEs.locator('a .hearth-nav-label').allTextContents(), ['Panel', 'Residentes', 'Su estado']);
    await page.getByRole('heading', { name: 'Su menú' }).waitFor();
    assert.ok((await yourMenu(page)).includes('Su estado'));
    assert.equal(await page.getByTestId('user-roles').textContent(), 'Cuidador');

    await page.getByRole('button', { name: 'Ajustes' }).click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await page.getByRole('heading', { name: '仪表盘', exact: true }).waitFor();
    const navZh = page.getByRole('navigation', { name: '主菜单' });
    assert.deepEqual(await navZh.locator('a .hearth-nav-label').allTextContents(), ['仪表盘', '住户', '我的状态']);
    await page.getByRole('heading', { name: '您的菜单' }).waitFor();
    assert.ok((await yourMenu(page)).includes('我的状态'));
    assert.equal(await page.getByTestId('facility-time-zone').textContent(), '太平洋时间 (PT)');
    await screenshot(page, 'dashboard-zh-CN');
  });

  test('6. an unknown route shows the 404 page with a way back home', async () => {
    const page = await open();
    await signIn(page, 'caregiver_maple1');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.goto('/no-such-page');
    await page.waitForURL('**/404');
    await page.getByText('Page not found').waitFor();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL('**/dashboard');
  });

  test('7. a signed-out deep link returns there after sign-in', async () => {
    const page = await open();
    await page.goto('/dashboard?x=1');
    await page.waitForURL((url) => url.pathname === '/login');
    assert.equal(new URL(page.url()).searchParams.get('redirect'), '/dashboard?x=1');
    await submitAccount(page, 'caregiver_maple1');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    assert.equal(new URL(page.url()).search, '?x=1');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });
});
