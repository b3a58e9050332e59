import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E } from './e2e-env.ts';

// Debian's chromium, never a downloaded browser: its headless shell (package chromium-headless-shell, the same engine
// without the desktop browser's compositor and UI), which Playwright itself prefers for headless runs. On this 2-core
// machine four browser specs took 106 s and 160 CPU-s with it against 158 s and 265 CPU-s with /usr/bin/chromium
// (decision 0002). The full browser stays for the web benchmark, which measures what users' browsers paint.
const executablePath =
  process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Screenshots are for people to look at; they run only when asked for (README.md here).
  // Screenshot specs only write PNGs for people to look at; they run with E2E_SCREENSHOTS=1 and are not part of npm test.
  testIgnore: process.env.E2E_SCREENSHOTS ? [] : ['**/*screenshots*.spec.ts'],
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A whole flow's budget, not a speed check: a loaded 2-core CI box ran flows of 30 s in 50–60 s (a clean-clone run
  // had 20 over 45 s and one timed out at 60 s while its last step was still going). Each step keeps its own limit below.
  timeout: 150_000,
  // Generous: a 2-core machine shared with other suites can take seconds to load a lazy screen.
  expect: { timeout: 15_000 },
  forbidOnly: true,
  // The JSON report goes where PLAYWRIGHT_JSON_OUTPUT_NAME says (scripts/test.mjs), else under .data/.
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../../../.data/e2e-results.json' }]],
  outputDir: '../../../.data/e2e-artifacts',
  globalSetup: './global-setup.ts',
  use: {
    baseURL: E2E.appUrl,
    // Off: recording a trace screencasts every page, which cost more CPU than the app under test (issue 31: billing and
    // themes took 160 s with it, 104 s with DOM snapshots only, 90 s without). Rerun a failing spec with --trace on.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        // Composite on the CPU directly rather than through SwiftShade's GL emulation (issue 31: billing and themes
        // 105 s → 90 s wall, 208 → 177 s of CPU).
        '--disable-gpu-compositing',
        '--disable-software-rasterizer',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-quic',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
