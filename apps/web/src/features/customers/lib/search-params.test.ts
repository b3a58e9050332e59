import { describe, expect, it } from 'vitest';
import {
  customerListToSearchParams,
  customerListVariables,
  parseCustomerList,
  parseProfilePages,
  withProfilePage,
} from '@/features/customers/lib/search-params';

describe('customer list URL state', () => {
  it('round-trips search, page and page size', () => {
    const state = parseCustomerList(new URLSearchParams('q=ada%40example.com&page=3&take=50'));
    expect(state).toEqual({ q: 'ada@example.com', page: 3, take: 50 });
    expect(customerListToSearchParams(state).toString()).toBe('q=ada%40example.com&page=3&take=50');
    expect(customerListVariables(state)).toEqual({ searchString: 'ada@example.com', skip: 100, take: 50 });
  });

  it('falls back on defaults for bad values and leaves them out of the URL', () => {
    const state = parseCustomerList(new URLSearchParams('page=-2&take=7'));
    expect(state).toEqual({ q: '', page: 1, take: 20 });
    expect(customerListToSearchParams(state).toString()).toBe('');
  });

  it('keeps the profile pages apart', () => {
    const params = withProfilePage(new URLSearchParams('cards=2'), 'tx', 4);
    expect(parseProfilePages(params)).toEqual({ tx: 4, cards: 2 });
    expect(withProfilePage(params, 'tx', 1).toString()).toBe('cards=2');
  });
});
