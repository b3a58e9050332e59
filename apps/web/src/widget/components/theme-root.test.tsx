import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { generateThemeConfig } from '@rampart/shared/theme-colors';
import { THEME_PREVIEW_MESSAGE } from '@rampart/shared/themes';
import type { WidgetBootstrap } from '@rampart/shared/widget';
import { withFramingWindow } from '../lib/test-framing-window';
import { applyTheme } from '../lib/theme';
import { Preview, Started } from './theme-root';

const DASHBOARD = 'https://dashboard.rampart.test';
const saved = generateThemeConfig('#0e7490');
const draft = generateThemeConfig('#be123c');
const bootstrap = { preview: { dashboardOrigin: DASHBOARD }, colorCode: null } as WidgetBootstrap;
const css = (name: string) => document.documentElement.style.getPropertyValue(name);

describe('Started', () => {
  it('removes the server-painted splash once the widget has rendered', () => {
    document.body.insertAdjacentHTML('afterbegin', '<div id="rampart-splash" class="rw-splash"></div>');
    render(
      <Started>
        <h1>Buy crypto</h1>
      </Started>,
    );
    expect(screen.getByRole('heading', { name: 'Buy crypto' })).toBeTruthy();
    expect(document.getElementById('rampart-splash')).toBeNull();
  });
});

describe('Preview', () => {
  let parent: Window;
  withFramingWindow((framing) => {
    parent = framing;
    vi.spyOn(parent, 'postMessage').mockImplementation(() => undefined);
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent);
    applyTheme({ config: saved, mode: 'light', colorCode: null });
  });
  const post = (data: unknown, origin = DASHBOARD, source: Window = parent) =>
    act(() => void window.dispatchEvent(new MessageEvent('message', { origin, source, data })));

  it('applies a good draft at once in the mode it forces, shows its splash when asked, and ignores bad messages', () => {
    render(
      <Preview bootstrap={bootstrap}>
        <p>Widget</p>
      </Preview>,
    );
    // eslint-disable-next-line @typescript-eslint/unbound-method -- a vi.fn() spy handed to expect(), never called without its window
    expect(parent.postMessage).toHaveBeenCalledWith({ type: 'rampart:widget-ready' }, DASHBOARD);
    post({ type: THEME_PREVIEW_MESSAGE, config: draft, mode: 'dark', showSplash: false }, 'https://evil.example.com');
    post({ type: THEME_PREVIEW_MESSAGE, config: { ...draft, light: { ...draft.light, primary: 'red' } }, mode: 'light', showSplash: false });
    expect(css('--brand')).toBe(saved.light.primary);

    post({ type: THEME_PREVIEW_MESSAGE, config: draft, mode: 'dark', showSplash: true });
    expect(css('--brand')).toBe(draft.dark.primary);
    expect(css('--bg')).toBe(draft.dark.background);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    const splash = screen.getByRole('progressbar', { name: 'Loading' });
    expect(splash.dataset.loader).toBe(draft.splashScreen.loaderType);
    expect(splash.dataset.mode).toBe('dark');
    expect(splash.style.getPropertyValue('--splash-dark-bg')).toBe(draft.splashScreen.darkBackground);

    post({ type: THEME_PREVIEW_MESSAGE, config: { ...draft, splashScreen: { ...draft.splashScreen, loaderType: 'bar' } }, mode: 'light', showSplash: false });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(css('--brand')).toBe(draft.light.primary);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });
});
