import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/graphql': apiTarget,
      '/dev': apiTarget,
      '/v1': apiTarget,
      '/oidc': apiTarget,
    },
  },
  preview: { port: 4173 },
  build: {
    // WEB_DIST: the server reads the same variable (apps/server/src/lib/paths.ts).
    outDir: process.env.WEB_DIST ?? 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // Long-lived vendor chunks so app deploys do not invalidate them.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          if (/node_modules\/(@apollo|graphql|rxjs|@wry|optimism|zen-observable)/.test(id)) return 'apollo';
          if (/node_modules\/(radix-ui|@radix-ui)\//.test(id)) return 'radix';
          return undefined;
        },
      },
    },
  },
});
