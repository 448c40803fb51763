// Platform administration, part 2 (issue 30): the super admin changes a parameter and sees it take effect,
// edits a menu and the owner sees it in another browser, limits incident reports so that the facility's
// next report answers 7011, reads the platform dashboard (homes by plan as the demo has them), and sees a deleted
// home's purge wait for the end of its records' retention. Each test puts back what it changed (the journeys share one database).
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { apiClient, apiSignIn, ownerSignsIn, pagePerTest, screenshot, sidebarEntries, signIn, step, toastSays } from './support.mjs';

const open = pagePerTest();
const { call, envelope, apiSignInWithCode } = apiClient('e2e-platform-admin');
const PHONE = '2065550123';
const MENU_CODE = 'E2eMedPasses';

async function superToken() {
  return apiSignIn('superadmin');
}

after(async () => {
  const token = await superToken();
  await envelope(token, '/system/params/reset', { method: 'POST', body: { key: 'support.helpPhone' } });
  await envelope(token, '/system/menu/delete', { method: 'POST', body: { code: MENU_CODE } });
  const perms = await call(token, '/system/functionPermission/list', { query: { packageId: 'PREMIUM_PLAN' } });
  for (const p of perms ?? []) {
    if (p.functionId === 'fn-incident-report') await envelope(token, '/system/functionPermission/delete', { method: 'POST', body: { id: p.id } });
  }
});

