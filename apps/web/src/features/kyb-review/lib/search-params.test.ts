import { describe, expect, it } from 'vitest';
import {
  ageInDays,
  applicationFiltersToSearchParams,
  applicationQueryVariables,
  goLiveFiltersToSearchParams,
  NO_APPLICATION_FILTERS,
  NO_GO_LIVE_FILTERS,
  parseApplicationFilters,
  parseGoLiveFilters,
} from '@/features/kyb-review/lib/search-params';

describe('KYB queue filters ↔ URL', () => {
  it('round-trips every filter', () => {
    const filters = {
      statuses: ['Pending' as const, 'OnHold' as const],
      country: 'DE',
      product: 'OffRamp',
      ageDays: 7,
      search: 'Acme & Co',
      skip: 50,
      take: 25,
    };
    const params = applicationFiltersToSearchParams(filters);
    expect(params.toString()).toBe('status=Pending%2COnHold&country=DE&product=OffRamp&age=7&q=Acme+%26+Co&skip=50');
    expect(parseApplicationFilters(params)).toEqual(filters);
  });

  it('writes nothing for no filters on the first page', () => {
    expect(applicationFiltersToSearchParams(NO_APPLICATION_FILTERS).toString()).toBe('');
  });

  it('keeps known statuses only, in the table order, without repeats', () => {
    expect(parseApplicationFilters(new URLSearchParams('status=Approved,Bogus,Pending,Approved')).statuses).toEqual(['Pending', 'Approved']);
  });

  it('ignores junk from a hand-edited URL', () => {
    const parsed = parseApplicationFilters(new URLSearchParams('country=Germany&product=Teleport&age=-3&skip=abc&take=7'));
    expect(parsed).toEqual(NO_APPLICATION_FILTERS);
    expect(parseApplicationFilters(new URLSearchParams('age=0')).ageDays).toBeNull();
    expect(parseApplicationFilters(new URLSearchParams('country=de')).country).toBe('DE');
  });

  it('snaps a skip between pages to the start of its page', () => {
    expect(parseApplicationFilters(new URLSearchParams('skip=60&take=50')).skip).toBe(50);
    expect(parseApplicationFilters(new URLSearchParams('skip=99999999')).skip).toBe(0);
  });

  it('turns the age into an instant N days before now', () => {
    const now = new Date('2026-03-10T12:00:00.000Z');
    const vars = applicationQueryVariables({ ...NO_APPLICATION_FILTERS, ageDays: 3 }, now);
    expect(vars.submittedBefore).toBe('2026-03-07T12:00:00.000Z');
    expect(vars.status).toBeNull();
    expect(vars.country).toBeNull();
    expect(applicationQueryVariables(NO_APPLICATION_FILTERS, now).submittedBefore).toBeNull();
  });

  it('counts the age in whole days', () => {
    expect(ageInDays('2026-03-01T13:00:00.000Z', new Date('2026-03-10T12:00:00.000Z'))).toBe(8);
    expect(ageInDays('2026-03-11T00:00:00.000Z', new Date('2026-03-10T12:00:00.000Z'))).toBe(0);
  });
});

describe('go-live queue filters ↔ URL', () => {
  it('round-trips and accepts only the products with a go-live review', () => {
    const filters = { statuses: ['InProgress' as const], product: 'Swaps' as const, skip: 100, take: 100 };
    expect(parseGoLiveFilters(goLiveFiltersToSearchParams(filters))).toEqual(filters);
    expect(parseGoLiveFilters(new URLSearchParams('product=NftCheckout')).product).toBe('NftCheckout');
    expect(parseGoLiveFilters(new URLSearchParams('product=Minting'))).toEqual(NO_GO_LIVE_FILTERS);
  });
});
