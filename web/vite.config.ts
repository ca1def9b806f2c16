import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appCheckDebugGuard } from './src/build/app-check-debug-guard';
import { entryChunks } from './src/build/entry-chunks';
import { antdUniqueProviderStub } from './src/build/antd-unique-provider';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

function gitHash(): string {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

const APP_VERSION = `${pkg.version}+${gitHash()}`;

// The app's own code in two chunks, the entry's and the signed-in shell's (src/build/entry-chunks.ts).
const chunks = entryChunks({
  entry: /[\\/]src[\\/]main\.tsx$/,
  shell: /[\\/]src[\\/]app[\\/]signed-in-shell\.tsx$/,
});

/** Writes version.json (version + git hash) next to the build, read by the update check. */
function versionFile(): Plugin {
  return {
    name: 'version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: JSON.stringify({ version: APP_VERSION, hash: gitHash(), builtAt: new Date().toISOString() }),
      });
    },
  };
}

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(APP_VERSION) },
  resolve: {
    alias: { '@domain': fileURLToPath(new URL('../functions/src/domain/index.ts', import.meta.url)) },
    // Each Firebase SDK package nests its own copy of these three (patch versions of one release), and
    // each copy would be bundled apart: one copy each, for every route that loads two SDK parts.
    dedupe: ['@firebase/util', '@firebase/component', '@firebase/logger'],
  },
  plugins: [
    react(),
    versionFile(),
    appCheckDebugGuard(),
    chunks.plugin,
    antdUniqueProviderStub(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/*.png', 'tool-images/*.svg'],
      manifest: {
        name: 'Site Tickets',
        short_name: 'Tickets',
        description: 'Requests and reports for workers: pay advances, absences, workwear, tools, receipts.',
        lang: 'pl',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#bf1919',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/__\//],
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        cleanupOutdatedCaches: true,
        // The first version takes control of the page that installed it, so the first visit is
        // already served from the precache offline (every route's code is precached). A later
        // version still waits for the update prompt (registerType 'prompt': no skipWaiting).
        clientsClaim: true,
        // Plain service-worker scripts beside the generated one: web push (sw-push.js) and the
        // outbox's Background Sync (sw-outbox.js).
        importScripts: ['/sw-push.js', '/sw-outbox.js'],
      },
    }),
  ],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:5000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
  },
});
