// The inspector's link (issue 32): the owner issues a link on /inspection-status sharing residents' records
// and facility documents; the inspector opens it, signs in with the code e-mailed to them (read from the
// development outbox) and sees exactly what was shared and not more; the owner reads the link's activity and
// revokes it; the inspector's next page says the link has ended.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { codeFromOutbox, ownerSignsIn, pagePerTest, screenshot, step } from './support.mjs';

const open = pagePerTest();

describe('inspector link', () => {
  test('an owner shares residents and documents with an inspector, sees the activity and revokes the link', async () => {
    const owner = await open();
    const email = `inspector${Date.now() % 100000}@dshs.example`;
    let url = '';
    await step('the owner issues a link', async () => {
      await ownerSignsIn(owner);
      await owner.goto('/inspection-status');
      const section = owner.getByTestId('inspector-links');
      await section.waitFor();
      await section.getByLabel("Inspector's name").fill('Ines Inspector');
      await section.getByLabel("Inspector's e-mail").fill(email);
      await section.getByLabel('Days the link works').selectOption('3');
      await section.getByLabel("Residents' records").check({ force: true });
      await section.getByLabel('Facility documents').check({ force: true });
      await section.getByTestId('inspector-issue').click();
      url = await section.getByTestId('inspector-issued-url').inputValue();
      assert.match(url, /\/inspector\?token=/);
      await section.locator(`[data-testid="inspector-link"][data-email="${email}"][data-status="ACTIVE"]`).waitFor();
      await screenshot(owner, 'inspector-links');
    });

    // The ended link's last page is an HTTP 410, which the browser logs as a failed load: the inspector's page
    // leaves console errors out (its uncaught errors still fail the test).
    const inspector = await open({ consoleErrors: false });
    await step('the inspector signs in with the e-mailed code', async () => {
      await inspector.goto(new URL(url).pathname + new URL(url).search);
      const since = Date.now();
      await inspector.getByTestId('inspector-send-code').click();
      await inspector.getByTestId('inspector-code-sent').waitFor();
      await inspector.getByLabel('Sign-in code').fill(await codeFromOutbox(email, since));
      await inspector.getByTestId('inspector-sign-in').click();
      await inspector.getByRole('heading', { name: 'Maple House AFH: inspection' }).waitFor();
    });

    await step('the inspector sees exactly what was shared', async () => {
      const areas = await inspector.getByTestId('inspector-shared-areas').locator('[data-area]').evaluateAll((els) => els.map((e) => e.dataset.area));
      assert.deepEqual(areas, ['RESIDENTS', 'FACILITY_DOCS']);
      assert.equal(await inspector.getByTestId('inspector-tab-staff').count(), 0);
      assert.equal(await inspector.getByTestId('inspector-tab-incidents').count(), 0);
      const resident = inspector.getByTestId('inspector-resident').first();
      await resident.waitFor();
      assert.equal(await resident.getByRole('button', { name: 'MAR' }).count(), 0);
      assert.equal(await resident.getByRole('button', { name: 'Notes' }).count(), 0);
      await resident.getByRole('button', { name: 'Record' }).click();
      await inspector.getByTestId('inspector-resident-record').waitFor();
      assert.equal(await inspector.getByTestId('inspector-download').count(), 0); // downloads not allowed
      await screenshot(inspector, 'inspector-view');
      await inspector.getByTestId('inspector-tab-documents').click();
      await inspector.getByText(/Nothing on record|Version/).first().waitFor();
    });

    await step('the owner sees the activity and revokes the link', async () => {
      await owner.reload();
      const row = owner.locator(`[data-testid="inspector-link"][data-email="${email}"]`);
      await row.getByTestId('inspector-activity-toggle').click();
      await row.locator('[data-testid="inspector-activity-row"][data-page="resident"]').waitFor();
      await row.locator('[data-testid="inspector-activity-row"][data-action="SIGN_IN"]').waitFor();
      await row.getByTestId('inspector-revoke').click();
      await owner.locator(`[data-testid="inspector-link"][data-email="${email}"][data-status="REVOKED"]`).waitFor();
    });

    await step("the inspector's next page says the link has ended", async () => {
      await inspector.reload();
      await inspector.getByTestId('inspector-ended').waitFor();
    });
  });
});
