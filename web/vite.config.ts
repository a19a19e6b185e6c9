/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { fileURLToPath } from 'node:url';

// The admin lives under /keystatic (Keystatic's URLs); the Rust server serves this build from web/dist.
// Quire Cloud's pages are a second entry (cloud.html) of the same build: the cloud serves cloud.html
// for each of its pages and the shared assets at /keystatic/assets/ on its own origin.
export default defineConfig({
  base: '/keystatic/',
  // react-aria's widget strings are built into its components for en-US only; another locale's
  // come as a chunk of their own (react-aria-components/i18n/{locale}), loaded before the first
  // render for that locale alone (src/locale.ts).
  plugins: [react(), optimizeLocales.vite({ locales: ['en-US'] })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The editor's chunk is large but loads only when an entry with a content field opens.
    chunkSizeWarningLimit: 1100,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        cloud: fileURLToPath(new URL('cloud.html', import.meta.url)),
      },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // Other libraries stay with the code that imports them, so the editor's (ProseMirror,
        // Markdoc, mdast, highlighting) load only when an entry with a content field opens.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8788' },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    environment: 'node',
  },
});
