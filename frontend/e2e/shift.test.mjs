// The caregiver's shift (issue 29): Amina (caregiver_maple1) opens her dashboard, Tasks and the eMAR at
// whatever time the journey runs — the journeys' server keeps the real clock, so the journey works out the
// facility's current routine session itself (its zone and the sessions from the API) and checks both
// worklists open on it, with the next resident who needs her in sight without scrolling. Each counter has one
// number wherever it shows: the sidebar's badges, the page tiles and the dashboard's lines (cloud/server
// counters_test.go checks the same on both engines at 08:00, 13:00, 18:00 and 22:00). The tools launcher
// sits in the header, shows her no marketing centre, and covers neither "Save all notes" nor "Submit for
// review", which stay tappable at phone width.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiClient, apiSignIn, badgeOf, NARROW, pagePerTest, screenshot, signIn } from './support.mjs';

const open = pagePerTest();
const { call } = apiClient('e2e-shift');
/** The facility codes' zones (lib/time/dateTime.ts). */
const ZONES = { ET: 'America/New_York', CT: 'America/Chicago', MT: 'America/Denver', PT: 'America/Los_Angeles', AKT: 'America/Anchorage', HAT: 'Pacific/Honolulu' };
const DEFAULT_SESSIONS = [
  { session: 'MORNING', startTime: '06:00', endTime: '09:00' },
  { session: 'MIDDAY', startTime: '09:00', endTime: '12:00' },
  { session: 'AFTERNOON', startTime: '12:00', endTime: '17:00' },
  { session: 'EVENING', startTime: '17:00', endTime: '21:00' },
  { session: 'NIGHT', startTime: '21:00', endTime: '06:00' },
  { session: 'MIDNIGHT', startTime: '23:00', endTime: '01:00' },
];

/** HH:mm on the facility's clock now. */
function facilityTime(zone) {
  return new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date());
}

/** The session of a time (lib/emar/passGroups.ts sessionOf: of the windows holding it, the latest begun). */
function sessionOf(hhmm, sessions) {
  const min = (s) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
  const t = min(hhmm);
  let best;
  for (const s of sessions) {
    const start = min(s.startTime);
    const since = (t - start + 1440) % 1440;
    const length = (min(s.endTime) - start + 1440) % 1440 || 1440;
    const holds = since < length;
    if (!best || (holds && !best.holds) || (holds === best.holds && since < best.since)) best = { session: s.session, since, holds };
  }
  return best.session;
}

/** The facility's session now, from the API (asked again just before the check, so a boundary can pass). */
async function currentSession(token) {
  const info = await call(token, '/system/user/getUserInfo');
  const routine = await call(token, '/care/routineTime/get');
  const sessions = routine.sessions?.length ? routine.sessions : DEFAULT_SESSIONS;
  return sessionOf(facilityTime(ZONES[info.timeZone] ?? 'America/Los_Angeles'), sessions);
}

/** The first element of a list is in sight without scrolling (its top above the window's bottom). */
async function inSight(locator) {
  const box = await locator.boundingBox();
  const height = await locator.page().evaluate(() => globalThis.innerHeight);
  return box !== null && box.y < height;
}

