// Screens keep their choices in the URL (STYLE rule 11); a parameter counts only when it names a known choice.

/** The currencies the dashboards and analytics show amounts in, as the URL spells them. */
export const REPORT_CURRENCIES = ['usd', 'eur', 'gbp'] as const;
export type ReportCurrency = (typeof REPORT_CURRENCIES)[number];

/** `value` when it is one of `list`, else null. */
export function oneOf<T extends string>(list: readonly T[], value: string | null | undefined): T | null {
  return (list as readonly string[]).includes(value ?? '') ? (value as T) : null;
}
