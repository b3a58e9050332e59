import { describe, expect, it, vi } from 'vitest';
import { generateThemeConfig } from '@rampart/shared/theme-colors';
import { THEME_PREVIEW_MESSAGE, WIDGET_READY_MESSAGE } from '@rampart/shared/themes';
import { previewDraft, startPreview } from './preview';
import { withFramingWindow } from './test-framing-window';

const DASHBOARD = 'https://dashboard.rampart.test';
const config = generateThemeConfig('#0e7490');
const message = { type: THEME_PREVIEW_MESSAGE, config, mode: 'dark', showSplash: true };

describe('previewDraft', () => {
  // The editor page framing the widget.
  let parent: Window;
  withFramingWindow((window) => {
    parent = window;
  });

  it('takes a valid draft from the dashboard’s origin sent by the framing window', () => {
    expect(previewDraft({ origin: DASHBOARD, source: parent, data: message }, DASHBOARD, parent)).toEqual({ config, mode: 'dark', showSplash: true });
  });

  it('ignores another origin, another window, an unframed page and other messages', () => {
    expect(previewDraft({ origin: 'https://evil.example.com', source: parent, data: message }, DASHBOARD, parent)).toBeNull();
    expect(previewDraft({ origin: `${DASHBOARD}:8443`, source: parent, data: message }, DASHBOARD, parent)).toBeNull();
    expect(previewDraft({ origin: DASHBOARD, source: window, data: message }, DASHBOARD, parent)).toBeNull();
    expect(previewDraft({ origin: DASHBOARD, source: null, data: message }, DASHBOARD, parent)).toBeNull();
    // Not in a frame: window.parent is the page itself, and nobody may drive it.
    expect(previewDraft({ origin: DASHBOARD, source: window, data: message }, DASHBOARD, window)).toBeNull();
    expect(previewDraft({ origin: DASHBOARD, source: parent, data: { ...message, type: WIDGET_READY_MESSAGE } }, DASHBOARD, parent)).toBeNull();
    expect(previewDraft({ origin: DASHBOARD, source: parent, data: 'rampart:theme-preview' }, DASHBOARD, parent)).toBeNull();
  });

  it('ignores a malformed draft: a bad colour, a missing set, an unknown mode or loader, a non-boolean showSplash', () => {
    const bad = [
      { ...message, config: { ...config, light: { ...config.light, primary: 'url(https://evil.example.com/x)' } } },
      { ...message, config: { ...config, dark: undefined } },
      { ...message, config: { ...config, splashScreen: { ...config.splashScreen, loaderType: 'marquee' } } },
      { ...message, config: { ...config, fontFamily: 'Inter', fontUrl: 'javascript:alert(1)' } },
      { ...message, mode: 'sepia' },
      { ...message, showSplash: 'yes' },
      { ...message, config: null },
    ];
    for (const data of bad) expect(previewDraft({ origin: DASHBOARD, source: parent, data }, DASHBOARD, parent)).toBeNull();
  });
});

describe('startPreview', () => {
  let parent: Window;
  let posted: Array<{ message: unknown; targetOrigin: string }>;
  withFramingWindow((framing) => {
    parent = framing;
    posted = [];
    vi.spyOn(parent, 'postMessage').mockImplementation(((message: unknown, targetOrigin: string) =>
      posted.push({ message, targetOrigin })) as typeof parent.postMessage);
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent);
  });

  it('tells the dashboard (only) it is ready, applies good drafts and ignores the rest, until stopped', () => {
    const onDraft = vi.fn();
    const stop = startPreview(DASHBOARD, onDraft);
    expect(posted).toEqual([{ message: { type: WIDGET_READY_MESSAGE }, targetOrigin: DASHBOARD }]);
    window.dispatchEvent(new MessageEvent('message', { origin: 'https://evil.example.com', source: parent, data: message }));
    window.dispatchEvent(new MessageEvent('message', { origin: DASHBOARD, source: window, data: message }));
    window.dispatchEvent(new MessageEvent('message', { origin: DASHBOARD, source: parent, data: { ...message, config: { ...config, light: {} } } }));
    expect(onDraft).not.toHaveBeenCalled();
    window.dispatchEvent(new MessageEvent('message', { origin: DASHBOARD, source: parent, data: { ...message, mode: 'light', showSplash: false } }));
    expect(onDraft).toHaveBeenCalledExactlyOnceWith({ config, mode: 'light', showSplash: false });
    stop();
    window.dispatchEvent(new MessageEvent('message', { origin: DASHBOARD, source: parent, data: message }));
    expect(onDraft).toHaveBeenCalledTimes(1);
  });
});
