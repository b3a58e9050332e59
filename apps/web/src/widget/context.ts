import { createContext, useContext } from 'react';
import type { WidgetBootstrap, WidgetCurrency, WidgetParamName } from '@rampart/shared/widget';
import type { WidgetApi } from './lib/api';

export interface WidgetContextValue {
  bootstrap: WidgetBootstrap;
  api: WidgetApi;
  isLocked: (name: WidgetParamName) => boolean;
  currency: (code: string) => WidgetCurrency | undefined;
}

export const WidgetContext = createContext<WidgetContextValue | null>(null);

export function useWidget(): WidgetContextValue {
  const value = useContext(WidgetContext);
  if (!value) throw new Error('useWidget outside the widget');
  return value;
}

/** What the customer has chosen so far. */
export interface Order {
  fiatCurrencyCode: string;
  amountText: string;
  cryptoCurrencyCode: string;
  /** Swap: the asset received. */
  quoteCryptoCurrencyCode: string;
  country: string;
  email: string;
  walletAddress: string;
  walletAddressTag: string;
  /** Sell: where a returned deposit goes. */
  refundWalletAddress: string;
  /** Sell: how the payout is sent. */
  bankMethod: string;
}

export type FieldErrors = Partial<Record<string, string>>;
