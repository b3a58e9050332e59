import os from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Vitest's default leaves one core idle (cores − 1 workers): on a 2-core machine the suite ran in one fork, 147 s.
// Threads on every core: 83 s. Files stay isolated (jsdom and module state are per file; sharing them broke 36 files).
const cores = os.availableParallelism();

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    // A hang guard, not a speed check: npm test runs these beside the cluster tests, where a form test took 2.4 s of 5.
    testTimeout: 15_000,
    pool: 'threads',
    poolOptions: { threads: { minThreads: cores, maxThreads: cores } },
  },
});
