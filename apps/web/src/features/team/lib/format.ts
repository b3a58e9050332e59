import type { MembershipRole } from '@/gql/graphql';

export const ROLE_OPTIONS: { value: MembershipRole; label: string; description: string }[] = [
  { value: 'administrator', label: 'Administrator', description: 'Everything in the account: team, billing, keys, settings.' },
  { value: 'developer', label: 'Developer', description: 'API keys, webhooks, integration and themes; reads transactions.' },
  { value: 'analyst', label: 'Analyst', description: 'Reads and exports transactions, customers and analytics.' },
  { value: 'support_specialist', label: 'Support specialist', description: 'Reads transactions and customers. No export, no settings.' },
];

export function roleLabel(role: MembershipRole): string {
  return ROLE_OPTIONS.find((option) => option.value === role)?.label ?? role;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

export function formatDate(iso: string | null | undefined): string {
  return iso ? dateFormat.format(new Date(iso)) : '—';
}
