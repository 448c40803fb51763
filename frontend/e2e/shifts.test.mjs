// Shifts end to end (issue 19): the Maple House owner adds an overnight shift type (22:00 to 06:00, crossing
// midnight), schedules next week's Monday with Amina Njoroge and Wei Chen, whose evening shift that day
// (15:00–23:00 in the demo's published schedule) overlaps it: the save is refused with the server's words;
// without Wei the week saves as a draft, the coverage gaps are shown before Publish, and it is published;
// an edit made on a version the admin changed meanwhile is refused (4009) and the week reloaded; the week
// after is filled with Copy last week.
// Amina then sees the shift in My shifts on /your-status and /shift-report (the next shift highlighted), writes a shift report
// (prefilled from the day's data, saved as a draft, then submitted after the confirmation); the owner and Wei
// Chen each see it unread, open it, and it is read. Nothing depends on the hour: next week is always ahead.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { encodePassword } from '../src/lib/crypto/password-codec.js';
import { apiClient, DEMO_PASSWORD, openMenu, ownerSignsIn, pagePerTest, screenshot, signIn, step, toastSays } from './support.mjs';

const open = pagePerTest();
const stamp = Date.now().toString(36).slice(-5);
const SHIFT = `Overnight ${stamp}`;
const NOTE = `Quiet night ${stamp}: Harold slept well, Margaret asked for water at 02:00.`;
const AMINA = 'Amina Njoroge';
const WEI = 'Wei Chen';
let nextSunday = '';
let nextMonday = '';
let adminToken = '';

const { call, apiSignInWithCode } = apiClient('e2e-shifts');

