// Lighthouse figures of the UI as a caregiver's phone sees it (docs/performance.md "The first page on a phone").
// Lighthouse's defaults: a mid-range phone, simulated slow 4G and a 4× slower CPU. Each page starts with an
// empty HTTP cache and no service worker (a first visit); the signed-in pages keep the session the sign-in
// screen stored (disableStorageReset).
// Usage: HEARTH_URL=http://127.0.0.1:18095 node lighthouse.mjs   (build/scripts/lighthouse.sh starts the server)
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import puppeteer from 'puppeteer-core';

const BASE_URL = (process.env.HEARTH_URL || 'http://127.0.0.1:18095').replace(/\/$/, '');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
const OUT = process.env.LIGHTHOUSE_OUT || '';
// Lighthouse's 4× CPU slowdown assumes a host about 4× faster than the phone it emulates (a Moto G Power,
// benchmark index ≈ 264 in Chrome DevTools' calibration); LIGHTHOUSE_CPU_SLOWDOWN=N sets another factor.
// LIGHTHOUSE_CPU_SLOWDOWN=auto measures the host's index just before each run (Lighthouse's own benchmark,
// computeBenchmarkIndex) and slows the CPU by index / 264, so the emulated phone is a Moto G Power however
// busy the host is (Lighthouse's docs, "CPU throttling": calibrate the multiplier to the host's index).
const MOTO_G_POWER_INDEX = 264;
/** The CPU slowdown that makes a host of this benchmark index a Moto G Power (one decimal, at least 1). */
const slowdownFor = (index) => Math.max(1, Math.round((index / MOTO_G_POWER_INDEX) * 10) / 10);
const AUTO_SLOWDOWN = process.env.LIGHTHOUSE_CPU_SLOWDOWN === 'auto';
const CPU_SLOWDOWN = process.env.LIGHTHOUSE_CPU_SLOWDOWN && !AUTO_SLOWDOWN ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) : undefined;
const ACCOUNT = process.env.LIGHTHOUSE_ACCOUNT || 'caregiver_maple1'; // no facility choice, no e-mailed code
const PASSWORD = process.env.LIGHTHOUSE_PASSWORD || 'Demo@2026x';
const SIGNED_IN = (process.env.LIGHTHOUSE_PAGES ?? '/dashboard,/resident').split(',').filter(Boolean);
// The phone app's service worker (frontend/src/features/pwa/register.ts), blocked in every measured run.
const SERVICE_WORKER = `${BASE_URL}/sw.js`;
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

async function launch() {
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
    defaultViewport: null,
  });
}

/** Signs in through the sign-in screen, so the page holds the session exactly as the UI stores it. */
async function signIn(page) {
  await page.goto(`${BASE_URL}/login`, { waitUntil: 'networkidle0' });
  await page.type('#login-account', ACCOUNT);
  await page.type('#login-password', PASSWORD);
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }).catch(() => {}), page.keyboard.press('Enter')]);
  await page.waitForFunction(() => !location.pathname.startsWith('/login'), { timeout: 30_000 });
}

/** What one Lighthouse run says about a page: the score, the timings and what travelled. */
function figures(lhr) {
  const a = lhr.audits;
  const items = a['network-requests']?.details?.items ?? [];
  const sum = (type, key) => items.filter((i) => i.resourceType === type).reduce((n, i) => n + (i[key] || 0), 0);
  const count = (type) => items.filter((i) => i.resourceType === type).length;
  return {
    url: lhr.finalDisplayedUrl,
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: a['first-contentful-paint'].numericValue,
    lcp: a['largest-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    si: a['speed-index'].numericValue,
    jsFiles: count('Script'),
    jsTransfer: sum('Script', 'transferSize'),
    jsRaw: sum('Script', 'resourceSize'),
    cssTransfer: sum('Stylesheet', 'transferSize'),
    cssRaw: sum('Stylesheet', 'resourceSize'),
    total: a['total-byte-weight'].numericValue,
    benchmark: lhr.environment.benchmarkIndex,
  };
}

/** One Lighthouse run of a page in a fresh browser, at the given CPU slowdown (undefined: Lighthouse's 4×). */
async function runOnce(path, signedIn, slowdown) {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    if (signedIn) await signIn(page);
    // Every run starts with an empty HTTP cache; a signed-in run keeps its local storage and IndexedDB.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    // The sign-in installs the phone app's service worker, which would answer the measured page's scripts from
    // its cache (Lighthouse then reported 0 KB of script sent). A first visit has no worker: it goes, with its
    // cache, and the run below blocks /sw.js so that no page registers one while it is measured.
    if (signedIn) await cdp.send('Storage.clearDataForOrigin', { origin: BASE_URL, storageTypes: 'service_workers,cache_storage' });
    if (slowdown === 'measure') {
      // The median of three of Lighthouse's own benchmark, taken in this browser just before the run.
      const indexes = [];
      for (let k = 0; k < 3; k++) indexes.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
      indexes.sort((x, y) => x - y);
      slowdown = slowdownFor(indexes[1]);
    }
    const result = await lighthouse(
      `${BASE_URL}${path}`,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: signedIn,
        blockedUrlPatterns: [SERVICE_WORKER],
        ...(slowdown ? { throttling: { cpuSlowdownMultiplier: slowdown } } : {}),
      },
      undefined,
      page,
    );
    if (!result?.lhr) throw new Error(`${path}: Lighthouse gave no result`);
    if (result.lhr.runtimeError) throw new Error(`${path}: ${result.lhr.runtimeError.message}`);
    const f = { ...figures(result.lhr), slowdown: slowdown ?? 4 };
    if (signedIn && new URL(f.url).pathname.startsWith('/login')) throw new Error(`${path}: the session was lost (${f.url})`);
    return { f, report: result.report };
  } finally {
    await browser.close();
  }
}

