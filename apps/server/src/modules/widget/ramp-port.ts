import type { RampQuote, PricingRegion } from '@rampart/shared/pricing';
import type { WidgetCurrency } from '@rampart/shared/widget';

/** What the widget needs of `services.ramp` (owned by the ramp module; the contract of issue 12). */
export interface RampPort {
  quote(
    accountId: string,
    input: { transactionType: 'buy' | 'sell'; country: string; paymentMethod: string; fiatCurrencyCode: string; cryptoCurrencyCode: string; amount: string },
  ): Promise<RampQuote & { region: PricingRegion; paymentMethod: string; cryptoCurrencyCode: string }>;
  quoteSwap(
    accountId: string,
    input: { country: string; cryptoCurrencyCode: string; quoteCryptoCurrencyCode: string; amount: string },
  ): Promise<{
    baseCurrencyAmount: string;
    quoteCurrencyAmount: string;
    feeAmount: string;
    extraFeeAmount: string;
    networkFeeAmount: string;
    totalFeeAmount: string;
    fiatCurrencyCode: 'usd';
    exchangeRate: string;
    region: PricingRegion;
  }>;
  offeredCurrencies(accountId: string, flow: 'buy' | 'sell' | 'swap'): Promise<WidgetCurrency[]>;
}
