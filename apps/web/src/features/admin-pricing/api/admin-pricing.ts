import { graphql } from '@/gql';

// Pricing_RuleFields: lib/graphql/pricing-fragments.ts (shared with the other pricing screen).

export const AdminPricing_AccountSearch = graphql(`
  query AdminPricing_AccountSearch($search: String) {
    organizations(search: $search, take: 10) {
      id
      name
      accounts {
        id
        name
        internalName
      }
    }
  }
`);

export const AdminPricing_Rules = graphql(`
  query AdminPricing_Rules($accountId: ID!) {
    accountPricingRules(accountId: $accountId) {
      accountId
      editableTypes
      limits {
        feeMaxPercentage
        networkFeeMaxPercentage
        spreadMaxPercentage
        maxFixedValue
      }
      rules {
        ...Pricing_RuleFields
      }
    }
  }
`);

export const AdminPricing_Preview = graphql(`
  query AdminPricing_Preview($accountId: ID!, $type: PricingRuleType!, $rules: [PricingRuleInput!]!, $sample: RampQuoteInput!) {
    previewPricingRules(accountId: $accountId, type: $type, rules: $rules, sample: $sample) {
      current {
        ...AdminPricing_QuoteFields
      }
      draft {
        ...AdminPricing_QuoteFields
      }
    }
  }
  fragment AdminPricing_QuoteFields on RampQuote {
    baseCurrencyAmount
    quoteCurrencyAmount
    feeAmount
    networkFeeAmount
    extraFeeAmount
    totalFeeAmount
    spreadPercentage
    exchangeRate
    fiatCurrencyCode
    cryptoCurrencyCode
  }
`);

export const AdminPricing_Save = graphql(`
  mutation AdminPricing_Save($accountId: ID!, $type: PricingRuleType!, $rules: [PricingRuleInput!]!, $reason: String) {
    updateAccountPricingRules(accountId: $accountId, type: $type, rules: $rules, reason: $reason) {
      accountId
    }
  }
`);

export const AdminPaymentMethods_Matrix = graphql(`
  query AdminPaymentMethods_Matrix($accountId: ID!) {
    accountPaymentMethods(accountId: $accountId) {
      accountId
      accountName
      settings {
        paymentMethod
        region
        isEnabled
        minAmount
        maxAmount
        isConfigured
      }
    }
  }
`);

export const AdminPaymentMethods_Enable = graphql(`
  mutation AdminPaymentMethods_Enable($accountId: ID!, $paymentMethod: PaymentMethod!, $region: PricingRegion!) {
    enablePaymentMethod(accountId: $accountId, paymentMethod: $paymentMethod, region: $region) {
      paymentMethod
      region
      isEnabled
    }
  }
`);

export const AdminPaymentMethods_Disable = graphql(`
  mutation AdminPaymentMethods_Disable($accountId: ID!, $paymentMethod: PaymentMethod!, $region: PricingRegion!) {
    disablePaymentMethod(accountId: $accountId, paymentMethod: $paymentMethod, region: $region) {
      paymentMethod
      region
      isEnabled
    }
  }
`);

export const AdminPaymentMethods_Configure = graphql(`
  mutation AdminPaymentMethods_Configure($accountId: ID!, $paymentMethod: PaymentMethod!, $region: PricingRegion!, $minAmount: Decimal, $maxAmount: Decimal) {
    configurePaymentMethod(accountId: $accountId, paymentMethod: $paymentMethod, region: $region, minAmount: $minAmount, maxAmount: $maxAmount) {
      paymentMethod
      region
      minAmount
      maxAmount
    }
  }
`);

export const AdminRouting_Rules = graphql(`
  query AdminRouting_Rules($accountId: ID!) {
    routingRules(accountId: $accountId) {
      accountId
      rules {
        id
        priority
        paymentMethod
        region
        route
      }
    }
  }
`);

export const AdminRouting_Save = graphql(`
  mutation AdminRouting_Save($accountId: ID!, $rules: [RoutingRuleInput!]!) {
    updateRoutingRules(accountId: $accountId, rules: $rules) {
      accountId
      rules {
        id
        priority
        paymentMethod
        region
        route
      }
    }
  }
`);
