// Shared helpers of the browser journeys: the browser, the API as seen from Node, and the sign-in steps.
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { encodePassword } from '../src/lib/crypto/password-codec.js';
import { computeSign } from '../src/lib/api/signing.js';

export const BASE_URL = (process.env.HEARTH_URL || 'http://127.0.0.1:18080').replace(/\/$/, '');
export const DEMO_PASSWORD = 'Demo@2026x';
export const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser() {
  return chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * A fresh browser context and page that remembers the page's errors, so a journey can assert that
 * nothing broke on the way (a CSP violation or an uncaught exception shows up here).
 */
export async function newPage(browser, { locale = 'en-US' } = {}) {
  const context = await browser.newContext({ baseURL: BASE_URL, locale, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const problems = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  return { context, page, problems };
}

export async function screenshot(page, name) {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

async function call(path, { method = 'GET', body, token, query = {} } = {}) {
  const t = Date.now();
  const params = new URLSearchParams({ t: String(t), ...query });
  const headers = { 'Cache-Control': 'no-cache', 'Accept-Language': 'en-US', 'X-Device-Id': 'e2e-journeys' };
  if (token) {
    headers.Authorization = `Bearer ${token}`;
    headers.Sign = computeSign(token, t, path);
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${BASE_URL}/api${path}?${params}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const env = await res.json();
  if (env.code !== '0000') throw new Error(`${method} ${path}: HTTP ${res.status} ${env.code} ${env.message}`);
  return env.data;
}

let aesKey;
async function loginKey() {
  aesKey ??= (await call('/system/config/public')).loginAesKey;
  return aesKey;
}

/** Signs in through the API (an account with no facility choice and no code step) and returns the token. */
export async function apiSignIn(account, password = DEMO_PASSWORD) {
  const result = await call('/system/user/login', {
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
    const mails = (await call('/system/dev/outbox', { token, query: { to } })) ?? [];
    const fresh = mails.filter((m) => m.sentTime >= since - 2000).sort((a, b) => b.sentTime - a.sentTime);
    const code = fresh[0]?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no sign-in code for ${to} in the development outbox`);
}

/** Step 1 of the sign-in screen. */
export async function submitAccount(page, account, password = DEMO_PASSWORD) {
  await page.locator('#login-account').fill(account);
  await page.locator('#login-password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Step 3: reads the e-mailed code from the outbox and enters it. */
export async function enterEmailedCode(page, email, since) {
  await page.locator('#login-code').waitFor();
  const code = await codeFromOutbox(email, since);
  await page.locator('#login-code').fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
}

/** Opens /login and signs in an account that has neither a facility choice nor a code step. */
export async function signIn(page, account, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await submitAccount(page, account, password);
}

/** The names in the sidebar (without their badges). */
export async function sidebarEntries(page) {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.locator('a').first().waitFor();
  return nav.locator('a .hearth-nav-label').allTextContents();
}

/** The badge of one sidebar entry, by its menu code ('' when it has none). */
export async function sidebarBadge(page, menuCode) {
  const badge = page.locator(`nav a[data-menu-code="${menuCode}"] .hearth-nav-badge`);
  return (await badge.count()) === 0 ? '' : (await badge.textContent()).trim();
}
