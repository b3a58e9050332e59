import type { MembershipRole } from '@/gql/graphql';
import { ROLE_LABEL } from '@/lib/labels';

export const ROLE_OPTIONS: { value: MembershipRole; label: string; description: string }[] = [
  { value: 'administrator', label: ROLE_LABEL.administrator, description: 'Everything in the account: team, billing, keys, settings.' },
  { value: 'developer', label: ROLE_LABEL.developer, description: 'API keys, webhooks, integration and themes; reads transactions.' },
  { value: 'analyst', label: ROLE_LABEL.analyst, description: 'Reads and exports transactions, customers and analytics.' },
  { value: 'support_specialist', label: ROLE_LABEL.support_specialist, description: 'Reads transactions and customers. No export, no settings.' },
];

export function roleLabel(role: MembershipRole): string {
  return ROLE_LABEL[role] ?? role;
}

// Dates come from the app's one formatter (lib/format), re-exported for the team screens' existing imports.
export { formatDate } from '@/lib/format';
