// Links out of the widget.
import type { WidgetTransaction } from '@rampart/shared/widget';

/** The partner's return link with the outcome appended (MoonPay's names); only http(s). */
export function returnUrl(redirectURL: string | null, transaction: WidgetTransaction): string | null {
  if (!redirectURL) return null;
  try {
    const url = new URL(redirectURL);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    url.searchParams.set('transactionId', transaction.id);
    url.searchParams.set('transactionStatus', transaction.status);
    return url.toString();
  } catch {
    return null;
  }
}
