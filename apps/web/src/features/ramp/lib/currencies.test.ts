import { describe, expect, it } from 'vitest';
import { canEnable, changedPairs, countsOf, groupByNetwork, matchesSearch, networkName, setField, setFieldOf, type Pair } from './currencies';

function pair(code: string, networkCode: string, extra: Partial<Pair['currency']> & Partial<Pick<Pair, 'isEnabled' | 'isSellEnabled'>> = {}): Pair {
  const { isEnabled = false, isSellEnabled = false, ...currency } = extra;
  return {
    id: `id-${code}-${networkCode}`,
    isEnabled,
    isSellEnabled,
    currency: {
      id: `id-${code}-${networkCode}`,
      code,
      name: code.toUpperCase() + ' coin',
      networkCode,
      isSellSupported: true,
      isSuspended: false,
      isSuspendedUS: false,
      ...currency,
    },
  };
}

const names = new Map([['ethereum', 'Ethereum']]);

describe('networks', () => {
  it('names a network from the catalogue, else from its code', () => {
    expect(networkName('ethereum', names)).toBe('Ethereum');
    expect(networkName('binance-smart-chain', names)).toBe('Binance Smart Chain');
  });

  it('groups pairs by network, networks and assets in name order', () => {
    const groups = groupByNetwork([pair('usdc', 'ethereum'), pair('btc', 'bitcoin'), pair('eth', 'ethereum')], names);
    expect(groups.map((group) => group.networkName)).toEqual(['Bitcoin', 'Ethereum']);
    expect(groups[1]!.pairs.map((p) => p.currency.code)).toEqual(['eth', 'usdc']);
  });

  it('searches name, code and network', () => {
    const usdc = pair('usdc', 'ethereum', { name: 'USD Coin' });
    expect(matchesSearch(usdc, 'usd coin', names)).toBe(true);
    expect(matchesSearch(usdc, 'USDC', names)).toBe(true);
    expect(matchesSearch(usdc, 'ether', names)).toBe(true);
    expect(matchesSearch(usdc, 'solana', names)).toBe(false);
    expect(matchesSearch(usdc, '  ', names)).toBe(true);
  });
});

describe('switches', () => {
  it('never enables a suspended asset, nor selling where it is not supported', () => {
    const suspended = pair('luna', 'terra', { isSuspended: true });
    const buyOnly = pair('abc', 'x', { isSellSupported: false });
    expect(canEnable(suspended.currency, 'isEnabled')).toBe(false);
    expect(setField({}, suspended, 'isEnabled', true)).toEqual({});
    expect(setField({}, buyOnly, 'isSellEnabled', true)).toEqual({});
    // Turning a suspended asset off is allowed.
    const on = pair('luna', 'terra', { isSuspended: true, isEnabled: true });
    expect(setField({}, on, 'isEnabled', false)[on.id]).toEqual({ isEnabled: false, isSellEnabled: false });
  });

  it('buying and selling switch independently', () => {
    const btc = pair('btc', 'bitcoin');
    expect(setField({}, btc, 'isSellEnabled', true)[btc.id]).toEqual({ isEnabled: false, isSellEnabled: true });
    const both = pair('eth', 'ethereum', { isEnabled: true, isSellEnabled: true });
    expect(setField({}, both, 'isEnabled', false)[both.id]).toEqual({ isEnabled: false, isSellEnabled: true });
  });

  it('bulk skips what cannot be enabled', () => {
    const pairs = [pair('btc', 'bitcoin'), pair('luna', 'terra', { isSuspended: true })];
    const draft = setFieldOf({}, pairs, 'isEnabled', true);
    expect(Object.keys(draft)).toEqual([pairs[0]!.id]);
  });
});

describe('changedPairs', () => {
  it('sends only pairs that differ from the saved state', () => {
    const btc = pair('btc', 'bitcoin');
    const eth = pair('eth', 'ethereum', { isEnabled: true });
    let draft = setField({}, btc, 'isEnabled', true);
    draft = setField(draft, eth, 'isEnabled', false);
    draft = setField(draft, eth, 'isEnabled', true); // back to saved
    expect(changedPairs([btc, eth], draft)).toEqual([{ currencyId: btc.currency.id, isEnabled: true, isSellEnabled: false }]);
  });

  it('keeps selling off where the asset cannot be sold', () => {
    const abc = pair('abc', 'x', { isSellSupported: false });
    const draft = { [abc.id]: { isEnabled: true, isSellEnabled: true } };
    expect(changedPairs([abc], draft)).toEqual([{ currencyId: abc.currency.id, isEnabled: true, isSellEnabled: false }]);
  });
});

it('counts enabled and available assets per field', () => {
  const pairs = [pair('btc', 'bitcoin', { isEnabled: true }), pair('luna', 'terra', { isSuspended: true }), pair('abc', 'x', { isSellSupported: false })];
  expect(countsOf(pairs, {}, 'isEnabled')).toEqual({ enabled: 1, available: 2, total: 3 });
  expect(countsOf(pairs, {}, 'isSellEnabled')).toEqual({ enabled: 0, available: 1, total: 3 });
});
