import { labelOfWebhookEvent } from '@/lib/labels';

/** "2 h 5 min", "4 min", "less than a minute". */
export function formatTimeLeft(ms: number): string {
  if (ms <= 0) return 'any moment now';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'less than a minute';
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/** A secret key as the list shows it: prefix, dots, last four. */
export function maskKey(value: string): string {
  if (value.includes('•')) return value;
  return `${value.slice(0, 8)}${'•'.repeat(12)}${value.slice(-4)}`;
}

// Dates and event names come from the app's one formatter and label table.
export { formatDateTime } from '@/lib/format';

export function eventLabel(type: string): string {
  return labelOfWebhookEvent(type);
}

const GROUPS: Array<{ label: string; test: (type: string) => boolean }> = [
  { label: 'Buy transactions', test: (type) => type.startsWith('transaction_') },
  { label: 'Sell transactions', test: (type) => type.startsWith('sell_transaction_') },
  { label: 'Swaps', test: (type) => type.startsWith('swap_') },
  { label: 'Balance', test: (type) => type.startsWith('balance_transaction_') },
  { label: 'Virtual accounts', test: (type) => type.startsWith('virtual_account_') },
  { label: 'Vendor transactions', test: (type) => type.startsWith('vendor_transaction_') },
];

/** Event types grouped for the picker; whatever no group takes goes to "Account and identity". */
export function groupEventTypes(types: readonly string[]): Array<{ label: string; types: string[] }> {
  const groups = GROUPS.map((group) => ({ label: group.label, types: types.filter(group.test) }));
  const rest = types.filter((type) => !GROUPS.some((group) => group.test(type)));
  return [...groups, { label: 'Account and identity', types: rest }].filter((group) => group.types.length > 0);
}
