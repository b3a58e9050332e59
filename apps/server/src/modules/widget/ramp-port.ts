import type { RampService } from '../ramp/ramp.service.ts';

/**
 * What the widget needs of `services.ramp` (owned by the ramp module; the contract of issue 12): the quotes, the offered
 * assets, and the quote's parts (one-statement context, pure pricing) for the widget's hot quote path.
 */
export type RampPort = Pick<
  RampService,
  | 'quote'
  | 'quoteSwap'
  | 'offeredCurrencies'
  | 'offeredPaymentMethods'
  | 'quoteContext'
  | 'checkQuoteInput'
  | 'priceQuote'
  | 'checkSwapInput'
  | 'priceSwap'
  | 'priceNft'
>;
