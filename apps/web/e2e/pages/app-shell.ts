import { expect, type Page } from '@playwright/test';

/** The signed-in layout: sidebar, account switcher, test mode, theme, user menu. */
export class AppShell {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('main').getByRole('heading', { level: 1 });
  readonly sidebar = () => this.page.getByRole('complementary', { name: 'Sidebar' });
  readonly accountSwitcher = () => this.page.getByRole('button', { name: /^Account: / });
  readonly testMode = () => this.page.getByRole('switch', { name: 'Test mode' });
  // The banner's text differs between phone and wide screens (two spans, one hidden): match the banner itself.
  readonly testModeBanner = () => this.page.locator('[data-slot="test-mode-banner"]');
  readonly themeToggle = () => this.page.getByRole('button', { name: /^Theme: / });
  readonly userMenu = () => this.page.getByRole('button', { name: 'User menu' });

  /** Waits until the shell has loaded the signed-in user (the account switcher shows). */
  async expectLoaded(title = 'Dashboard') {
    // The screen is a lazy chunk plus the `me` query: allow a slow machine more than the default.
    await expect(this.heading()).toHaveText(title, { timeout: 20_000 });
    await expect(this.userMenu()).toBeVisible();
  }

  /** An account in the open switcher menu (its name, exactly, above the role). */
  readonly accountOption = (name: string) => this.page.getByRole('menuitemradio').filter({ has: this.page.getByText(name, { exact: true }) });

  async switchAccount(name: string) {
    await this.accountSwitcher().click();
    await this.accountOption(name).click();
    await expect(this.accountSwitcher()).toHaveAccessibleName(`Account: ${name}`);
  }

  async signOut() {
    await this.userMenu().click();
    await this.page.getByRole('menuitem', { name: 'Sign out' }).click();
  }
}
