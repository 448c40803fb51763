// Browser journeys against a running `hearth serve` with the demo seed (HEARTH_URL, default
// http://127.0.0.1:18080). Run with `npm run e2e`; `make e2e` starts the server for you.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  enterEmailedCode,
  pagePerTest,
  openMenu,
  openSettings,
  screenshot,
  sidebarBadge,
  sidebarEntries,
  signIn,
  submitAccount,
} from './support.mjs';

const open = pagePerTest();

describe('Hearth journeys', () => {
  test('1. the super admin signs in and sees the platform menus', async () => {
    const page = await open();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await screenshot(page, 'login');
    await submitAccount(page, 'superadmin');
    await page.waitForURL('**/admin-dashboard');
    await page.getByRole('heading', { name: 'Platform dashboard' }).waitFor();

    assert.deepEqual(await sidebarEntries(page), [
      'Platform dashboard', 'Failed jobs', 'Organization', 'Tenant', 'User', 'Role', 'Menu', 'Audit logs', 'Support tickets', 'AI configuration',
      'Parameter settings', 'Document requirements', 'Task creation rules', 'Charge records', 'Promotion codes', 'Subscription plans', 'Service packages',
      'Function APIs', 'Function permissions',
    ]);
    // The homes card: the demo's three homes, one on each plan (other journeys may add homes later).
    await page.getByTestId('pdash-homes-total').waitFor();
    for (const plan of ['FREE_PLAN', 'ESSENTIAL_PLAN', 'PREMIUM_PLAN']) {
      assert.ok(Number(await page.getByTestId(`pdash-plan-${plan}-count`).textContent()) >= 1, plan);
    }
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
    await page.locator('.hearth-header').getByText('Cedar Home AFH').first().waitFor();
    await page.getByTestId('card-approvals').waitFor();
    // Inspection status is in the essential plan (spec 000 §2), with its facility documents page.
    assert.deepEqual(await sidebarEntries(page), [
      'Dashboard', 'Calendar', 'Tasks', 'Residents', 'eMARs', 'Staff management', 'Shift management', 'Shift report', 'Message', 'Inspection status',
      'My subscription', 'Payment method',
    ]);
    // The demo's overdue credentials badge the staff entry (spec 000 §3 "Sidebar counts").
    await openMenu(page);
    await page.locator('nav a[data-menu-code="StaffManagement"] .hearth-nav-badge').waitFor();
    assert.match(await sidebarBadge(page, 'StaffManagement'), /^[1-9]\d*\+?$/);
    await screenshot(page, 'dashboard');
  });

  test('3. a caregiver sees only caregiver menus', async () => {
    const page = await open();
    await signIn(page, 'caregiver_maple1');
    await page.waitForURL('**/dashboard');
    await page.locator('.hearth-header').getByText('Maple House AFH').first().waitFor();
    assert.deepEqual(await sidebarEntries(page), ['Dashboard', 'Calendar', 'Tasks', 'Residents', 'eMARs', 'Incidents', 'Shift report', 'Message', 'Your status']);
    await page.getByTestId('card-myStatus').waitFor();
    assert.equal(await page.getByTestId('card-approvals').count(), 0, 'no owner cards for a caregiver');
  });

  test('4. a free-plan owner sees only the free menus', async () => {
    const page = await open();
    const since = Date.now();
    await signIn(page, 'owner_birch');
    await enterEmailedCode(page, 'owner@birch.example', since);
    await page.waitForURL('**/dashboard');
    await page.locator('.hearth-header').getByText('Birch Cottage AFH').first().waitFor();
    // The free plan has the tasks but not the calendar (spec 000 §6).
    // Pricing (My subscription, Payment method) is in every plan: a home can always pay (issue 31).
    assert.deepEqual(await sidebarEntries(page), ['Dashboard', 'Tasks', 'Residents', 'Staff management', 'My subscription', 'Payment method']);
  });

  test('5. the settings popover switches the language to Spanish and to Chinese', async () => {
    const page = await open();
    await signIn(page, 'caregiver_maple1');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    await openSettings(page);
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await page.getByRole('heading', { name: 'Panel', exact: true }).waitFor();
    await openMenu(page);
    const navEs = page.getByRole('navigation', { name: 'Menú principal' });
    assert.deepEqual(await navEs.locator('a .hearth-nav-label').allTextContents(), ['Panel', 'Calendario', 'Tareas', 'Residentes', 'eMAR', 'Incidentes', 'Informe de turno', 'Mensajes', 'Su estado']);
    await page.getByTestId('card-myStatus').getByText('Su estado').waitFor();

    await openSettings(page, 'Ajustes');
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await page.getByRole('heading', { name: '仪表盘', exact: true }).waitFor();
    await openMenu(page);
    const navZh = page.getByRole('navigation', { name: '主菜单' });
    assert.deepEqual(await navZh.locator('a .hearth-nav-label').allTextContents(), ['仪表盘', '日历', '任务', '住户', '电子给药记录', '事故', '交班报告', '消息', '我的状态']);
    await page.getByTestId('card-myStatus').getByText('我的状态').waitFor();
    // The page's description follows the language too.
    assert.equal(await page.locator('meta[name="description"]').getAttribute('content'), '成人家庭护理院管理平台');
    await screenshot(page, 'dashboard-zh-CN');
  });

  test('6. an unknown route shows the 404 page with a way back home', async () => {
    const page = await open();
    await signIn(page, 'caregiver_maple1');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.goto('/no-such-page');
    await page.waitForURL('**/404');
    await page.getByRole('heading', { level: 1, name: '404 Page not found' }).waitFor();
    await screenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL('**/dashboard');
    // /robots.txt is a real robots file, not the app's page: nothing behind the sign-in page is for search engines.
    const robots = await page.request.get('/robots.txt');
    assert.equal(robots.status(), 200);
    assert.match(robots.headers()['content-type'], /^text\/plain/);
    assert.match(await robots.text(), /^Disallow: \/$/m);
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

  test('8. "Forgot password?" asks for the account it was typed with and says a link was sent', async () => {
    const page = await open();
    await page.goto('/login');
    await page.locator('#login-account').fill('caregiver_maple1');
    // The dialog's code loads when it opens, not with the sign-in page.
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot password' });
    await dialog.waitFor();
    assert.equal(await dialog.locator('#forgot-account').inputValue(), 'caregiver_maple1');
    await screenshot(page, 'forgot-password');
    await dialog.getByRole('button', { name: 'Send link' }).click();
    await dialog.getByText('If the account exists, we sent a link to its e-mail address.').waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });
});