describe("the caregiver's shift", () => {
  test('dashboard, Tasks and eMAR open at now, and every counter agrees', async () => {
    const token = await apiSignIn('caregiver_maple1');
    const page = await open();
    await signIn(page, 'caregiver_maple1');
    await page.waitForURL('**/dashboard');

    // The dashboard leads with her clock status and next shift, then what is due now.
    const cards = page.getByTestId('dashboard-cards');
    await cards.waitFor();
    const order = await cards.locator('[data-testid^="card-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    assert.deepEqual(order.slice(0, 2), ['card-myStatus', 'card-myShift'], `cards in order: ${order}`);
    assert.equal(await page.getByTestId('dash-residentsRooms').count(), 0, 'no room occupancy on her dashboard');
    await page.getByTestId('dash-tasksDueNow-link').waitFor();
    await page.getByTestId('dash-medPassesDue-link').waitFor();
    await page.getByTestId('dash-effectChecksDue-link').waitFor();
    await screenshot(page, 'shift-caregiver-dashboard');

    // The launcher is in the header; no marketing centre for her.
    await page.locator('.hearth-header [data-testid="floating-buttons"]').waitFor();
    assert.equal(await page.locator('[data-testid$="-marketing"]').count(), 0);

    // One number per counter: sidebar, Tasks' Overdue tile and Expired tab, the dashboard.
    const tasksOverdue = await call(token, '/care/taskInfo/countExpiredTasks');
    const medOverdue = await call(token, '/care/medication/countWarningNum');
    assert.equal(Number(await page.getByTestId('dash-tasksOverdue-count').textContent()), tasksOverdue);
    assert.equal(Number(await page.getByTestId('dash-medPassesOverdue-count').textContent()), medOverdue);
    assert.equal(await badgeOf(page, '/task'), Math.min(tasksOverdue, 100));
    assert.equal(await badgeOf(page, '/emars'), Math.min(medOverdue, 100));

    // The dashboard's overdue tasks lead to the Expired tab with the same number.
    await page.getByTestId('dash-tasksOverdue-link').click();
    await page.waitForURL('**/task?tab=expired');
    await page.getByRole('tab', { name: tasksOverdue ? `Expired (${tasksOverdue})` : 'Expired' }).waitFor();

    // Tasks open on the current session, what needs her first, the done ones folded.
    await page.goto('/task');
    const sessionSelect = page.getByTestId('task-session');
    await sessionSelect.waitFor();
    const want = await currentSession(token);
    assert.equal(await sessionSelect.getAttribute('data-session'), want);
    assert.equal(await page.getByTestId('task-tile-overdue').getAttribute('data-count'), String(tasksOverdue));
    const firstTask = page.locator('[data-testid^="task-now-"]:not([data-testid="task-now-done"]) [data-testid="task-record"]').first();
    if ((await firstTask.count()) > 0) assert.ok(await inSight(firstTask), 'the first task that needs her is in sight');
    assert.equal(await page.locator('[data-testid="task-now-done"] [data-testid="task-record"]').count(), 0, 'done tasks are folded');
    // Not clocked in: a gentle prompt, the page still hers to chart (the kiosk's journey, when it ran first on
    // this server, clocked her in: then there is none).
    const clock = await call(token, '/care/caregiverClockInRecord/myStatus');
    if (clock.openShift) assert.equal(await page.getByTestId('clock-in-prompt').count(), 0);
    else await page.getByTestId('clock-in-prompt').waitFor();
    await screenshot(page, 'shift-tasks-now');
    // The Due now tile shows only what is due now.
    await page.getByTestId('task-tile-due').click();
    await page.waitForURL('**show=due**');
    await page.locator('[data-testid="task-now-due"], .bp6-non-ideal-state').first().waitFor();
    await page.waitForFunction(() => [...globalThis.document.querySelectorAll('[data-testid="task-record"]')].every((e) => e.getAttribute('data-state') === 'due'));

    // The eMAR opens on the same session, the resident who needs her first in sight.
    await page.goto('/emars');
    const emarSession = page.getByTestId('emar-session');
    await emarSession.waitFor();
    assert.equal(await emarSession.getAttribute('data-session'), await currentSession(token));
    await page.locator(`[data-testid="emar-tile-overdue"][data-count="${medOverdue}"]`).waitFor();
    const day = await call(token, '/care/medication/listMedicationLog', { method: 'POST', body: {} });
    const tileDue = Number(await page.getByTestId('emar-tile-due').getAttribute('data-count'));
    let due = 0;
    for (const r of day.residents) for (const p of r.passes) if (p.kind === 'SCHEDULED' && ['BLUE', 'YELLOW'].includes(p.colour.toUpperCase())) due++;
    assert.ok(Math.abs(tileDue - due) <= 1, `passes due now: tile ${tileDue}, day ${due} (a pass may open between the reads)`);
    const firstCard = page.getByTestId('emar-resident').first();
    assert.ok(await inSight(firstCard), 'the first resident is in sight');
    await screenshot(page, 'shift-emar-now');
  });

  test('nothing floats over "Save all notes" or "Submit for review"', async () => {
    const page = await open();
    await signIn(page, 'caregiver_maple1');
    await page.waitForURL('**/dashboard');
    await page.goto('/resident/write-notes');
    const save = page.getByTestId('write-submit');
    if ((await save.count()) === 0) await page.locator('.hearth-write-cards, [data-testid="write-count"]').first().waitFor({ timeout: 15_000 }).catch(() => {});
    if ((await save.count()) > 0) {
      await save.scrollIntoViewIfNeeded();
      // A trial click waits until the button would receive the tap: nothing covers it.
      await save.click({ trial: true });
      await screenshot(page, 'shift-write-notes-save');
    }
    await page.goto('/incident');
    await page.getByTestId('incident-new').click();
    // Step 1, the type; step 2 is the form with its action bar (nothing is saved: no answer is given yet).
    await page.getByText('Something that happened to a resident').click();
    await page.locator('#incident-type').selectOption('FALL');
    await page.getByTestId('incident-next').click();
    const submit = page.getByTestId('incident-submit');
    await submit.waitFor();
    await submit.scrollIntoViewIfNeeded();
    await submit.click({ trial: true });
    await screenshot(page, NARROW ? 'shift-incident-submit-phone' : 'shift-incident-submit');
  });
});
