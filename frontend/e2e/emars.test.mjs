// The med pass end to end (issue 15, /emars): caregiver_maple1 finds every resident's passes of the day
// colour-coded, moves between yesterday, today and tomorrow, finds that tomorrow's morning cannot be charted
// tonight (issue 26: the pass says when it opens and offers no form; the server refuses it too), gives the
// round of two residents (the five rights in view, a controlled drug counted before and after), refuses one
// with a reason, enters a blood pressure that holds a drug (Given is refused, Held and why are filled in),
// meets "already logged by …" when an admin logged a pass first, gives a PRN with its reason and documents its
// effect, and documents the effect of the demo's PRN that was waiting for it; then admin_maple acknowledges a
// red item. A pass is charted only from 60 minutes before its time, so the passes the journey logs come from
// orders admin_maple makes first, timed on Maple House's clock so that they are open whatever the hour; the
// PRN, the PRN awaiting its check and the red item are the demo's, read from the API.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { apiClient, apiSignIn, enterEmailedCode, openMenu, pagePerTest, screenshot, signIn, submitAccount, toastSays } from './support.mjs';

const open = pagePerTest();

const { envelope, call, apiSignInWithCode } = apiClient('e2e-emars');

const readDay = (token, day) => call(token, '/care/medication/listMedicationLog', { method: 'POST', body: day ? { day } : {} });

/** Maple House's zone (the demo's): the facility's day and clock, on which its passes are timed. */
const FACILITY_ZONE = 'America/Los_Angeles';
const MINUTE = 60_000;
/** A pass is charted from this many minutes before its time (shared.PassWindowMinutes). */
const WINDOW_MINUTES = 60;

/** The facility's wall clock at epoch ms: its day (YYYY-MM-DD), hour and HH:mm. */
function facilityClock(ms) {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: FACILITY_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const part = Object.fromEntries(format.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return { day: `${part.year}-${part.month}-${part.day}`, hour: Number(part.hour), time: `${part.hour}:${part.minute}` };
}

/**
 * Ten times of day five minutes apart whose passes are all open at now and all on today's facility day (as
 * desktop/internal/core/medpass_test.go openTimes): from a minute ahead, or, in the last hour before
 * midnight, from 55 minutes back (still inside the window, which closes an hour after the time).
 */
function openTimes(now) {
  const start = now + (facilityClock(now).hour === 23 ? -55 : 1) * MINUTE;
  return Array.from({ length: 10 }, (_, i) => facilityClock(start + i * 5 * MINUTE).time);
}

/** A pass item on the page, optionally in a colour. */
const item = (page, passId, colour) => page.locator(`[data-testid="emar-pass"][data-pass-id="${passId}"]${colour ? `[data-colour="${colour}"]` : ''}`);
const residentCard = (page, residentId) => page.locator(`[data-testid="emar-resident"][data-resident-id="${residentId}"]`);
const tileCount = async (page, tile) => Number(await page.getByTestId(`emar-tile-${tile}`).getAttribute('data-count'));

/** What a pass asks now (shared/counters.go PassNeedOf, as the page's tiles count it). */
function needOf(p) {
  const colour = p.colour.toUpperCase();
  if (colour === 'RED') return p.ackTime ? 'DONE' : 'OVERDUE';
  if (p.kind !== 'SCHEDULED') return p.followUpStatus === 'DUE' || p.followUpStatus === 'WARNING' ? 'CHECK' : p.followUpStatus === 'UPCOMING' ? 'LATER' : 'DONE';
  if (colour === 'BLUE' || colour === 'YELLOW') return 'DUE';
  return colour === 'GREY' ? 'LATER' : 'DONE';
}

/**
 * Opens the med pass from the menu: it opens at the facility's current session. The journeys below chart
 * passes of any time of the day, so they then show the whole day with the done passes unfolded.
 */
async function openEmars(page) {
  await openMenu(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'eMARs' }).click();
  await page.waitForURL('**/emars**');
  await page.getByTestId('emar-resident').first().waitFor();
  const session = page.getByTestId('emar-session');
  assert.equal(await session.getAttribute('data-session'), await session.getAttribute('data-current'));
  await page.goto('/emars?session=all&done=1');
  await page.getByTestId('emar-resident').first().waitFor();
}

