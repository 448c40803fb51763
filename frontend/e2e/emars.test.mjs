// The med pass end to end (issue 15, /emars): caregiver_maple1 finds every resident's passes of the day
// colour-coded, moves between yesterday, today and tomorrow, gives the morning meds of two residents (the
// five rights in view, controlled counts and sites where the order needs them), refuses one with a reason,
// enters a blood pressure that holds a drug (Given is refused, Held and why are filled in), meets "already
// logged by …" when an admin logged a pass first, gives a PRN with its reason and documents its effect, and
// documents the effect of the demo's PRN that was waiting for it; then admin_maple acknowledges a red item.
// The passes come from the demo's orders (4–8 per resident: routine, PRN, a blood-pressure hold, a
// controlled one; a refusal, an overdue pass and a PRN awaiting its check). Which passes the journey acts on
// is read from the API first, so it works at any hour: a dose given outside its ±60-minute window asks why,
// and the journey says why.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { encodePassword } from '../src/lib/crypto/password-codec.js';
import { computeSign } from '../src/lib/api/signing.js';
import {
  apiSignIn,
  BASE_URL,
  codeFromOutbox,
  DEMO_PASSWORD,
  enterEmailedCode,
  openMenu,
  pagePerTest,
  screenshot,
  signIn,
  submitAccount,
  toastSays,
} from './support.mjs';

const open = pagePerTest();

async function call(token, path, { method = 'GET', body, query = {} } = {}) {
  const t = Date.now();
  const params = new URLSearchParams({ t: String(t), ...query });
  const headers = { 'Accept-Language': 'en-US', 'X-Device-Id': 'e2e-emars' };
  if (token) {
    headers.Authorization = `Bearer ${token}`;
    headers.Sign = computeSign(token, t, path);
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${BASE_URL}/api${path}?${params}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const env = await res.json();
  if (env.code !== '0000') throw new Error(`${method} ${path}: ${env.code} ${env.message} ${JSON.stringify(env.data ?? '')}`);
  return env.data;
}

/** Signs in through the API, with the e-mailed code when the account has two-factor sign-in. */
async function apiSignInWithCode(account, email) {
  const { loginAesKey } = await call(undefined, '/system/config/public');
  const since = Date.now();
  const first = await call(undefined, '/system/user/login', { method: 'POST', body: { account, password: encodePassword(DEMO_PASSWORD, loginAesKey) } });
  if (first.token) return first.token;
  const verifyCode = await codeFromOutbox(email, since);
  const done = await call(undefined, '/system/user/twoFactorAuthentication', { method: 'POST', body: { account, verifyCode, challengeId: first.challengeId } });
  return done.token;
}

const readDay = (token) => call(token, '/care/medication/listMedicationLog', { method: 'POST', body: {} });

/** A pass item on the page, optionally in a colour. */
const item = (page, passId, colour) => page.locator(`[data-testid="emar-pass"][data-pass-id="${passId}"]${colour ? `[data-colour="${colour}"]` : ''}`);
const residentCard = (page, residentId) => page.locator(`[data-testid="emar-resident"][data-resident-id="${residentId}"]`);
const colourCount = async (page, colour) => Number(await page.locator(`[data-testid="emar-colour-count"][data-colour="${colour}"]`).getAttribute('data-count'));

async function openEmars(page) {
  await openMenu(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'eMARs' }).click();
  await page.waitForURL('**/emars**');
  await page.getByTestId('emar-resident').first().waitFor();
}

