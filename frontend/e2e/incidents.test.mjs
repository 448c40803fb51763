// Incident reports (issue 18): caregiver_maple1 files a fall on the guided form — the type first, then the
// questions a resident's fall asks (resident, when it happened and was found, where, what happened, injuries
// and where on the body, who was told, a photo) — the draft saves itself, and she submits it after the
// confirmation. owner_evergreen sees the pending-review count in the sidebar, opens the report, runs the final
// analysis (no AI provider in the journeys: the rules-based checklist, said so), ticks every reporting duty and
// approves; the report is read-only after, and its PDF downloads; the list, filtered to completed reports of
// the last two days, downloads as CSV. Run at desktop and phone width (e2e.sh).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { png } from './images.mjs';
import { openMenu, ownerSignsIn, pagePerTest, screenshot, sidebarBadge, signIn, step, toastSays } from './support.mjs';

const open = pagePerTest();
const stamp = Date.now().toString(36).slice(-5);
const NARRATIVE = `Found Mr. resident on the floor beside the bed at 03:10, awake and talking (${stamp}).`;
// Yesterday (UTC) at night: in the past in the facility's zone too.
const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const TODAY = new Date().toISOString().slice(0, 10);

let incidentId = '';
let residentId = '';

describe('incident reports', () => {
  test('a caregiver files a fall with a photo', async () => {
    const page = await open();
    await signIn(page, 'caregiver_maple1');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    await step('the sidebar leads to the incident page', async () => {
      await openMenu(page);
      await page.locator('nav a[data-menu-code="CaregiverIncident"]').click();
      await page.waitForURL('**/incident');
      await page.getByRole('heading', { name: 'Incident reports' }).first().waitFor();
    });

    await step('step 1: the type first', async () => {
      await page.getByTestId('incident-new').click();
      await page.getByTestId('incident-step1').waitFor();
      // No type: Next says so.
      await page.getByTestId('incident-next').click();
      await page.getByText('Choose the type of incident.').waitFor();
      await page.getByText('Something that happened to a resident').click();
      await page.locator('#incident-type').selectOption('FALL');
      await screenshot(page, 'incident-type');
      await page.getByTestId('incident-next').click();
    });

    await step('step 2: the questions a fall asks, a photo, and the autosave', async () => {
      const form = page.getByTestId('incident-form');
      await form.waitFor();
      // A fall asks for the resident and the injuries; an incident of the home would not.
      await page.locator('#incident-resident').waitFor();
      await page.locator('#incident-injuries').waitFor();
      // What blocks submit is listed at the button before any press; a press marks the fields too.
      await page.getByTestId('incident-blockers').getByText('Choose the resident.').waitFor();
      await page.getByTestId('incident-submit').click();
      await page.locator('[data-field-error="incident-resident"]').getByText('Choose the resident.').waitFor();
      await page.locator('[data-field-error="incident-narrative"]').getByText('Say what happened.').waitFor();
      const resident = page.locator('#incident-resident option').nth(1);
      residentId = (await resident.getAttribute('value')) ?? '';
      await page.locator('#incident-resident').selectOption(residentId);
      await page.locator('#incident-occurred').fill(YESTERDAY);
      await page.locator('#incident-occurred-time').fill('03:00');
      await page.locator('#incident-discovered').fill(YESTERDAY);
      await page.locator('#incident-discovered-time').fill('03:10');
      await page.locator('#incident-location').fill('Bedroom 2');
      await page.locator('#incident-narrative').fill(NARRATIVE);
      await page.locator('#incident-injuries').fill('Bruise, no bleeding');
      await page.locator('#incident-body').fill('left hip, right wrist');
      await page.locator('#incident-actions').fill('Checked vitals, helped back to bed with two staff');
      await page.getByTestId('incident-notified-FAMILY').check({ force: true });
      await page.locator('#incident-notified-at-FAMILY').fill(YESTERDAY);
      await page.locator('#incident-notified-at-FAMILY-time').fill('03:40');
      await page.locator('#incident-witnesses').fill('Nobody else was in the room');
      // The draft saves itself a moment after the last edit (the photo's).
      const saved = page.waitForResponse((r) => /\/incidentReport\/(saveIncidentDraft|updateIncidentReport)/.test(r.url()), { timeout: 20_000 });
      await page.getByTestId('incident-file-input').setInputFiles({ name: `floor-${stamp}.png`, mimeType: 'image/png', buffer: png(160, 120) });
      await page.getByTestId('incident-files').getByText(`floor-${stamp}.png`).waitFor();
      await saved;
      await page.getByTestId('incident-autosave').filter({ hasText: /Draft saved at/ }).waitFor({ timeout: 20_000 });
      await page.getByTestId('incident-submit').waitFor();
      assert.equal(await page.getByTestId('incident-submit').isEnabled(), true);
      incidentId = (await form.getAttribute('data-incident-id')) ?? '';
      assert.ok(incidentId, 'the autosave made a draft');
      await screenshot(page, 'incident-form');
    });

    await step('submit asks first, then the report is pending review', async () => {
      await page.getByTestId('incident-submit').click();
      await page.getByRole('group', { name: 'Submit this report?' }).waitFor();
      await screenshot(page, 'incident-submit-confirm');
      await page.getByTestId('incident-confirm-button').click();
      await toastSays(page, 'Report submitted for review');
      const row = page.locator(`[data-testid="incident-row"][data-incident-id="${incidentId}"]`);
      await row.waitFor();
      assert.equal(await row.getAttribute('data-state'), 'PENDING_REVIEW');
      await screenshot(page, 'incident-mine');
    });
  });

  test('the owner reviews: the count, the final analysis, the duties, approval, read-only and the PDF', async () => {
    assert.ok(incidentId, 'the caregiver filed a report');
    const page = await open();
    await ownerSignsIn(page);

    await step('the sidebar counts the reports waiting for review', async () => {
      await openMenu(page);
      await page.locator('nav a[data-menu-code="IncidentManagement"] .hearth-nav-badge').waitFor();
      assert.match(await sidebarBadge(page, 'IncidentManagement'), /^[1-9]\d*\+?$/);
      await page.locator('nav a[data-menu-code="IncidentManagement"]').click();
      await page.waitForURL('**/incident-management');
    });

    await step('the list shows the fall pending review; it opens with its duties', async () => {
      await page.getByTestId('incident-filter-state').selectOption('PENDING_REVIEW');
      const row = page.locator(`[data-testid="incident-row"][data-incident-id="${incidentId}"]`);
      await row.waitFor();
      await screenshot(page, 'incident-management');
      await row.getByTestId('incident-open').click();
      await page.locator(`[data-testid="incident-detail"][data-incident-id="${incidentId}"]`).waitFor();
      await page.getByTestId('incident-narrative').getByText(NARRATIVE).waitFor();
      await page.getByTestId('incident-duty').first().waitFor();
    });

    await step('the law first: the open mandatory duties head the review; one is marked done with a confirmation number', async () => {
      const law = page.getByTestId('incident-law');
      await law.waitFor();
      const first = law.getByTestId('incident-law-duty').first();
      const code = await first.getAttribute('data-code');
      await first.getByTestId('incident-law-reference').fill('CN-4417');
      await screenshot(page, 'incident-law-first');
      await first.getByTestId('incident-law-done').click();
      await toastSays(page, 'Duty updated');
      const row = page.locator(`[data-testid="incident-duty"][data-code="${code}"][data-status="done"]`);
      await row.waitFor();
      await row.getByText(/CN-4417/).waitFor();
    });

    await step('the final analysis without a provider is the rules-based checklist, said so', async () => {
      await page.getByTestId('incident-run-final').click();
      await toastSays(page, 'Final analysis ready');
      const final = page.locator('[data-testid="incident-analysis"][data-kind="FINAL"]');
      await final.waitFor();
      assert.equal(await final.getAttribute('data-provider'), 'rules');
      // Said as a plain state, with the run button, not as a first possible cause.
      await final.getByTestId('incident-rules-based').getByText('No AI analysis was available').waitFor();
      await final.getByTestId('incident-run-analysis').waitFor();
      await final.getByText('Possible causes').waitFor();
    });

    await step('every duty is ticked: who and when', async () => {
      const duties = page.getByTestId('incident-duty');
      const n = await duties.count();
      for (let i = 0; i < n; i++) {
        const duty = duties.nth(i);
        if ((await duty.getAttribute('data-status')) === 'done') continue;
        await duty.getByTestId('incident-duty-check').click({ force: true });
        await page.waitForFunction((at) => globalThis.document.querySelectorAll('[data-testid="incident-duty"]')[at]?.getAttribute('data-status') === 'done', i);
        assert.match(await duty.textContent(), /Done by .+ on /);
      }
      assert.equal(await page.locator('[data-testid="incident-duty"]:not([data-status="done"])').count(), 0);
      await screenshot(page, 'incident-review');
    });

    await step('approve and close, confirmed; the report is read-only after', async () => {
      await page.getByTestId('incident-approve').click();
      await page.getByText('Approve and close this report?').waitFor();
      await screenshot(page, 'incident-approve');
      await page.getByTestId('incident-approve-confirm').click();
      await toastSays(page, 'Report approved and closed');
      const detail = page.locator(`[data-testid="incident-detail"][data-state="COMPLETED"]`);
      await detail.waitFor();
      await page.getByTestId('incident-readonly').waitFor();
      assert.equal(await page.getByTestId('incident-approve').count(), 0);
      assert.equal(await page.getByTestId('incident-run-final').count(), 0);
      assert.equal(await page.getByTestId('incident-duty-check').count(), 0);
    });

    await step('its PDF downloads', async () => {
      const download = page.waitForEvent('download');
      await page.getByTestId('incident-print').click();
      const bytes = await readFile(await (await download).path());
      assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    });

    await step('the list as CSV: what the filters select, named after the home and the period, a licensor\'s columns', async () => {
      await page.goto('/incident-management');
      await page.getByTestId('incident-filter-state').selectOption('COMPLETED');
      // The period is required: the button waits for both days and says so.
      assert.equal(await page.getByTestId('incident-export').isDisabled(), true);
      await page.getByTestId('incident-export-hint').waitFor();
      await page.locator('#incident-filter-from').fill(YESTERDAY);
      await page.locator('#incident-filter-to').fill(TODAY);
      await page.locator(`[data-testid="incident-row"][data-incident-id="${incidentId}"]`).waitFor();
      await screenshot(page, 'incident-export');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('incident-export').click()]);
      assert.equal(download.suggestedFilename(), `incidents_maple-house-afh_${YESTERDAY}_${TODAY}.csv`);
      const csv = await readFile(await download.path(), 'utf8');
      assert.equal(
        csv.split('\n')[0],
        'Report number,Happened,Found,Resident,Type,Status,Reported by,Submitted,Reported to DSHS,DSHS confirmation number,Injuries,Short description',
      );
      const row = csv.split('\n').find((line) => line.startsWith(`${incidentId},`));
      assert.ok(row, 'the approved fall is in the file');
      assert.match(row, /,Fall,Completed,/);
    });

    await step('the resident profile lists it under Incident reports', async () => {
      await page.goto(`/resident-management/detail?residentId=${encodeURIComponent(residentId)}&tab=incidents`);
      await page.locator(`[data-testid="resident-incidents"] [data-testid="incident-row"][data-incident-id="${incidentId}"]`).waitFor();
      assert.equal(await page.locator(`[data-testid="incident-row"][data-incident-id="${incidentId}"]`).getAttribute('data-state'), 'COMPLETED');
    });
  });
});
