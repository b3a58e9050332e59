import type { Browser, Frame, Page } from '@playwright/test';
import {
  THEME_COLOR_CSS_VARIABLE,
  THEME_COLOR_KEYS,
  THEME_PREVIEW_MESSAGE,
  type ThemeColorSet,
  type ThemeConfig,
  type ThemeMode,
} from '@rampart/shared/themes';
import { E2E } from './e2e-env.ts';
import { expect, graphqlAs, test, withDatabase } from './fixtures.ts';
import { createPartner, type Partner } from './developers-fixtures.ts';

// The widget side of issue 14: the saved theme painted by the widget opened by its URL (every colour of both sets, the
// font, the partner's colorCode over the button, the splash before any script), and the preview protocol as the
// editor drives it (drafts from the dashboard's origin, the splash and its loaders, reduced motion). The editor's own
// flow is themes.spec.ts.

test.use({ actionTimeout: 30_000, navigationTimeout: 60_000 });

const CONFIG_FIELDS = `light { ${THEME_COLOR_KEYS.join(' ')} } dark { ${THEME_COLOR_KEYS.join(' ')} } fontFamily fontUrl splashScreen { lightBackground lightLoader darkBackground darkLoader loaderType }`;
const SPLASH = { lightBackground: '#fefce8', lightLoader: '#854d0e', darkBackground: '#1c1917', darkLoader: '#fde047', loaderType: 'dots' } as const;

/** A partner whose active theme is generated from a brand colour, then saved with a serif font and a dots splash. */
async function themedPartner(): Promise<{ partner: Partner; config: ThemeConfig; widgetUrl: string; previewUrl: string }> {
  const partner = await createPartner('widget-theme');
  const generated = await graphqlAs<{ generateInitialTheme: { version: number; config: ThemeConfig } }>(
    partner.session,
    `mutation($a: ID!) { generateInitialTheme(accountId: $a, name: "Brand", brandColor: "#0e7490", makeActive: true) { version config { ${CONFIG_FIELDS} } } }`,
    { a: partner.accountId },
  );
  expect(generated.errors).toBeUndefined();
  const { version, config: initial } = generated.data!.generateInitialTheme;
  const config: ThemeConfig = { ...initial, fontFamily: 'serif', fontUrl: null, splashScreen: { ...SPLASH } };
  const saved = await graphqlAs<{ updateActiveTheme: { version: number } }>(
    partner.session,
    'mutation($a: ID!, $v: Int!, $c: ThemeConfigInput!) { updateActiveTheme(accountId: $a, expectedVersion: $v, config: $c) { version } }',
    {
      a: partner.accountId,
      v: version,
      c: config,
    },
  );
  expect(saved.errors).toBeUndefined();
  const urls = await graphqlAs<{ integrationUrl: string; themeEditorSettings: { previewUrl: string } }>(
    partner.session,
    'query($a: ID!) { integrationUrl(accountId: $a, type: OnRamp) themeEditorSettings(accountId: $a) { previewUrl(flow: buy) } }',
    { a: partner.accountId },
  );
  expect(urls.errors).toBeUndefined();
  return { partner, config, widgetUrl: urls.data!.integrationUrl, previewUrl: urls.data!.themeEditorSettings.previewUrl };
}

/** "#b91c1c" → "rgb(185, 28, 28)", as getComputedStyle writes a colour. */
function rgb(hex: string): string {
  const value = (offset: number) => parseInt(hex.slice(offset, offset + 2), 16);
  return `rgb(${value(1)}, ${value(3)}, ${value(5)})`;
}

/** The theme variables as the browser resolved them on <html>, keyed by colour key. */
function paintedSet(target: Page | Frame): Promise<Record<string, string>> {
  return target.evaluate(
    ({ keys, variables }) =>
      Object.fromEntries(keys.map((key) => [key, getComputedStyle(document.documentElement).getPropertyValue(variables[key]).trim().toLowerCase()])),
    { keys: [...THEME_COLOR_KEYS], variables: THEME_COLOR_CSS_VARIABLE },
  );
}

