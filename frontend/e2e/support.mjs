// Shared helpers of the browser journeys: the browser, the API as seen from Node, and the sign-in steps.
import assert from 'node:assert/strict';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { after, afterEach, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

import { BASE_URL, DEMO_PASSWORD, codeFromOutbox } from './api.mjs';

export { BASE_URL, DEMO_PASSWORD, apiClient, apiSignIn, codeFromOutbox } from './api.mjs';

/**
 * The window the journeys run in: E2E_VIEWPORT=phone (390 × 844, an iPhone 14's CSS size) or desktop
 * (1280 × 800, the default). build/scripts/e2e.sh runs every journey at both sizes.
 */
export const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
export const VIEWPORT_NAME = process.env.E2E_VIEWPORT === 'phone' ? 'phone' : 'desktop';
export const VIEWPORT = VIEWPORTS[VIEWPORT_NAME];
/** Below 768 px the app's sidebar is a drawer opened from the header's menu button. */
export const NARROW = VIEWPORT.width < 768;
export const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), 'screenshots', VIEWPORT_NAME);

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

const require = createRequire(import.meta.url);
let axeSource;
/** The app's smallest touch target on a phone (app.css; WCAG 2.5.5), measured beside axe's own 24 px. */
export const TARGET_SIZE = 44;
/**
 * The moderate axe rules a page fails on as on a serious one (issue 29 fixed every finding of them): the
 * page's outline of headings and its landmarks. Other moderate rules are logged and counted, such as
 * page-has-heading-one, which a page caught while its data loads (a spinner, no title yet) breaks for a moment.
 */
const HELD_MODERATE = new Set(['heading-order', 'landmark-unique', 'region']);

/**
 * Checks the page as it is now: axe-core's WCAG 2.x A/AA and best-practice rules (a serious or critical
 * violation is a problem, and a moderate one of HELD_MODERATE; the others are logged) and, in the narrow
 * layout, that nothing makes the page or the main area scroll sideways and that every target is 44 px or
 * 44 px apart (`target-size-44`).
 * axe is evaluated through the DevTools protocol, which the app's CSP (no inline scripts) does not govern.
 * Returns the problems found, as lines.
 */
export function audit(page) {
  // One axe run at a time in a page (axe refuses a second while one is under way).
  const run = (page.__auditing ?? Promise.resolve()).then(() => auditNow(page));
  page.__auditing = run.catch(() => undefined);
  return run;
}

