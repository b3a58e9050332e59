import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// findBy* and waitFor wait up to 1 s by default; a lazily loaded chunk on a loaded 2-core machine can take longer.
configure({ asyncUtilTimeout: 5_000 });

// Tests fail on any unexpected console.error / console.warn (STYLE.md rule 20).
let unexpected: string[] = [];

beforeEach(() => {
  unexpected = [];
  for (const method of ['error', 'warn'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      unexpected.push(`console.${method}: ${args.map(String).join(' ')}`);
    });
  }
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  if (unexpected.length > 0) {
    throw new Error(`Unexpected console output:\n${unexpected.join('\n')}`);
  }
});