async function measure(path, signedIn) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    let run = await runOnce(path, signedIn, AUTO_SLOWDOWN ? 'measure' : CPU_SLOWDOWN);
    // With auto, a run whose phone (the index Lighthouse measured during it, divided by the slowdown) is
    // not within a quarter of a Moto G Power's is taken again at the slowdown that index asks for.
    for (let tries = 1; AUTO_SLOWDOWN && tries < 4; tries++) {
      const phone = run.f.benchmark / run.f.slowdown;
      if (phone >= MOTO_G_POWER_INDEX * 0.75 && phone <= MOTO_G_POWER_INDEX * 1.25) break;
      run = await runOnce(path, signedIn, slowdownFor(run.f.benchmark));
    }
    runs.push(run.f);
    if (OUT) await writeFile(join(OUT, `${path.replace(/\W+/g, '_')}-${i + 1}.json`), run.report);
  }
  // The median run by score (Lighthouse's own advice for noisy machines).
  runs.sort((x, y) => x.score - y.score);
  return { path, runs, median: runs[Math.floor(runs.length / 2)] };
}

const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
const ms = (n) => `${(n / 1000).toFixed(1)} s`;

if (OUT) await mkdir(OUT, { recursive: true });
const results = [await measure('/login', false)];
for (const path of SIGNED_IN) results.push(await measure(path, true));

const factor = AUTO_SLOWDOWN ? 'CPU slowdown of host index / 264 (a Moto G Power)' : `${CPU_SLOWDOWN ?? 4}× CPU slowdown`;
console.log(`\nLighthouse 12 (mobile, simulated slow 4G, ${factor}), ${RUNS} run(s) per page, median by score`);
console.log(`machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log('\n| page | score | FCP | LCP | TBT | CLS | JS files | JS sent (raw) | CSS sent (raw) | all bytes |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const { path, median: m } of results) {
  console.log(
    `| ${path} | ${m.score} | ${ms(m.fcp)} | ${ms(m.lcp)} | ${Math.round(m.tbt)} ms | ${m.cls.toFixed(3)} | ${m.jsFiles} | ` +
      `${kb(m.jsTransfer)} (${kb(m.jsRaw)}) | ${kb(m.cssTransfer)} (${kb(m.cssRaw)}) | ${kb(m.total)} |`,
  );
}
console.log('\nbenchmark index of every run (Lighthouse\'s CPU measure; a Moto G Power ≈ 264):', results.map((r) => `${r.path} ${r.runs.map((x) => Math.round(x.benchmark)).join('/')}`).join(', '));
if (AUTO_SLOWDOWN) {
  const phones = results.map((r) => `${r.path} ${r.runs.map((x) => `${x.slowdown}× → ${Math.round(x.benchmark / x.slowdown)}`).join(', ')}`);
  console.log('CPU slowdown of every run and the phone it emulated (index / slowdown; a Moto G Power ≈ 264):', phones.join('; '));
}
console.log('scores of every run:', results.map((r) => `${r.path} ${r.runs.map((x) => x.score).join('/')}`).join(', '));
if (OUT) console.log(`reports: ${OUT}`);
