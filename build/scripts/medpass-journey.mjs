// The cloud side of the desktop med pass journey (medpass-journey.sh), through the eMAR's own calls:
//   order    — Maple's admin (two-factor code from the dev outbox) orders a routine drug at 00:01 and 00:02
//              for the first resident on /emars; prints tomorrow's two pass ids (that card's first two passes).
//   logas    — Wei logs that pass GIVEN on the cloud (another device); usage: logas <passId> <clientId>.
// HEARTH_URL names the cloud. Uses the UI's own password encoding and request signing.
import { encodePassword } from '../../frontend/src/lib/crypto/password-codec.js';
import { computeSign } from '../../frontend/src/lib/api/signing.js';

const BASE = (process.env.HEARTH_URL || 'http://127.0.0.1:18190').replace(/\/$/, '');
const PASSWORD = 'Demo@2026x'; // cloud/feature/demo DemoPassword

async function call(path, { method = 'GET', body, token, query = {} } = {}) {
  const t = Date.now();
  const params = new URLSearchParams({ t: String(t), ...query });
  const headers = { 'Cache-Control': 'no-cache', 'Accept-Language': 'en-US', 'X-Device-Id': 'medpass-journey' };
  if (token) {
    headers.Authorization = `Bearer ${token}`;
    headers.Sign = computeSign(token, t, path);
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${BASE}/api${path}?${params}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const env = await res.json();
  if (env.code !== '0000') throw new Error(`${method} ${path}: HTTP ${res.status} ${env.code} ${env.message}`);
  return env.data;
}

async function signIn(account, email) {
  const key = (await call('/system/config/public')).loginAesKey;
  const since = Date.now();
  let r = await call('/system/user/login', { method: 'POST', body: { account, password: encodePassword(PASSWORD, key) } });
  if (r.twoFactorAuthentication) {
    const admin = await signIn('superadmin');
    let code;
    for (let i = 0; i < 50 && !code; i++) {
      const mails = (await call('/system/dev/outbox', { token: admin, query: { to: email } })) ?? [];
      code = mails.filter((m) => m.sentTime >= since - 2000).sort((a, b) => b.sentTime - a.sentTime)[0]?.body.match(/\b(\d{6})\b/)?.[1];
      if (!code) await new Promise((res) => setTimeout(res, 200));
    }
    r = await call('/system/user/twoFactorAuthentication', { method: 'POST', body: { account, verifyCode: code, challengeId: r.challengeId } });
  }
  return r.token;
}

const [what, ...args] = process.argv.slice(2);
if (what === 'order') {
  const admin = await signIn('admin_maple', 'admin@maple.example');
  const day = await call('/care/medication/listMedicationLog', { method: 'POST', token: admin, body: {} });
  const resident = day.residents[0]; // the first card on /emars (residents by name)
  // At 00:01: tomorrow, it is the first pass of that card (the demo's orders start later in the day).
  const name = 'Journey metoprolol';
  const order = await call('/care/medication/save', {
    method: 'POST',
    token: admin,
    body: { residentId: resident.residentId, name, type: 'ROUTINE', dose: '25 mg', route: 'ORAL', startDate: day.day, times: ['00:01', '00:02'] },
  });
  const [y, m, d] = day.day.split('-').map(Number);
  const tomorrow = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  const next = await call('/care/medication/listMedicationLog', { method: 'POST', token: admin, body: { day: tomorrow } });
  const card = next.residents.find((r) => r.residentId === resident.residentId);
  const mine = card?.passes.filter((p) => p.medicationId === order.medicationId) ?? [];
  if (mine.length !== 2 || card.passes[0].passId !== mine[0].passId || card.passes[1].passId !== mine[1].passId) {
    throw new Error('the new order is not the first two passes of tomorrow on its card');
  }
  console.log(`${mine[0].passId} ${mine[1].passId}`);
} else if (what === 'logas') {
  const wei = await signIn('caregiver_maple2');
  await call('/care/medication/logPass', { method: 'POST', token: wei, body: { passId: args[0], clientId: args[1], outcome: 'GIVEN' } });
  console.log('logged');
} else {
  throw new Error(`usage: medpass-journey.mjs order | logas <passId> <clientId>`);
}