/** Retries an assertion for up to 10 s (a value that shows once the screen has caught up). */
async function eventually(check) {
  for (let i = 0; ; i++) {
    try {
      return await check();
    } catch (err) {
      if (i >= 50) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** My shifts lists the first few; the journey's shift is next week, so it asks for all. */
async function allMyShifts(page) {
  await page.getByTestId('my-shifts').waitFor();
  await page.getByTestId('my-shift').first().waitFor();
  const more = page.getByTestId('my-shifts-more');
  if ((await more.count()) > 0 && (await more.getAttribute('aria-expanded')) === 'false') await more.click();
}

async function openFromMenu(page, name, path) {
  await openMenu(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true }).click();
  await page.waitForURL(`**${path}**`);
}

function addDays(day, n) {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Ticks or clears a caregiver's day in the week grid (the keyboard, as the grid scrolls sideways on a phone). */
async function setCell(page, name, day, on) {
  const cell = page.locator(`[data-testid="week-grid-row"][data-name="${name}"] input[data-testid="week-grid-cell"][data-day="${day}"]`);
  if ((await cell.isChecked()) === on) return;
  await cell.focus();
  await page.keyboard.press('Space');
  assert.equal(await cell.isChecked(), on, `${name} on ${day}`);
}

/** The reader opens our report from /shift-report: unread before, read after, the unread count one lower. */
async function readsTheReport(page, reportId) {
  await openFromMenu(page, 'Shift report', '/shift-report');
  const row = page.locator(`[data-testid="shift-report-row"][data-report-id="${reportId}"]`);
  await row.waitFor();
  assert.equal(await row.getAttribute('data-unread'), 'true', 'the new report is unread');
  const badge = page.getByTestId('shift-report-unread-count');
  await badge.waitFor();
  const before = Number(await badge.getAttribute('data-count'));
  assert.ok(before >= 1);
  await screenshot(page, 'shift-report-unread');
  await row.getByTestId('shift-report-open').click();
  const view = page.getByTestId('shift-report-view');
  await view.waitFor();
  await view.getByText(NOTE).waitFor();
  assert.match(await view.textContent(), new RegExp(AMINA));
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click();
  await page.locator(`[data-testid="shift-report-row"][data-report-id="${reportId}"][data-unread="false"]`).waitFor();
  if (before > 1) await page.locator(`[data-testid="shift-report-unread-count"][data-count="${before - 1}"]`).waitFor();
  else await badge.waitFor({ state: 'detached' });
}

describe('shifts', () => {
  before(async () => {
    // Next week, from the server's week (the facility's zone).
    adminToken = await apiSignInWithCode('admin_maple', 'admin@maple.example');
    const week = await call(adminToken, '/care/shiftSchedule/listByWeek', { method: 'POST', body: {} });
    nextSunday = addDays(week.weekStart, 7);
    nextMonday = addDays(nextSunday, 1);
  });

  test('1. the owner adds an overnight shift type, schedules next week (a conflict refused) and publishes', async () => {
    const page = await open();
    await ownerSignsIn(page);

    await step('shift type', async () => {
      await openFromMenu(page, 'Shift management', '/shift-management');
      // The page opens on the roster; the shift types are its settings tab.
      await page.getByTestId('roster').waitFor();
      await page.getByTestId('tab-types').click();
      await page.getByTestId('shift-types').waitFor();
      await page.getByTestId('shift-type-add').click();
      const form = page.getByTestId('shift-type-form');
      await form.waitFor();
      // Saving empty names the missing fields.
      await page.getByTestId('shift-type-save').click();
      await form.getByText('Name is required').waitFor();
      await page.locator('#shift-type-name').fill(SHIFT);
      assert.equal(await form.getByText('Name is required').count(), 0, 'the message goes once the name is typed');
      await page.locator('#shift-type-start').fill('10:00 PM');
      await page.locator('#shift-type-end').fill('06:00 AM');
      await page.getByTestId('shift-type-hours').getByText('10:00 PM to 6:00 AM (next day), 8 h 00 min long').waitFor();
      await page.locator('#shift-type-staff').fill('1');
      await screenshot(page, 'shift-type-form');
      await page.getByTestId('shift-type-save').click();
      await toastSays(page, 'Shift type added');
      const row = page.locator(`[data-testid="shift-type-row"][data-name="${SHIFT}"]`);
      await row.waitFor();
      assert.match(await row.textContent(), /10:00 PM to 6:00 AM \(next day\)/);
      await row.getByTestId('shift-type-schedule').click();
      await page.waitForURL('**/shift-management/shift-scheduling/**');
    });

    await step('next week, with a conflict', async () => {
      const pageEl = page.getByTestId('shift-scheduling-page');
      await pageEl.waitFor();
      await page.getByRole('button', { name: 'Next week' }).click();
      await page.locator(`[data-testid="shift-scheduling-page"][data-week="${nextSunday}"]`).waitFor();
      assert.equal(await page.getByTestId('schedule-status').getAttribute('data-status'), 'NONE');
      // Saving with nobody assigned is refused in the browser (at least one shift element).
      await page.getByTestId('schedule-save').click();
      await page.getByTestId('schedule-rule').getByText('Assign at least one caregiver to at least one day').waitFor();
      await setCell(page, AMINA, nextMonday, true);
      await setCell(page, WEI, nextMonday, true);
      await page.getByTestId('schedule-save').click();
      const refused = page.getByTestId('schedule-conflict');
      await refused.waitFor();
      assert.match(await refused.textContent(), new RegExp(WEI), 'the refusal names the caregiver');
      await refused.locator('li[data-kind="OVERLAP"]').getByText('Overlapping shift').waitFor();
      await screenshot(page, 'shift-schedule-conflict');
      assert.equal(await page.getByTestId('schedule-status').getAttribute('data-status'), 'NONE', 'nothing was saved');
    });

    await step('save, gaps, publish', async () => {
      await setCell(page, WEI, nextMonday, false);
      await page.getByTestId('schedule-save').click();
      await toastSays(page, 'Schedule saved');
      await page.locator('[data-testid="schedule-status"][data-status="DRAFT"]').waitFor();
      await page.getByTestId('coverage-gaps').first().waitFor();
      await page.getByTestId('schedule-publish').click();
      const confirm = page.getByRole('dialog', { name: 'Publish the week' });
      await confirm.getByTestId('coverage-gaps').waitFor();
      await screenshot(page, 'shift-publish-gaps');
      await confirm.getByRole('button', { name: 'Publish with gaps' }).click();
      await toastSays(page, 'Schedule published');
      await page.locator('[data-testid="schedule-status"][data-status="PUBLISHED"]').waitFor();
      const amina = page.locator(`[data-testid="week-grid-row"][data-name="${AMINA}"] input[data-testid="week-grid-cell"][data-day="${nextMonday}"]`);
      assert.ok(await amina.isChecked());
    });

    await step('someone else changes the week meanwhile (4009): reload', async () => {
      // The admin renames the published week through the API while the owner's page shows the old version.
      const week = await call(adminToken, '/care/shiftSchedule/listByWeek', { method: 'POST', body: { weekStart: nextSunday } });
      const sc = week.schedules.find((x) => x.shiftTypeName === SHIFT);
      assert.ok(sc, 'the published week');
      const renamed = `${SHIFT} (admin)`;
      await call(adminToken, '/care/shiftSchedule/save', {
        method: 'POST',
        body: {
          scheduleId: sc.scheduleId,
          version: sc.version,
          shiftTypeId: sc.shiftTypeId,
          name: renamed,
          startDate: sc.startDate,
          endDate: sc.endDate,
          assignments: sc.assignments.map((a) => ({ day: a.day, caregiverIds: a.caregiverIds })),
        },
      });
      const wednesday = addDays(nextSunday, 3);
      await setCell(page, AMINA, wednesday, true);
      await page.getByTestId('schedule-save').click();
      await page.getByTestId('schedule-stale').waitFor();
      await page.getByTestId('schedule-reload').click();
      await page.getByTestId('schedule-stale').waitFor({ state: 'detached' });
      await eventually(async () => assert.equal(await page.locator('#schedule-name').inputValue(), renamed, 'the other change is shown'));
      const cell = page.locator(`[data-testid="week-grid-row"][data-name="${AMINA}"] input[data-testid="week-grid-cell"][data-day="${wednesday}"]`);
      assert.equal(await cell.isChecked(), false, 'the stale edit is gone');
    });

    await step('copy last week into the week after', async () => {
      await page.getByRole('button', { name: 'Next week' }).click();
      const later = addDays(nextSunday, 7);
      await page.locator(`[data-testid="shift-scheduling-page"][data-week="${later}"]`).waitFor();
      await page.getByTestId('schedule-copy').click();
      await toastSays(page, 'Last week copied as a draft');
      await page.locator('[data-testid="schedule-status"][data-status="DRAFT"]').waitFor();
      const copied = page.locator(`[data-testid="week-grid-row"][data-name="${AMINA}"] input[data-testid="week-grid-cell"][data-day="${addDays(later, 1)}"]`);
      await copied.waitFor();
      assert.ok(await copied.isChecked(), 'Monday copied');
    });

    await step('scheduled vs worked', async () => {
      await page.goto('/shift-management?tab=hours');
      await page.getByTestId('shift-hours').waitFor();
      await page.getByTestId('shift-hours-table').waitFor();
      assert.ok((await page.getByTestId('shift-hours-row').count()) >= 2, 'the demo caregivers are listed');
      await screenshot(page, 'shift-hours');
      // A name opens the caregiver's detail on its Shifts tab: week by week.
      await page.locator(`[data-testid="shift-hours-row"][data-name="${AMINA}"]`).getByTestId('shift-hours-staff').click();
      await page.waitForURL('**/staff-management/detail/**');
      await page.getByTestId('shift-hours-weeks').waitFor();
      assert.equal(await page.getByTestId('shift-hours-week').count(), 5, 'this week and the four before it');
      await screenshot(page, 'staff-shift-hours');
    });
  });

  let reportId = '';
  test('2. Amina sees the shift in My shifts, writes a shift report and submits it', async () => {
    const page = await open();
    await signIn(page, 'caregiver_maple1');
    await page.waitForURL('**/dashboard');

    await step('my shifts on Your status', async () => {
      await page.goto('/your-status');
      await allMyShifts(page);
      await page.locator(`[data-testid="my-shift"][data-shift="${SHIFT}"][data-day="${nextMonday}"]`).waitFor();
    });

    await openFromMenu(page, 'Shift report', '/shift-report');
    await step('my shifts', async () => {
      // The URL changes before the lazy page replaces Your status (whose list is already expanded).
      await page.getByTestId('shift-report-new').waitFor();
      await allMyShifts(page);
      await page.locator(`[data-testid="my-shift"][data-shift="${SHIFT}"][data-day="${nextMonday}"]`).waitFor();
      await page.getByTestId('my-next-shift').waitFor();
      assert.equal(await page.locator('[data-testid="my-shift"][data-next="true"]').count(), 1, 'one next shift highlighted');
      await screenshot(page, 'my-shifts');
    });

    await step('write, save a draft, submit', async () => {
      await page.getByTestId('shift-report-new').click();
      const form = page.getByTestId('shift-report-form');
      await form.waitFor();
      await page.getByTestId('report-prefilled').waitFor();
      // Submitting nothing is refused in the browser.
      await page.locator('#report-residentsOfConcern').fill('');
      await page.locator('#report-medsGivenHeld').fill('');
      await page.locator('#report-tasksLeftOpen').fill('');
      await page.locator('#report-incidents').fill('');
      await page.getByTestId('report-submit').click();
      await page.getByTestId('shift-report-problem').getByText('Write something in at least one section before submitting').waitFor();
      await page.locator('#report-freeText').fill(NOTE);
      // The draft saves itself a few seconds after the last edit.
      await page.getByTestId('report-autosave').getByText(/Draft saved at/).waitFor();
      await page.getByTestId('report-save').click();
      await toastSays(page, 'Draft saved');
      await screenshot(page, 'shift-report-form');
      await page.getByTestId('report-submit').click();
      const confirm = page.getByRole('dialog', { name: 'Submit shift report' });
      await confirm.getByText('It goes to every caregiver of the facility and the owner').waitFor();
      await screenshot(page, 'shift-report-submit');
      await confirm.getByRole('button', { name: 'Submit report' }).click();
      await toastSays(page, 'Shift report submitted');
      await form.waitFor({ state: 'detached' });
    });

    const token = await (async () => {
      const { loginAesKey } = await call(undefined, '/system/config/public');
      const r = await call(undefined, '/system/user/login', { method: 'POST', body: { account: 'caregiver_maple1', password: encodePassword(DEMO_PASSWORD, loginAesKey) } });
      return r.token;
    })();
    const mine = await call(token, '/care/shiftReport/listByPage', { method: 'POST', body: { current: 1, size: 50, data: {} } });
    const ours = mine.records.find((r) => r.freeText === NOTE);
    assert.ok(ours, 'the report is listed');
    assert.equal(ours.status, 'SUBMIT');
    reportId = ours.reportId;
    await page.locator(`[data-testid="shift-report-row"][data-report-id="${reportId}"][data-status="SUBMIT"]`).waitFor();
  });

  test('3. the owner sees the report unread and opens it', async () => {
    assert.ok(reportId, 'step 2 submitted a report');
    const page = await open();
    await ownerSignsIn(page);
    await readsTheReport(page, reportId);
  });

  test('4. Wei Chen, another caregiver, sees it unread and opens it', async () => {
    assert.ok(reportId, 'step 2 submitted a report');
    const page = await open();
    await signIn(page, 'caregiver_maple2');
    await page.waitForURL('**/dashboard');
    await readsTheReport(page, reportId);
  });
});
