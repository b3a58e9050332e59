import { describe, expect, it } from 'vitest';
import { themeConfigSchema } from '@rampart/shared/themes';
import { contrastIssues, contrastRatio, formatContrastRatio, generateThemeConfig, mostBrandLike, withContrast } from '@rampart/shared/theme-colors';

/** Brand colours across the wheel and the extremes: pale, neon, dark, grey, black and white. */
function brandColors(): string[] {
  const colors = [
    '#000000',
    '#ffffff',
    '#808080',
    '#ffff00',
    '#00ff00',
    '#00ffff',
    '#ff00ff',
    '#ff0000',
    '#0000ff',
    '#fafafa',
    '#0a0a0a',
    '#4f46e5',
    '#ffeb3b',
    '#f97316',
    '#14b8a6',
  ];
  for (let r = 0; r <= 255; r += 51) {
    for (let g = 0; g <= 255; g += 51) {
      for (let b = 0; b <= 255; b += 51) colors.push(`#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`);
    }
  }
  return colors;
}

describe('theme colours (packages/shared theme-colors)', () => {
  it('generates light and dark sets meeting WCAG AA for every brand colour', () => {
    const failures: string[] = [];
    for (const color of brandColors()) {
      const config = generateThemeConfig(color);
      const issues = contrastIssues(config);
      if (issues.length) failures.push(`${color}: ${issues.map((issue) => `${issue.mode} ${issue.what} ${formatContrastRatio(issue.ratio)}`).join('; ')}`);
      // What the server stores must pass its own validation.
      expect(themeConfigSchema.safeParse(config).success, color).toBe(true);
    }
    expect(failures).toEqual([]);
  });

  it('keeps a brand colour that already works as the light button', () => {
    expect(generateThemeConfig('#4f46e5').light.primary).toBe('#4f46e5');
  });

  it('reports each failing pair, and rounds ratios down', () => {
    const config = generateThemeConfig('#4f46e5');
    const broken = { ...config, light: { ...config.light, text: '#eeeeee' } };
    expect(contrastIssues(broken).map((issue) => `${issue.mode}:${issue.foreground}/${issue.background}`)).toEqual([
      'light:text/background',
      'light:text/surface',
      'light:text/surfaceMuted',
      'light:text/inputBackground',
    ]);
    expect(formatContrastRatio(4.499)).toBe('4.49:1');
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrastRatio(withContrast('#bbbbbb', '#ffffff', 4.5), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('picks the most colourful of a logo’s colours, not its white or black', () => {
    expect(
      mostBrandLike([
        { color: '#ffffff', weight: 0.6 },
        { color: '#111111', weight: 0.2 },
        { color: '#dc1e28', weight: 0.2 },
      ]),
    ).toBe('#dc1e28');
    expect(mostBrandLike([{ color: '#777777', weight: 0.9 }])).toBe('#777777');
    expect(mostBrandLike([])).toBeNull();
  });
});
