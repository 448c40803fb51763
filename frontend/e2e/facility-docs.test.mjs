// Facility documents (issue 32, first slice): the owner follows the dashboard's Facility documents card to
// the inspection readiness page, uploads a licence that has expired and sees it flagged Expired, uploads its
// renewal and sees the flag clear (Renewed); both versions stay listed, the old one still downloads. Then
// (second slice) the page's residents and staff areas with their scores, and a gap followed to its fix.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readFile } from 'node:fs/promises';
import { ownerSignsIn, pagePerTest, screenshot, step, waitForBadge } from './support.mjs';

const open = pagePerTest();

/** YYYY-MM-DD of today plus `days` (the browser's day; the dates below leave slack for the home's zone). */
function day(days) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A small valid PDF. */
function pdf(title) {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%${title}\n%%EOF\n`,
  );
}

/** A one-page PDF whose page has a text layer with these lines (what pdftotext reads). */
function textPdf(lines) {
  const esc = (t) => t.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = `BT /F1 12 Tf 72 720 Td 16 TL ${lines.map((l) => `(${esc(l)}) '`).join(' ')} ET`;
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 4 0 R>>>>/Contents 5 0 R>>',
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
    `<</Length ${content.length}>>stream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function uploadLicence(page, { validFrom, expiresOn, file }) {
  const row = page.locator('[data-testid="fdoc-item"][data-code="LICENSE"]');
  await row.getByTestId('fdoc-upload').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('facility-doc-upload').waitFor();
  assert.equal(await dialog.getByLabel('Name').inputValue(), 'Adult family home license');
  await dialog.getByLabel('Valid from').fill(validFrom);
  await dialog.getByLabel('Expiration date').fill(expiresOn);
  await dialog.getByTestId('facility-doc-file-input').setInputFiles({ name: file, mimeType: 'application/pdf', buffer: pdf(file) });
  await dialog.getByTestId('chosen-file').waitFor();
  await dialog.getByTestId('facility-doc-submit').click();
  await dialog.waitFor({ state: 'detached' });
}

describe('facility documents', () => {
  test('the owner uploads an expired licence, sees it flagged, renews it and sees the flag clear', async () => {
    const page = await open();
    await ownerSignsIn(page);

    await step('the dashboard card leads to the missing documents', async () => {
      await page.goto('/dashboard');
      const card = page.getByTestId('card-facilityDocuments');
      await card.getByTestId('dash-facilityDocsMissing-link').click();
      await page.waitForURL((u) => u.pathname === '/inspection-status' && u.searchParams.get('status') === 'MISSING');
      await page.getByRole('heading', { name: 'Inspection readiness' }).waitFor();
      await page.getByTestId('fdoc-item').first().waitFor();
      const statuses = await page.getByTestId('fdoc-item').evaluateAll((rows) => rows.map((r) => r.dataset.status));
      assert.ok(statuses.every((s) => s === 'MISSING'), `only missing items: ${statuses}`);
    });

    let badge = 0;
    await step("the sidebar's badge counts the documents missing, expired or expiring soon", async () => {
      await page.goto('/inspection-status');
      const counts = page.getByTestId('fdoc-summary');
      await counts.waitFor();
      const n = async (id) => Number((await page.getByTestId(id).textContent()).replace(/\D+/g, ''));
      const want = (await n('fdoc-missing')) + (await n('fdoc-expired')) + (await n('fdoc-expiring'));
      badge = await waitForBadge(page, '/inspection-status', Math.min(want, 100));
      assert.equal(badge, Math.min(want, 100), `badge ${badge}, the checklist's counts ${want}`);
    });

    await step('an expired licence is flagged Expired', async () => {
      await page.goto('/inspection-status');
      await page.locator('[data-testid="fdoc-item"][data-code="LICENSE"]').waitFor();
      await uploadLicence(page, { validFrom: day(-400), expiresOn: day(-40), file: 'license-last-year.pdf' });
      const row = page.locator('[data-testid="fdoc-item"][data-code="LICENSE"][data-status="EXPIRED"]');
      await row.waitFor();
      assert.equal((await row.getByTestId('fdoc-status').textContent()).trim(), 'Expired');
      // The expired licence is a red flag on its item, counted in the page's red flags.
      const flag = row.locator('[data-testid="fdoc-red-flag"][data-kind="EXPIRED"]');
      await flag.waitFor();
      assert.equal((await flag.textContent()).trim(), 'Red flag: expired');
      assert.ok(Number((await page.getByTestId('fdoc-red-flag-count').textContent()).replace(/\D+/g, '')) >= 1);
      await screenshot(page, 'facility-docs-expired');
      // A licence on file that has expired is still one needing action: the badge stays.
      await page.reload();
      await page.getByTestId('fdoc-summary').waitFor();
      assert.equal(await waitForBadge(page, '/inspection-status', badge), badge);
    });

    await step('its renewal clears the flag, and both versions stay readable', async () => {
      await uploadLicence(page, { validFrom: day(-1), expiresOn: day(365), file: 'license-renewed.pdf' });
      const row = page.locator('[data-testid="fdoc-item"][data-code="LICENSE"][data-status="RENEWED"]');
      await row.waitFor();
      assert.equal((await row.getByTestId('fdoc-status').textContent()).trim(), 'Renewed');
      assert.equal(await row.locator('[data-testid="fdoc-red-flag"][data-kind="EXPIRED"]').count(), 0, 'the renewal clears the red flag');
      await row.getByTestId('fdoc-versions').click();
      const versions = row.getByTestId('doc-version');
      await versions.first().waitFor();
      const numbers = await versions.evaluateAll((vs) => vs.map((v) => Number(v.dataset.version)));
      assert.ok(numbers.length >= 2 && numbers[0] > numbers[1], `versions newest first: ${numbers}`);
      const older = await versions.nth(1).getByTestId('doc-download').getAttribute('href');
      const res = await page.request.get(older);
      assert.equal(res.status(), 200);
      assert.equal(res.headers()['content-type'], 'application/pdf');
      await screenshot(page, 'facility-docs-renewed');
      await page.reload();
      await page.getByTestId('fdoc-summary').waitFor();
      assert.equal(await waitForBadge(page, '/inspection-status', badge - 1), badge - 1, 'the renewed licence leaves the badge');
    });
  });

  test('the owner names herself to sign the disaster plan, sees it flagged, signs and approves it', async () => {
    const page = await open();
    await ownerSignsIn(page);
    const row = page.locator('[data-testid="fdoc-item"][data-code="EMERGENCY_DISASTER_PLAN"]');

    await step('an approval step awaiting a signature is not on file and is flagged', async () => {
      await page.goto('/inspection-status');
      await row.getByTestId('fdoc-upload').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('facility-doc-upload').waitFor();
      await dialog.getByLabel('Signatures required').check({ force: true });
      await dialog.getByTestId('fdoc-signers').getByLabel('Elena Martinez').check({ force: true });
      await dialog.getByLabel('Approval step').check({ force: true });
      await dialog.getByTestId('facility-doc-file-input').setInputFiles({ name: 'disaster-plan.pdf', mimeType: 'application/pdf', buffer: pdf('plan') });
      await dialog.getByTestId('chosen-file').waitFor();
      await screenshot(page, 'facility-docs-signers');
      await dialog.getByTestId('facility-doc-submit').click();
      await dialog.waitFor({ state: 'detached' });
      await row.getByTestId('fdoc-flag-signatures').waitFor();
      await row.getByTestId('fdoc-flag-approval').waitFor();
      assert.equal(await row.getAttribute('data-status'), 'MISSING');
    });

    await step('she signs with her own sign-in, then approves, and the plan is on file', async () => {
      await row.getByTestId('fdoc-versions').click();
      await row.getByTestId('doc-sign').click();
      await row.locator('[data-testid="doc-signature"][data-signed="true"]').waitFor();
      await screenshot(page, 'facility-docs-signed');
      await row.getByTestId('doc-approve').click();
      await page.locator('[data-testid="fdoc-item"][data-code="EMERGENCY_DISASTER_PLAN"][data-status="DONE"]').waitFor();
      assert.equal(await row.getByTestId('fdoc-flag').count(), 0);
    });
  });

  test('the owner runs the compliance check of a document and reads its report (rules-only: no AI provider here)', async () => {
    const page = await open();
    await ownerSignsIn(page);
    const row = page.locator('[data-testid="fdoc-item"][data-code="FIRE_EXTINGUISHERS"]');

    await step('she uploads the fire extinguisher log', async () => {
      await page.goto('/inspection-status');
      await row.getByTestId('fdoc-upload').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('facility-doc-upload').waitFor();
      const file = 'extinguishers.pdf';
      const doc = textPdf(['Fire safety log of Maple House', 'The extinguisher by the kitchen door was inspected and tagged in March.']);
      await dialog.getByTestId('facility-doc-file-input').setInputFiles({ name: file, mimeType: 'application/pdf', buffer: doc });
      await dialog.getByTestId('chosen-file').waitFor();
      await dialog.getByTestId('facility-doc-submit').click();
      await dialog.waitFor({ state: 'detached' });
    });

    await step('she runs the check, and the report lists each item with its quote, page and WAC source', async () => {
      await row.getByTestId('fdoc-check').click();
      const check = row.getByTestId('compliance-check');
      await check.waitFor();
      // A new version of a document checked before (an earlier run) is checked by itself.
      await check.getByTestId('compliance-run').or(check.getByTestId('compliance-progress')).first().waitFor();
      if ((await check.getAttribute('data-state')) === 'NONE') await check.getByTestId('compliance-run').click();
      const report = check.getByTestId('compliance-report');
      await report.waitFor({ timeout: 60_000 });
      assert.equal(await report.getAttribute('data-method'), 'RULES');
      assert.match(await check.getByTestId('compliance-method').textContent(), /Rules-only check: not an AI check/);
      const location = check.locator('[data-testid="compliance-item"][data-code="FIRE_LOCATION"]');
      assert.equal(await location.getAttribute('data-covered'), 'true');
      assert.match(await location.getByTestId('compliance-quote').first().textContent(), /kitchen door.*page 1/);
      assert.match(await location.textContent(), /WAC 388-76-10810/);
      assert.equal(await check.locator('[data-testid="compliance-item"][data-code="FIRE_TYPE"]').getAttribute('data-covered'), 'false');
      await screenshot(page, 'facility-docs-compliance-report');
    });

    await step('the item it found missing is a red flag on the document', async () => {
      await row.locator('[data-testid="fdoc-red-flag"][data-kind="MISSED_ITEM"]').waitFor();
    });
  });

  test('the owner sees the residents and staff areas with scores and follows a gap to its fix', async () => {
    const page = await open();
    await ownerSignsIn(page);

    await step('each area and the whole page have a score', async () => {
      await page.goto('/inspection-status');
      await page.getByRole('heading', { name: 'Inspection readiness' }).waitFor();
      await page.getByTestId('inspect-overall').waitFor();
      const areas = await page.getByTestId('inspect-area-score').evaluateAll((tags) => tags.map((t) => t.dataset.area));
      assert.deepEqual(areas, ['residents', 'staff', 'documents']);
      for (const id of ['inspect-residents', 'inspect-staff']) {
        const score = Number(await page.getByTestId(id).getByTestId('area-score').getAttribute('data-score'));
        assert.ok(score >= 0 && score <= 100, `${id} score ${score}`);
      }
      // The demo has a care plan past its review and staff credentials overdue: both areas show gaps.
      await page.getByTestId('inspect-residents').getByTestId('area-gap').first().waitFor();
      await page.getByTestId('inspect-staff').getByTestId('area-gap').first().waitFor();
      await screenshot(page, 'inspection-areas');
    });

    await step("a resident's care plan gap leads to the care plan tab", async () => {
      const gap = page.getByTestId('inspect-residents').locator('[data-testid="area-gap"][data-rule="CARE_PLAN"]').first();
      await gap.getByTestId('area-fix').click();
      await page.waitForURL((u) => u.pathname === '/resident-management/detail' && u.searchParams.get('tab') === 'carePlan');
      await page.getByRole('tab', { name: 'Current care plan', selected: true }).waitFor();
    });

    await step("a staff member's overdue credential leads to their staff page", async () => {
      await page.goto('/inspection-status');
      const gap = page.getByTestId('inspect-staff').locator('[data-testid="area-gap"][data-rule="CREDENTIALS"]').first();
      await gap.getByTestId('area-fix').click();
      await page.waitForURL((u) => u.pathname.startsWith('/staff-management/detail/'));
    });

    await step('the page prints as a PDF in Spanish to hand over', async () => {
      await page.goto('/inspection-status');
      await page.getByTestId('inspect-overall').waitFor();
      await page.getByTestId('inspect-print-lang').selectOption('es-ES');
      await screenshot(page, 'inspection-print');
      const download = page.waitForEvent('download');
      await page.getByTestId('inspect-print-button').click();
      const file = await download;
      const bytes = await readFile(await file.path());
      assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
      assert.match(file.suggestedFilename(), /^Informe de preparación para inspecciones .*\.pdf$/);
    });
  });
});

