import os from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Vitest's default leaves one core idle (cores − 1 workers): on a 2-core machine the suite ran in one fork, 147 s.
// Threads on every core: 83 s. Files stay isolated (jsdom and module state are per file; sharing one worker's modules
// across files broke 35: each file gets a new jsdom window while Testing Library's `screen` keeps the first one's body).
// vmThreads keeps that isolation, one VM context and jsdom window per file, without a new worker and a fresh import of
// jsdom and every package for each file: 104 s and 195 CPU-s → 41 s and 76 CPU-s on the 2-core machine (2026-11-29).
const cores = os.availableParallelism();

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'vite-*.test.ts'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    // A hang guard, not a speed check: npm test runs these beside the cluster tests, where a form test took 2.4 s of 5.
    testTimeout: 15_000,
    pool: 'vmThreads',
    poolOptions: { vmThreads: { minThreads: cores, maxThreads: cores }, threads: { minThreads: 1, maxThreads: cores } },
    // An ES module in a package that declares CommonJS (the WebCrypto shim the identity provider client pulls in), which
    // a VM context cannot load as it ships: Vite transforms it instead.
    server: { deps: { inline: ['@okta/okta-auth-js', '@peculiar/webcrypto'] } },
    // Recharts' CommonJS build requires @reduxjs/toolkit's ES module, which a VM context refuses: its two test files
    // run in plain worker threads.
    poolMatchGlobs: [['**/{breakdown-bars,geography-tab}.test.tsx', 'threads']],
  },
});
