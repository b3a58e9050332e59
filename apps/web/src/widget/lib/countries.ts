// A short list of countries (ISO 3166-1 alpha-2) for the customer's residence; search by name or code.

export const COUNTRIES: readonly { code: string; name: string }[] = [
  ['AR', 'Argentina'],
  ['AU', 'Australia'],
  ['AT', 'Austria'],
  ['BE', 'Belgium'],
  ['BR', 'Brazil'],
  ['BG', 'Bulgaria'],
  ['CA', 'Canada'],
  ['CL', 'Chile'],
  ['CO', 'Colombia'],
  ['HR', 'Croatia'],
  ['CY', 'Cyprus'],
  ['CZ', 'Czechia'],
  ['DK', 'Denmark'],
  ['EE', 'Estonia'],
  ['FI', 'Finland'],
  ['FR', 'France'],
  ['DE', 'Germany'],
  ['GH', 'Ghana'],
  ['GR', 'Greece'],
  ['HK', 'Hong Kong'],
  ['HU', 'Hungary'],
  ['IS', 'Iceland'],
  ['IN', 'India'],
  ['ID', 'Indonesia'],
  ['IE', 'Ireland'],
  ['IL', 'Israel'],
  ['IT', 'Italy'],
  ['JP', 'Japan'],
  ['KE', 'Kenya'],
  ['LV', 'Latvia'],
  ['LI', 'Liechtenstein'],
  ['LT', 'Lithuania'],
  ['LU', 'Luxembourg'],
  ['MY', 'Malaysia'],
  ['MT', 'Malta'],
  ['MX', 'Mexico'],
  ['NL', 'Netherlands'],
  ['NZ', 'New Zealand'],
  ['NG', 'Nigeria'],
  ['NO', 'Norway'],
  ['PE', 'Peru'],
  ['PH', 'Philippines'],
  ['PL', 'Poland'],
  ['PT', 'Portugal'],
  ['RO', 'Romania'],
  ['SG', 'Singapore'],
  ['SK', 'Slovakia'],
  ['SI', 'Slovenia'],
  ['ZA', 'South Africa'],
  ['KR', 'South Korea'],
  ['ES', 'Spain'],
  ['SE', 'Sweden'],
  ['CH', 'Switzerland'],
  ['TW', 'Taiwan'],
  ['TH', 'Thailand'],
  ['TR', 'Türkiye'],
  ['UA', 'Ukraine'],
  ['AE', 'United Arab Emirates'],
  ['GB', 'United Kingdom'],
  ['US', 'United States'],
  ['VN', 'Vietnam'],
].map(([code, name]) => ({ code: code as string, name: name as string }));

export function countryName(code: string): string {
  return COUNTRIES.find((country) => country.code === code.toUpperCase())?.name ?? code.toUpperCase();
}

/** The country whose code is the query, then names starting with it, then names containing it. */
export function searchCountries(query: string): { code: string; name: string }[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...COUNTRIES];
  const rank = (country: { code: string; name: string }) => {
    const name = country.name.toLowerCase();
    if (country.code.toLowerCase() === q) return 0;
    if (name.startsWith(q)) return 1;
    return name.includes(q) ? 2 : 3;
  };
  return COUNTRIES.filter((country) => rank(country) < 3).sort((a, b) => rank(a) - rank(b));
}

/** A first guess from the browser's language ("en-GB" → GB); the customer confirms it in the details step. */
export function guessCountry(languages: readonly string[]): string {
  for (const language of languages) {
    const region = /-([A-Za-z]{2})\b/.exec(language)?.[1]?.toUpperCase();
    if (region && COUNTRIES.some((country) => country.code === region)) return region;
  }
  return 'US';
}
