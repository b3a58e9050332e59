import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Node resolves graphql to its CommonJS build (Mercurius requires it); Vite would pick the .mjs one and load two copies.
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Files share a fork's module graph (isolate: false): importing the app took about 3 s per file, 172 s of a run
    // (issue 31). Safe because no test mocks modules or globals; each file builds its own app on its own state.
    poolOptions: { forks: { maxForks: 2, minForks: 1, isolate: false } },
    reporters: ['default'],
  },
});
