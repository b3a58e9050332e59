import { graphql } from '@/gql';

export const DashboardsDataFragment = graphql(`
  fragment Dashboards_Data on DashboardData {
    kind
    from
    to
    previousFrom
    previousTo
    bucket
    currencyCode
    range
    current {
      volume
      transactionCount
      completedCount
      completionRate
      feesEarned
      averageOrder
      uniqueCustomers
      isUniqueCustomersEstimate
    }
    changes {
      volume
      transactionCount
      completionRate
      feesEarned
      averageOrder
      uniqueCustomers
    }
    series {
      date
      volume
      transactionCount
      completedCount
      feesEarned
    }
    statuses {
      status
      transactionCount
    }
    topCurrencies {
      value
      volume
      share
      transactionCount
    }
    paymentMethods {
      value
      volume
      share
      transactionCount
    }
    countries {
      value
      volume
      share
      transactionCount
    }
  }
`);

export const DashboardsOnRampQuery = graphql(`
  query Dashboards_OnRamp($accountId: ID!, $liveMode: Boolean!, $currencyCode: DashboardCurrency, $range: DashboardRange, $from: String, $to: String) {
    dashboardData(accountId: $accountId, liveMode: $liveMode, currencyCode: $currencyCode, range: $range, from: $from, to: $to) {
      ...Dashboards_Data
    }
  }
`);

export const DashboardsOffRampQuery = graphql(`
  query Dashboards_OffRamp($accountId: ID!, $liveMode: Boolean!, $currencyCode: DashboardCurrency, $range: DashboardRange, $from: String, $to: String) {
    sellDashboardData(accountId: $accountId, liveMode: $liveMode, currencyCode: $currencyCode, range: $range, from: $from, to: $to) {
      ...Dashboards_Data
    }
  }
`);

export const DashboardsSwapsQuery = graphql(`
  query Dashboards_Swaps($accountId: ID!, $liveMode: Boolean!, $currencyCode: DashboardCurrency, $range: DashboardRange, $from: String, $to: String) {
    swapsDashboardData(accountId: $accountId, liveMode: $liveMode, currencyCode: $currencyCode, range: $range, from: $from, to: $to) {
      ...Dashboards_Data
    }
  }
`);

export const DashboardsDepositsQuery = graphql(`
  query Dashboards_Deposits($accountId: ID!, $liveMode: Boolean!, $currencyCode: DashboardCurrency, $range: DashboardRange, $from: String, $to: String) {
    depositDashboardData(accountId: $accountId, liveMode: $liveMode, currencyCode: $currencyCode, range: $range, from: $from, to: $to) {
      ...Dashboards_Data
    }
  }
`);

export const DashboardsWithdrawalsQuery = graphql(`
  query Dashboards_Withdrawals($accountId: ID!, $liveMode: Boolean!, $currencyCode: DashboardCurrency, $range: DashboardRange, $from: String, $to: String) {
    withdrawalDashboardData(accountId: $accountId, liveMode: $liveMode, currencyCode: $currencyCode, range: $range, from: $from, to: $to) {
      ...Dashboards_Data
    }
  }
`);
