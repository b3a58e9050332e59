import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

// Issue 37: with GA4_MEASUREMENT_ID set, the policy allows the hosts Google documents for GA4 ("Use Tag Manager with a
// Content Security Policy", Google Analytics 4 section) and no other Google host; unset, none (static-assets.test.ts).

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ GA4_MEASUREMENT_ID: 'G-RAMPART1' });
});
afterAll(async () => {
  await t.close();
});

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('Content-Security-Policy with GA4 configured', () => {
  it("allows gtag.js from Google's tag host and GA4's collection hosts, and no other Google host", async () => {
    const response = await fetch(`${t.baseUrl}/healthz`);
    const policy = directives(response.headers.get('content-security-policy')!);
    const google = (name: string) => policy.get(name)!.filter((value) => /google|doubleclick/.test(value));
    expect(google('script-src')).toEqual(['https://*.googletagmanager.com']);
    expect(google('img-src')).toEqual(['https://*.google-analytics.com', 'https://*.googletagmanager.com']);
    expect(google('connect-src')).toEqual(['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com']);
    for (const name of ['default-src', 'style-src', 'frame-ancestors']) expect(policy.get(name)!.join(' ')).not.toMatch(/google/);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
  });
});
