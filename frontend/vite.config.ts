import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

const api = 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  // Brotli and gzip copies of every text asset over 1 KB (x.js.br, x.js.gz), made once at build time;
  // the server picks one by Accept-Encoding (cloud/platform/web/spa.go).
  plugins: [
    react(),
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
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
  },
});