async function openWidget(browser: Browser, url: string, options: { colorScheme?: ThemeMode; reducedMotion?: 'reduce' | 'no-preference' } = {}) {
  const context = await browser.newContext({ colorScheme: options.colorScheme ?? 'light', reducedMotion: options.reducedMotion ?? 'no-preference' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console.${message.type()}: ${message.text()}`);
  });
  return { page, problems, close: () => context.close() };
}

const startedWidget = (target: Page | Frame) => target.getByRole('button', { name: 'Continue' });

test('the widget opened by URL paints the saved theme: both colour sets, the font, colorCode over the button, and the splash before its script', async ({
  browser,
}) => {
  const { config, widgetUrl } = await themedPartner();
  const expectSet = async (page: Page, set: ThemeColorSet) => {
    await expect.poll(() => paintedSet(page)).toEqual({ ...set });
    const painted = await page.evaluate(() => ({
      body: getComputedStyle(document.body).backgroundColor,
      card: getComputedStyle(document.querySelector('main')!).backgroundColor,
      text: getComputedStyle(document.querySelector('h1, h2') ?? document.body).color,
    }));
    expect(painted).toEqual({ body: rgb(set.background), card: rgb(set.surface), text: rgb(set.text) });
  };

  await test.step('light on a light device: every colour of the light set, the serif stack, no splash left', async () => {
    const widget = await openWidget(browser, widgetUrl);
    await widget.page.goto(widgetUrl);
    await expect(startedWidget(widget.page)).toBeVisible();
    await expectSet(widget.page, config.light);
    await expect(widget.page.locator('html')).not.toHaveClass(/dark/);
    expect(await widget.page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Charter');
    await expect(widget.page.locator('#rampart-splash')).toHaveCount(0);
    await expect(widget.page.locator('button.bg-brand').first()).toHaveCSS('background-color', rgb(config.light.primary));
    expect(widget.problems).toEqual([]);
    await widget.close();
  });

  await test.step('dark by the theme parameter, and by the device when the link does not choose', async () => {
    const forced = await openWidget(browser, widgetUrl);
    await forced.page.goto(`${widgetUrl}&theme=dark`);
    await expect(startedWidget(forced.page)).toBeVisible();
    await expect(forced.page.locator('html')).toHaveClass(/dark/);
    await expectSet(forced.page, config.dark);
    await forced.close();

    const device = await openWidget(browser, widgetUrl, { colorScheme: 'dark' });
    await device.page.goto(widgetUrl);
    await expect(startedWidget(device.page)).toBeVisible();
    await expectSet(device.page, config.dark);
    // The device switching back is followed at once.
    await device.page.emulateMedia({ colorScheme: 'light' });
    await expectSet(device.page, config.light);
    expect(device.problems).toEqual([]);
    await device.close();
  });

  await test.step('colorCode replaces the button colour of the theme, with readable text on it', async () => {
    const widget = await openWidget(browser, widgetUrl);
    await widget.page.goto(`${widgetUrl}&colorCode=%23facc15`);
    await expect(startedWidget(widget.page)).toBeVisible();
    const set = await paintedSet(widget.page);
    expect(set).toEqual({ ...config.light, primary: '#facc15', primaryText: '#0b1020' });
    await widget.close();
  });

  await test.step('the splash is painted from the page alone (the script blocked), in the theme’s colours, with its loader', async () => {
    const widget = await openWidget(browser, widgetUrl);
    await widget.page.route(/\/widget\/assets\/.*\.js$/, (route) => route.abort());
    await widget.page.goto(`${widgetUrl}&theme=dark`);
    const splash = widget.page.getByRole('progressbar', { name: 'Loading' });
    await expect(splash).toBeVisible();
    await expect(splash).toHaveAttribute('data-loader', 'dots');
    await expect(splash).toHaveCSS('background-color', rgb(SPLASH.darkBackground));
    await expect(splash.locator('.rw-loader i').first()).toHaveCSS('background-color', rgb(SPLASH.darkLoader));
    await widget.close();
  });
});

test('the preview applies drafts from the dashboard’s origin, shows the splash on demand, stands still under reduced motion, and counts nothing', async ({
  browser,
}) => {
  const { partner, config, previewUrl } = await themedPartner();
  const draft: ThemeConfig = {
    ...config,
    light: { ...config.light, primary: '#b91c1c', background: '#fff7ed' },
    dark: { ...config.dark, primary: '#fca5a5' },
    splashScreen: { ...config.splashScreen, loaderType: 'spinner' },
  };

  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    await test.step(`a dashboard page frames the preview and posts a draft (${reducedMotion} motion)`, async () => {
      const dashboard = await openWidget(browser, previewUrl, { reducedMotion });
      // Any page of the dashboard's origin will do; it frames the preview like the editor does.
      await dashboard.page.goto(`${E2E.appUrl}/login`);
      await dashboard.page.evaluate((src) => {
        const state = window as unknown as { widgetReady: boolean };
        state.widgetReady = false;
        const frame = document.createElement('iframe');
        frame.title = 'Widget preview';
        frame.src = src;
        frame.style.cssText = 'width:440px;height:700px';
        window.addEventListener('message', (event) => {
          if (
            event.source === frame.contentWindow &&
            event.origin === new URL(src).origin &&
            (event.data as { type?: string })?.type === 'rampart:widget-ready'
          )
            state.widgetReady = true;
        });
        document.body.appendChild(frame);
      }, previewUrl);
      await expect.poll(() => dashboard.page.evaluate(() => (window as unknown as { widgetReady: boolean }).widgetReady)).toBe(true);
      const frame = dashboard.page.frames().find((candidate) => candidate.url().startsWith(previewUrl.split('?')[0]!))!;
      await expect(startedWidget(frame)).toBeVisible();
      expect(await paintedSet(frame)).toEqual({ ...config.light });

      const post = (message: unknown) =>
        dashboard.page.evaluate(
          ({ message, origin }) => document.querySelector<HTMLIFrameElement>('iframe[title="Widget preview"]')!.contentWindow!.postMessage(message, origin),
          { message, origin: new URL(previewUrl).origin },
        );
      await post({ type: THEME_PREVIEW_MESSAGE, config: draft, mode: 'light', showSplash: false });
      await expect.poll(() => paintedSet(frame)).toEqual({ ...draft.light });
      await expect(frame.locator('button.bg-brand').first()).toHaveCSS('background-color', rgb('#b91c1c'));

      // A malformed draft changes nothing.
      await post({ type: THEME_PREVIEW_MESSAGE, config: { ...draft, light: { ...draft.light, primary: 'red' } }, mode: 'light', showSplash: false });
      await post({ type: THEME_PREVIEW_MESSAGE, config: draft, mode: 'dark', showSplash: true });
      await expect.poll(() => paintedSet(frame)).toEqual({ ...draft.dark });
      const splash = frame.getByRole('progressbar', { name: 'Loading' });
      await expect(splash).toBeVisible();
      await expect(splash).toHaveAttribute('data-loader', 'spinner');
      await expect(splash).toHaveCSS('background-color', rgb(draft.splashScreen.darkBackground));
      const loader = splash.locator('.rw-loader');
      await expect(loader).toHaveCSS('border-top-color', rgb(draft.splashScreen.darkLoader));
      await expect(loader).toHaveCSS('animation-name', reducedMotion === 'reduce' ? 'none' : 'rw-spin');

      await post({
        type: THEME_PREVIEW_MESSAGE,
        config: { ...draft, splashScreen: { ...draft.splashScreen, loaderType: 'bar' } },
        mode: 'light',
        showSplash: true,
      });
      await expect(splash).toHaveAttribute('data-loader', 'bar');
      await expect(splash.locator('.rw-loader i').first()).toHaveCSS('animation-name', reducedMotion === 'reduce' ? 'none' : 'rw-slide');
      await post({ type: THEME_PREVIEW_MESSAGE, config: draft, mode: 'light', showSplash: false });
      await expect(splash).toHaveCount(0);
      expect(dashboard.problems).toEqual([]);
      await dashboard.close();
    });
  }

  await test.step('preview sessions record no funnel step', async () => {
    const events = await withDatabase((client) =>
      client.query(`select count(*)::int as n from widget_events where account_id = $1 and event in ('opened', 'quoted')`, [partner.accountId]),
    );
    expect(events.rows[0].n).toBe(0);
  });
});
