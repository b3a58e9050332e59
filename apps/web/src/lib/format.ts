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

export const STATUS_TONE: Record<string, 'default' | 'secondary' | 'destructive' | 'outline' | 'warning'> = {
  completed: 'default',
  Completed: 'default',
  failed: 'destructive',
  Failed: 'destructive',
  frozen: 'warning',
};

/** Badge tone of a KYC identity-check status (spec §4) or customer level. */
export const IDENTITY_TONE: Record<string, 'default' | 'secondary' | 'destructive' | 'outline' | 'warning'> = {
  Clear: 'default',
  Full: 'default',
  Failed: 'destructive',
  Rejected: 'destructive',
  Blocked: 'destructive',
  Pending: 'warning',
  Reset: 'warning',
  NotStarted: 'outline',
};
