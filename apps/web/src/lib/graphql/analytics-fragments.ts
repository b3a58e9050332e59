import { graphql } from '@/gql';

// Figures that the analytics tabs (features/analytics) and the quarterly review (features/quarterly-review) both
// show: selected once here, since features do not import each other.

export const AnalyticsVolumePointFragment = graphql(`
  fragment Analytics_VolumePoint on AnalyticsVolumePoint {
    date
    volume
    transactionCount
    completedCount
    feesEarned
  }
`);

export const AnalyticsFunnelStepFragment = graphql(`
  fragment Analytics_FunnelStep on AnalyticsFunnelStepFigure {
    step
    count
    previousCount
    shareOfOpened
    dropFromPrevious
  }
`);

export const AnalyticsFailureReasonFragment = graphql(`
  fragment Analytics_FailureReason on AnalyticsFailureReason {
    reason
    count
    share
    previousCount
    change
    volume
  }
`);
