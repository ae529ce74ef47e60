/**
 * Builds the web UI (Preact, uPlot, CodeMirror) into static files under `dist/webui/`, which the
 * coordinator serves at `/ui/` (src/server/coordinator/ui-routes.ts). Everything is bundled: the
 * UI needs no CDN and works offline.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const uiRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: uiRoot,
  base: '/ui/',
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../dist/webui', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
  },
});
