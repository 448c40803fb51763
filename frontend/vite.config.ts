import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

const api = 'http://127.0.0.1:8080';

/**
 * Icons named by string (the server's menu icons) are fetched one by one as JSON from
 * /assets/icon16-<Blueprint icons version>/<name>.json: the build writes one file per 16px icon, and the
 * version in the folder name lets them be cached as immutable like hashed files. The page needs no table
 * of hashed chunk names (the import.meta.glob table it replaces was 109 KB); the names Blueprint knows
 * are the icons there are.
 */
function blueprintIconFiles(): Plugin {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('@blueprintjs/icons/package.json');
  const version = (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
  const dir = join(dirname(pkg), 'lib/esm/generated/16px/paths');
  const folder = `assets/icon16-${version}`;
  const virtualId = 'virtual:hearth-icon16';
  /** The icon's paths as JSON: its module is `export default [...]`. */
  const json = (file: string) =>
    readFileSync(join(dir, file), 'utf8')
      .replace(/^export default /, '')
      .replace(/;\s*(\/\/#.*)?\s*$/, '');
  return {
    name: 'hearth-blueprint-icon-files',
    resolveId: (id) => (id === virtualId ? `\0${virtualId}` : null),
    load: (id) => (id === `\0${virtualId}` ? `export const ICON16_BASE = ${JSON.stringify(`/${folder}/`)};` : null),
    configureServer(server) {
      server.middlewares.use(`/${folder}/`, (req, res, next) => {
        const name = (req.url ?? '').replace(/^\//, '').replace(/\.json$/, '');
        if (!/^[a-z0-9-]+$/.test(name)) return next();
        try {
          res.setHeader('Content-Type', 'application/json');
          res.end(json(`${name}.js`));
        } catch {
          next();
        }
      });
    },
    generateBundle() {
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
        this.emitFile({ type: 'asset', fileName: `${folder}/${file.replace(/\.js$/, '.json')}`, source: json(file) });
      }
    },
  };
}

/**
 * Blueprint's icon-name table (iconNames.js) is built on every page that shows an icon, from an enum of every
 * icon (about 27 KB minified) and with change-case's pascalCase and snakeCase over all ~700 names: about 120 ms
 * at start on a slow phone (issue 29). The module becomes a plain list of the names (the set isValidIconName
 * asks) and IconNames made from it on first use, where Blueprint's names, plain kebab-case, need only two
 * replaces. The build checks that they give exactly change-case's keys for every name (and stops if a
 * Blueprint update adds one where they do not), so IconNames and isValidIconName give what they gave before,
 * and change-case does not ship.
 */
function blueprintIconNames(): Plugin {
  const source = /@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]iconNames\.js$/;
  const expected = ['import { pascalCase, snakeCase } from "change-case";', 'import { BlueprintIcons_16 } from "./generated/16px/blueprint-icons-16";', 'IconNamesSet'];
  // The two keys of a name, as the module computes them (and as the check below runs them).
  const pascalOf = "name.replace(/(^|-)([a-z0-9])/g, (_m, _dash, c) => c.toUpperCase())";
  const legacyOf = "name.replace(/-/g, '_').toUpperCase()";
  const pascal = new Function('name', `return ${pascalOf};`) as (name: string) => string;
  const legacy = new Function('name', `return ${legacyOf};`) as (name: string) => string;
  return {
    name: 'hearth-blueprint-icon-names',
    apply: 'build',
    async transform(code, id) {
      if (!source.test(id)) return null;
      if (expected.some((s) => !code.includes(s))) this.error('Blueprint changed iconNames.js: review the blueprintIconNames plugin');
      const { BlueprintIcons_16: icons } = (await import('@blueprintjs/icons/lib/esm/generated/16px/blueprint-icons-16.js')) as {
        BlueprintIcons_16: Record<string, string>;
      };
      // change-case as Blueprint's icons package resolves it (its own dependency).
      const require = createRequire(createRequire(import.meta.url).resolve('@blueprintjs/icons/package.json'));
      const changeCase = require('change-case') as { pascalCase: (s: string) => string; snakeCase: (s: string) => string };
      const names = Object.values(icons);
      const odd = names.filter((n) => changeCase.pascalCase(n) !== pascal(n) || changeCase.snakeCase(n).toUpperCase() !== legacy(n));
      if (odd.length > 0) this.error(`blueprintIconNames: change-case names these icons differently: ${odd.join(', ')}`);
      // IconNames (only Icons.loadAll reads it, which Hearth never calls) is made on first use.
      return [
        `const names = ${JSON.stringify(names.join(','))}.split(',');`,
        `let table;`,
        `function made() {`,
        `  if (table) return table;`,
        `  const IconNamesNew = {};`,
        `  const IconNamesLegacy = {};`,
        `  for (const name of names) {`,
        `    IconNamesNew[${pascalOf}] = name;`,
        `    IconNamesLegacy[${legacyOf}] = name;`,
        `  }`,
        `  return (table = { ...IconNamesNew, ...IconNamesLegacy });`,
        `}`,
        `export const IconNames = new Proxy({}, {`,
        `  get: (_, key) => made()[key],`,
        `  has: (_, key) => key in made(),`,
        `  ownKeys: () => Reflect.ownKeys(made()),`,
        `  getOwnPropertyDescriptor: (_, key) => { const d = Reflect.getOwnPropertyDescriptor(made(), key); return d && { ...d, configurable: true }; },`,
        `});`,
        `export const IconNamesSet = new Set(names);`,
      ].join('\n');
    },
  };
}

/**
 * @date-fns/tz asks the browser for a zone's offset (an Intl.DateTimeFormat with "longOffset", formatting the
 * whole date) on every TZDate made or moved: thousands of times when Tasks or the eMAR draw their first screen,
 * about a fifth of their start-up work on a slow phone (issue 29, docs/performance.md). Its tzOffset becomes
 * the same answer kept per zone and hour: the offset at the hour's first and last millisecond, asked once, is
 * the offset of every instant between when the two agree (no zone changes its offset twice within an hour); an
 * hour with a change in it is asked for each instant as before. src/lib/time/zoneOffset.test.ts compares it
 * with the browser's answer around the year's changes in several zones.
 */
function dateFnsTzOffsetByHour(): Plugin {
  const source = /@date-fns[\\/]tz[\\/]tzOffset[\\/]index\.js$/;
  const head = 'export function tzOffset(timeZone, date) {';
  return {
    name: 'hearth-date-fns-tz-offset-by-hour',
    transform(code, id) {
      if (!source.test(id)) return null;
      if (!code.includes(head) || !code.includes('timeZoneName: "longOffset"')) this.error('@date-fns/tz changed tzOffset: review the dateFnsTzOffsetByHour plugin');
      return (
        code.replace(head, 'function exactOffset(timeZone, date) {') +
        `
const HOUR_MS = 3600000;
const byHour = new Map();
export function tzOffset(timeZone, date) {
  const time = +date;
  if (!Number.isFinite(time)) return exactOffset(timeZone, date);
  const hour = Math.floor(time / HOUR_MS);
  const key = timeZone + "|" + hour;
  let offset = byHour.get(key);
  if (offset === undefined) {
    const first = exactOffset(timeZone, new Date(hour * HOUR_MS));
    offset = first === exactOffset(timeZone, new Date(hour * HOUR_MS + HOUR_MS - 1)) ? first : null;
    byHour.set(key, offset);
  }
  return offset === null ? exactOffset(timeZone, date) : offset;
}
`
      );
    },
  };
}

/**
 * The phone app (issue 34): the web app manifest and a Workbox service worker written by the build
 * (dist/sw.js, dist/manifest.webmanifest; registered by src/features/pwa/register.ts, never in the desktop
 * shell). The worker precaches the app shell and every route's chunks, answers a navigation with index.html
 * (except /api/), and keeps the versioned Blueprint icon files as they are fetched. It never keeps an API
 * answer: what the phone keeps of a person's data is in IndexedDB, per person (docs/frontend.md "Phone app").
 * A new build waits for "Reload to update" (registerType 'prompt').
 */
function phoneApp() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    includeAssets: ['favicon.svg', 'robots.txt', 'icons/apple-touch-icon.png'],
    manifest: {
      id: '/',
      name: 'Hearth',
      short_name: 'Hearth',
      description: 'Care management for adult family homes',
      lang: 'en-US',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: '#c2410c',
      background_color: '#ffffff',
      // Made from public/favicon.svg by build/scripts/pwa-icons.mjs.
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // The built files themselves, not their .br/.gz copies (the server picks those by Accept-Encoding).
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      // Blueprint's own icon loaders and their two 330 KB path tables are never loaded (src/app/layout/iconLoader.ts
      // fetches icons one by one from assets/icon16-*, kept at runtime below).
      globIgnores: ['assets/icon16-*/**', 'assets/paths-*.js', 'assets/allPaths-*.js', 'assets/allPathsLoader-*.js', 'assets/splitPathsBySizeLoader-*.js'],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      navigateFallback: 'index.html',
      navigateFallbackDenylist: [/^\/api\//, /^\/healthz/],
      cleanupOutdatedCaches: true,
      // Handlers the generated worker loads first (files in public/): Web Push and the offline outbox's Background Sync.
      importScripts: ['sw-push.js', 'sw-outbox.js'],
      runtimeCaching: [
        {
          // One small JSON file per icon, named by Blueprint's version (immutable): kept as they are first shown.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/icon16-'),
          handler: 'CacheFirst',
          options: { cacheName: 'hearth-icons', expiration: { maxEntries: 800 } },
        },
      ],
    },
  });
}

