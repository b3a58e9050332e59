// What every screenshot spec shares: where the PNGs go, the two screen sizes, and a page prepared for a stable picture.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { openAs, type Partner } from './developers-fixtures.ts';
import { expect } from './fixtures.ts';

export const SCREEN_HEIGHT = { 1440: 900, 390: 844 } as const;
export type ScreenWidth = keyof typeof SCREEN_HEIGHT;
export type ScreenTheme = 'light' | 'dark';

/**
 * A spec's camera: `shoot` waits for fonts and settling, then writes `<dir>/<name>.png` (E2E_SCREENSHOT_DIR, else
 * .data/screenshots/<folder>); with `noSideScroll` it first fails if the page is wider than the viewport.
 */
export function screenshotKit(folder: string, options: { noSideScroll?: boolean } = {}) {
  const dir = process.env.E2E_SCREENSHOT_DIR ?? path.resolve(import.meta.dirname, '../../../.data/screenshots', folder);
  return {
    dir,
    shoot: async (page: Page, name: string, fullPage = true) => {
      fs.mkdirSync(dir, { recursive: true });
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(500);
      if (options.noSideScroll) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, name).toBeLessThanOrEqual(0);
      }
      await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage, animations: 'disabled' });
    },
    /** A signed-in page of the partner at this size and theme, without motion. */
    open: async (browser: Browser, partner: Partner, theme: ScreenTheme, width: ScreenWidth) => {
      const { page } = await openAs(browser, partner);
      await page.setViewportSize({ width, height: SCREEN_HEIGHT[width] });
      await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: theme });
      await page.addInitScript((choice) => window.localStorage.setItem('theme', choice), theme);
      return page;
    },
  };
}
