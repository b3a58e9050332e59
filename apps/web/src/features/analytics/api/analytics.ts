import { graphql } from '@/gql';

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
      volume {
        current {
          volume
          transactionCount
          completedCount
          failedCount
          completionRate
          feesEarned
          averageOrder
        }
        previous {
          volume
          transactionCount
          completedCount
          failedCount
          completionRate
          feesEarned
          averageOrder
        }
        changes {
          volume
          transactionCount
          completionRate
          feesEarned
          averageOrder
        }
        series {
          date
          volume
          transactionCount
          completedCount
          feesEarned
        }
        previousSeries {
          date
          volume
          transactionCount
          completedCount
          feesEarned
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
      conversion {
        steps {
          step
          count
          previousCount
          shareOfOpened
          dropFromPrevious
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
      failures {
        failedCount
        previousFailedCount
        failureRate
        previousFailureRate
        dates
        reasons {
          reason
          count
          share
          previousCount
          change
          volume
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
