import { describe, expect, it } from 'vitest';
import { accentForeground, isHexColor, prefersDark } from './theme';
import { guessCountry, searchCountries } from './countries';

describe('theme and accent', () => {
  it('accepts only #RRGGBB accents', () => {
    expect(isHexColor('#7D00FF')).toBe(true);
    expect(isHexColor('red')).toBe(false);
    expect(isHexColor('#fff')).toBe(false);
  });

  it('picks readable text on the accent', () => {
    expect(accentForeground('#1d4ed8')).toBe('#ffffff');
    expect(accentForeground('#facc15')).toBe('#0b1020');
  });

  it("follows the partner's theme, else the device", () => {
    expect(prefersDark('dark', false)).toBe(true);
    expect(prefersDark('light', true)).toBe(false);
    expect(prefersDark(null, true)).toBe(true);
  });
});

describe('countries', () => {
  it('searches by name start, then contains, or by code', () => {
    expect(searchCountries('uni').map((c) => c.code)).toEqual(['AE', 'GB', 'US']);
    expect(searchCountries('de')[0]?.code).toBe('DE');
    expect(searchCountries('land').map((c) => c.code)).toContain('NL');
  });

  it("guesses from the browser's languages", () => {
    expect(guessCountry(['en-GB', 'en'])).toBe('GB');
    expect(guessCountry(['fr'])).toBe('US');
  });
});
