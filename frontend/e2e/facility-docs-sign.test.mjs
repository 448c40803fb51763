// Signatures collected from staff (issue 32): the owner uploads the residents' rights notice and names the
// caregiver Amina Njoroge to sign it; Amina, on her phone (or desktop, by the pass's size), finds it on her
// dashboard's Documents to sign card, follows it to her status page, opens the document to read and signs it
// after confirming; it leaves her list. The owner then sees her signature, with its time, on the version.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, newPage, ownerSignsIn, screenshot, signIn, step, toastSays } from './support.mjs';

const CAREGIVER = 'Amina Njoroge';

/** A small valid PDF. */
function pdf(title) {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%${title}\n%%EOF\n`,
  );
}

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

describe('facility documents signed by staff', () => {
  test('the owner asks a caregiver to sign, the caregiver reads and signs, the owner sees it signed', async () => {
    const owner = await newPage(browser);
    const carer = await newPage(browser);
    const name = `Resident rights notice ${Date.now().toString(36)}`;
    const row = owner.page.locator('[data-testid="fdoc-item"][data-code="RESIDENT_RIGHTS_NOTICE"]');
    try {
      await step('the owner uploads the notice and names the caregiver to sign it', async () => {
        const page = owner.page;
        await ownerSignsIn(page);
        await page.goto('/inspection-status');
        await row.getByTestId('fdoc-upload').click();
        const dialog = page.getByRole('dialog');
        await dialog.getByTestId('facility-doc-upload').waitFor();
        await dialog.getByLabel('Name').fill(name);
        await dialog.getByLabel('Signatures required').check({ force: true });
        await dialog.getByTestId('fdoc-signers').getByLabel(CAREGIVER).check({ force: true });
        await dialog.getByTestId('facility-doc-file-input').setInputFiles({ name: 'rights.pdf', mimeType: 'application/pdf', buffer: pdf('rights') });
        await dialog.getByTestId('chosen-file').waitFor();
        await dialog.getByTestId('facility-doc-submit').click();
        await dialog.waitFor({ state: 'detached' });
        await row.getByTestId('fdoc-flag-signatures').waitFor();
        await row.getByTestId('fdoc-versions').click();
        const waiting = row.locator('[data-testid="doc-signature"][data-signed="false"]').filter({ hasText: CAREGIVER });
        await waiting.waitFor();
      });

      await step("the caregiver's dashboard says a document waits for her signature", async () => {
        const page = carer.page;
        await signIn(page, 'caregiver_maple1');
        await page.waitForURL((url) => !url.pathname.startsWith('/login'));
        await page.goto('/dashboard');
        const card = page.getByTestId('card-facilityDocsToSign');
        await card.waitFor();
        assert.match(await card.getByTestId('dash-facilityDocsToSign').textContent(), new RegExp(name));
        await screenshot(page, 'facility-docs-sign-card');
        await card.getByTestId('dash-facilityDocsToSign-link').click();
        await page.waitForURL((u) => u.pathname === '/your-status');
      });

      await step('she opens it to read, then signs after confirming, and it leaves her list', async () => {
        const page = carer.page;
        const doc = page.getByTestId('doc-to-sign').filter({ hasText: name });
        await doc.waitFor();
        assert.match(await doc.textContent(), /Facility rules and policies · Version 1 · waiting since/);
        const [preview] = await Promise.all([page.context().waitForEvent('page'), doc.getByTestId('doc-to-sign-read').click()]);
        await preview.waitForURL((u) => u.searchParams.get('preview') === '1');
        // The bar says "File preview" until the file has come; then it names the file.
        await preview.getByTestId('preview-name').filter({ hasText: /rights/ }).waitFor();
        await preview.close();
        await screenshot(page, 'facility-docs-sign-list');
        await doc.getByTestId('doc-to-sign-sign').click();
        const confirm = page.getByRole('alertdialog');
        assert.match(await confirm.getByTestId('doc-to-sign-confirm').textContent(), new RegExp(`Sign “${name}” \\(Version 1\\)\\?`));
        await screenshot(page, 'facility-docs-sign-confirm');
        await confirm.getByRole('button', { name: 'Sign', exact: true }).click();
        await toastSays(page, 'Signed.');
        await doc.waitFor({ state: 'detached' });
        await page.goto('/dashboard');
        await page.getByTestId('card-myStatus').or(page.getByTestId('card-residents')).first().waitFor();
        assert.equal(await page.getByTestId('card-facilityDocsToSign').count(), 0, 'nothing left to sign: no card');
      });

      await step('the owner sees her signature on the version, and the item no longer waits', async () => {
        const page = owner.page;
        await page.reload();
        await row.getByTestId('fdoc-versions').click();
        const signed = row.locator('[data-testid="doc-signature"][data-signed="true"]').filter({ hasText: `Signed by ${CAREGIVER}` });
        await signed.waitFor();
        assert.equal(await row.getByTestId('fdoc-flag-signatures').count(), 0);
        assert.equal(await row.locator('[data-testid="doc-signed-state"]').first().textContent(), 'All signatures completed');
        await screenshot(page, 'facility-docs-sign-owner');
      });
    } finally {
      await owner.context.close();
      await carer.context.close();
    }
    assert.deepEqual(owner.problems, [], 'the owner’s page logged problems');
    assert.deepEqual(carer.problems, [], 'the caregiver’s page logged problems');
  });
});
