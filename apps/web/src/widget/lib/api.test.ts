import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWidgetApi, WidgetRequestError } from './api';

afterEach(() => vi.unstubAllGlobals());

function respond(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('widget API client', () => {
  it('sends the session as "Authorization: Widget <token>" and unwraps the answer', async () => {
    const fetchMock = respond(200, { transaction: { id: 't1', status: 'pending' } });
    const transaction = await createWidgetApi('tok_1').transaction('t1');
    expect(transaction).toEqual({ id: 't1', status: 'pending' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/widget-api/transactions/t1');
    expect((init.headers as Record<string, string>).Authorization).toBe('Widget tok_1');
  });

  it('turns API errors into words with field details and the blocked-country action', async () => {
    respond(403, { error: { type: 'country_blocked', message: 'This service is not available in your country.', action: 'Block' } });
    const blocked = await createWidgetApi('t')
      .quote({ cryptoCurrencyCode: 'btc', fiatCurrencyCode: 'usd', amount: '100', paymentMethod: 'creditCard', country: 'KP' })
      .catch((error: unknown) => error);
    expect(blocked).toBeInstanceOf(WidgetRequestError);
    expect(blocked).toMatchObject({ status: 403, type: 'country_blocked', action: 'Block' });

    respond(400, { error: { type: 'invalid_request', message: 'Check the amount.', details: { amount: 'Pay at least 5.00.' } } });
    const tooSmall = await createWidgetApi('t')
      .quote({ cryptoCurrencyCode: 'btc', fiatCurrencyCode: 'usd', amount: '1', paymentMethod: 'creditCard', country: 'US' })
      .catch((error: unknown) => error);
    expect(tooSmall).toMatchObject({ details: { amount: 'Pay at least 5.00.' } });
  });

  it('says so in words when the server cannot be reached or answers without JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(createWidgetApi('t').transaction('x')).rejects.toMatchObject({ type: 'network_error' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502 })),
    );
    await expect(createWidgetApi('t').transaction('x')).rejects.toMatchObject({
      status: 502,
      message: 'Something went wrong on our side. Try again in a moment.',
    });
  });
});
