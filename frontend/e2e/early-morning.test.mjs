// A caregiver at 5 AM, near the end of the night shift, on a cloud of its own whose clock reads 05:10 at the demo
// homes (e2e/clockcloud.mjs). The night session began last night (21:00-06:00 in the demo's routine): its
// night checks belong to yesterday's date, and until 06:00 they are still her work. Tasks opens on the night
// session with last night's open checks due now, each one she can complete; tonight's night checks (from 21:00)
// are later today, not "later this session". The dashboard's Due now counts what the page's tile counts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cloudAt, skip, useCloud, ZONE } from './clockcloud.mjs';
import { newPage, screenshot, signIn, step } from './support.mjs';

const cloud = cloudAt({ hour: 5, minute: 10, portOffset: 5, name: 'early' });
const NIGHT_CHECK = 'Night check';

/** The date in Washington on the cloud's clock, `days` from today. */
function dateAt(days) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(Date.now() + cloud.offset + days * 86_400_000);
}

describe('a caregiver at 5 AM', { skip }, () => {
  const browser = useCloud(cloud);

  test("last night's checks are due now until 06:00, tonight's are later today", async () => {
    const { context, page, problems } = await newPage(browser(), { baseURL: cloud.url });
    const token = await cloud.apiSignInWithCode('caregiver_maple1');
    const today = await cloud.call(token, '/care/taskInfo/listTodayTask', { method: 'POST', body: {} });
    const yesterday = dateAt(-1);
    assert.equal(today.day, dateAt(0), 'the list is of the facility day of 05:10');
    const checks = (day) => today.records.filter((r) => r.title.startsWith(NIGHT_CHECK) && r.day === day);
    const lastNight = checks(yesterday);
    const tonight = checks(today.day);
    assert.ok(lastNight.length > 0, "last night's checks are in today's list");
    assert.ok(tonight.length > 0, "tonight's checks are in today's list");
    const open = lastNight.filter((r) => r.status === 'PENDING');
    assert.ok(open.every((r) => !r.overdue), 'their window is still open');

    await signIn(page, 'caregiver_maple1');
    await page.waitForURL('**/dashboard');

    await step('Tasks open on the night session with last night’s open checks due now', async () => {
      await page.goto('/task');
      await page.locator('[data-testid="task-session"][data-current="NIGHT"]').waitFor();
      const due = page.getByTestId('task-now-due').locator(`[data-testid="task-record"][data-title^="${NIGHT_CHECK}"]`);
      if (open.length > 0) {
        await due.nth(open.length - 1).waitFor();
        // She can complete each of them now, on time.
        assert.equal(await due.getByTestId('task-complete').count(), open.length);
      }
      assert.equal(await due.count(), open.length);
      // Tonight's night round starts at 21:00: not "later this session".
      const later = page.getByTestId('task-now-later').locator(`[data-testid="task-record"][data-title^="${NIGHT_CHECK}"]`);
      assert.equal(await later.count(), 0, "tonight's checks are not later this session");
      await screenshot(page, 'early-morning-tasks');
    });

    await step('the whole day lists tonight’s checks as later today', async () => {
      await page.getByTestId('task-session').selectOption('all');
      await page.waitForURL('**/task?session=all');
      const later = page.getByTestId('task-now-later').locator(`[data-testid="task-record"][data-title^="${NIGHT_CHECK}"]`);
      await later.nth(tonight.length - 1).waitFor();
      assert.equal(await later.count(), tonight.length);
    });

    await step('the dashboard’s Due now is the page’s', async () => {
      await page.goto('/task?session=all');
      const tile = page.getByTestId('task-tile-due');
      await tile.waitFor();
      const onPage = Number(await tile.getAttribute('data-count'));
      await page.goto('/dashboard');
      await page.getByTestId('dash-tasksDueNow-count').waitFor();
      assert.equal(Number(await page.getByTestId('dash-tasksDueNow-count').textContent()), onPage);
      assert.ok(onPage >= open.length);
    });

    assert.deepEqual(problems, []);
    await context.close();
  });
});
