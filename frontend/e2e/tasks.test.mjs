// Daily tasks end to end (issue 14): admin_maple writes a task in the form whose window closes in about a
// minute; caregiver_maple1 sees today's tasks, completes two, meets "already completed by" on a third, and
// once the first one's window has closed completes it late with a reason and a remark; the calendar's
// week view (a phone's day view) shows them in their resident's session entries; the resident profile lists the care plan and the upcoming events; an admin clears
// a resident's expired items; the owner edits the routine sessions. Nothing moves the server's clock: the
// late task is one whose window really closes while the journey runs (within an hour after midnight,
// facility time, no such window can open today, and the late steps are skipped, saying so).
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import {
  apiClient,
  enterEmailedCode,
  NARROW,
  openMenu,
  openSettings,
  pagePerTest,
  screenshot,
  signIn,
  submitAccount,
  toastSays,
} from './support.mjs';

const open = pagePerTest();
const stamp = Date.now().toString(36).slice(-5);
/** The demo resident the tasks are for (another journey on the same server may have moved residents on). */
let RESIDENT = 'Margaret Olsen';
let ROOM = '1';
const CAREGIVER = 'Amina Njoroge';
const TITLES = {
  bathe: `Morning wash ${stamp}`,
  walk: `Hallway walk ${stamp}`,
  drink: `Offer water ${stamp}`,
  teeth: `Brush teeth ${stamp}`,
};
/** The facility codes' zones (lib/time/dateTime.ts). */
const ZONES = { ET: 'America/New_York', CT: 'America/Chicago', MT: 'America/Denver', PT: 'America/Los_Angeles', AKT: 'America/Anchorage', HAT: 'Pacific/Honolulu' };

const { call, apiSignInWithCode } = apiClient('e2e-tasks');

/** The facility's wall clock `ms` from now: its day and HH:mm. */
function facilityClock(zone, ms) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(Date.now() + ms)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The card of a task on the page. */
const card = (page, title) => page.locator(`[data-testid="task-record"][data-title="${title}"]`).first();