export default defineConfig({
  base: '/',
  // Brotli and gzip copies of every text asset over 1 KB (x.js.br, x.js.gz), made once at build time;
  // the server picks one by Accept-Encoding (cloud/platform/web/spa.go).
  plugins: [
    react(),
    blueprintIconNames(),
    dateFnsTzOffsetByHour(),
    blueprintIconFiles(),
    phoneApp(),
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|svg|json)$/, threshold: 1024, logLevel: 'silent' }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false, ws: true },
      '/healthz': { target: api },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the first page needs in one file, and no shared chunk under 4 KB: each file costs a
          // request and about 0.6 KB of headers, more than a small module repeated in two pages.
          // Blueprint's buttons, icons, inputs and callouts, which every page after the first file needs, in one
          // file instead of six (the sign-in page loads them first).
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            {
              name: 'blueprint-basics',
              test: /@blueprintjs[\\/](core[\\/]lib[\\/]esm[\\/](common|accessibility|hooks|components[\\/](button|icon|text|html|callout|forms[\\/](inputGroup|asyncControllableInput)))|icons[\\/]lib[\\/]esm[\\/](classes|jsUtils|svgIconContainer))[\\/.]/,
              priority: 1,
            },
          ],
          experimentalInlineCommonChunks: { maxSize: 4096 },
        },
      },
    },
  },
  test: {
    setupFiles: ['src/test/setup.ts'],
    // Through the build's transforms, so tests see the same @date-fns/tz as the app (dateFnsTzOffsetByHour).
    server: { deps: { inline: ['@date-fns/tz'] } },
    projects: [
      // Rules, calls and stores: plain functions in Node, fast to start.
      { extends: true, test: { name: 'unit', environment: 'node', include: ['src/**/*.test.ts'] } },
      // Render tests (a screen in jsdom with Testing Library, src/test/render.tsx): only the .tsx tests pay
      // for a DOM.
      {
        extends: true,
        // A screen is typed into key by key; on a busy 2-core machine a long form takes a few seconds.
        test: { name: 'screens', environment: 'jsdom', include: ['src/**/*.test.tsx'], setupFiles: ['src/test/dom.ts'], testTimeout: 20_000, isolate: false },
      },
    ],
  },
});
