import { graphql } from '@/gql';

// Pricing_RuleFields: lib/graphql/pricing-fragments.ts (shared with the other pricing screen).

export const PricingRuleFragment = graphql(`
  fragment Ramp_PricingRule on PricingRule {
    ...Pricing_RuleFields
    isEditableByViewer
  }
`);

export const PricingRulesFragment = graphql(`
  fragment Ramp_PricingRules on PricingRules {
    accountId
    rules {
      id
      ...Ramp_PricingRule
    }
    limits {
      partnerFeeMaxPercentage
      feeMaxPercentage
      networkFeeMaxPercentage
      spreadMaxPercentage
      maxFixedValue
    }
    editableTypes
  }
`);

export const PricingRulesQuery = graphql(`
  query Ramp_PricingRules($accountId: ID!, $region: PricingRegion) {
    pricingRules(accountId: $accountId, region: $region) {
      ...Ramp_PricingRules
    }
  }
`);

export const UpdatePricingRulesMutation = graphql(`
  mutation Ramp_UpdatePricingRules($accountId: ID!, $type: PricingRuleType!, $rules: [PricingRuleInput!]!) {
    updatePricingRules(accountId: $accountId, type: $type, rules: $rules) {
      ...Ramp_PricingRules
    }
  }
`);

export const RampQuoteQuery = graphql(`
  query Ramp_Quote($accountId: ID!, $input: RampQuoteInput!) {
    rampQuote(accountId: $accountId, input: $input) {
      transactionType
      region
      paymentMethod
      fiatCurrencyCode
      cryptoCurrencyCode
      baseCurrencyAmount
      quoteCurrencyAmount
      feeAmount
      extraFeeAmount
      networkFeeAmount
      totalFeeAmount
      spreadPercentage
      marketRate
      exchangeRate
      applied {
        type
        amount
        specificity
        rule {
          id
          ...Ramp_PricingRule
        }
      }
    }
  }
`);
