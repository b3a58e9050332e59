// The widget's JSON API (/widget-api/*), authorised by the session the widget page was opened with.
import type { WidgetApiError, WidgetQuote, WidgetTransaction } from '@rampart/shared/widget';

export class WidgetRequestError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly details: Record<string, string> = {},
    readonly action: 'Block' | 'Redirect' | null = null,
  ) {
    super(message);
  }
}

export interface QuoteRequest {
  cryptoCurrencyCode: string;
  quoteCryptoCurrencyCode?: string;
  fiatCurrencyCode: string;
  amount: string;
  paymentMethod: string;
  country: string;
}

export interface TransactionRequest extends QuoteRequest {
  email: string;
  /** Buy and swap: where the crypto goes. */
  walletAddress?: string;
  walletAddressTag?: string;
  /** Sell: where a returned deposit goes. */
  refundWalletAddress?: string;
}

/** The NFT checkout's quote: the collection prices the token, the buyer chooses the currency. */
export interface NftQuoteRequest {
  fiatCurrencyCode: string;
  paymentMethod: string;
  country: string;
}

export interface NftTransactionRequest extends NftQuoteRequest {
  email: string;
  /** EDITABLE wallets only: READONLY and HIDDEN use the signed link's. */
  walletAddress?: string;
}

export interface CardPayment {
  cardNumber: string;
  expiryMonth: string;
  expiryYear: string;
  cvc: string;
  cardholderName: string;
}

export interface WidgetApi {
  quote(input: QuoteRequest | NftQuoteRequest): Promise<WidgetQuote>;
  createTransaction(input: TransactionRequest | NftTransactionRequest): Promise<WidgetTransaction>;
  pay(id: string, card: CardPayment): Promise<{ transaction: WidgetTransaction; requiresConfirmation: boolean }>;
  confirm(id: string, approve: boolean): Promise<WidgetTransaction>;
  deposit(id: string): Promise<WidgetTransaction>;
  transaction(id: string): Promise<WidgetTransaction>;
}

function isApiError(body: unknown): body is WidgetApiError {
  return typeof body === 'object' && body !== null && 'error' in body && typeof (body as WidgetApiError).error?.message === 'string';
}

export function createWidgetApi(sessionToken: string, baseUrl = '/widget-api'): WidgetApi {
  async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { Authorization: `Widget ${sessionToken}`, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'omit',
      });
    } catch {
      throw new WidgetRequestError(0, 'network_error', 'Could not reach the server. Check your connection and try again.');
    }
    const parsed: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      if (isApiError(parsed)) {
        const { type, message, details, action } = parsed.error;
        throw new WidgetRequestError(response.status, type, message, details ?? {}, action ?? null);
      }
      if (response.status === 401)
        throw new WidgetRequestError(401, 'session_expired', 'This session has ended. Open the widget again from the partner’s page.');
      if (response.status === 429) throw new WidgetRequestError(429, 'rate_limited', 'Too many requests. Wait a moment and try again.');
      throw new WidgetRequestError(response.status, 'server_error', 'Something went wrong on our side. Try again in a moment.');
    }
    return parsed as T;
  }

  return {
    quote: async (input) => (await request<{ quote: WidgetQuote }>('POST', '/quote', input)).quote,
    createTransaction: async (input) => (await request<{ transaction: WidgetTransaction }>('POST', '/transactions', input)).transaction,
    pay: async (id, card) => {
      const body = await request<{ transaction: WidgetTransaction; requiresConfirmation?: boolean }>(
        'POST',
        `/transactions/${encodeURIComponent(id)}/payment`,
        card,
      );
      return { transaction: body.transaction, requiresConfirmation: body.requiresConfirmation === true };
    },
    confirm: async (id, approve) =>
      (await request<{ transaction: WidgetTransaction }>('POST', `/transactions/${encodeURIComponent(id)}/confirm`, { approve })).transaction,
    deposit: async (id) => (await request<{ transaction: WidgetTransaction }>('POST', `/transactions/${encodeURIComponent(id)}/deposit`, {})).transaction,
    transaction: async (id) => (await request<{ transaction: WidgetTransaction }>('GET', `/transactions/${encodeURIComponent(id)}`)).transaction,
  };
}