/** The calendar day n days from day (YYYY-MM-DD). */
function shiftDay(day, n) {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Shows the day a target pass is on (today or tomorrow). */
async function showDay(page, target) {
  const shown = page.locator(`[data-testid="emar-page"][data-day="${target.pass.day}"]`);
  if ((await shown.count()) === 0) await page.getByTestId(`emar-day-${target.choice}`).click();
  await shown.waitFor();
  await item(page, target.pass.passId).waitFor();
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

/** Fills what a given dose of the order needs beyond the outcome: the early/late reason, site, counts. */
async function fillGivenExtras(page, order) {
  const reason = page.getByTestId('pass-reason');
  if (await reason.isVisible()) await reason.fill('Given with the round, the resident was ready');
  if (order.controlled) {
    await page.getByTestId('pass-count-before').fill('30');
    await page.getByTestId('pass-count-after').fill('29');
  }
  if (await page.getByTestId('pass-site').isVisible()) await page.getByTestId('pass-site').selectOption('ABDOMEN_LEFT');
}

// What the journey acts on, read from the demo's day before the pages open.
let caregiver;
let admin;
/** Two residents and their first unlogged passes of the day (the morning round, or the first round still open). */
let round = []; // [{ resident, passes: [{ choice, resident, pass, order }] }]
let refuse; // { choice, resident, pass, order }
let hold;
let conflict;
let prn; // { resident, order }
let waiting; // the demo's PRN awaiting its check
let red; // an overdue item, for the admin

before(async () => {
  caregiver = await apiSignIn('caregiver_maple1');
  admin = await apiSignInWithCode('admin_maple', 'admin@maple.example');
  const today = await readDay(caregiver);
  // Late in the evening today's passes are mostly logged: tomorrow's are there to log too (given early,
  // with a reason).
  const tomorrow = await call(caregiver, '/care/medication/listMedicationLog', { method: 'POST', body: { day: shiftDay(today.day, 1) } });
  // Just after midnight the overdue item of the demo is yesterday's.
  const yesterday = await call(caregiver, '/care/medication/listMedicationLog', { method: 'POST', body: { day: shiftDay(today.day, -1) } });
  const days = [
    ['today', today],
    ['tomorrow', tomorrow],
    ['yesterday', yesterday],
  ];
  const orderOf = (r, p) => r.medications.find((m) => m.medicationId === p.medicationId);
  const unlogged = (r, p) => p.kind === 'SCHEDULED' && !p.outcome && p.status !== 'ON_HOLD' && !orderOf(r, p)?.onHold;
  const plain = (r, p) => unlogged(r, p) && orderOf(r, p) && !orderOf(r, p).vital;
  const used = new Set();
  const take = (choice, r, p) => {
    used.add(p.passId);
    return { choice, resident: r, pass: p, order: orderOf(r, p) };
  };
  const next = (test, only = ['today', 'tomorrow']) => {
    for (const [choice, d] of days) {
      if (!only.includes(choice)) continue;
      for (const r of d.residents) for (const p of r.passes) if (!used.has(p.passId) && test(r, p)) return take(choice, r, p);
    }
    return undefined;
  };
  // The overdue item is the admin's to acknowledge: kept out of the caregiver's round.
  red = next((r, p) => p.colour === 'RED' && !p.ackTime, ['today', 'yesterday']);
  waiting = next((r, p) => p.kind === 'PRN' && p.followUpStatus && p.followUpStatus !== 'DONE', ['today', 'yesterday']);
  const morning = (p) => p.timeOfDay >= '06:00' && p.timeOfDay < '09:00';
  for (const [choice, d] of days.slice(0, 2)) {
    const open = (r) => r.passes.filter((p) => plain(r, p) && !used.has(p.passId)).sort((a, b) => a.dueTime - b.dueTime);
    const ready = d.residents.filter((r) => open(r).length >= 2).sort((a, b) => open(b).length - open(a).length);
    if (ready.length < 2) continue;
    for (const r of ready.slice(0, 2)) {
      const mine = open(r);
      // The morning round when it is still to give, else the first two passes still open.
      const first = mine.some(morning) ? mine.filter(morning).slice(0, 3) : mine.slice(0, 2);
      round.push({ resident: r, passes: first.map((p) => take(choice, r, p)) });
    }
    break;
  }
  refuse = next(plain);
  hold = next((r, p) => unlogged(r, p) && orderOf(r, p)?.vital === 'SYSTOLIC_BP' && orderOf(r, p)?.holdBelow != null);
  conflict = next(plain);
  for (const r of today.residents) {
    const o = r.medications.find((m) => m.type === 'PRN' && m.status === 'CURRENT' && !m.onHold && !m.vital);
    if (o) {
      prn = { resident: r, order: o };
      break;
    }
  }
  assert.equal(round.length, 2, 'the demo has two residents with at least two passes still to give today or tomorrow');
  assert.ok(refuse && conflict, 'the demo has passes still to give for the refusal and the conflict');
  assert.ok(hold, 'the demo has an unlogged pass of an order held below a systolic blood pressure');
  assert.ok(prn, 'the demo has a PRN order that can be given');
});

describe('the med pass', () => {
  test('a caregiver sees every resident\'s day by colour and moves between days', async () => {
    const page = await caregiverOnEmars();
    // The page's counts are the server's (read again once if a pass changed colour between the two reads).
    let day;
    for (let attempt = 0; ; attempt++) {
      day = await readDay(caregiver);
      const shown = Object.fromEntries(await Promise.all(Object.keys(day.counts).map(async (c) => [c, await colourCount(page, c.toUpperCase())])));
      if (JSON.stringify(shown) === JSON.stringify(day.counts) || attempt === 1) {
        assert.deepEqual(shown, day.counts);
        break;
      }
      await page.getByTestId('emar-refresh-now').click();
      await page.waitForLoadState('networkidle');
    }
    assert.equal(await page.getByTestId('emar-resident').count(), day.residents.length);
    for (const r of day.residents.filter((x) => x.redCount > 0)) {
      assert.equal(await residentCard(page, r.residentId).getByTestId('emar-red-count').textContent(), `Overdue: ${r.redCount}`);
    }
    // Each card links to the resident's schedule, log, history and disposals.
    const first = residentCard(page, day.residents[0].residentId);
    assert.equal(await first.getByTestId('emar-link-schedule').getAttribute('href'), `/emars/med-schedule/${day.residents[0].residentId}`);
    assert.equal(await first.getByTestId('emar-link-log').getAttribute('href'), `/emars/med-log/${day.residents[0].residentId}`);
    assert.equal(await first.getByTestId('emar-link-history').getAttribute('href'), `/emars/med-history/${day.residents[0].residentId}`);
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

  test('a caregiver gives the morning meds of two residents, checking the five rights', async () => {
    const page = await caregiverOnEmars();
    await showDay(page, round[0].passes[0]);
    const greenBefore = await colourCount(page, 'GREEN');
    let given = 0;
    for (const { resident, passes } of round) {
      for (const { pass, order } of passes) {
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
        await item(page, pass.passId, 'GREEN').waitFor();
        assert.match(await item(page, pass.passId).textContent(), /AN at/); // Amina Njoroge's initials
        given++;
      }
    }
    await page.locator(`[data-testid="emar-colour-count"][data-colour="GREEN"][data-count="${greenBefore + given}"]`).waitFor();
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
    await page.getByTestId('pass-reason').fill('Said she would not take it before breakfast');
    await page.getByTestId('pass-save').click();
    await toastSays(page, 'Pass logged as refused');
    await dialog.waitFor({ state: 'hidden' });
    await item(page, refuse.pass.passId, 'ORANGE').waitFor();
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
    await item(page, hold.pass.passId, 'ORANGE').waitFor();
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
    assert.match(await already.textContent(), /^Already logged by Grace Kim at \d\d:\d\d (AM|PM)\. Their log is shown below\.$/);
    assert.match(await dialog.getByTestId('logged-by').textContent(), /Grace Kim/);
    assert.equal(await page.getByTestId('pass-form').count(), 0);
    await screenshot(page, 'emars-already-logged');
    await closeDialog(page);
    await item(page, conflict.pass.passId, 'GREEN').waitFor();
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
