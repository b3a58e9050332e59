import { useQuery, useReactiveVar } from '@apollo/client/react';
import { HelioOnboardingQuery } from '@/features/commerce/api/commerce';
import { selectedAccountIdVar } from '@/lib/local-state';

/** The selected account's commerce state (merchant account and the hosted onboarding link). */
export function useHelioOnboarding(options: { fetchPolicy?: 'cache-and-network' | 'network-only' } = {}) {
  const accountId = useReactiveVar(selectedAccountIdVar);
  const query = useQuery(HelioOnboardingQuery, {
    variables: { accountId: accountId ?? '' },
    skip: !accountId,
    fetchPolicy: options.fetchPolicy ?? 'cache-and-network',
  });
  return { accountId, ...query, onboarding: query.data?.getPartnerHelioOnboarding ?? null };
}