async function auditNow(page) {
  axeSource ??= await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  // A dialog or toast fading in has too little contrast for a moment: wait for finite animations to end
  // (spinners run forever and are left out).
  await page
    .waitForFunction(
      () => globalThis.document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  const found = [];
  const where = new URL(page.url()).pathname;
  if (NARROW) {
    const measure = () =>
      page.evaluate(() => {
        const out = [];
        const doc = globalThis.document.documentElement;
        if (doc.scrollWidth > globalThis.innerWidth) out.push(`the page is ${doc.scrollWidth} px wide`);
        const main = globalThis.document.querySelector('main');
        if (main && main.scrollWidth > main.clientWidth + 1) out.push(`the main area is ${main.scrollWidth} px wide`);
        return out;
      });
    let wide = await measure();
    // Measured again a moment later before it counts: a page caught in the middle of laying itself out (the
    // phone's calendar once measured 392 px just after a view change, and 390 in every other run) is not a
    // page that scrolls sideways; one that still overflows is.
    if (wide.length > 0) {
      await page.waitForTimeout(500);
      wide = await measure();
    }
    for (const w of wide) found.push(`${where}: scrolls sideways at ${VIEWPORT.width} px: ${w}`);
  }
  // On a phone also WCAG 2.2's target size (2.5.8, axe's target-size: 24 × 24 px, or spaced apart), a
  // problem; then the same rule at the app's own phone rule of 44 px (app.css), `target-size-44`, a serious
  // problem too (issue 29 brought every phone target to it).
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice', ...(NARROW ? ['wcag22aa'] : [])];
  const violations = await page.evaluate(async ({ source, tags, targetSize }) => {
    if (!globalThis.axe) (0, eval)(source);
    // The layers (below) as they stand when axe starts and when it ends: a toast that goes by itself while
    // axe runs covered what axe measured under it.
    // A toast's container spans where toasts come and go (a toast sliding in sits above its final place).
    const layerSelector = '.bp6-overlay-open .bp6-popover, .bp6-overlay-open .bp6-dialog, .bp6-toast, .bp6-toast-container:has(.bp6-toast), .hearth-header';
    const layersAt = () => [...globalThis.document.querySelectorAll(layerSelector)].map((l) => ({ l, r: l.getBoundingClientRect() }));
    const before = layersAt();
    const result = await globalThis.axe.run(globalThis.document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    if (targetSize) {
      globalThis.axe.configure({
        checks: [
          { id: 'target-size', options: { minSize: targetSize } },
          { id: 'target-offset', options: { minOffset: targetSize } },
        ],
      });
      try {
        const larger = await globalThis.axe.run(globalThis.document, { runOnly: { type: 'rule', values: ['target-size'] }, resultTypes: ['violations'] });
        for (const v of larger.violations) result.violations.push({ ...v, id: `target-size-${targetSize}`, impact: 'serious', help: `Touch targets should be ${targetSize} px or ${targetSize} px apart` });
      } finally {
        globalThis.axe.reset();
      }
    }
    // A target partly under an open popover (the bell's list, a menu), an open dialog or a toast is not the
    // one a tap reaches while that layer is up: a tap outside a popover closes it first, a dialog's
    // backdrop takes every tap, a toast goes by itself. Likewise a target the phone's sticky header covers
    // after a scroll is reached by scrolling it out from under. axe measures what is left uncovered; each
    // layer's own targets (the header's buttons too) are held to the rule against what covers them.
    const layers = [...before, ...layersAt()];
    const underLayer = (n) => {
      const el = globalThis.document.querySelector(n.target[n.target.length - 1]);
      if (!el) return false;
      const r = el.getBoundingClientRect();
      return layers
        .filter(({ l }) => !l.contains(el))
        .map(({ r: p }) => p)
        .some((p) => r.left < p.right && r.right > p.left && r.top < p.bottom && r.bottom > p.top);
    };
    const known = (v, n) => v.id.startsWith('target-size') && underLayer(n);
    return result.violations
      .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !known(v, n)) }))
      .filter((v) => v.nodes.length > 0)
      .map((v) => ({
        serious: v.impact === 'serious' || v.impact === 'critical',
        moderate: v.impact === 'moderate',
        id: v.id,
        text: `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`,
      }));
  }, { source: axeSource, tags, targetSize: NARROW ? TARGET_SIZE : 0 });
  for (const v of violations) if (v.serious || (v.moderate && HELD_MODERATE.has(v.id))) found.push(`${where}: axe ${v.text}`);
  // E2E_AUDIT_LOG=file lists every page audited and every violation, the moderate and minor ones too.
  if (process.env.E2E_AUDIT_LOG) {
    const lines = [`${VIEWPORT_NAME} ${where}: ${violations.length} violations`, ...violations.map((v) => `  ${v.text}`), ...found.filter((f) => !f.includes(' axe ')).map((f) => `  ${f}`)];
    await appendFile(process.env.E2E_AUDIT_LOG, `${lines.join('\n')}\n`);
  }
  return found;
}

/** The badge of the sidebar entry of a page (0 when none; "99+" reads as 100). */
export async function badgeOf(page, href) {
  await openMenu(page);
  const badge = page.locator(`nav a[href="${href}"] .hearth-nav-badge`);
  const text = (await badge.count()) === 0 ? '0' : (await badge.textContent()).trim();
  await closeMenu(page);
  return text === '99+' ? 100 : Number(text);
}

/**
 * Waits until the sidebar badge of a page shows `want` (the sidebar's counts come a moment after the page,
 * and again on their timer), up to 15 s; answers the badge as last read.
 */
export async function waitForBadge(page, href, want) {
  const end = Date.now() + 15_000;
  let got = await badgeOf(page, href);
  while (got !== want && Date.now() < end) {
    await page.waitForTimeout(250);
    got = await badgeOf(page, href);
  }
  return got;
}

/**
 * A fresh browser context and page that remembers the page's errors, so a journey can assert that
 * nothing broke on the way (a CSP violation or an uncaught exception shows up here). Every page the
 * journey visits is audited (audit above) once it has settled, and what the audit finds is a problem too.
 */
