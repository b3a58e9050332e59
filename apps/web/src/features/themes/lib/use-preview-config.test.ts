import { generateThemeConfig } from '@rampart/shared/theme-colors';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { draftFromTheme, type ThemeDraft } from '@/features/themes/lib/theme-draft';
import { usePreviewConfig } from '@/features/themes/lib/use-preview-config';

const HOSTS = ['fonts.googleapis.com'];
const saved = draftFromTheme('Brand', generateThemeConfig('#4f46e5'));
const withBackground = (background: string): ThemeDraft => ({ ...saved, light: { ...saved.light, background } });

describe('usePreviewConfig', () => {
  it("shows the draft's colours while they are valid, and keeps the last valid ones while a colour is half typed", () => {
    const { result, rerender } = renderHook(({ draft }) => usePreviewConfig(draft, HOSTS, saved), { initialProps: { draft: withBackground('#112233') } });
    expect(result.current?.light.background).toBe('#112233');
    rerender({ draft: withBackground('#4455') });
    expect(result.current?.light.background).toBe('#112233');
    rerender({ draft: withBackground('#445566') });
    expect(result.current?.light.background).toBe('#445566');
  });

  it('starts from the saved draft when the first draft is not valid, and is null when neither is', () => {
    expect(renderHook(() => usePreviewConfig(withBackground('#12'), HOSTS, saved)).result.current?.light.background).toBe(saved.light.background);
    expect(renderHook(() => usePreviewConfig(withBackground('#12'), HOSTS, withBackground('nope'))).result.current).toBeNull();
  });

  it('drops a web font from a host the provider does not allow', () => {
    const web: ThemeDraft = { ...saved, fontSource: 'web', webFontFamily: 'Inter', webFontUrl: 'https://fonts.bunny.net/css?family=inter' };
    const config = renderHook(() => usePreviewConfig(web, HOSTS, saved)).result.current;
    expect(config?.fontUrl ?? null).toBeNull();
  });
});
