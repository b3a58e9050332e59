// The production build carries no test hooks (issue 32): a route or global that exists only for tests is a way in for
// anyone. Code behind `import.meta.env.DEV` is dropped from it; this check fails the build if one slipped through.
import type { Plugin } from 'vite';

/** What a test hook leaves in built code: the forced-crash route and the page-view recorder. */
export const TEST_HOOK_MARKERS = ['/__crash', '__rampartPageViews'] as const;

/** The hooks found in built files (name → text); source maps are left out (they quote the source, DEV branches too). */
export function findTestHooks(files: Record<string, string>): string[] {
  return Object.entries(files)
    .filter(([name]) => !name.endsWith('.map'))
    .flatMap(([name, text]) => TEST_HOOK_MARKERS.filter((marker) => text.includes(marker)).map((marker) => `${name}: ${marker}`));
}

export function noTestHooks(): Plugin {
  let production = false;
  return {
    name: 'rampart-no-test-hooks',
    apply: 'build',
    configResolved(config) {
      production = config.isProduction;
    },
    generateBundle(_options, bundle) {
      if (!production) return;
      const files = Object.fromEntries(
        Object.values(bundle).map((file) => [file.fileName, file.type === 'chunk' ? file.code : typeof file.source === 'string' ? file.source : '']),
      );
      const found = findTestHooks(files);
      if (found.length > 0) this.error(`The production build carries test hooks; keep them behind import.meta.env.DEV:\n  ${found.join('\n  ')}`);
    },
  };
}
