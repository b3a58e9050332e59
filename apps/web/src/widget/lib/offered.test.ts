import { describe, expect, it } from 'vitest';
import { assetsOfferedIn } from './offered';

describe('assetsOfferedIn', () => {
  const assets = [
    { code: 'btc', isSuspendedUS: false },
    { code: 'bnb_bsc', isSuspendedUS: true },
  ];

  it('leaves out an asset suspended for US customers when the customer is in the US, in any letter case', () => {
    expect(assetsOfferedIn(assets, 'US').map((asset) => asset.code)).toEqual(['btc']);
    expect(assetsOfferedIn(assets, 'us').map((asset) => asset.code)).toEqual(['btc']);
  });

  it('offers it everywhere else', () => {
    expect(assetsOfferedIn(assets, 'DE').map((asset) => asset.code)).toEqual(['btc', 'bnb_bsc']);
  });
});
