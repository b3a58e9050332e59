import { graphql } from '@/gql';

// Analytics_VolumePoint, Analytics_FunnelStep and Analytics_FailureReason: lib/graphql/analytics-fragments.ts (the
// quarterly review shows the same figures).

// One query per tab: each Analytics field reads its own rollups, so a tab asks only for what it shows.

export const AnalyticsMeQuery = graphql(`
  query Analytics_Me {
    me {
      id
      preferredCurrencyCode
    }
  }
`);

export const AnalyticsBreakdownFragment = graphql(`
  fragment Analytics_Breakdown on AnalyticsBreakdown {
    value
    transactionCount
    completedCount
    volume
    share
    completionRate
    previousTransactionCount
    previousVolume
    volumeChange
  }
`);

// The period an answer covers: every tab's query asks for it, and the tabs' headings and comparisons read it.
export const AnalyticsPeriodFragment = graphql(`
  fragment Analytics_Period on Analytics {
    accountId
    liveMode
    product
    currencyCode
    from
    to
    comparison
    previousFrom
    previousTo
    bucket
  }
`);

export const AnalyticsTotalsFragment = graphql(`
  fragment Analytics_Totals on AnalyticsTotals {
    volume
    transactionCount
    completedCount
    failedCount
    completionRate
    feesEarned
    averageOrder
  }
`);

export const AnalyticsVolumeQuery = graphql(`
  query Analytics_Volume(
    $accountId: ID!
    $liveMode: Boolean!
    $from: String!
    $to: String!
    $product: AnalyticsProduct
    $comparison: AnalyticsComparison
    $currencyCode: DashboardCurrency
  ) {
    analytics(accountId: $accountId, liveMode: $liveMode, from: $from, to: $to, product: $product, comparison: $comparison, currencyCode: $currencyCode) {
      ...Analytics_Period
      volume {
        current {
          ...Analytics_Totals
        }
        previous {
          ...Analytics_Totals
        }
        changes {
          volume
          transactionCount
          completionRate
          feesEarned
          averageOrder
        }
        series {
          ...Analytics_VolumePoint
        }
        previousSeries {
          ...Analytics_VolumePoint
        }
        byProduct {
          ...Analytics_Breakdown
        }
      }
    }
  }
`);

export const AnalyticsConversionQuery = graphql(`
  query Analytics_Conversion(
    $accountId: ID!
    $liveMode: Boolean!
    $from: String!
    $to: String!
    $product: AnalyticsProduct
    $comparison: AnalyticsComparison
    $currencyCode: DashboardCurrency
  ) {
    analytics(accountId: $accountId, liveMode: $liveMode, from: $from, to: $to, product: $product, comparison: $comparison, currencyCode: $currencyCode) {
      ...Analytics_Period
      conversion {
        steps {
          ...Analytics_FunnelStep
        }
        conversionRate
        previousConversionRate
        hasWidgetFunnel
        series {
          date
          opened
          quoted
          paymentStarted
          completed
          failed
        }
      }
    }
  }
`);

export const AnalyticsCustomersQuery = graphql(`
  query Analytics_Customers(
    $accountId: ID!
    $liveMode: Boolean!
    $from: String!
    $to: String!
    $product: AnalyticsProduct
    $comparison: AnalyticsComparison
    $currencyCode: DashboardCurrency
  ) {
    analytics(accountId: $accountId, liveMode: $liveMode, from: $from, to: $to, product: $product, comparison: $comparison, currencyCode: $currencyCode) {
      ...Analytics_Period
      customers {
        activeCustomers
        newCustomers
        returningCustomers
        isEstimate
        previousActiveCustomers
        previousNewCustomers
        previousReturningCustomers
        months {
          month
          activeCustomers
          newCustomers
          returningCustomers
        }
        cohorts {
          cohortMonth
          size
          retained
        }
      }
    }
  }
`);

export const AnalyticsGeographyQuery = graphql(`
  query Analytics_Geography(
    $accountId: ID!
    $liveMode: Boolean!
    $from: String!
    $to: String!
    $product: AnalyticsProduct
    $comparison: AnalyticsComparison
    $currencyCode: DashboardCurrency
  ) {
    analytics(accountId: $accountId, liveMode: $liveMode, from: $from, to: $to, product: $product, comparison: $comparison, currencyCode: $currencyCode) {
      ...Analytics_Period
      geography {
        countries {
          ...Analytics_Breakdown
        }
      }
    }
  }
`);

export const AnalyticsPaymentMethodsQuery = graphql(`
  query Analytics_PaymentMethods(
    $accountId: ID!
    $liveMode: Boolean!
    $from: String!
    $to: String!
    $product: AnalyticsProduct
    $comparison: AnalyticsComparison
    $currencyCode: DashboardCurrency
  ) {
    analytics(accountId: $accountId, liveMode: $liveMode, from: $from, to: $to, product: $product, comparison: $comparison, currencyCode: $currencyCode) {
      ...Analytics_Period
      paymentMethods {
        paymentMethods {
          ...Analytics_Breakdown
        }
        assets {
          ...Analytics_Breakdown
        }
        networks {
          ...Analytics_Breakdown
        }
      }
    }
  }
`);

export const AnalyticsFailuresQuery = graphql(`
  query Analytics_Failures(
    $accountId: ID!
    $liveMode: Boolean!
    $from: String!
    $to: String!
    $product: AnalyticsProduct
    $comparison: AnalyticsComparison
    $currencyCode: DashboardCurrency
  ) {
    analytics(accountId: $accountId, liveMode: $liveMode, from: $from, to: $to, product: $product, comparison: $comparison, currencyCode: $currencyCode) {
      ...Analytics_Period
      failures {
        failedCount
        previousFailedCount
        failureRate
        previousFailureRate
        dates
        reasons {
          ...Analytics_FailureReason
          trend
        }
      }
    }
  }
`);

export const AnalyticsLookerQuery = graphql(`
  query Analytics_Looker($accountId: ID!, $analyticsType: AnalyticsType!) {
    lookerEmbedUrl(accountId: $accountId, analyticsType: $analyticsType)
  }
`);
