import type { Page } from '@playwright/test';

/** /__crash: the test hook that forces an uncaught render error, i.e. the crash screen. */
export class CrashPage {
  constructor(readonly page: Page) {}

  readonly screen = () => this.page.getByTestId('crash-screen');
  readonly title = () => this.page.getByRole('heading', { level: 1 });
  readonly stars = () => this.page.getByTestId('crash-star');

  async goto() {
    await this.page.goto('/__crash');
  }
}

/** What React and React Router log for the forced render error; allowed only in crash tests. */
export const FORCED_CRASH_MESSAGES = /Forced render error from \/__crash|The above error occurred in|React Router caught the following error/;
