import type { AnalyticsComparison, AnalyticsProduct, DashboardCurrency } from '../../generated/graphql.ts';

/** A validated analytics request: what every Analytics field resolver reads its rollups for. */
export interface AnalyticsRequest {
  accountId: string;
  liveMode: boolean;
  product: AnalyticsProduct;
  currencyCode: DashboardCurrency;
  from: string;
  to: string;
  comparison: AnalyticsComparison;
  previousFrom: string | null;
  previousTo: string | null;
  bucket: 'day' | 'month';
}
