// The web client (DESIGN.md §2–§4): built into dist/client, which the server serves with the SPA fallback.
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bootShell } from './scripts/boot-shell.js';
import { localeNamespaces } from './scripts/locale-namespaces.js';
import { offlineShell } from './scripts/offline-shell.js';

export default defineConfig({
  root: fileURLToPath(new URL('./src/client', import.meta.url)),
  plugins: [react(), tailwindcss(), localeNamespaces(), bootShell(), offlineShell()],
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    // scripts/bundle-size.mjs reads the manifest to weigh each route with everything it loads.
    manifest: true,
    // Budgets are checked on gzipped sizes (DESIGN.md §10); this only silences Vite's raw-size warning.
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 5000}` },
  },
});