describe('platform administration: parameters, menus, function permissions', () => {
  test('the super admin changes a parameter, edits a menu and limits incident reports', async () => {
    const page = await open();
    await signIn(page, 'superadmin');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));

    await step('a parameter', async () => {
      await page.goto('/params-setting');
      const row = page.getByTestId('param-support.helpPhone');
      await row.waitFor();
      await row.getByRole('button', { name: 'Change support.helpPhone' }).click();
      await page.getByTestId('param-value').fill(PHONE);
      await page.getByTestId('param-save').click();
      await toastSays(page, 'Parameter saved');
      await row.getByText(PHONE).waitFor();
      // The parameters are grouped (sign-in, passwords, chat, reports, customer service); on a phone each is a card.
      for (const group of ['Sign-in', 'Passwords', 'Chat', 'Reports', 'Customer service']) {
        await page.getByRole('heading', { name: group, exact: true }).waitFor();
      }
      // Back to the top, as the page opens: scrolled down to the last card, the sticky header lies across
      // whichever card's buttons are under it, and axe measures only their uncovered part.
      await page.evaluate(() => globalThis.scrollTo(0, 0));
      await screenshot(page, 'platform-params');
      // In effect at once: the sign-in page's public parameters carry it.
      const pub = await call(undefined, '/system/params/public');
      assert.equal(pub.helpPhone, PHONE);
    });

    await step('a menu entry', async () => {
      await page.goto('/IAM/menu');
      await page.getByTestId('menus-table').waitFor();
      await page.getByTestId('menu-add').click();
      await page.getByTestId('menu-code').fill(MENU_CODE);
      await page.getByTestId('menu-name').selectOption('menu.emars');
      await page.getByTestId('menu-url').fill('/no-such-page');
      await page.getByTestId('menu-role-FACILITY_OWNER').check({ force: true });
      await page.getByTestId('menu-sort').fill('95');
      await page.getByTestId('menu-save').click();
      await page.locator('.bp6-toast').filter({ hasText: '/no-such-page' }).first().waitFor();
      await page.getByTestId('menu-url').fill('/emars');
      await page.getByTestId('menu-save').click();
      await toastSays(page, 'Menu saved');
      await page.getByTestId(`menu-${MENU_CODE}`).waitFor();
    });

    await step('a usage limit on incident reports', async () => {
      await page.goto('/function-permission-management');
      await page.getByTestId('permissions-table').waitFor();
      await page.getByTestId('permission-add').click();
      await page.getByTestId('perm-function').selectOption('fn-incident-report');
      await page.getByTestId('perm-package').selectOption('PREMIUM_PLAN');
      await page.getByTestId('perm-type').selectOption('USAGE_LIMITED');
      await page.getByTestId('perm-count').fill('1');
      await page.getByTestId('perm-save').click();
      await toastSays(page, 'Saved');
      await page.getByTestId('permission-PREMIUM_PLAN-fn-incident-report').waitFor();
      await screenshot(page, 'platform-function-permissions');
    });

    await step('the facility reports once, and its next report answers 7011', async () => {
      const admin = await apiSignInWithCode('admin_maple', 'admin@maple.example');
      const now = Date.now();
      const report = { type: 'FIRE', occurredAt: now - 3_600_000, discoveredAt: now - 3_000_000, location: 'Kitchen', narrative: 'A pan caught fire.' };
      const first = await envelope(admin, '/care/incidentReport/saveIncidentDraft', { method: 'POST', body: report });
      assert.equal(first.code, '0000', JSON.stringify(first));
      const second = await envelope(admin, '/care/incidentReport/saveIncidentDraft', { method: 'POST', body: report });
      assert.equal(second.code, '7011', JSON.stringify(second));
    });

    await step('the audit log shows the changes', async () => {
      await page.goto('/IAM/audit-logs');
      await page.getByTestId('audit-filter-action').fill('param.update');
      await page.getByTestId('audit-search').click();
      const row = page.getByTestId('audit-row').first();
      await row.waitFor();
      await row.getByRole('button').first().click();
      await page.getByTestId('audit-diff').getByText(PHONE).waitFor();
      await screenshot(page, 'platform-audit-detail');
    });
  });

  test('the super admin reads the platform dashboard and follows a figure to its list', async () => {
    const token = await superToken();
    const homes = await call(token, '/system/tenant/tenantDetailsSummary');
    // The demo's three homes: Maple (premium), Cedar (essential), Birch (free); other journeys may add homes.
    for (const plan of ['FREE_PLAN', 'ESSENTIAL_PLAN', 'PREMIUM_PLAN']) assert.ok((homes.byPlan[plan] ?? 0) >= 1, JSON.stringify(homes));
    const page = await open();
    await signIn(page, 'superadmin');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.goto('/admin-dashboard');
    await page.getByTestId('pdash-active-caption').waitFor();
    await page.getByTestId('pdash-jobs-failed-count').waitFor();
    for (const plan of ['FREE_PLAN', 'ESSENTIAL_PLAN', 'PREMIUM_PLAN']) {
      const shown = await page.getByTestId(`pdash-plan-${plan}-count`).textContent();
      assert.equal(Number(shown), homes.byPlan[plan], `${plan}: ${shown}`);
    }
    assert.equal(Number(await page.getByTestId('pdash-status-approved-count').textContent()), homes.byStatus.approved);
    // The charts' numbers are there as text for a screen reader.
    assert.equal(await page.getByTestId('pdash-active-table').locator('tbody tr').count(), 30);
    assert.equal(await page.getByTestId('pdash-weeks-table').locator('tbody tr').count(), 12);
    // The journeys' server has no backup key: the Backups card says so, and that none was taken.
    await page.getByTestId('pdash-backup-not-set-up').waitFor();
    assert.equal(await page.getByTestId('pdash-backup-last-good').textContent(), 'No good backup yet');
    await screenshot(page, 'platform-dashboard');

    await page.getByTestId('pdash-plan-PREMIUM_PLAN').getByRole('link').click();
    await page.waitForURL((u) => u.pathname === '/IAM/tenant' && u.search === '?plan=PREMIUM_PLAN');
    await page.getByText('Maple House AFH').first().waitFor();
    assert.equal(await page.getByText('Birch', { exact: false }).count(), 0);
  });

  test('a deleted home shows until when its records are kept, and the purge waits for that day', async () => {
    // A home of its own (the journeys share the demo's): made, then deleted, now; no resident ever lived there,
    // and its owner was a member until the delete, so its records are kept 2 years (personnel files).
    const token = await superToken();
    const n = String(Date.now()).slice(-6);
    const made = await call(token, '/system/tenant/createFacilityAccount', {
      method: 'POST',
      body: { facilityName: `Purge Test ${n} AFH`, ownerName: 'Pat Lee', account: `purge_${n}`, email: `purge_${n}@example.com`,
        phone: `20655${n.slice(-5)}`, address: '1 Retention Road, Olympia WA', zipCode: '98501', businessLicense: `9${n}`, timeZone: 'PT' },
    });
    await call(token, '/system/tenant/delete', { query: { tenantId: made.tenantId } });
    const date = await call(token, '/system/tenant/getPurgeDate', { query: { tenantId: made.tenantId } });
    assert.equal(date.allowed, false, JSON.stringify(date));
    // 2 years after the delete, from the next 00:00 UTC.
    const deleted = new Date(date.deletedAt);
    const from = Date.UTC(deleted.getUTCFullYear() + 2, deleted.getUTCMonth(), deleted.getUTCDate() + 1);
    assert.equal(date.purgeFrom, from, JSON.stringify(date));
    const purge = await envelope(token, '/system/tenant/purge', { method: 'POST', body: { tenantId: made.tenantId, confirmName: made.facilityName } });
    assert.equal(purge.code, '4009', JSON.stringify(purge));
    assert.match(purge.message, new RegExp(new Date(date.purgeFrom).toISOString().slice(0, 10)));

    const page = await open();
    await signIn(page, 'superadmin');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.goto('/IAM/tenant?state=DELETED');
    await page.getByTestId('tenant-search').fill(made.facilityName);
    await page.getByTestId('tenant-search').press('Enter');
    await page.getByRole('button', { name: `Details of ${made.facilityName}` }).click();
    const kept = page.getByTestId('tenant-kept-until');
    await kept.waitFor();
    const day = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(date.purgeFrom);
    assert.equal(await kept.textContent(), `Records kept until ${day}; purge possible from then.`);
    assert.ok(await page.getByTestId('tenant-purge-open').isDisabled());
    await page.getByTestId('tenant-purge-reason').getByText(`Not before ${day}`, { exact: false }).waitFor();
    await screenshot(page, 'platform-tenant-purge-waits');
  });

  test('the owner sees the new menu entry in another browser', async () => {
    const page = await open();
    await ownerSignsIn(page);
    const names = await sidebarEntries(page);
    assert.equal(await page.locator(`nav a[data-menu-code="${MENU_CODE}"]`).count(), 1, names.join(', '));
    await screenshot(page, 'platform-menu-owner');
  });
});
