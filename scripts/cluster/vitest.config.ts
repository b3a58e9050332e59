import { defineConfig } from 'vitest/config';

// The cluster tests (npm test's "cluster tests" step): one cluster, started once by global-setup.ts for every file.
export default defineConfig({
  test: {
    include: ['*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    // One cluster on a 2-core machine: files one after the other (a paused replica must not surprise another file).
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
