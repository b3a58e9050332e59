import { graphql } from '@/gql';

export const QuarterlyReviewBreakdownFragment = graphql(`
  fragment QuarterlyReview_Breakdown on AnalyticsBreakdown {
    value
    transactionCount
    volume
    share
    completionRate
    previousVolume
    volumeChange
  }
`);

export const QuarterlyReviewReportFragment = graphql(`
  fragment QuarterlyReview_Report on QuarterlyReview {
    accountId
    accountName
    isDemo
    liveMode
    currencyCode
    quarter
    from
    to
    previousQuarter
    yearAgoQuarter
    generatedAt
    availableQuarters
    headline {
      name
      label
      value
      previousQuarter
      yearAgo
      changeFromPreviousQuarter
      changeFromYearAgo
    }
    products {
      product
      volume
      transactionCount
      completionRate
      previousQuarterVolume
      yearAgoVolume
      months {
        ...Analytics_VolumePoint
      }
    }
    topAssets {
      ...QuarterlyReview_Breakdown
    }
    topCountries {
      ...QuarterlyReview_Breakdown
    }
    topPaymentMethods {
      ...QuarterlyReview_Breakdown
    }
    conversion {
      hasWidgetFunnel
      conversionRate
      previousConversionRate
      steps {
        ...Analytics_FunnelStep
      }
    }
    failureReasons {
      ...Analytics_FailureReason
    }
    notableChanges
  }
`);

// The review has no id: it is cached under its query's arguments (account, mode, quarter, currency).
export const QuarterlyReviewQuery = graphql(`
  query QuarterlyReview_Report($accountId: ID!, $liveMode: Boolean!, $quarter: String, $currencyCode: DashboardCurrency) {
    quarterlyReview(accountId: $accountId, liveMode: $liveMode, quarter: $quarter, currencyCode: $currencyCode) {
      ...QuarterlyReview_Report
    }
  }
`);

/** The reader's preferred currency, the review's default. */
export const QuarterlyReviewViewerQuery = graphql(`
  query QuarterlyReview_Viewer {
    me {
      id
      preferredCurrencyCode
    }
  }
`);

/** The account's Looker dashboard for quarterly reviews (LOOKER_DASHBOARDS quarterlyReview); null without one. */
export const QuarterlyReviewLookerQuery = graphql(`
  query QuarterlyReview_Looker($accountId: ID!) {
    lookerEmbedUrl(accountId: $accountId, analyticsType: quarterlyReview)
  }
`);
