import { describe, expect, it } from 'vitest';
import { addressTagError, assetLabel, emailError, walletAddressError } from './address';

const btc = { ticker: 'btc', networkName: 'Bitcoin', addressRegex: '^(bc1[02-9ac-hj-np-z]{39,59}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$' };
const usdcSol = { ticker: 'usdc', networkName: 'Solana', addressRegex: '^[1-9A-HJ-NP-Za-km-z]{32,44}$' };

describe('wallet address', () => {
  it('names the asset with its network', () => {
    expect(assetLabel(usdcSol)).toBe('USDC on Solana');
  });

  it("accepts the asset's shape and refuses another network's", () => {
    expect(walletAddressError('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', btc)).toBeNull();
    expect(walletAddressError('  1BoatSLRHtKNngkdXEeobR76b53LETtpyT ', btc)).toBeNull();
    expect(walletAddressError('0x52908400098527886E0F7030069857D2E4169EE7', btc)).toMatch(/not a Bitcoin address/);
    expect(walletAddressError('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', usdcSol)).toBeNull();
    expect(walletAddressError('', usdcSol)).toBe('Enter the USDC on Solana wallet address that receives it.');
    expect(walletAddressError('bc1q ar0', btc)).toBe('A wallet address has no spaces.');
  });

  it('leaves a pattern the browser cannot compile to the server', () => {
    expect(walletAddressError('anything', { ...btc, addressRegex: '(' })).toBeNull();
  });

  it('checks tags and email addresses', () => {
    expect(addressTagError('')).toBeNull();
    expect(addressTagError('123456')).toBeNull();
    expect(addressTagError('12 34')).not.toBeNull();
    expect(emailError('ada@example.com')).toBeNull();
    expect(emailError('ada@')).not.toBeNull();
  });
});
