// The API as the browser journeys and the desktop med pass journey call it from Node: signed as the page
// signs, with the UI's own password encoding. Nothing here needs a browser (build/scripts/medpass-journey.mjs
// imports it without Playwright).
import { encodePassword } from '../src/lib/crypto/password-codec.js';
import { computeSign } from '../src/lib/api/signing.js';

export const BASE_URL = (process.env.HEARTH_URL || 'http://127.0.0.1:18080').replace(/\/$/, '');
export const DEMO_PASSWORD = 'Demo@2026x'; // cloud/feature/demo DemoPassword

/**
 * The API as a journey calls it from Node, signed as the page signs (`t`, `Sign`) and sent from `device`
 * (its X-Device-Id: each journey file names itself, e.g. 'e2e-emars', so the server's sessions tell them
 * apart). A call without a token is a public one.
 *   envelope(token, path, { method, body, query }): the answer envelope as it came, `{ code, message, data }`;
 *   call(token, path, { method, body, query }): its data, and an error naming the call for any code but 0000;
 *   apiSignInWithCode(account, email): signs in through the API, with the code e-mailed to `email` (read
 *     from the development outbox) when the account has two-factor sign-in, and returns the token.
 * `baseURL` names another server than the suite's (a journey's own cloud) and `clockOffset` (ms) how far
 * its clock is from this machine's, so the signed `t` is on the server's clock as the page's is. By default
 * it is the suite's server's offset: HEARTH_DEV_CLOCK_OFFSET when the whole run is moved to another hour
 * (`HEARTH_DEV_CLOCK_OFFSET=-3600s build/scripts/e2e.sh`, whole seconds or milliseconds).
 */
/** The suite server's clock offset in ms, from HEARTH_DEV_CLOCK_OFFSET written as `<n>s` or `<n>ms`. */
function suiteClockOffset() {
  const off = process.env.HEARTH_DEV_CLOCK_OFFSET;
  if (!off) return 0;
  const m = /^(-?\d+)(ms|s)$/.exec(off);
  if (!m) throw new Error(`HEARTH_DEV_CLOCK_OFFSET ${off}: the journeys read whole seconds or milliseconds (e.g. -3600s)`);
  return Number(m[1]) * (m[2] === 's' ? 1000 : 1);
}

export function apiClient(device, { baseURL = BASE_URL, clockOffset = suiteClockOffset() } = {}) {
  async function send(token, path, { method = 'GET', body, query = {} } = {}) {
    const t = Date.now() + clockOffset;
    const params = new URLSearchParams({ t: String(t), ...query });
    const headers = { 'Cache-Control': 'no-cache', 'Accept-Language': 'en-US', 'X-Device-Id': device };
    if (token) {
      headers.Authorization = `Bearer ${token}`;
      headers.Sign = computeSign(token, t, path);
    }
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${baseURL}/api${path}?${params}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, env: await res.json() };
  }

  async function envelope(token, path, options) {
    return (await send(token, path, options)).env;
  }

  async function call(token, path, options = {}) {
    const { status, env } = await send(token, path, options);
    if (env.code !== '0000') {
      throw new Error(`${options.method ?? 'GET'} ${path}: HTTP ${status} ${env.code} ${env.message} ${JSON.stringify(env.data ?? '')}`);
    }
    return env.data;
  }

  async function apiSignInWithCode(account, email) {
    const { loginAesKey } = await call(undefined, '/system/config/public');
    const since = Date.now();
    const first = await call(undefined, '/system/user/login', { method: 'POST', body: { account, password: encodePassword(DEMO_PASSWORD, loginAesKey) } });
    if (first.token) return first.token;
    if (email === undefined) throw new Error(`${account}: the login answer has no token (${JSON.stringify(first)})`);
    const verifyCode = await codeFromOutbox(email, since);
    const done = await call(undefined, '/system/user/twoFactorAuthentication', { method: 'POST', body: { account, verifyCode, challengeId: first.challengeId } });
    return done.token;
  }

  return { envelope, call, apiSignInWithCode };
}

/** The calls support.mjs makes itself. */
const journeys = apiClient('e2e-journeys');

let aesKey;
async function loginKey() {
  aesKey ??= (await journeys.call(undefined, '/system/config/public')).loginAesKey;
  return aesKey;
}

/** Signs in through the API (an account with no facility choice and no code step) and returns the token. */
export async function apiSignIn(account, password = DEMO_PASSWORD) {
  const result = await journeys.call(undefined, '/system/user/login', {
    method: 'POST',
    body: { account, password: encodePassword(password, await loginKey()) },
  });
  if (!result.token) throw new Error(`${account}: the login answer has no token (${JSON.stringify(result)})`);
  return result.token;
}

/**
 * The newest sign-in code e-mailed to `to` after `since` (epoch ms), read from the development outbox
 * as the super admin. Polls briefly, because the mail is written while the answer travels.
 */
export async function codeFromOutbox(to, since) {
  const token = await apiSignIn('superadmin');
  for (let i = 0; i < 50; i++) {
    const mails = (await journeys.call(token, '/system/dev/outbox', { query: { to } })) ?? [];
    const fresh = mails.filter((m) => m.sentTime >= since - 2000).sort((a, b) => b.sentTime - a.sentTime);
    // The newest mail that holds a code: a background job may have mailed a digest since.
    const code = fresh.map((m) => m.body.match(/\b(\d{6})\b/)?.[1]).find(Boolean);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no sign-in code for ${to} in the development outbox`);
}