async function openTasks(page) {
  await openMenu(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Tasks' }).click();
  await page.waitForURL('**/task**');
  await page.getByTestId('task-page').waitFor();
}

let admin; // admin_maple's token
let zone;
let residentId;
/** When the window of the task written in the form closes (epoch ms). */
let closesAt = 0;

before(async () => {
  admin = await apiSignInWithCode('admin_maple', 'admin@maple.example');
  const info = await call(admin, '/system/user/getUserInfo');
  zone = ZONES[info.timeZone] ?? 'America/Los_Angeles';
  const residents = await call(admin, '/care/resident/listResidentByPage', { method: 'POST', body: { current: 1, size: 100 } });
  const chosen = residents.records.find((r) => r.name === RESIDENT && r.status === 'NORMAL') ?? residents.records.find((r) => r.status === 'NORMAL');
  ({ residentId, name: RESIDENT, room: ROOM } = chosen);
  const carers = await call(admin, '/care/caregiver/listCaregiverBaseInfoByPage', { method: 'POST', body: { current: 1, size: 100 } });
  // A task is assigned to the caregiver's user.
  const caregiverId = carers.records.find((c) => c.name === CAREGIVER).userId;
  // Three tasks due now (a time-specific window opened five minutes ago), assigned to the caregiver.
  const now = facilityClock(zone, -5 * 60_000);
  for (const title of [TITLES.bathe, TITLES.walk, TITLES.teeth]) {
    await call(admin, '/care/taskInfo/createTask', {
      method: 'POST',
      body: { title, residentId, caregiverId, type: 'ROUTINE', area: 'HYGIENE', frequency: 'ONCE', timeOfDay: now.time, startDate: now.day, content: `Instructions for ${title}` },
    });
  }
});

describe('daily tasks', () => {
  test('an admin writes a task in the form, with its rules, whose window closes in about a minute', async () => {
    const page = await open();
    const since = Date.now();
    await page.goto('/login');
    await submitAccount(page, 'admin_maple');
    await enterEmailedCode(page, 'admin@maple.example', since);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await openTasks(page);
    await card(page, TITLES.bathe).waitFor();

    await page.getByTestId('task-new').click();
    const form = page.getByTestId('task-form');
    await form.waitFor();
    await page.getByTestId('task-save').click();
    await form.getByText('Title is required').waitFor();
    await page.locator('#task-title').fill(TITLES.drink);
    await page.locator('#task-resident').selectOption({ label: `${RESIDENT} (${ROOM})` });
    await page.locator('#task-caregiver').selectOption({ label: CAREGIVER });
    await page.locator('#task-area').selectOption('EATING');
    await page.locator('#task-frequency').selectOption('ONCE');
    await page.getByTestId('task-timing-time').check({ force: true });
    // A time-specific window lasts an hour (TaskTimeGraceMinutes): one that opened 59-60 minutes ago closes
    // at the next whole minute at least 45 s away.
    const end = Math.ceil((Date.now() + 45_000) / 60_000) * 60_000;
    let start = facilityClock(zone, end - Date.now() - 60 * 60_000);
    const today = facilityClock(zone, 0).day;
    let state = 'due';
    if (start.day === today) closesAt = end;
    // Just after midnight the hour before is yesterday: a window that opened five minutes ago instead (due now,
    // on the session the page opens at, like the tasks made before), or in the first five minutes one later today.
    else if (facilityClock(zone, -5 * 60_000).day === today) start = facilityClock(zone, -5 * 60_000);
    else [start, state] = [facilityClock(zone, 2 * 60 * 60_000), 'upcoming'];
    await page.locator('#task-time').fill(start.time);
    await page.locator('#task-content').fill('Offer a glass of water and note how much was taken.');
    await screenshot(page, 'tasks-form');
    await page.getByTestId('task-save').click();
    await toastSays(page, 'Task created');
    await card(page, TITLES.drink).waitFor();
    assert.equal(await card(page, TITLES.drink).getAttribute('data-state'), state);

    // Every task of the facility, to edit (owners and admins).
    await page.getByRole('tab', { name: 'All tasks' }).click();
    await page.getByTestId('plan-search').fill(TITLES.drink);
    await page.getByTestId('plan-search').press('Enter');
    await page.locator(`[data-testid="plan-row"][data-title="${TITLES.drink}"]`).waitFor();
    assert.equal(await page.getByTestId('plan-row').count(), 1);
    await screenshot(page, 'tasks-plan');
  });

  test('a caregiver sees today\'s tasks, completes two, and is told when someone was first', async () => {
    const page = await open();
    await signIn(page, 'caregiver_maple1');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await openTasks(page);
    // The list opens at the facility's current session; the journey's tasks (due five minutes ago) may sit in
    // the session before it, so it shows the whole day.
    await page.getByTestId('task-session').selectOption('all');
    await page.waitForURL('**session=all**');
    for (const title of Object.values(TITLES)) await card(page, title).waitFor();
    // Mine only keeps what is assigned to the caregiver.
    await page.getByTestId('task-mine').click({ force: true });
    await page.waitForURL('**mine=1**');
    await card(page, TITLES.drink).waitFor();
    // The auto refresh counts down and can be paused.
    assert.match(await page.getByTestId('task-countdown').textContent(), /Next refresh in \d:\d\d/);
    await page.getByTestId('task-refresh-pause').click();
    assert.equal(await page.getByTestId('task-countdown').textContent(), 'Auto refresh paused');
    await page.getByTestId('task-refresh-pause').click();
    const progress = page.getByTestId('task-progress');
    const doneBefore = Number(await progress.getAttribute('data-done'));
    await screenshot(page, 'tasks-today-caregiver');

    for (const [title, comment] of [
      [TITLES.bathe, 'Washed and dressed, skin fine.'],
      [TITLES.walk, 'Walked the hallway twice with the frame.'],
    ]) {
      await card(page, title).getByTestId('task-complete').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('memo-content').getByText(`Instructions for ${title}`).waitFor();
      if (title === TITLES.bathe) {
        await dialog.getByTestId('task-complete-submit').click();
        await dialog.getByText('Comment is required').first().waitFor();
        await screenshot(page, 'tasks-complete-dialog');
      }
      await dialog.getByTestId('task-comment').fill(comment);
      await dialog.getByTestId('task-complete-submit').click();
      await toastSays(page, 'Task completed');
      await dialog.waitFor({ state: 'hidden' });
      // Done, it folds away with the day's other done tasks.
      await card(page, title).waitFor({ state: 'detached' });
    }
    await page.locator(`[data-testid="task-progress"][data-done="${doneBefore + 2}"]`).waitFor();
    // One tap shows the done ones.
    await page.getByTestId('task-now-done-toggle').click();
    await page.waitForURL('**done=1**');
    await page.locator(`[data-testid="task-record"][data-title="${TITLES.bathe}"][data-state="done"]`).waitFor();
    await card(page, TITLES.teeth).waitFor();

    // Another device completes the third first: the answer says who and when instead of a success.
    await card(page, TITLES.teeth).getByTestId('task-complete').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('task-comment').fill('Brushed after dinner.');
    const teeth = (await call(admin, '/care/taskInfo/listTodayTask', { method: 'POST', body: { residentId } })).records.find((r) => r.title === TITLES.teeth);
    await call(admin, '/care/taskInfo/completeTask', { method: 'POST', body: { recordId: teeth.recordId, comment: 'Done by the admin' } });
    // The earlier completions' toasts go first, so a new one would show.
    await page.waitForFunction(() => globalThis.document.querySelectorAll('.bp6-toast').length === 0);
    await dialog.getByTestId('task-complete-submit').click();
    const already = dialog.getByTestId('memo-already-completed');
    await already.waitFor();
    assert.match(await already.textContent(), /^Already completed by Grace Kim at \d\d\/\d\d\/\d{4}, \d{1,2}:\d\d [AP]M$/);
    assert.equal(await page.locator('.bp6-toast').filter({ hasText: 'Task completed' }).count(), 0, 'no success for a completion that changed nothing');
    await dialog.getByTestId('memo-close').click();
  });

  test('the task expires and is completed late with a reason and a remark', async (t) => {
    if (!closesAt) {
      t.skip('within an hour after midnight (facility time) no window that opened today can close now');
      return;
    }
    const wait = closesAt + 1_500 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const page = await open();
    await signIn(page, 'caregiver_maple1');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await openTasks(page);
    // Overdue on today's list, in words and with an icon, and on the expired tab under the resident.
    // Late tasks lead the list whatever the session.
    // Overdue until the expiry job (every 5 minutes, task.ExpireEvery) stores it EXPIRED: either may be what
    // the page shows by the time it opens, both lead the list.
    const lateCard = page.getByTestId('task-now-overdue').locator(`[data-testid="task-record"][data-title="${TITLES.drink}"]`)
      .and(page.locator('[data-state="overdue"], [data-state="expired"]'));
    await lateCard.waitFor();
    const lateState = await lateCard.getAttribute('data-state');
    assert.equal(await card(page, TITLES.drink).getByTestId('task-state').textContent(), lateState === 'overdue' ? 'Overdue' : 'Expired');
    await page.locator('[data-testid="task-progress"]:not([data-overdue=""])').waitFor();
    assert.ok(Number(await page.getByTestId('task-progress').getAttribute('data-overdue')) >= 1);
    await page.getByRole('tab', { name: /^Expired/ }).click();
    const group = page.locator(`[data-testid="expired-resident"][data-resident-id="${residentId}"]`);
    await group.locator(`[data-testid="task-record"][data-title="${TITLES.drink}"]`).waitFor();
    await screenshot(page, 'tasks-expired');

    await group.locator(`[data-testid="task-record"][data-title="${TITLES.drink}"]`).getByTestId('task-complete').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('task-late-note').waitFor();
    await dialog.getByTestId('task-comment').fill('She drank a full glass.');
    await dialog.getByTestId('task-complete-submit').click();
    await dialog.getByText('Choose why it is late').first().waitFor();
    await dialog.getByTestId('task-late-reason').selectOption('OTHER');
    await dialog.getByTestId('task-complete-submit').click();
    await dialog.getByText('Remark is required').first().waitFor();
    await screenshot(page, 'tasks-late-dialog');
    await dialog.getByTestId('task-remark').fill('She was on a call with her daughter.');
    await dialog.getByTestId('task-complete-submit').click();
    await toastSays(page, 'Task completed');
    await dialog.waitFor({ state: 'hidden' });

    // Today's card now says it was done late; its memo keeps who, when, why and the remark.
    await page.getByRole('tab', { name: /^Today/ }).click();
    await page.getByTestId('task-session').selectOption('all');
    await page.getByTestId('task-now-done-toggle').click();
    const late = page.locator(`[data-testid="task-record"][data-title="${TITLES.drink}"][data-state="doneLate"]`);
    await late.waitFor();
    await late.getByTestId('task-memo').click();
    const memo = page.getByRole('dialog');
    assert.equal(await memo.getByTestId('memo-completed-by').textContent(), CAREGIVER);
    assert.equal(await memo.getByTestId('memo-late-reason').textContent(), 'Other');
    assert.equal(await memo.getByTestId('memo-remark').textContent(), 'She was on a call with her daughter.');
    // Who completed it may correct the comment within a day.
    await memo.getByTestId('memo-correct').click();
    await memo.getByTestId('task-correct-comment').fill('She drank a full glass of water.');
    await memo.getByTestId('task-correct-submit').click();
    await toastSays(page, 'Comment corrected');
    await memo.getByTestId('memo-comment').getByText('She drank a full glass of water.').waitFor();
    await screenshot(page, 'tasks-memo-history');
  });

  test('the calendar week view shows them; a task opens the same memo', async () => {
    const page = await open();
    await signIn(page, 'caregiver_maple1');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await openMenu(page);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Calendar' }).click();
    await page.waitForURL('**/calendar**');
    const view = async (name, type) => {
      await page.getByTestId('calendar').getByRole('tab', { name: new RegExp(`^${name}`, 'i') }).click();
      await page.locator(`[data-testid="calendar-page"][data-view="${type}"]`).waitFor();
    };
    // The week on a wide window; a phone starts on the list, and its time grid is the day.
    await page.locator(`[data-testid="calendar-page"][data-view="${NARROW ? 'listWeek' : 'timeGridWeek'}"]`).waitFor();
    if (NARROW) await view('Day', 'timeGridDay');
    // One resident's week: her tasks of a session are one entry whose dialog lists them; a time slot shows a
    // few entries and "+n more" lists the rest.
    await page.getByTestId('calendar-resident-filter').selectOption({ label: RESIDENT });
    const group = page.getByTestId('calendar-group');
    const closeGroup = async () => {
      // The group's own dialog: a "+n more" popover (a dialog too) may be open under it.
      await page.getByRole('dialog').filter({ has: group }).getByRole('button', { name: 'Close' }).click();
      await group.waitFor({ state: 'detached' });
    };
    // A task of the week (title, state): its own entry, or a row of its session's list (the dialog left open).
    const shown = async (title, state) => {
      await page.locator('[data-testid="calendar"][data-loading="false"]').waitFor();
      const single = page.locator(`[data-testid="calendar-entry"][data-kind="task"][data-state="${state}"]`).filter({ hasText: title }).first();
      const row = group.locator('li').filter({ hasText: title }).filter({ has: page.locator(`[data-testid="task-state"][data-state="${state}"]`) });
      const inGroups = async (scope) => {
        const groups = scope.locator('[data-testid="calendar-entry"][data-kind="group"]');
        for (let i = 0; i < (await groups.count()); i++) {
          if (!(await groups.nth(i).isVisible())) continue;
          await groups.nth(i).click();
          await group.waitFor();
          if ((await row.count()) > 0) return row.first().getByTestId('calendar-group-task');
          await closeGroup();
        }
        return null;
      };
      if (await single.isVisible()) return single;
      const found = await inGroups(page.getByTestId('calendar'));
      if (found) return found;
      const more = page.getByTestId('calendar').getByRole('button', { name: /^\+\d+/ });
      for (let i = 0; i < (await more.count()); i++) {
        await more.nth(i).click();
        const popover = page.getByRole('dialog').last();
        if (await single.isVisible()) return single;
        const inMore = await inGroups(popover);
        if (inMore) return inMore;
        await page.keyboard.press('Escape');
      }
      throw new Error(`${title} (${state}) is not on the calendar`);
    };
    const done = async () => {
      if ((await group.count()) > 0) await closeGroup();
      await page.keyboard.press('Escape');
    };
    await shown(TITLES.bathe, 'done');
    await done();
    await shown(TITLES.walk, 'done');
    await done();
    await screenshot(page, 'tasks-calendar-week');
    await (await shown(...(closesAt ? [TITLES.drink, 'doneLate'] : [TITLES.walk, 'done']))).click();
    const memo = page.getByRole('dialog').filter({ has: page.getByTestId('memo-close') });
    assert.equal(await memo.getByTestId('memo-completed-by').textContent(), CAREGIVER);
    await memo.getByTestId('memo-close').click();
    await memo.waitFor({ state: 'hidden' });
    if ((await group.count()) > 0) await closeGroup();

    // Month and year show each day's figures; the list the week's sessions; the day view today's.
    await view('Month', 'dayGridMonth');
    await page.locator('[data-testid="calendar-entry"][data-kind="figures"]').first().waitFor();
    await screenshot(page, 'tasks-calendar-month');
    await view('Year', 'multiMonthYear');
    // (A phone's year view draws a day's entries as a dot; they are there all the same.)
    await page.locator('[data-testid="calendar-entry"][data-kind="figures"]').first().waitFor({ state: 'attached' });
    await screenshot(page, 'tasks-calendar-year');
    // The list groups them per resident and session too: the walk is in a session's entry, not a row of its own.
    await view('List', 'listWeek');
    await page.locator('[data-testid="calendar"][data-loading="false"]').waitFor();
    assert.ok((await page.locator('[data-testid="calendar-entry"][data-kind="group"]').count()) > 0, 'the list shows session entries');
    await shown(TITLES.walk, 'done');
    if ((await group.count()) > 0) await closeGroup();
    await screenshot(page, 'tasks-calendar-list');
    await view('Day', 'timeGridDay');
    await screenshot(page, 'tasks-calendar-day');
  });

  test('the resident profile shows the care plan by area and the upcoming events', async () => {
    const page = await open();
    const since = Date.now();
    await page.goto('/login');
    await submitAccount(page, 'admin_maple');
    await enterEmailedCode(page, 'admin@maple.example', since);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`/resident-management/detail?residentId=${residentId}&tab=carePlan`);
    const plan = page.getByTestId('care-plan');
    await plan.locator('[data-testid="care-plan-area"][data-area="EATING"]').getByText(TITLES.drink).waitFor();
    await plan.locator('[data-testid="care-plan-area"][data-area="HYGIENE"]').getByText(TITLES.bathe).waitFor();
    await screenshot(page, 'tasks-care-plan');
    await page.getByRole('tab', { name: 'Upcoming events' }).click();
    await page.getByTestId('upcoming-events').waitFor();
    await screenshot(page, 'tasks-upcoming');
  });

  test('an admin clears a resident\'s expired items with a reason', async () => {
    const page = await open();
    const since = Date.now();
    await page.goto('/login');
    await submitAccount(page, 'admin_maple');
    await enterEmailedCode(page, 'admin@maple.example', since);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/task?tab=expired');
    const group = page.getByTestId('expired-resident').filter({ has: page.getByTestId('expired-clear') }).first();
    await group.waitFor();
    const who = await group.getAttribute('data-resident-id');
    await group.getByTestId('expired-clear').click();
    const dialog = page.getByTestId('clear-expired-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('clear-confirm').click();
    await dialog.getByText('Reason is required').waitFor();
    await dialog.getByTestId('clear-reason').fill('Resident was in hospital; the tasks could not be done.');
    await screenshot(page, 'tasks-clear-expired');
    await dialog.getByTestId('clear-confirm').click();
    await toastSays(page, 'Expired items cleared');
    await page.locator(`[data-testid="expired-resident"][data-resident-id="${who}"]`).waitFor({ state: 'detached' });
    const left = await call(admin, '/care/resident/listResidentExpiredData', { query: { residentId: who } });
    assert.equal(left.carePlanCount + left.recordCount + left.medicationCount, 0, 'nothing of theirs is expired now');
  });

  test('the owner edits the routine sessions in facility settings', async () => {
    const page = await open();
    await page.goto('/login');
    const since = Date.now();
    await submitAccount(page, 'owner_evergreen');
    await page.getByRole('button', { name: 'Maple House AFH' }).click();
    await enterEmailedCode(page, 'owner@evergreen.example', since);
    await page.waitForURL('**/dashboard');
    await openSettings(page);
    await page.getByRole('menuitem', { name: 'Facility settings' }).click();
    await page.waitForURL('**/facility-settings');
    const section = page.getByTestId('routine-sessions');
    await section.locator('#routine-MORNING-start').waitFor();
    // 12-hour writing in English.
    assert.match(await section.locator('#routine-MORNING-start').inputValue(), /^\d{1,2}:\d\d [AP]M$/);
    await section.locator('#routine-MORNING-start').fill('06:30 AM');
    await section.locator('#routine-MORNING-end').fill('06:30 AM');
    await page.getByTestId('routine-save').click();
    await section.getByText('The end must differ from the start').waitFor();
    await section.locator('#routine-MORNING-end').fill('09:15 AM');
    // Close the time field's picker first (on a phone it can lie over the switch), then use the switch by
    // its name, as a person would, and wait until it reads on.
    await page.keyboard.press('Escape');
    const medPrep = section.getByRole('checkbox', { name: 'Show the medication-prep button' });
    await medPrep.scrollIntoViewIfNeeded();
    await section.getByText('Show the medication-prep button').click();
    await assertChecked(medPrep);
    await screenshot(page, 'tasks-routine-sessions');
    await page.getByTestId('routine-save').click();
    await toastSays(page, 'Routine sessions saved');
    await page.reload();
    await section.locator('#routine-MORNING-start').waitFor();
    assert.equal(await section.locator('#routine-MORNING-start').inputValue(), '6:30 AM');
    assert.equal(await section.locator('#routine-MORNING-end').inputValue(), '9:15 AM');
    assert.equal(await page.getByTestId('routine-med-prep').isChecked(), true);
    const saved = await call(admin, '/care/routineTime/get');
    assert.deepEqual(saved.sessions.find((s) => s.session === 'MORNING'), { session: 'MORNING', startTime: '06:30', endTime: '09:15' });
  });
});

/** Waits until a checkbox or switch reads checked (a click is taken once React has re-rendered). */
async function assertChecked(box) {
  for (let i = 0; i < 50; i++) {
    if (await box.isChecked()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail('the switch did not turn on');
}
