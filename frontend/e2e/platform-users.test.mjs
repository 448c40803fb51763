// Platform administration, part 1 (issue 30): the super admin's /IAM/tenant (a new home too) and /IAM/user
// pages, and a new owner's whole way from the sign-in page: sign-up (the picture code's answer from the
// development server), the e-mailed link, under review, refused with a reason, fixed and sent again,
// approved, signed in.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiClient, apiSignIn, BASE_URL, enterEmailedCode, pagePerTest, screenshot, signIn, step, submitAccount, toastSays } from './support.mjs';

const { call } = apiClient('e2e-platform-users');

const open = pagePerTest();

describe('platform administration', () => {
  test('the super admin finds a home and a person', async () => {
    const page = await open();
    await signIn(page, 'superadmin');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));

    await step('homes', async () => {
      await page.goto('/IAM/tenant');
      await page.getByTestId('tenant-search').fill('maple');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const row = page.locator('[data-testid="tenant-row"][data-name="Maple House AFH"]');
      // Maple is on the unfiltered first page too: wait for the search's answer to leave it alone.
      await page.waitForFunction(() => globalThis.document.querySelectorAll('[data-testid="tenant-row"]').length === 1);
      await row.waitFor();
      assert.equal(await page.getByTestId('tenant-row').count(), 1);
      await row.getByTestId('tenant-open').click();
      await page.getByTestId('tenant-detail').waitFor();
      assert.match(await page.getByTestId('tenant-detail-status').textContent(), /Approved/);
      await screenshot(page, 'platform-tenant-detail');
      await page.getByRole('button', { name: 'Close', exact: true }).click();
    });

    await step('a new home and its owner', async () => {
      const stamp = String(Date.now()).slice(-6);
      const name = `Juniper House ${stamp}`;
      await page.getByTestId('tenant-new').click();
      const dialog = page.getByRole('dialog', { name: 'New home' });
      await dialog.getByRole('button', { name: 'Create home' }).click();
      await dialog.getByText('At least 2 characters.').first().waitFor();
      await screenshot(page, 'platform-new-home-refused');
      await dialog.getByLabel('Home name').fill(name);
      await dialog.getByLabel('Licence number').fill(`JH${stamp}`);
      await dialog.getByLabel('Zip code').fill('98101');
      await dialog.getByLabel('Address').fill('40 Juniper Lane, Seattle WA');
      await dialog.getByLabel("Owner's name").fill('June Park');
      await dialog.getByLabel('Account name').fill(`june_${stamp}`);
      await dialog.getByLabel('E-mail').fill(`june-${stamp}@example.com`);
      await dialog.getByLabel('Phone').fill('2065550188');
      await dialog.getByRole('button', { name: 'Create home' }).click();
      await toastSays(page, 'Home created; its owner was e-mailed a link to choose a password');
      // The new home opens: approved, on the free plan.
      const detail = page.getByRole('dialog', { name });
      await detail.getByTestId('tenant-detail').waitFor();
      assert.match(await detail.getByTestId('tenant-detail-status').textContent(), /Approved/);
      await detail.getByText('Free').first().waitFor();
      await detail.locator('.bp6-dialog-close-button').click();
      await detail.waitFor({ state: 'hidden' });
    });

    await step('roles: what each role sees', async () => {
      await page.goto('/IAM/role');
      const table = page.getByTestId('roles-table');
      await table.waitFor();
      // Caregivers see the eMAR; the super admin does not (a platform role).
      assert.equal(await page.getByTestId('role-Emars-CAREGIVER_STAFF').isChecked(), true);
      assert.equal(await page.getByTestId('role-Emars-SUPER_ADMIN').isChecked(), false);
      await screenshot(page, 'platform-roles');
    });

    await step('people', async () => {
      await page.goto('/IAM/user');
      await page.getByTestId('user-search').fill('caregiver_maple1');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const row = page.locator('[data-testid="user-row"][data-account="caregiver_maple1"]');
      await row.waitFor();
      await row.getByTestId('user-open').click();
      await page.getByTestId('user-detail').waitFor();
      await page.getByTestId('user-signout').click();
      await toastSays(page, 'Done.');
      await screenshot(page, 'platform-user-detail');
    });
  });

  test('a new owner signs up, is refused with a reason, fixes and resubmits, is approved and signs in', async () => {
    const stamp = String(Date.now()).slice(-6);
    const home = `Willow Creek ${stamp}`;
    const account = `rosa_${stamp}`;
    const email = `rosa.${stamp}@willow.example`;
    const password = 'Willow@2026x';
    const superToken = await apiSignIn('superadmin');
    const page = await open();
    await page.goto('/login');
    await page.getByTestId('signup-link').click();
    await page.waitForURL('**/signup');
    await step('the bounds are shown', async () => {
      await page.locator('#signup-facilityName').fill('W');
      await page.getByTestId('signup-next').click();
      await page.getByText('At least 2 characters.').first().waitFor();
    });
    const since = Date.now();
    await step('the home, then the owner, then the picture code', async () => {
      await page.locator('#signup-facilityName').fill(home);
      await page.locator('#signup-businessLicense').fill(`7${stamp}`);
      await page.locator('#signup-zipCode').fill('98501');
      await page.locator('#signup-address').fill('88 Willow Creek Road, Tumwater, WA');
      await page.locator('#signup-introduction').fill('A six-bed home with a garden.');
      await page.getByTestId('signup-next').click();
      await page.locator('#signup-ownerName').fill('Rosa Diaz');
      await page.locator('#signup-account').fill(account);
      await page.locator('#signup-email').fill(email);
      await page.locator('#signup-phone').fill('360-555-0142');
      const picture = page.waitForResponse((r) => r.url().includes('/user/getCaptcha'));
      await page.getByTestId('signup-next').click();
      const { data } = await (await picture).json();
      await page.getByRole('img', { name: 'Picture code' }).waitFor();
      await screenshot(page, 'signup-captcha');
      // A development server tells the super admin the picture's answer (as its outbox holds the e-mails).
      const { answer } = await call(superToken, '/system/dev/captcha', { query: { captchaId: data.captchaId } });
      await page.locator('#signup-captcha').fill(answer);
      await page.getByTestId('signup-next').click();
      await page.getByTestId('signup-done').getByText(email, { exact: false }).waitFor();
    });
    await step('the e-mailed link sets the password; sign-in says the home is under review', async () => {
      const link = new URL(await linkFromOutbox(superToken, email, since, /\/change-password\?token=[A-Za-z0-9_\-%.~]+/), BASE_URL);
      await page.goto(link.pathname + link.search);
      await page.locator('#new-password').fill(password);
      await page.locator('#confirm-password').fill(password);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.waitForURL('**/login?changed=1');
      await submitAccount(page, account, password);
      await page.getByRole('dialog', { name: 'Facility under review' }).waitFor();
      await screenshot(page, 'signup-pending');
    });
    const review = async (decide) => {
      await page.evaluate(() => globalThis.localStorage.clear());
      await signIn(page, 'superadmin');
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      await page.goto('/IAM/tenant');
      await page.getByTestId('tenant-search').fill(home);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.locator(`[data-testid="tenant-row"][data-name="${home}"]`).getByTestId('tenant-open').click();
      await page.getByTestId('tenant-detail').waitFor();
      await decide();
      await toastSays(page, 'Saved.');
      await page.evaluate(() => globalThis.localStorage.clear());
    };
    const reason = 'The licence number does not match the state register.';
    await step('the super admin refuses it with a reason', () =>
      review(async () => {
        await page.getByTestId('tenant-reason').fill(reason);
        await page.getByTestId('tenant-refuse').click();
      }),
    );
    await step('the owner reads the reason at sign-in, fixes the licence and sends it again', async () => {
      await page.goto('/login');
      await submitAccount(page, account, password);
      assert.equal(await page.getByTestId('refused-reason').textContent(), `Reason: ${reason}`);
      await page.getByTestId('refused-fix').click();
      await page.waitForURL('**/signup?fix=**');
      await page.getByTestId('signup-reason').getByText(reason, { exact: false }).waitFor();
      await page.locator('#signup-businessLicense').fill(`8${stamp}`);
      await page.getByTestId('signup-next').click();
      await page.getByTestId('signup-done').waitFor();
    });
    await step('the super admin approves it', () => review(() => page.getByTestId('tenant-approve').click()));
    await step('the owner signs in to the new home', async () => {
      const codeSince = Date.now();
      await page.goto('/login');
      await submitAccount(page, account, password);
      await enterEmailedCode(page, email, codeSince);
      await page.waitForURL('**/dashboard');
      await screenshot(page, 'signup-approved-dashboard');
    });
  });
});

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
