// Light or dark (the partner's `theme`, else the device's preference) and the partner's accent colour.

export function isHexColor(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value);
}

/** WCAG relative luminance of #RRGGBB. */
export function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Text on the accent: white or near-black, whichever reads better. */
export function accentForeground(accent: string): '#ffffff' | '#0b1020' {
  return contrastRatio(accent, '#ffffff') >= contrastRatio(accent, '#0b1020') ? '#ffffff' : '#0b1020';
}

export function prefersDark(theme: 'light' | 'dark' | null, mediaDark: boolean): boolean {
  return theme === 'dark' || (theme === null && mediaDark);
}

/** Applies the theme to <html>; follows the device's changes when the partner did not choose. */
export function applyTheme(theme: 'light' | 'dark' | null, colorCode: string | null): void {
  const root = document.documentElement;
  const media = window.matchMedia?.('(prefers-color-scheme: dark)');
  const update = () => root.classList.toggle('dark', prefersDark(theme, media?.matches ?? false));
  update();
  if (theme === null) media?.addEventListener?.('change', update);
  if (isHexColor(colorCode)) {
    root.style.setProperty('--brand', colorCode);
    root.style.setProperty('--brand-foreground', accentForeground(colorCode));
  }
}
