import { describe, expect, it } from 'vitest';
import { fileNameOf, toCsv } from '@/features/analytics/lib/csv';

describe('toCsv', () => {
  it('writes a header and rows with CRLF, decimal strings as given', () => {
    expect(
      toCsv(
        ['Day', 'Volume'],
        [
          ['2026-11-01', '1234.567890123456789'],
          ['2026-11-02', '0'],
        ],
      ),
    ).toBe('Day,Volume\r\n2026-11-01,1234.567890123456789\r\n2026-11-02,0\r\n');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(toCsv(['Name'], [['Korea, Republic of'], ['The "best" card'], ['two\nlines']])).toBe(
      'Name\r\n"Korea, Republic of"\r\n"The ""best"" card"\r\n"two\nlines"\r\n',
    );
  });

  it('keeps negative numbers but defuses formulas', () => {
    expect(toCsv(['A'], [['-12.5'], ['=SUM(A1)'], ['+cmd'], ['@x']])).toBe("A\r\n-12.5\r\n'=SUM(A1)\r\n'+cmd\r\n'@x\r\n");
  });

  it('names files after the chart title', () => {
    expect(fileNameOf('Volume by day', 'csv')).toBe('volume-by-day.csv');
    expect(fileNameOf('Transactions (all vs completed)', 'png')).toBe('transactions-all-vs-completed.png');
  });
});