export async function newPage(browser, { locale = 'en-US', baseURL = BASE_URL, hasTouch = NARROW, consoleErrors = true, serviceWorkers = 'block' } = {}) {
  // The phone app's service worker precaches the whole build (about 4 MB) in every new context; only the
  // journeys about it (phone-offline) let it in, the others would each download it again for nothing.
  const context = await browser.newContext({ baseURL, locale, viewport: VIEWPORT, hasTouch, serviceWorkers });
  // Transitions and animations end at once (as Playwright's screenshot option `animations: 'disabled'`
  // does), so an audit never sees a dialog half faded in; the app's timers are untouched. Added through
  // the DevTools protocol; the CSP allows the inline style it makes.
  await context.addInitScript(() => {
    const css = '*,*::before,*::after{transition-duration:0s!important;transition-delay:0s!important;animation-duration:0s!important;animation-delay:0s!important}';
    const add = () => {
      const style = globalThis.document.createElement('style');
      style.textContent = css;
      (globalThis.document.head || globalThis.document.documentElement).appendChild(style);
    };
    if (globalThis.document.documentElement) add();
    else globalThis.document.addEventListener('DOMContentLoaded', add);
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const problems = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (consoleErrors && msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.__problems = problems;
  watchPages(page, problems);
  const close = context.close.bind(context);
  // Closing audits the last page first, and waits for audits under way.
  context.close = async (...args) => {
    await page.__audits?.flush();
    return close(...args);
  };
  return { context, page, problems };
}

/**
 * Audits each page (each new path) once the network has been quiet for a moment. An audit that the
 * journey outruns (it navigated on) is dropped: the next page gets its own.
 */
export function watchPages(page, problems) {
  const seen = new Set();
  let chain = Promise.resolve();
  const run = (path) => {
    chain = chain.then(async () => {
      if (page.isClosed() || new URL(page.url()).pathname !== path) return;
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
      await page.waitForTimeout(300).catch(() => undefined); // let transitions finish
      if (page.isClosed() || new URL(page.url()).pathname !== path) return;
      try {
        const found = await audit(page);
        if (new URL(page.url()).pathname === path) problems.push(...found);
        seen.add(path);
      } catch (err) {
        if (!page.isClosed() && new URL(page.url()).pathname === path && !/context was destroyed|navigation/i.test(String(err))) {
          problems.push(`${path}: audit failed: ${err}`);
        }
      }
    });
  };
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const path = new URL(frame.url()).pathname;
    if (frame.url().startsWith('http') && !seen.has(path)) run(path);
  });
  page.__audits = {
    flush: async () => {
      if (!page.isClosed() && page.url().startsWith('http')) {
        const path = new URL(page.url()).pathname;
        if (!seen.has(path)) run(path);
      }
      await chain;
    },
  };
}

/** Saves a screenshot of the page, and audits it as it is (a dialog, a filled form) when newPage made it. */
export async function screenshot(page, name) {
  if (page.__problems) page.__problems.push(...(await audit(page)).map((p) => `${p} (screenshot ${name})`));
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Opens the menu drawer in the narrow layout (a no-op on wide screens, where the sidebar is always there). */
export async function openMenu(page) {
  if (!NARROW) return;
  const nav = page.locator('.hearth-drawer');
  if (await nav.isVisible()) return;
  await page.getByTestId('menu-button').click();
  await nav.locator('nav a').first().waitFor();
}

/** Closes the menu drawer of the narrow layout, if open. */
export async function closeMenu(page) {
  if (!NARROW) return;
  const drawer = page.locator('.hearth-drawer');
  if (!(await drawer.isVisible())) return;
  // Blueprint closes a drawer on Escape only while the focus is inside it; a popover that just closed may
  // have handed the focus back elsewhere, so the second try taps the shade beside the drawer, as a phone user does.
  await page.keyboard.press('Escape');
  try {
    await drawer.waitFor({ state: 'hidden', timeout: 2000 });
  } catch {
    const size = page.viewportSize();
    await page.mouse.click(size.width - 8, size.height / 2);
    await drawer.waitFor({ state: 'hidden' });
  }
}

/** Opens the settings popover: in the header, or at the foot of the menu drawer in the narrow layout. */
export async function openSettings(page, name = 'Settings') {
  await openMenu(page);
  await page.getByRole('button', { name }).click();
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
  await openMenu(page);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.locator('a').first().waitFor();
  return nav.locator('a .hearth-nav-label').allTextContents();
}

/** The badge of one sidebar entry, by its menu code ('' when it has none). */
export async function sidebarBadge(page, menuCode) {
  await openMenu(page);
  const badge = page.locator(`nav a[data-menu-code="${menuCode}"] .hearth-nav-badge`);
  return (await badge.count()) === 0 ? '' : (await badge.textContent()).trim();
}

/**
 * One browser for the journey file and a fresh page for each test: call at the top of the file and use
 * the function it returns to open the test's page. After each test the page is closed (audited first) and
 * must have logged no errors.
 */
export function pagePerTest() {
  let browser;
  let current;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    if (current) {
      const { context, problems } = current;
      current = undefined;
      await context.close();
      assert.deepEqual(problems, [], 'the page logged errors');
    }
  });
  return async function open(options) {
    current = await newPage(browser, options);
    return current.page;
  };
}

/** Waits until check() answers true (an error counts as not yet), at most ms; fails naming what it waited for. */
export async function until(what, check, ms = 15_000) {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A part of a journey on the same page, named in a failure. */
export async function step(name, body) {
  try {
    await body();
  } catch (err) {
    err.message = `${name}: ${err.message}`;
    throw err;
  }
}

/** Waits for a toast that says text. */
export async function toastSays(page, text) {
  await page.locator('.bp6-toast').filter({ hasText: text }).first().waitFor();
}

/** owner_evergreen signs in to Maple House with the code e-mailed to her (the dev outbox). */
export async function ownerSignsIn(page) {
  const since = Date.now();
  await page.goto('/login');
  await submitAccount(page, 'owner_evergreen');
  await page.getByRole('button', { name: 'Maple House AFH' }).click();
  await enterEmailedCode(page, 'owner@evergreen.example', since);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
