// The cloud side of the desktop med pass journey (medpass-journey.sh), through the product's own calls:
//   order    — Maple's admin (two-factor code from the dev outbox) adds a resident who comes first on /emars
//              (by last name) and orders a routine drug for her at two times a minute apart that are open now
//              (a pass is charted from 60 minutes before its time) and on today's facility day; prints
//              today's two pass ids, the only passes on her card, in the card's order.
//   logas    — Wei logs that pass GIVEN on the cloud (another device); usage: logas <passId> <clientId>.
// HEARTH_URL names the cloud. Calls go through the browser journeys' API client (frontend/e2e/api.mjs).
import { apiClient } from '../../frontend/e2e/api.mjs';

const api = apiClient('medpass-journey');
const ZONE = 'America/Los_Angeles'; // Maple House's zone in the demo
const MINUTE = 60_000;

/** The facility's wall clock at epoch ms: its day (YYYY-MM-DD) and HH:mm. */
function facilityClock(ms) {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const part = Object.fromEntries(format.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return { day: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}` };
}

/** A call's data as `token` (an error naming the call for any code but 0000). */
function call(path, { token, ...options } = {}) {
  return api.call(token, path, options);
}

/** Signs in through the API, with the code e-mailed to `email` when the account has two-factor sign-in. */
function signIn(account, email) {
  return api.apiSignInWithCode(account, email);
}

const [what, ...args] = process.argv.slice(2);
if (what === 'order') {
  const admin = await signIn('admin_maple', 'admin@maple.example');
  // The window's "today" follows the clock: in the last minutes of the day wait for the new one, so the
  // passes stay on the day the window shows while the journey runs.
  let day = await call('/care/medication/listMedicationLog', { method: 'POST', token: admin, body: {} });
  if (facilityClock(day.now).time >= '23:55') {
    const [h, m] = facilityClock(day.now).time.split(':').map(Number);
    await new Promise((res) => setTimeout(res, ((24 * 60 - (h * 60 + m)) * 60 + 5) * 1000));
    day = await call('/care/medication/listMedicationLog', { method: 'POST', token: admin, body: {} });
  }
  // Two times a minute apart, open now and today, in one session (a session's heading between them would
  // move the second item): a minute and two ahead, else (a session starts at the second, or near
  // midnight) two and one back, which are still inside their window.
  const { sessions } = await call('/care/routineTime/get', { token: admin });
  const edges = new Set(sessions.flatMap((x) => [x.startTime, x.endTime]));
  let times;
  for (const [a, b] of [[1, 2], [-2, -1], [2, 3], [-3, -2]]) {
    const first = facilityClock(day.now + a * MINUTE);
    const second = facilityClock(day.now + b * MINUTE);
    if (first.day === day.day && second.day === day.day && !edges.has(second.time)) {
      times = [first.time, second.time];
      break;
    }
  }
  if (!times) throw new Error(`no two open times of ${day.day} in one session at ${facilityClock(day.now).time}`);
  // A resident of the journey's own, first on /emars: her card holds only the journey's passes, so they
  // are its first two items whatever else the day holds.
  const resident = await call('/care/resident/createResident', {
    method: 'POST',
    token: admin,
    body: { firstName: 'Ada', lastName: 'Aaberg', dob: '1941-03-14', gender: 'FEMALE', room: '7', language: 'ENGLISH', dnr: 'UNKNOWN' },
  });
  const name = 'Journey metoprolol';
  const order = await call('/care/medication/save', {
    method: 'POST',
    token: admin,
    body: { residentId: resident.residentId, name, type: 'ROUTINE', dose: '25 mg', route: 'ORAL', startDate: day.day, times },
  });
  const today = await call('/care/medication/listMedicationLog', { method: 'POST', token: admin, body: { day: day.day } });
  const card = today.residents[0];
  const mine = card?.passes.filter((p) => p.medicationId === order.medicationId) ?? [];
  if (card?.residentId !== resident.residentId || card.passes.length !== 2 || mine.length !== 2 || mine[0].dueTime > mine[1].dueTime) {
    throw new Error(`the new order is not the only two passes of the first card today (${times.join(', ')})`);
  }
  if (mine.some((p) => p.dueTime - 60 * MINUTE > Date.now())) throw new Error(`the passes at ${times.join(', ')} are not open yet`);
  console.log(`${mine[0].passId} ${mine[1].passId}`);
} else if (what === 'logas') {
  const wei = await signIn('caregiver_maple2');
  await call('/care/medication/logPass', { method: 'POST', token: wei, body: { passId: args[0], clientId: args[1], outcome: 'GIVEN' } });
  console.log('logged');
} else {
  throw new Error(`usage: medpass-journey.mjs order | logas <passId> <clientId>`);
}
