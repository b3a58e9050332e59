import { expect, type Page, type Route } from '@playwright/test';
import { E2E } from '../e2e-env.ts';

/** The error a screen's code throws in these tests (CrashPage.goto). */
export const FORCED_CRASH_ERROR = 'Forced render error: a screen failed to load';

/**
 * The crash screen, reached as users reach it: a screen whose code throws (or fails to load, after a deploy replaced
 * it) is an uncaught render error. The production build has no route that throws on purpose, so every script loaded
 * after the first screen is answered with one that throws, and the app then opens a screen it has not loaded yet.
 */
export class CrashPage {
  constructor(readonly page: Page) {}

  readonly screen = () => this.page.getByTestId('crash-screen');
  readonly title = () => this.page.getByRole('heading', { level: 1 });
  readonly stars = () => this.page.getByTestId('crash-star');

  private readonly throwingScripts = (route: Route) =>
    route.fulfill({ contentType: 'text/javascript', body: `throw new Error(${JSON.stringify(FORCED_CRASH_ERROR)});` });

  /**
   * Loads `from`, then follows its link to `to` (a screen of its own, not loaded by `from`) with its code throwing;
   * `beforeCrash` runs on `from` once it has loaded.
   */
  async goto({
    from = '/login',
    to = '/signup',
    ready = 'Sign in to Rampart',
    beforeCrash,
  }: { from?: string; to?: string; ready?: string; beforeCrash?: () => Promise<void> } = {}) {
    await this.page.goto(from);
    await expect(this.page.getByRole('heading', { level: 1, name: ready })).toBeVisible({ timeout: 20_000 });
    await this.page.waitForLoadState('networkidle');
    await beforeCrash?.();
    await this.page.route(/\/assets\/.*\.js$/, this.throwingScripts);
    // A link of the screen, followed by the router, which loads the next screen's code then. (Not a history step made
    // behind the router's back: the router warns about one while a screen may hold unsaved changes.)
    await this.page.locator(`a[href="${to}"]`).first().click();
    await expect(this.screen()).toBeVisible();
  }

  /** Scripts load again (before following the crash screen's link, which loads the app anew). */
  async restoreScripts() {
    await this.page.unroute(/\/assets\/.*\.js$/, this.throwingScripts);
  }
}

/** A DSN on loopback: the page's requests to it are answered by `standInSentry`, so none reaches the network. */
export const STAND_IN_SENTRY_DSN = 'https://publickey@127.0.0.1:9/42';

export interface SentryEnvelope {
  raw: string;
  items: Array<{ header: { type: string }; payload: Record<string, unknown> }>;
}

/**
 * Sentry for this page: the app's pages get SENTRY_DSN in their runtime configuration (window.__RAMPART_CONFIG__, as the
 * server writes it when SENTRY_DSN is set), and a stand-in for Sentry's ingest endpoint (POST /api/<project>/envelope/)
 * records each envelope (newline-separated JSON: a header, then each item's header and payload).
 */
export async function standInSentry(page: Page): Promise<SentryEnvelope[]> {
  const envelopes: SentryEnvelope[] = [];
  const ingest = new URL(STAND_IN_SENTRY_DSN);
  await page.route(
    (url) => url.origin === ingest.origin,
    async (route) => {
      const request = route.request();
      expect(new URL(request.url()).pathname).toBe('/api/42/envelope/');
      const raw = request.postData() ?? '';
      const [, ...lines] = raw.split('\n').filter((line) => line.trim() !== '');
      const items: SentryEnvelope['items'] = [];
      for (let index = 0; index + 1 < lines.length; index += 2) items.push({ header: JSON.parse(lines[index]!), payload: JSON.parse(lines[index + 1]!) });
      envelopes.push({ raw, items });
      await route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: '{}' });
    },
  );
  const app = new URL(E2E.appUrl).origin;
  await page.route(
    (url) => url.origin === app,
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = await response.text();
      expect(html).toContain('"sentryDsn":null');
      await route.fulfill({ response, body: html.replace('"sentryDsn":null', `"sentryDsn":${JSON.stringify(STAND_IN_SENTRY_DSN)}`) });
    },
  );
  return envelopes;
}

/** The events (not sessions) among the envelopes. */
export function sentryEvents(envelopes: readonly SentryEnvelope[]): Array<Record<string, any>> {
  return envelopes.flatMap((envelope) => envelope.items.filter((item) => item.header.type === 'event').map((item) => item.payload));
}

/** What React and React Router log for the forced render error; allowed only in crash tests. */
export const FORCED_CRASH_MESSAGES = /Forced render error: a screen failed to load|The above error occurred in|React Router caught the following error/;
