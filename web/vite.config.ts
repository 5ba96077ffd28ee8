/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { entryModules } from './scripts/chunk-groups';

const entry = entryModules();
const SMALL_UI =
  /[\\/]src[\\/]components[\\/]ui[\\/](badge|card|control|data-table|form-field|input|label|page-header|query-state|select|skeleton|spinner|textarea)\.tsx?$|[\\/]@radix-ui[\\/]react-(label|primitive)[\\/]/;

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Which modules the entry loads, for the chunk group below.
    entry.plugin,
    // The installable app and its service worker (docs/offline.md): src/sw.ts,
    // with the build's files precached; registered by src/lib/offline/pwa.ts.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Prerendered pages are for visitors without a session; the shell is index.html.
        globIgnores: ['prerendered/**', '**/*.gz', '**/*.br'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      manifest: {
        id: '/',
        name: 'HYROX Training Hub',
        short_name: 'HYROX Hub',
        description: 'Train, log, eat and race: HYROX training plans, workout logs and nutrition, also without signal at the gym.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#0a0a0a',
        theme_color: '#0a0a0a',
        categories: ['health', 'fitness', 'sports'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
    }),
  ],
  // The footer's year in a prerendered page (src/app/layout/footer.tsx).
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // Which chunks each module needs: the server names a first-data page's chunks
    // in its HTML (internal/server/page_preloads.go).
    manifest: true,
    // Images as files, never data: URIs (keeps working under a strict img-src CSP).
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The small UI components nearly every page uses, in one chunk: split by which
            // pages use them, they were 5-8 files of a few hundred bytes each per page, a
            // request and a module each (docs/benchmarks/2026-11-29-lighthouse.md). Only
            // these files, not what they import, and never a module the entry has.
            {
              name: 'ui',
              test: (id: string) => !entry.has(id) && SMALL_UI.test(id),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
