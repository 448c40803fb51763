// Screenshots of the main screens for review, in one language at a phone and a desktop size:
// `make screenshots` (build/scripts/screenshots.sh) starts a demo server and runs this file against it.
// SHOT_LANG (default zh-CN) picks the language; the pictures go to SHOT_DIR (default artifacts/shell/ at the
// repository's root, not committed), named <width>x<height>-<screen>.png. Each screen is audited as the
// journeys audit theirs (axe-core, and no sideways scrolling on the phone); findings are printed.
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { audit, BASE_URL, codeFromOutbox, DEMO_PASSWORD, launchBrowser } from './support.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT = process.env.SHOT_DIR || join(ROOT, 'artifacts', 'shell');
const LANG = process.env.SHOT_LANG || 'zh-CN';
const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

/** The screens, by account: [name, path, what shows that the page has loaded]. */
const SCREENS = [
  {
    account: 'caregiver_maple1',
    screens: [
      ['caregiver-dashboard', '/dashboard', '.hearth-card'],
      ['caregiver-residents', '/resident', '[data-testid="resident-row"]'],
      ['caregiver-your-status', '/your-status', '[data-testid="clock-button"]'],
      ['caregiver-tasks', '/task', '[data-testid="task-session"]'],
      ['caregiver-emars', '/emars', '[data-testid="emar-session"]'],
    ],
  },
  {
    account: 'admin_maple',
    email: 'admin@maple.example',
    screens: [
      ['admin-dashboard', '/dashboard', '.hearth-card'],
      ['admin-residents', '/resident-management', '[data-testid="resident-row"]'],
      ['admin-requests', '/staff-management?tab=requests', '.hearth-section-title'],
      ['admin-staff', '/staff-management', '[data-testid="staff-row"]'],
      ['admin-attendance', '/staff-management?tab=attendance', '[data-testid="overview-row"]'],
      ['admin-staff-add', '/staff-management/add', 'form'],
      ['admin-help-tickets', '/help/support-ticket', '.hearth-table-scroll'],
    ],
  },
  {
    account: 'owner_evergreen',
    email: 'owner@evergreen.example',
    facility: 'Maple House AFH',
    screens: [
      ['owner-dashboard-all-homes', '/dashboard?homes=all', '[data-testid="dashboard-homes"] .hearth-card'],
      ['owner-roster', '/shift-management', '[data-testid="roster"]'],
      ['owner-calendar-week', '/calendar', '[data-testid="calendar-page"][data-view]'],
    ],
  },
];

async function signedIn(browser, size, { account, email, facility }) {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: LANG, viewport: size, hasTouch: size.width < 768 });
  await context.addInitScript((language) => {
    if (globalThis.top === globalThis && globalThis.location.protocol.startsWith('http')) {
      globalThis.localStorage.setItem('hearth.language', language);
    }
  }, LANG);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto('/login');
  const since = Date.now();
  // The buttons are named in the page's language: Enter submits each step.
  await page.locator('#login-account').fill(account);
  await page.locator('#login-password').fill(DEMO_PASSWORD);
  await page.locator('#login-password').press('Enter');
  // An owner of several homes picks one (the buttons are the homes' names).
  if (facility) await page.getByRole('button', { name: facility }).click();
  if (email) {
    await page.locator('#login-code').waitFor();
    await page.locator('#login-code').fill(await codeFromOutbox(email, since));
    await page.locator('#login-code').press('Enter');
  }
  await page.waitForURL((url) => url.pathname === '/dashboard');
  return { context, page };
}

const browser = await launchBrowser();
await mkdir(OUT, { recursive: true });
let findings = 0;
try {
  for (const size of SIZES) {
    for (const who of SCREENS) {
      const { context, page } = await signedIn(browser, size, who);
      for (const [name, path, ready] of who.screens) {
        await page.goto(path);
        await page.locator(ready).first().waitFor();
        await page.waitForLoadState('networkidle');
        const file = join(OUT, `${size.width}x${size.height}-${name}.png`);
        await page.screenshot({ path: file, fullPage: true });
        const found = await audit(page);
        findings += found.length;
        console.log(`${file}${found.length ? `\n  ${found.join('\n  ')}` : ''}`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
if (findings) {
  console.error(`${findings} accessibility or layout findings (above)`);
  process.exitCode = 1;
}
