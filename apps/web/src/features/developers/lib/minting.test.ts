import { describe, expect, it } from 'vitest';
import { deployCollectionSchema, mintSchema, shortHex } from './minting';

function messages(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('minting forms', () => {
  it('says in words what is wrong with a collection', () => {
    expect(messages(deployCollectionSchema.safeParse({ name: ' ', symbol: '', imageUrl: '', baseTokenUri: '', priceAmount: '0' }))).toEqual({
      name: 'Enter the collection name.',
      symbol: 'Enter a symbol such as RMPT.',
      priceAmount: 'The price must be above zero.',
    });
    expect(
      messages(
        deployCollectionSchema.safeParse({
          name: 'A',
          symbol: 'N W',
          imageUrl: 'http://cdn.example.com/a.png',
          baseTokenUri: 'ftp://x.example.com/',
          priceAmount: '1e3',
        }),
      ),
    ).toEqual({
      priceAmount: 'Enter the price as a number such as 0.05 (at most 18 decimals).',
      symbol: 'Use letters and digits only, such as RMPT.',
      imageUrl: 'Use an https URL.',
      baseTokenUri: 'Use an https:// URL or an ipfs:// URI.',
    });
    expect(deployCollectionSchema.safeParse({ name: 'Genesis', symbol: 'GEN', imageUrl: '', baseTokenUri: 'ipfs://bafy/', priceAmount: '0.05' }).success).toBe(
      true,
    );
  });

  it('takes 0x and 40 hex digits as the recipient, and an optional https or ipfs token URI', () => {
    expect(messages(mintSchema.safeParse({ toAddress: '0x1234', tokenUri: '' }))).toEqual({
      toAddress: 'This is not a wallet address: 0x followed by 40 hex digits.',
    });
    expect(messages(mintSchema.safeParse({ toAddress: '', tokenUri: '' }))).toEqual({ toAddress: 'Enter the wallet address that receives the token.' });
    expect(mintSchema.safeParse({ toAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72', tokenUri: 'https://meta.example.com/1.json' }).success).toBe(true);
  });

  it('shortens hashes for narrow cells', () => {
    expect(shortHex('0x8ba1f109551bd432803012645ac136ddd64dba72')).toBe('0x8ba1f1…4dba72');
    expect(shortHex('0xabc')).toBe('0xabc');
  });
});
