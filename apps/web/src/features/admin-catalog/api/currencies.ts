import { graphql } from '@/gql';

export const CurrencySuspensionFragment = graphql(`
  fragment AdminCatalog_CurrencySuspension on CurrencySuspension {
    id
    name
    code
    networkCode
    isSuspended
    isSuspendedUS
    reason
    changedAt
    changedBy
  }
`);

export const CurrencySuspensionsQuery = graphql(`
  query AdminCatalog_CurrencySuspensions {
    currencySuspensions {
      id
      ...AdminCatalog_CurrencySuspension
    }
  }
`);

export const SuspendCurrencyMutation = graphql(`
  mutation AdminCatalog_SuspendCurrency($currencyId: ID!, $scope: CurrencySuspensionScope!, $reason: String!) {
    suspendCurrency(currencyId: $currencyId, scope: $scope, reason: $reason) {
      id
      ...AdminCatalog_CurrencySuspension
    }
  }
`);

export const ResumeCurrencyMutation = graphql(`
  mutation AdminCatalog_ResumeCurrency($currencyId: ID!, $scope: CurrencySuspensionScope!, $reason: String!) {
    resumeCurrency(currencyId: $currencyId, scope: $scope, reason: $reason) {
      id
      ...AdminCatalog_CurrencySuspension
    }
  }
`);
