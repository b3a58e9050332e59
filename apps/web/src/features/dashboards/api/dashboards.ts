import { graphql } from '@/gql';

export const DashboardsOnRampQuery = graphql(`
  query Dashboards_OnRamp($accountId: ID!, $liveMode: Boolean!, $currencyCode: DashboardCurrency, $range: DashboardRange) {
    dashboardData(accountId: $accountId, liveMode: $liveMode, currencyCode: $currencyCode, range: $range) {
      from to bucket currencyCode
      current { volume transactionCount completionRate feesEarned averageOrder uniqueCustomers isUniqueCustomersEstimate }
      changes { volume transactionCount completionRate feesEarned averageOrder uniqueCustomers }
      series { date volume transactionCount }
      topCurrencies { value volume share }
      paymentMethods { value volume share }
      countries { value volume share }
    }
  }
`);
