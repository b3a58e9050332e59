/** The fees and rates tests give a transaction when they are not what the test is about (spread into createTransaction). */
export const SAMPLE_FEES_AND_RATES = {
  quoteCurrencyAmount: '0.01000000',
  feeAmount: '1.00',
  extraFeeAmount: '0.50',
  networkFeeAmount: '0.20',
  usdRate: '1',
  eurRate: '0.92',
  gbpRate: '0.79',
} as const;
