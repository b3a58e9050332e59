import { describe, expect, it } from 'vitest';
import { deliveryFiltersToSearchParams, deliveryQueryVariables, parseDeliveryFilters } from '@/features/developers/lib/delivery-search-params';

describe('delivery log search params', () => {
  it('round-trips filters and drops defaults', () => {
    const filters = { endpoint: 'abc', eventType: 'transaction_created', outcome: 'failed' as const, page: 3 };
    const params = deliveryFiltersToSearchParams(filters, new URLSearchParams('keep=1'));
    expect(params.toString()).toBe('keep=1&endpoint=abc&event=transaction_created&outcome=failed&page=3');
    expect(parseDeliveryFilters(params)).toEqual(filters);
    expect(deliveryFiltersToSearchParams({ endpoint: '', eventType: '', outcome: '', page: 1 }).toString()).toBe('');
  });

  it('ignores bad values', () => {
    expect(parseDeliveryFilters(new URLSearchParams('outcome=maybe&page=-2&event=DROP%20TABLE'))).toEqual({
      endpoint: '',
      eventType: '',
      outcome: '',
      page: 1,
    });
  });

  it('pages with skip and take', () => {
    expect(deliveryQueryVariables('w1', { endpoint: 'w1', eventType: '', outcome: 'succeeded', page: 2 })).toEqual({
      id: 'w1',
      eventType: null,
      outcome: 'succeeded',
      skip: 20,
      take: 20,
    });
  });
});
