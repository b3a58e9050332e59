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

type Tone = 'default' | 'secondary' | 'destructive' | 'outline' | 'warning';

/** Labels of a KYB or go-live review status (spec §4). */
export const REVIEW_STATUS_LABEL: Record<string, string> = {
  NotStarted: 'Not started',
  Pending: 'Pending review',
  InProgress: 'In review',
  OnHold: 'On hold',
  Approved: 'Approved',
  Rejected: 'Rejected',
};

/** One tone per meaning: waiting on someone (warning), being worked on (secondary), done (default), refused (destructive). */
export const REVIEW_STATUS_TONE: Record<string, Tone> = {
  NotStarted: 'outline',
  Pending: 'warning',
  InProgress: 'secondary',
  OnHold: 'warning',
  Approved: 'default',
  Rejected: 'destructive',
};

export const KYB_LEVEL_LABEL: Record<string, string> = { Basic: 'Basic KYB', Enhanced: 'Enhanced KYB' };

/** Products as named in onboarding's productInterests and go-live's RampProduct. */
export const PRODUCT_LABEL: Record<string, string> = {
  OnRamp: 'On-ramp',
  OffRamp: 'Off-ramp',
  Swaps: 'Swaps',
  NftCheckout: 'NFT checkout',
  Minting: 'Minting',
  FreeClaims: 'Free claims',
  login: 'Login',
};

export const KYB_DOCUMENT_TYPE_LABEL: Record<string, string> = {
  certificateOfIncorporation: 'Certificate of incorporation',
  proofOfAddress: 'Proof of address',
  ownershipStructure: 'Ownership structure',
  identityDocument: 'Identity document',
};

export const KYB_PERSON_ROLE_LABEL: Record<string, string> = { beneficialOwner: 'Beneficial owner', director: 'Director' };

/** A domain from onboarding as staff reviewed it; no status yet means not reviewed. */
export const DOMAIN_REVIEW_LABEL: Record<string, string> = { clear: 'Clear', rejected: 'Rejected', pending: 'Not reviewed' };
export const DOMAIN_REVIEW_TONE: Record<string, Tone> = { clear: 'default', rejected: 'destructive', pending: 'warning' };

export const BLOCKED_KIND_LABEL: Record<string, string> = { country: 'Country', industry: 'Industry' };
export const BLOCKED_ACTION_LABEL: Record<string, string> = { Block: 'Block', Redirect: 'Redirect' };
export const BLOCKED_ACTION_TONE: Record<string, Tone> = { Block: 'destructive', Redirect: 'warning' };

/** A country code as a name in the reader's language (the code itself when unknown). */
export function formatCountry(code: string | null | undefined): string {
  if (!code) return '—';
  try {
    return new Intl.DisplayNames(undefined, { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** A label from one of the tables above; an unknown value is shown as it is rather than hidden. */
export function labelOf(labels: Record<string, string>, value: string | null | undefined): string {
  if (value == null || value === '') return '—';
  return labels[value] ?? value;
}

/** File sizes in the user's locale: "812 B", "1.4 MB". */
export function formatBytes(bytes: number): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  // "48 bytes" reads better than "48 byte"; larger units are short ("1.4 MB").
  return new Intl.NumberFormat(undefined, { style: 'unit', unit: units[unit], unitDisplay: unit === 0 ? 'long' : 'short', maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
}

/** A calendar date (YYYY-MM-DD, such as a date of birth) in the user's locale, without shifting it across time zones. */
export function formatCalendarDate(value: string | null | undefined): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return value || '—';
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
}
