import { graphql } from '@/gql';

// A pricing rule as the partner's fees screen (features/ramp) and the staff's pricing screen (features/admin-pricing)
// both show it: selected once here, since features do not import each other.

export const PricingRuleFieldsFragment = graphql(`
  fragment Pricing_RuleFields on PricingRule {
    id
    type
    region
    paymentMethod
    transactionType
    percentage
    fixedValue
    minValue
    source
    updatedAt
  }
`);