/** The calendar day n days from day (YYYY-MM-DD). */
function shiftDay(day, n) {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Shows the day a target pass is on: yesterday, today or tomorrow on the facility's clock now. */
async function showDay(page, target) {
  const today = facilityClock(Date.now()).day;
  const choice = target.pass.day === today ? 'today' : target.pass.day === shiftDay(today, 1) ? 'tomorrow' : 'yesterday';
  const shown = page.locator(`[data-testid="emar-page"][data-day="${target.pass.day}"]`);
  if ((await shown.count()) === 0) await page.getByTestId(`emar-day-${choice}`).click();
  await shown.waitFor();
  await item(page, target.pass.passId).waitFor();
}

/** Waits for a target pass in a colour, on its day (the page moves on to the new day at midnight). */
async function shownIn(page, target, colour) {
  await showDay(page, target);
  await item(page, target.pass.passId, colour).waitFor();
}

async function caregiverOnEmars() {
  const page = await open();
  await signIn(page, 'caregiver_maple1');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await openEmars(page);
  return page;
}

/** Opens a pass and waits for its dialog. */
async function openPass(page, passId) {
  await item(page, passId).click();
  const dialog = page.getByTestId('pass-dialog');
  await dialog.waitFor();
  return dialog;
}

/** Closes the open dialog with its own close button (toasts have one too). */
async function closeDialog(page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('pass-dialog').waitFor({ state: 'hidden' });
}

/** Fills what a given dose of the order needs beyond the outcome: the late reason, site, counts. */
async function fillGivenExtras(page, order) {
  const reason = page.getByTestId('pass-reason');
  if (await reason.isVisible()) await reason.fill('Given with the round, the resident was ready');
  if (order.controlled) {
    await page.getByTestId('pass-count-before').fill('30');
    await page.getByTestId('pass-count-after').fill('29');
  }
  if (await page.getByTestId('pass-site').isVisible()) await page.getByTestId('pass-site').selectOption('ABDOMEN_LEFT');
}

// What the journey acts on: passes of the orders admin_maple makes first, and the demo's PRN, waiting check
// and red item.
let caregiver;
let admin;
/** Two residents and their passes of the round. */
let round = []; // [{ resident, passes: [{ resident, pass, order }] }]
let refuse; // { resident, pass, order }
let hold;
let conflict;
let prn; // { resident, order }
let waiting; // the demo's PRN awaiting its check
let red; // an overdue item, for the admin

before(async () => {
  caregiver = await apiSignIn('caregiver_maple1');
  admin = await apiSignInWithCode('admin_maple', 'admin@maple.example');
  const today = await readDay(caregiver);
  assert.equal(facilityClock(today.now).day, today.day, `${today.day} is today on Maple House's clock (${FACILITY_ZONE})`);
  // Just after midnight the demo's overdue item and waiting PRN are yesterday's.
  const yesterday = await readDay(caregiver, shiftDay(today.day, -1));
  const orderOf = (r, p) => r.medications.find((m) => m.medicationId === p.medicationId);
  const find = (test) => {
    for (const d of [today, yesterday]) for (const r of d.residents) for (const p of r.passes) if (test(r, p)) return { resident: r, pass: p, order: orderOf(r, p) };
    return undefined;
  };
  red = find((r, p) => p.colour === 'RED' && !p.ackTime);
  waiting = find((r, p) => p.kind === 'PRN' && p.followUpStatus && p.followUpStatus !== 'DONE');
  for (const r of today.residents) {
    const o = r.medications.find((m) => m.type === 'PRN' && m.status === 'CURRENT' && !m.onHold && !m.vital);
    if (o) {
      prn = { resident: r, order: o };
      break;
    }
  }
  assert.ok(prn, 'the demo has a PRN order that can be given');

  // The passes to log: new orders of two residents who are at home (not Margaret, whose orders are the
  // medication pages' journey's), timed so that every pass is on today and open now. The later five of the
  // ten times: open at any hour, and in the last hour before midnight the furthest from becoming late.
  const home = await call(admin, '/care/resident/listResidentByPage', { method: 'POST', body: { current: 1, size: 100, data: { status: 'NORMAL' } } });
  const atHome = new Set(home.records.map((r) => r.residentId));
  const [first, second] = today.residents.filter((r) => atHome.has(r.residentId) && r.name !== 'Margaret Olsen');
  assert.ok(first && second, 'Maple House has two residents at home besides Margaret');
  const times = openTimes(today.now).slice(5);
  const tag = Date.now().toString(36).slice(-5);
  const order = (r, body) =>
    call(admin, '/care/medication/save', {
      method: 'POST',
      body: { residentId: r.residentId, type: 'ROUTINE', route: 'ORAL', startDate: today.day, physician: 'Dr. Sarah Whitfield', ...body },
    });
  const made = {
    roundFirst: await order(first, { name: `Lorazepam ${tag}`, dose: '0.5 mg', controlled: true, times: times.slice(0, 2) }),
    roundSecond: await order(second, { name: `Metformin ${tag}`, dose: '500 mg', times: times.slice(0, 2) }),
    refuse: await order(first, { name: `Calcium carbonate ${tag}`, dose: '600 mg', times: [times[2]] }),
    conflict: await order(second, { name: `Docusate ${tag}`, dose: '100 mg', times: [times[3]] }),
    hold: await order(first, { name: `Lisinopril ${tag}`, dose: '10 mg', vital: 'SYSTOLIC_BP', holdBelow: 100, times: [times[4]] }),
  };
  const day = await readDay(caregiver, today.day);
  const passesOf = (o) => {
    const r = day.residents.find((x) => x.residentId === o.residentId);
    const found = r.passes.filter((p) => p.medicationId === o.medicationId).sort((a, b) => a.dueTime - b.dueTime);
    assert.equal(found.length, o.times.length, `${o.name} has a pass today at each of ${o.times.join(', ')}`);
    for (const p of found) assert.ok(Date.now() >= p.dueTime - WINDOW_MINUTES * MINUTE, `${o.name} at ${p.timeOfDay} is open now`);
    return found.map((p) => ({ resident: r, pass: p, order: orderOf(r, p) }));
  };
  round = [made.roundFirst, made.roundSecond].map((o) => {
    const passes = passesOf(o);
    return { resident: passes[0].resident, passes };
  });
  [refuse] = passesOf(made.refuse);
  [conflict] = passesOf(made.conflict);
  [hold] = passesOf(made.hold);
});

describe('the med pass', () => {
  test('a caregiver sees every resident\'s day by colour and moves between days', async () => {
    const page = await caregiverOnEmars();
    // The page's counts are the server's (read again once if a pass changed colour between the two reads).
    let day;
    for (let attempt = 0; ; attempt++) {
      day = await readDay(caregiver);
      const want = { due: 0, checks: 0, done: 0 };
      for (const r of day.residents) {
        for (const p of r.passes) {
          const need = needOf(p);
          if (need === 'DUE') want.due++;
          if (need === 'CHECK') want.checks++;
          if (need === 'DONE') want.done++;
        }
      }
      const shown = { due: await tileCount(page, 'due'), checks: await tileCount(page, 'checks'), done: await tileCount(page, 'done') };
      if (JSON.stringify(shown) === JSON.stringify(want) || attempt === 1) {
        assert.deepEqual(shown, want);
        // Overdue is the sidebar's number (red items of 7 days not acknowledged).
        assert.equal(await tileCount(page, 'overdue'), await call(caregiver, '/care/medication/countWarningNum'));
        break;
      }
      await page.getByTestId('emar-refresh-now').click();
      await page.waitForLoadState('networkidle');
    }
    await page.locator('[data-testid="emar-page"][data-drawn="all"]').waitFor();
    assert.equal(await page.getByTestId('emar-resident').count(), day.residents.length);
    for (const r of day.residents.filter((x) => x.redCount > 0)) {
      assert.equal(await residentCard(page, r.residentId).getByTestId('emar-red-count').textContent(), `Overdue: ${r.redCount}`);
    }
    // Each card links to the resident's schedule, log, history and disposals.
    const first = residentCard(page, day.residents[0].residentId);
    assert.equal(await first.getByTestId('emar-link-schedule').getAttribute('href'), `/emars/med-schedule/${day.residents[0].residentId}`);
    assert.equal(await first.getByTestId('emar-link-log').getAttribute('href'), `/emars/med-log/${day.residents[0].residentId}`);
    assert.equal(await first.getByTestId('emar-link-history').getAttribute('href'), `/emars/med-history/${day.residents[0].residentId}`);
    // …and to recording vitals: the health monitor with its entry open.
    assert.match(await first.getByTestId('emar-link-vitals').getAttribute('href'), new RegExp(`^/resident(-management)?/detail\\?residentId=${day.residents[0].residentId}&tab=health&record=1$`));
    // The auto refresh counts down and can be paused.
    assert.match(await page.getByTestId('emar-countdown').textContent(), /Next refresh in \d:\d\d/);
    await page.getByTestId('emar-refresh-pause').click();
    assert.equal(await page.getByTestId('emar-countdown').textContent(), 'Auto refresh paused');
    await page.getByTestId('emar-refresh-pause').click();
    await screenshot(page, 'emars-today');

    const today = day.day;
    const shift = (n) => shiftDay(today, n);
    await page.getByTestId('emar-day-yesterday').click();
    await page.locator(`[data-testid="emar-page"][data-day="${shift(-1)}"]`).waitFor();
    await page.waitForURL('**day=yesterday**');
    // PRN doses are given today only.
    assert.equal(await page.getByTestId('emar-give-prn').count(), 0);
    await page.getByTestId('emar-day-tomorrow').click();
    await page.locator(`[data-testid="emar-page"][data-day="${shift(1)}"]`).waitFor();
    await page.getByTestId('emar-pass').first().waitFor();
    await screenshot(page, 'emars-tomorrow');
    await page.getByTestId('emar-day-today').click();
    await page.locator(`[data-testid="emar-page"][data-day="${today}"]`).waitFor();
  });

  test('a caregiver at any hour finds no way to chart tomorrow\'s morning', async () => {
    // A pass of tomorrow whose window opens well after now (the morning round's when there is one).
    const now = Date.now();
    const tomorrow = await readDay(caregiver, shiftDay(facilityClock(now).day, 1));
    const closed = (p) => p.kind === 'SCHEDULED' && !p.outcome && p.status !== 'ON_HOLD' && p.dueTime - WINDOW_MINUTES * MINUTE > now + 10 * MINUTE;
    const ahead = tomorrow.residents.flatMap((r) => r.passes.filter(closed));
    const target = ahead.find((p) => p.timeOfDay >= '06:00' && p.timeOfDay < '09:00') ?? ahead[0];
    assert.ok(target, 'tomorrow has a pass whose window opens more than ten minutes from now');

    const page = await caregiverOnEmars();
    await page.getByTestId('emar-day-tomorrow').click();
    await page.locator(`[data-testid="emar-page"][data-day="${tomorrow.day}"]`).waitFor();
    assert.equal(await item(page, target.passId).getAttribute('data-status'), 'UPCOMING');
    const dialog = await openPass(page, target.passId);
    // The five rights are there to read; it says when it opens, and nothing can be logged.
    assert.equal(await dialog.getByTestId('rights-drug').textContent(), target.medicationName);
    const notOpen = dialog.getByTestId('pass-not-open');
    await notOpen.waitFor();
    assert.match(await notOpen.textContent(), /This pass opens at .+\. A dose is charted from 60 minutes before its time, not earlier\./);
    for (const id of ['pass-form', 'outcome-GIVEN', 'outcome-REFUSED', 'outcome-HELD', 'outcome-NOT_GIVEN', 'pass-reason', 'pass-save']) {
      assert.equal(await page.getByTestId(id).count(), 0, `the dialog offers ${id}`);
    }
    await screenshot(page, 'emars-not-open');
    await closeDialog(page);

    // Straight to the server, as any device could: refused, and nothing is stored.
    for (const outcome of ['GIVEN', 'REFUSED']) {
      const body = { passId: target.passId, clientId: `e2e-ahead-${outcome}-${Date.now().toString(36)}`, outcome };
      if (outcome !== 'GIVEN') body.reason = 'Asleep; will not want it in the morning';
      const answer = await envelope(caregiver, '/care/medication/logPass', { method: 'POST', body });
      assert.equal(answer.code, '4022', `${outcome} ahead of the window: ${answer.code} ${answer.message}`);
      assert.match(answer.message, /^This pass opens at .+: a dose is charted from 60 minutes before its time, not earlier\./);
      assert.deepEqual(answer.data.map((f) => [f.field, f.rule]), [['givenTime', 'windowNotOpen']]);
    }
    const after = await readDay(caregiver, tomorrow.day);
    const stored = after.residents.flatMap((r) => r.passes).find((p) => p.passId === target.passId);
    assert.equal(stored.outcome ?? '', '', 'nothing was charted');
    assert.equal(stored.staffName ?? '', '');
    assert.equal(stored.status, 'UPCOMING');
  });

  test('a caregiver gives the round of two residents, checking the five rights', async () => {
    const page = await caregiverOnEmars();
    await showDay(page, round[0].passes[0]);
    const doneBefore = await tileCount(page, 'done');
    let given = 0;
    for (const { resident, passes } of round) {
      for (const target of passes) {
        const { pass, order } = target;
        await showDay(page, target);
        const dialog = await openPass(page, pass.passId);
        assert.equal(await dialog.getByTestId('rights-resident').textContent(), resident.name);
        assert.equal(await dialog.getByTestId('rights-drug').textContent(), pass.medicationName);
        assert.equal(await dialog.getByTestId('rights-dose').textContent(), order.dose);
        if (order.controlled) await dialog.getByTestId('rights-controlled').waitFor();
        await page.getByTestId('outcome-GIVEN').check();
        if (given === 0) {
          await screenshot(page, 'emars-pass-dialog');
          if (order.controlled) {
            // A controlled substance is counted before and after.
            await page.getByTestId('pass-save').click();
            await page.getByText('Enter the count.').first().waitFor();
          }
        }
        await fillGivenExtras(page, order);
        await page.getByTestId('pass-save').click();
        await toastSays(page, 'Pass logged as given');
        await dialog.waitFor({ state: 'hidden' });
        await shownIn(page, target, 'GREEN');
        assert.match(await item(page, pass.passId).textContent(), /AN at/); // Amina Njoroge's initials
        given++;
      }
    }
    await showDay(page, round[0].passes[0]);
    await page.locator(`[data-testid="emar-tile-done"][data-count="${doneBefore + given}"]`).waitFor();
    await screenshot(page, 'emars-round-given');
  });

  test('a caregiver refuses a pass with a reason, and holds one on a low blood pressure', async () => {
    const page = await caregiverOnEmars();
    // Refused: a reason is required.
    await showDay(page, refuse);
    let dialog = await openPass(page, refuse.pass.passId);
    await page.getByTestId('outcome-REFUSED').check();
    await page.getByTestId('pass-save').click();
    await dialog.getByText('A reason is required.').waitFor();
    await page.getByTestId('pass-reason').fill('Would not take it before breakfast');
    await page.getByTestId('pass-save').click();
    await toastSays(page, 'Pass logged as refused');
    await dialog.waitFor({ state: 'hidden' });
    await shownIn(page, refuse, 'ORANGE');
    assert.equal(await item(page, refuse.pass.passId).getAttribute('data-status'), 'REFUSED');

    // The blood pressure comes first; below the hold limit the dose cannot be given and is held, saying why.
    const low = hold.order.holdBelow - 8;
    await showDay(page, hold);
    dialog = await openPass(page, hold.pass.passId);
    await page.getByTestId('vital-input').fill(String(low));
    const verdict = page.getByTestId('vital-verdict');
    await verdict.waitFor();
    assert.equal(await verdict.getAttribute('data-verdict'), 'holdBelow');
    assert.equal(await verdict.textContent(), `Systolic ${low} mmHg is below the hold limit of ${hold.order.holdBelow}: hold this dose.`);
    assert.equal(await page.getByTestId('outcome-GIVEN').isDisabled(), true);
    assert.equal(await page.getByTestId('outcome-HELD').isChecked(), true);
    assert.equal(await page.getByTestId('pass-reason').inputValue(), await verdict.textContent());
    await page.getByTestId('pass-given-blocked').waitFor();
    await screenshot(page, 'emars-hold');
    await page.getByTestId('pass-save').click();
    await toastSays(page, 'Pass logged as held');
    await dialog.waitFor({ state: 'hidden' });
    await shownIn(page, hold, 'ORANGE');
    // Opened again, the log holds the reading and who logged it.
    dialog = await openPass(page, hold.pass.passId);
    assert.equal(await dialog.getByTestId('logged-reading').textContent(), `Systolic ${low} mmHg`);
    assert.match(await dialog.getByTestId('logged-by').textContent(), /Amina Njoroge \(AN\)/);
    await closeDialog(page);
  });

  test('a pass logged first on another device is shown as theirs, not logged twice', async () => {
    const page = await caregiverOnEmars();
    await showDay(page, conflict);
    const dialog = await openPass(page, conflict.pass.passId);
    await page.getByTestId('outcome-GIVEN').check();
    await fillGivenExtras(page, conflict.order);
    // Meanwhile the admin logs the same pass from the office.
    const body = { passId: conflict.pass.passId, clientId: `e2e-${Date.now().toString(36)}`, outcome: 'GIVEN', reason: 'Given from the office round' };
    if (conflict.order.controlled) Object.assign(body, { countBefore: 20, countAfter: 19 });
    if (conflict.order.siteRequired || ['TRANSDERMAL', 'SUBCUTANEOUS', 'INTRAMUSCULAR', 'INTRADERMAL', 'TOPICAL'].includes(conflict.order.route)) body.site = 'THIGH_LEFT';
    await call(admin, '/care/medication/logPass', { method: 'POST', body });
    await page.getByTestId('pass-save').click();
    const already = dialog.getByTestId('pass-already-logged');
    await already.waitFor();
    assert.match(await already.textContent(), /^Already logged by Grace Kim at \d{1,2}:\d\d (AM|PM)\. Their log is shown below\.$/);
    assert.match(await dialog.getByTestId('logged-by').textContent(), /Grace Kim/);
    assert.equal(await page.getByTestId('pass-form').count(), 0);
    await screenshot(page, 'emars-already-logged');
    await closeDialog(page);
    await shownIn(page, conflict, 'GREEN');
    // One log: the admin's.
    const day = await call(caregiver, '/care/medication/listMedicationLog', { method: 'POST', body: { day: conflict.pass.day } });
    const stored = day.residents.flatMap((r) => r.passes).find((p) => p.passId === conflict.pass.passId);
    assert.equal(stored.staffName, 'Grace Kim');
  });

  test('a caregiver gives a PRN with its reason and documents its effect, and the one that was waiting', async () => {
    const page = await caregiverOnEmars();
    const card = residentCard(page, prn.resident.residentId);
    await card.getByTestId('emar-give-prn').click();
    const form = page.getByTestId('prn-form');
    await form.waitFor();
    await form.locator(`[data-testid="prn-order"][data-medication="${prn.order.name}"] input`).check();
    await page.getByTestId('prn-save').click();
    await form.getByText('Say why it is needed.').first().waitFor();
    await page.getByTestId('prn-reason').fill('Pain 6 of 10 in the left knee after the walk');
    if (prn.order.controlled) {
      await page.getByTestId('pass-count-before').fill('12');
      await page.getByTestId('pass-count-after').fill('11');
    }
    if (await page.getByTestId('pass-site').isVisible()) await page.getByTestId('pass-site').selectOption('AFFECTED_AREA');
    await screenshot(page, 'emars-prn');
    await page.getByTestId('prn-save').click();
    await toastSays(page, 'PRN dose logged');
    await form.waitFor({ state: 'hidden' });

    // The dose is its own item, its effect check to come.
    const dose = card.getByTestId('emar-prn-passes').locator(`[data-testid="emar-pass"][data-medication="${prn.order.name}"][data-follow-up="UPCOMING"]`).first();
    await dose.waitFor();
    assert.match(await dose.textContent(), /Document effect/);
    await dose.click();
    await page.getByTestId('follow-up-form').waitFor();
    await page.getByTestId('follow-up-save').click();
    await page.getByText('Say whether it helped.').first().waitFor();
    await page.getByTestId('follow-up-no').check();
    await page.getByTestId('follow-up-save').click();
    await page.getByText('Say what happened, as it did not help.').first().waitFor();
    await page.getByTestId('follow-up-yes').check();
    await page.getByTestId('follow-up-note').fill('Resting comfortably, pain 2 of 10');
    await page.getByTestId('follow-up-save').click();
    await toastSays(page, 'Effect documented');
    await page.getByTestId('pass-dialog').waitFor({ state: 'hidden' });
    const documented = card.getByTestId('emar-prn-passes').locator(`[data-testid="emar-pass"][data-medication="${prn.order.name}"][data-follow-up="DONE"]`).first();
    await documented.waitFor();
    assert.match(await documented.textContent(), /It helped/);

    // The demo's PRN that was waiting for its check.
    if (!waiting) return;
    await showDay(page, waiting);
    await item(page, waiting.pass.passId).click();
    await page.getByTestId('follow-up-form').waitFor();
    await page.getByTestId('follow-up-no').check();
    await page.getByTestId('follow-up-note').fill('Still restless; the nurse was told');
    await page.getByTestId('follow-up-save').click();
    await toastSays(page, 'Effect documented');
    await page.locator(`[data-testid="emar-pass"][data-pass-id="${waiting.pass.passId}"][data-follow-up="DONE"]`).waitFor();
    assert.match(await item(page, waiting.pass.passId).textContent(), /It did not help/);
  });

  test('an admin acknowledges a red item with a note', async (t) => {
    if (!red) {
      t.skip('the demo has no red item today or yesterday now');
      return;
    }
    const page = await open();
    const since = Date.now();
    await page.goto('/login');
    await submitAccount(page, 'admin_maple');
    await enterEmailedCode(page, 'admin@maple.example', since);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await openEmars(page);
    await showDay(page, red);
    const card = residentCard(page, red.resident.residentId);
    const redBefore = Number(await card.getAttribute('data-red-count'));
    assert.ok(redBefore > 0);
    await item(page, red.pass.passId, 'RED').click();
    const form = page.getByTestId('ack-form');
    await form.waitFor();
    await page.getByTestId('ack-save').click();
    await form.getByText('A note is required.').waitFor();
    await page.getByTestId('ack-note').fill('Resident was at the clinic; the nurse confirmed the dose there');
    await screenshot(page, 'emars-acknowledge');
    await page.getByTestId('ack-save').click();
    await toastSays(page, 'Item acknowledged');
    await page.locator(`[data-testid="emar-resident"][data-resident-id="${red.resident.residentId}"][data-red-count="${redBefore - 1}"]`).waitFor();
    assert.match(await item(page, red.pass.passId).textContent(), /Acknowledged by Grace Kim/);
  });
});
