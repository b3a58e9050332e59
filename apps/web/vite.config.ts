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
  build: { outDir: 'dist', sourcemap: true },
});
