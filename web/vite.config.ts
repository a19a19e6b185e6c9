/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The admin lives under /keystatic (Keystatic's URLs); the Rust server serves this build from web/dist.
export default defineConfig({
  base: '/keystatic/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The editor's chunk is large but loads only when an entry with a content field opens.
    chunkSizeWarningLimit: 1100,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // Other libraries stay with the code that imports them, so the editor's (ProseMirror,
        // Markdoc, mdast, highlighting) load only when an entry with a content field opens.
        codeSplitting: {
          groups: [
            // Widget strings for every locale react-aria ships: large, and they change only with it.
            { name: 'react-aria-strings', test: /node_modules[\\/]react-aria[\\/]dist[\\/]private[\\/]intl[\\/]/ },
            { name: 'react-aria', test: /node_modules[\\/](react-aria|react-stately|@react-aria|@react-stately|@react-types|@internationalized)/ },
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
