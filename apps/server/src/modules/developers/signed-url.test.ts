import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, type TestApp } from '../../../test/harness.ts';
import { accountWithMember } from '../../../test/accounts-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const SIGN = 'mutation($a: ID!, $u: String!) { generateSignedUrl(accountId: $a, liveMode: false, url: $u) { url signature } }';
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH = '0x52908400098527886E0F7030069857D2E4169EE7';
const XRP = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';

async function built(accountId: string) {
  const flags = await t.database.pool.query(`select onboarding_info->>'isWidgetUrlBuilt' as built from accounts where id = $1`, [accountId]);
  const audit = await t.database.pool.query(`select 1 from audit_events where operation = 'generateSignedUrl' and outcome = 'success' and account_id = $1`, [
    accountId,
  ]);
  return { built: flags.rows[0].built === 'true', audited: audit.rowCount };
}

describe('generateSignedUrl checks what it signs', () => {
  it('refuses a parameter the widget would refuse, by parameter, and changes nothing; signs valid ones', async () => {
    const p = await accountWithMember(t, { name: 'Signing Shop' });
    const base = `${t.baseUrl}/widget/buy?apiKey=pk_test_x`;
    const refused = async (query: string) => {
      const result = await p.client.gql(SIGN, { a: p.accountId, u: `${base}&${query}` });
      expect(errorCode(result), query).toBe('BAD_USER_INPUT');
      return result.errors![0]!.extensions!.fields as Record<string, string>;
    };

    expect(await refused('currencyCode=btc&walletAddress=not-a-wallet')).toEqual({
      walletAddress: 'This is not a Bitcoin address. Check that you copied all of it and that it is for BTC on Bitcoin.',
    });
    expect(await refused(`currencyCode=btc&walletAddress=${ETH}`)).toHaveProperty('walletAddress');
    expect(await refused('walletAddress=not-a-wallet')).toEqual({ walletAddress: expect.stringContaining('fits none of the assets') });
    expect(await refused(`currencyCode=btc&walletAddress=${BTC}&walletAddressTag=123`)).toEqual({
      walletAddressTag: 'BTC on Bitcoin has no destination tag or memo: leave it out.',
    });
    expect(await refused('currencyCode=notacoin')).toEqual({ currencyCode: expect.stringContaining('NOTACOIN is not offered for buying') });
    expect(await refused('baseCurrencyCode=xyz')).toHaveProperty('baseCurrencyCode');
    expect(await refused('baseCurrencyAmount=10.555')).toEqual({ baseCurrencyAmount: 'USD amounts have at most 2 decimals.' });
    expect(await refused('baseCurrencyAmount=0')).toEqual({ baseCurrencyAmount: 'Enter an amount above zero.' });
    expect(await refused('email=nope')).toHaveProperty('email');
    // A sell's amount is of the asset sold; a swap's address is of the asset received.
    const sell = await p.client.gql(SIGN, { a: p.accountId, u: `${t.baseUrl}/widget/sell?apiKey=pk_test_x&currencyCode=btc&baseCurrencyAmount=0.123456789` });
    expect(sell.errors![0]!.extensions!.fields).toEqual({ baseCurrencyAmount: 'BTC amounts have at most 8 decimals.' });
    const swap = await p.client.gql(SIGN, {
      a: p.accountId,
      u: `${t.baseUrl}/widget/swap?apiKey=pk_test_x&currencyCode=eth&quoteCurrencyCode=btc&walletAddress=${ETH}`,
    });
    expect(swap.errors![0]!.extensions!.fields).toHaveProperty('walletAddress');

    // Staff's card bounds: an amount no region's card payment takes is refused.
    await t.database.pool.query(
      `insert into payment_method_settings (account_id, payment_method, region, is_enabled, min_amount, max_amount) values ($1, 'creditCard', 'Global', true, 20, 5000)`,
      [p.accountId],
    );
    expect(await refused('baseCurrencyAmount=10')).toEqual({ baseCurrencyAmount: 'A card payment is at least 20 USD for this account.' });
    expect(await refused('baseCurrencyCode=eur&baseCurrencyAmount=9000')).toEqual({
      baseCurrencyAmount: 'A card payment is at most 5000 EUR for this account.',
    });
    expect(await built(p.accountId)).toEqual({ built: false, audited: 0 });

    for (const query of [
      `currencyCode=btc&walletAddress=${BTC}&baseCurrencyAmount=100`,
      `walletAddress=${ETH}&email=ada%40example.com`,
      `currencyCode=xrp&walletAddress=${XRP}&walletAddressTag=123456`,
    ]) {
      const signed = (await p.client.ok(SIGN, { a: p.accountId, u: `${base}&${query}` })).generateSignedUrl as { url: string };
      expect(signed.url).toContain(query);
    }
    expect(await built(p.accountId)).toEqual({ built: true, audited: 3 });
  });
});
