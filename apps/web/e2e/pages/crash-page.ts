import { expect, type Page } from '@playwright/test';

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

  /** Loads `from`, then follows its link to `to` (a screen of its own, not loaded by `from`) with its code throwing. */
  async goto({ from = '/login', to = '/signup', ready = 'Sign in to Rampart' }: { from?: string; to?: string; ready?: string } = {}) {
    await this.page.goto(from);
    await expect(this.page.getByRole('heading', { level: 1, name: ready })).toBeVisible({ timeout: 20_000 });
    await this.page.waitForLoadState('networkidle');
    await this.page.route(/\/assets\/.*\.js$/, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: `throw new Error(${JSON.stringify(FORCED_CRASH_ERROR)});` }),
    );
    // A link of the screen, followed by the router, which loads the next screen's code then. (Not a history step made
    // behind the router's back: the router warns about one while a screen may hold unsaved changes.)
    await this.page.locator(`a[href="${to}"]`).first().click();
    await expect(this.screen()).toBeVisible();
  }

  /** Scripts load again (before following the crash screen's link, which loads the app anew). */
  async restoreScripts() {
    await this.page.unrouteAll({ behavior: 'wait' });
  }
}

/** What React and React Router log for the forced render error; allowed only in crash tests. */
export const FORCED_CRASH_MESSAGES = /Forced render error: a screen failed to load|The above error occurred in|React Router caught the following error/;
