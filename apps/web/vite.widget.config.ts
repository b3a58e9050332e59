// The widget partners embed: its own entry and bundle (dist/widget, served at /widget/), no dashboard code.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { noTestHooks } from './vite-no-test-hooks';
import { precompress } from './vite-precompress';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = path.join(process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'dist'), 'widget');
const apiTarget = 'http://localhost:3000';

/** The server answers dist/widget/index.html with the bootstrap injected; Vite names the page after its source. */
function renameHtml(): Plugin {
  return {
    name: 'rampart-widget-index-html',
    apply: 'build',
    closeBundle() {
      const from = path.join(outDir, 'widget.html');
      if (fs.existsSync(from)) fs.renameSync(from, path.join(outDir, 'index.html'));
    },
  };
}

export default defineConfig({
  root,
  base: '/widget/',
  // Icons come from the dashboard's public folder at /icons/…; no copy here.
  publicDir: false,
  plugins: [react(), tailwindcss(), renameHtml(), noTestHooks(), precompress({ outDir })],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // Development: `vite -c vite.widget.config.ts`, then open a widget URL on the API server (it serves the page and the
  // bootstrap); the API and icons are proxied.
  server: {
    port: 5174,
    proxy: { '/widget-api': apiTarget, '/icons': apiTarget },
  },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rollupOptions: { input: path.join(root, 'widget.html') },
  },
});
