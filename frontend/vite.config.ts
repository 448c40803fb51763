import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

const api = 'http://127.0.0.1:8080';

/**
 * Blueprint's icon-name table (iconNames.js) is built from an enum of every icon, name and constant (about
 * 27 KB minified) on every page that shows an icon. The table only needs the names: this feeds it a plain
 * list of the same names, so IconNames and isValidIconName give exactly what they gave before.
 */
function blueprintIconNames(): Plugin {
  const source = /@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]iconNames\.js$/;
  const enumImport = 'import { BlueprintIcons_16 } from "./generated/16px/blueprint-icons-16";';
  return {
    name: 'hearth-blueprint-icon-names',
    apply: 'build',
    async transform(code, id) {
      if (!source.test(id)) return null;
      if (!code.includes(enumImport)) this.error('Blueprint changed iconNames.js: review the blueprintIconNames plugin');
      const { BlueprintIcons_16: icons } = (await import('@blueprintjs/icons/lib/esm/generated/16px/blueprint-icons-16.js')) as {
        BlueprintIcons_16: Record<string, string>;
      };
      const names = Object.values(icons).join(',');
      return code.replace(enumImport, `const BlueprintIcons_16 = ${JSON.stringify(names)}.split(',');`);
    },
  };
}

export default defineConfig({
  base: '/',
  // Brotli and gzip copies of every text asset over 1 KB (x.js.br, x.js.gz), made once at build time;
  // the server picks one by Accept-Encoding (cloud/platform/web/spa.go).
  plugins: [
    react(),
    blueprintIconNames(),
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
          groups: [{ name: 'app', tags: ['$initial'] }],
          experimentalInlineCommonChunks: { maxSize: 4096 },
        },
      },
    },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
  },
});
