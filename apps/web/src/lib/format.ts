/** Amounts with Intl in the user's locale; decimal strings go in exactly (no float). */
export function formatAmount(value: string | null | undefined, code: string | null | undefined) {
  if (value == null) return '—';
  const upper = (code ?? '').toUpperCase();
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: upper, maximumFractionDigits: 8 }).format(value as unknown as number);
  } catch {
    return `${new Intl.NumberFormat(undefined, { maximumFractionDigits: 8 }).format(value as unknown as number)} ${upper}`;
  }
}

export function formatDate(value: string) {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}

export const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

export const STATUS_TONE: Record<string, 'default' | 'secondary' | 'destructive' | 'outline'> = {
  completed: 'default',
  Completed: 'default',
  failed: 'destructive',
  Failed: 'destructive',
  frozen: 'destructive',
};
