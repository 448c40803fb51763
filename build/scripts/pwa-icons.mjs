// Makes the phone app's icons (frontend/public/icons) from the favicon's drawing (frontend/public/favicon.svg):
// 192 and 512 px as the favicon is (rounded square), a maskable 512 px (full-bleed colour, the house inside the
// 80 % safe circle: https://web.dev/articles/maskable-icon) and a 180 px apple-touch-icon (iOS rounds it itself).
// Run from the repo root: node build/scripts/pwa-icons.mjs (renders with the Chromium the journeys use).
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../frontend/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const favicon = readFileSync(new URL('../../frontend/public/favicon.svg', import.meta.url), 'utf8');
const colour = /fill="(#[0-9a-f]{6})"/i.exec(favicon)[1];
const house = /<path d="([^"]+)"/.exec(favicon)[1];
// Full bleed: the background fills the square, the house scaled 0.8 about the centre.
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${colour}"/><path d="${house}" fill="#fff" transform="translate(3.2 3.2) scale(0.8)"/></svg>`;

const out = new URL('../../frontend/public/icons/', import.meta.url);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
try {
  for (const [name, size, svg] of [
    ['icon-192.png', 192, favicon],
    ['icon-512.png', 512, favicon],
    ['maskable-512.png', 512, fullBleed],
    ['apple-touch-icon.png', 180, fullBleed],
  ]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const img = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${img}</body></html>`);
    await page.screenshot({ path: new URL(name, out).pathname, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
  }
} finally {
  await browser.close();
}
