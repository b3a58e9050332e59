/**
 * The one example purchase (150 EUR of ETH) that the OpenAPI document, the webhook test deliveries and the tests all
 * show, so that its fees and rates read the same wherever a partner or a developer meets them.
 */
export const SAMPLE_CURRENCIES_AND_AMOUNTS = {
  baseCurrencyCode: 'eur',
  quoteCurrencyCode: 'eth',
  fiatCurrencyCode: 'eur',
  amount: '150.00',
  baseCurrencyAmount: '150.00',
  quoteCurrencyAmount: '0.04120000',
} as const;

export const SAMPLE_FEES_AND_RATES = {
  feeAmount: '3.99',
  extraFeeAmount: '1.50',
  networkFeeAmount: '0.89',
  usdRate: '1.08',
  eurRate: '1',
  gbpRate: '0.86',
} as const;

export const SAMPLE_WALLET_ADDRESS = '0x742d35cc6634c0532925a3b844bc454e4438f44e';
