import type { PricingRuleType } from '@/gql/graphql';

/** The pricing rule types as staff read them. */
export const RULE_TYPE_TITLE: Record<PricingRuleType, string> = {
  fee: 'Provider fee',
  networkFee: 'Network fee',
  spread: 'Spread',
  partnerFee: 'Partner fee',
};
