// CSV written in JavaScript (the audit export; the transactions export has PostgreSQL write it with COPY, applying the
// same guard in SQL). RFC 4180 quoting, and the OWASP CSV-injection guard: a text cell starting with = + - @, a tab or
// a carriage return gets a leading apostrophe, so a spreadsheet shows it as text instead of running it as a formula.

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'string') return String(value);
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

export function csvLine(cells: ReadonlyArray<Parameters<typeof csvCell>[0]>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
