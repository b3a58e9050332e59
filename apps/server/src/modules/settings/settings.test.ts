import { describe, expect, it } from 'vitest';
import { errorCode, useTestApp } from '../../../test/harness.ts';
import { accountWithMember } from '../../../test/accounts-helper.ts';
import { CURRENCIES } from '../../lib/crypto-catalogue.ts';

const t = useTestApp();

const CURRENCIES_QUERY = `{ cryptoCurrencies { id type name code icon addressRegex supportsAddressTag networkCode supportsTestMode isSellSupported isSuspended isSuspendedUS } }`;
const UPDATE_ACCOUNT = `mutation($a: ID!, $o: [String!], $w: String) { updateAccount(accountId: $a, allowedIframeAncestorUrls: $o, customerDataWebhookUrl: $w) { id allowedIframeAncestorUrls customerDataWebhookUrl } }`;
const CREATE_PAYOUT = `mutation($a: ID!, $c: ID!, $w: String!) { createAffiliatePayoutConfiguration(accountId: $a, currencyId: $c, walletAddress: $w) { id currencyId walletAddress currency { code } } }`;
const UPDATE_PAYOUT = `mutation($a: ID!, $c: ID!, $w: String!) { updateAffiliatePayoutConfiguration(accountId: $a, currencyId: $c, walletAddress: $w) { id currencyId walletAddress currency { code } } }`;
const PAYOUT = `query($a: ID!) { affiliatePayoutConfigurationForAccount(accountId: $a) { id currencyId walletAddress currency { code } } }`;
const NFT = `query($a: ID!) { account(id: $a) { id nftAccount { id walletDisplayMode isLiteNftFlowAllowed isNftCommerceFlowAllowed baseNftUrl baseNftTestnetUrl } nftCollections { id name contractAddress contractType network { code } widgetUrl } } }`;
const UPDATE_NFT = `mutation($a: ID!, $i: NftAccountInput!) { updateNftAccount(accountId: $a, input: $i) { id walletDisplayMode isLiteNftFlowAllowed isNftCommerceFlowAllowed baseNftUrl baseNftTestnetUrl } }`;
const CREATE_COLLECTION = `mutation($a: ID!, $i: NftCollectionInput!) { createNftCollection(accountId: $a, input: $i) { id name contractAddress contractType network { code name } widgetUrl } }`;

type Currency = { id: string; code: string; addressRegex: string; supportsAddressTag: boolean; networkCode: string; icon: string; isSuspended: boolean };

async function currencies(): Promise<Currency[]> {
  return (await t.client().ok<{ cryptoCurrencies: Currency[] }>(CURRENCIES_QUERY)).cryptoCurrencies;
}

describe('cryptoCurrencies', () => {
  it('serves the seeded catalogue to visitors, with every field and correct address patterns', async () => {
    const list = await currencies();
    expect(list.length).toBeGreaterThanOrEqual(40);
    expect(list.map((c) => c.code)).toEqual(CURRENCIES.map((c) => c.code));
    const byCode = (code: string) => list.find((c) => c.code === code)!;
    const matches = (code: string, address: string) => new RegExp(byCode(code).addressRegex).test(address);

    for (const [code, address, valid] of [
      ['btc', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', true],
      ['btc', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297', true],
      ['btc', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', true],
      ['btc', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', true],
      ['btc', '0x52908400098527886E0F7030069857D2E4169EE7', false],
      ['sol', '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', true],
      ['usdc_sol', '0OIl0000000000000000000000000000', false],
      ['xrp', 'rDsbeomae4FXwgQTJp9Rs64Qg9vDiTCdBv', true],
      ['xlm', 'GAHK7EEG2WWHVKDNT4CEQFZGKF2LGDSW2IVM4S5DP42RBW3K6BTODB4A', true],
      ['trx', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', true],
      ['ada', 'addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x', true],
      ['dot', '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5', true],
      ['atom', 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02', true],
      ['algo', 'VCMJKWOY5P5P7SKMZFFOCEROPJCZOTIJMNIYNUCKH7LRO45JMJP6UYBIJA', true],
      ['doge', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L', true],
      ['ltc', 'ltc1qg82y4dxz7lxvf3jf2yzlg6yv9clqsk8zevp37q', true],
      ['ltc', 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9', true],
      ['bch', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', true],
    ] as const)
      expect(matches(code, address), `${code} ${address}`).toBe(valid);
    for (const code of ['eth', 'usdc_polygon', 'eth_arbitrum', 'eth_optimism', 'eth_base', 'bnb_bsc', 'avax_cchain', 'pol_polygon']) {
      expect(matches(code, '0x52908400098527886E0F7030069857D2E4169EE7'), code).toBe(true);
      expect(matches(code, '0x52908400098527886E0F7030069857D2E4169EE'), code).toBe(false);
    }

    for (const code of ['xrp', 'xlm', 'atom', 'ton', 'hbar']) expect(byCode(code).supportsAddressTag, code).toBe(true);
    expect(byCode('btc').supportsAddressTag).toBe(false);
    expect(byCode('btc').icon).toBe('/icons/crypto/btc.svg');
    expect(byCode('usdc_base').networkCode).toBe('base');
    expect(new Set(list.map((c) => c.networkCode)).size).toBeGreaterThanOrEqual(20);
  });

  it('seeding again changes nothing and keeps ids', async () => {
    const before = await currencies();
    await t.app.services.settings.seedCurrencies();
    expect(await currencies()).toEqual(before);
  });
});

describe('updateAccount', () => {
  it('stores normalised origins and the customer data webhook URL', async () => {
    const { client, accountId } = await accountWithMember(t, { role: 'developer' });
    const data = await client.ok(UPDATE_ACCOUNT, {
      a: accountId,
      o: ['https://Shop.Example.com/', 'https://pay.example.com:8443', 'http://localhost:5173', 'https://shop.example.com'],
      w: 'https://hooks.example.com/customers',
    });
    expect(data.updateAccount.allowedIframeAncestorUrls).toEqual(['https://shop.example.com', 'https://pay.example.com:8443', 'http://localhost:5173']);
    expect(data.updateAccount.customerDataWebhookUrl).toBe('https://hooks.example.com/customers');

    const onlyUrl = await client.ok(UPDATE_ACCOUNT, { a: accountId, w: '' });
    expect(onlyUrl.updateAccount.allowedIframeAncestorUrls).toHaveLength(3);
    expect(onlyUrl.updateAccount.customerDataWebhookUrl).toBeNull();
  });

  it('refuses each bad origin with its own message, and an http webhook URL', async () => {
    const { client, accountId } = await accountWithMember(t);
    const result = await client.gql(UPDATE_ACCOUNT, {
      a: accountId,
      o: [
        'https://ok.example.com',
        'https://shop.example.com/checkout',
        'http://shop.example.com',
        'ftp://files.example.com',
        'https://*.example.com',
        'shop.example.com',
        'https://a.example.com?x=1',
      ],
    });
    expect(errorCode(result)).toBe('BAD_USER_INPUT');
    const fields = result.errors![0]!.extensions!.fields!;
    expect(Object.keys(fields).sort()).toEqual([1, 2, 3, 4, 5, 6].map((i) => `allowedIframeAncestorUrls.${i}`).sort());
    expect(fields['allowedIframeAncestorUrls.1']).toMatch(/path/);
    expect(fields['allowedIframeAncestorUrls.2']).toMatch(/https/);
    expect(fields['allowedIframeAncestorUrls.4']).toMatch(/wildcard/i);

    const url = await client.gql(UPDATE_ACCOUNT, { a: accountId, w: 'http://hooks.example.com' });
    expect(url.errors![0]!.extensions!.fields).toEqual({ customerDataWebhookUrl: 'Use an https URL.' });
    const stored = await t.database.pool.query('select allowed_iframe_ancestor_urls from accounts where id = $1', [accountId]);
    expect(stored.rows[0].allowed_iframe_ancestor_urls).toEqual([]);
  });

  it('refuses a customer data webhook URL on a private or local address (the server calls it)', async () => {
    const { client, accountId } = await accountWithMember(t, { role: 'developer' });
    // Only saved, never called: the test app does not allow private addresses.
    for (const url of [
      'https://127.0.0.1/customers',
      'https://0x7f000001/customers',
      'https://127.1/customers',
      'https://[::ffff:7f00:1]/customers',
      'https://localhost./customers',
      'https://hooks.localhost/customers',
      'https://169.254.169.254/latest',
    ]) {
      const result = await client.gql(UPDATE_ACCOUNT, { a: accountId, w: url });
      expect(errorCode(result), url).toBe('BAD_USER_INPUT');
      expect(Object.keys(result.errors![0]!.extensions!.fields!), url).toEqual(['customerDataWebhookUrl']);
    }
    const stored = await t.database.pool.query('select customer_data_webhook_url from accounts where id = $1', [accountId]);
    expect(stored.rows[0].customer_data_webhook_url).toBeNull();
  });

  it('is refused to analysts', async () => {
    const { client, accountId } = await accountWithMember(t, { role: 'analyst' });
    expect(errorCode(await client.gql(UPDATE_ACCOUNT, { a: accountId, o: [] }))).toBe('FORBIDDEN_ERROR');
  });
});

describe('affiliate payout configuration', () => {
  it('creates, reads and updates, checking the address against the currency', async () => {
    const { client, accountId } = await accountWithMember(t, { role: 'developer' });
    const list = await currencies();
    const btc = list.find((c) => c.code === 'btc')!;
    const usdcSol = list.find((c) => c.code === 'usdc_sol')!;
    expect((await client.ok(PAYOUT, { a: accountId })).affiliatePayoutConfigurationForAccount).toBeNull();

    const created = await client.ok(CREATE_PAYOUT, { a: accountId, c: btc.id, w: ' bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq ' });
    expect(created.createAffiliatePayoutConfiguration).toEqual({
      id: accountId,
      currencyId: btc.id,
      walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      currency: { code: 'btc' },
    });

    const again = await client.gql(CREATE_PAYOUT, { a: accountId, c: btc.id, w: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' });
    expect(errorCode(again)).toBe('CONFLICT');

    const badForSolana = await client.gql(UPDATE_PAYOUT, { a: accountId, c: usdcSol.id, w: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' });
    expect(errorCode(badForSolana)).toBe('BAD_USER_INPUT');
    expect(badForSolana.errors![0]!.extensions!.fields).toEqual({ walletAddress: 'This is not a valid USD Coin (Solana) address.' });

    const updated = await client.ok(UPDATE_PAYOUT, { a: accountId, c: usdcSol.id, w: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV' });
    expect(updated.updateAffiliatePayoutConfiguration.currency.code).toBe('usdc_sol');
    expect((await client.ok(PAYOUT, { a: accountId })).affiliatePayoutConfigurationForAccount.walletAddress).toBe(
      '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
    );
  });

  it('refuses an unknown or suspended currency, an empty address, and updating what does not exist', async () => {
    const { client, accountId } = await accountWithMember(t);
    const unknown = await client.gql(CREATE_PAYOUT, {
      a: accountId,
      c: '00000000-0000-4000-8000-000000000000',
      w: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
    expect(unknown.errors![0]!.extensions!.fields).toEqual({ currencyId: 'This currency is not in the catalogue. Choose one from the list.' });
    const notUuid = await client.gql(CREATE_PAYOUT, { a: accountId, c: 'btc', w: 'x' });
    expect(notUuid.errors![0]!.extensions!.fields).toHaveProperty('currencyId');

    const list = await currencies();
    const matic = list.find((c) => c.isSuspended)!;
    const suspended = await client.gql(CREATE_PAYOUT, { a: accountId, c: matic.id, w: '0x52908400098527886E0F7030069857D2E4169EE7' });
    expect(suspended.errors![0]!.extensions!.fields!['currencyId']).toMatch(/suspended/);

    const eth = list.find((c) => c.code === 'eth')!;
    const empty = await client.gql(CREATE_PAYOUT, { a: accountId, c: eth.id, w: '   ' });
    expect(empty.errors![0]!.extensions!.fields).toEqual({ walletAddress: 'Enter the wallet address' });

    expect(errorCode(await client.gql(UPDATE_PAYOUT, { a: accountId, c: eth.id, w: '0x52908400098527886E0F7030069857D2E4169EE7' }))).toBe('NOT_FOUND');
  });

  it('is refused to support specialists', async () => {
    const { client, accountId } = await accountWithMember(t, { role: 'support_specialist' });
    expect(errorCode(await client.gql(PAYOUT, { a: accountId }))).toBe('FORBIDDEN_ERROR');
  });
});

describe('NFT commerce settings', () => {
  it('defaults, updates and validates the NFT account', async () => {
    const { client, accountId } = await accountWithMember(t, { role: 'developer' });
    const initial = (await client.ok(NFT, { a: accountId })).account;
    expect(initial.nftAccount).toEqual({
      id: accountId,
      walletDisplayMode: 'EDITABLE',
      isLiteNftFlowAllowed: false,
      isNftCommerceFlowAllowed: false,
      baseNftUrl: null,
      baseNftTestnetUrl: null,
    });
    expect(initial.nftCollections).toEqual([]);

    const updated = await client.ok(UPDATE_NFT, {
      a: accountId,
      i: {
        walletDisplayMode: 'READONLY',
        isNftCommerceFlowAllowed: true,
        baseNftUrl: 'https://nft.example.com/mint',
        baseNftTestnetUrl: 'http://localhost:3001/nft',
      },
    });
    expect(updated.updateNftAccount).toMatchObject({
      walletDisplayMode: 'READONLY',
      isNftCommerceFlowAllowed: true,
      isLiteNftFlowAllowed: false,
      baseNftUrl: 'https://nft.example.com/mint',
    });

    const partial = await client.ok(UPDATE_NFT, { a: accountId, i: { isLiteNftFlowAllowed: true } });
    expect(partial.updateNftAccount).toMatchObject({
      walletDisplayMode: 'READONLY',
      isLiteNftFlowAllowed: true,
      baseNftTestnetUrl: 'http://localhost:3001/nft',
    });

    const bad = await client.gql(UPDATE_NFT, { a: accountId, i: { baseNftUrl: 'http://nft.example.com', baseNftTestnetUrl: 'not a url' } });
    expect(bad.errors![0]!.extensions!.fields).toEqual({ baseNftUrl: 'Use an https URL.', baseNftTestnetUrl: 'Enter a full URL starting with https://' });
  });

  it('adds, lists and removes collections, checking the contract address against the network', async () => {
    const { client, accountId } = await accountWithMember(t, { role: 'developer' });
    const created = await client.ok(CREATE_COLLECTION, {
      a: accountId,
      i: {
        name: 'Genesis',
        contractAddress: '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D',
        contractType: 'ERC721',
        networkCode: 'ethereum',
        imageUrl: 'https://img.example.com/g.png',
      },
    });
    expect(created.createNftCollection).toMatchObject({ name: 'Genesis', network: { code: 'ethereum', name: 'Ethereum' }, contractType: 'ERC721' });
    expect(created.createNftCollection.widgetUrl).toMatch(
      /^http:\/\/localhost:3000\/widget\/nft\?apiKey=pk_test_[A-Za-z0-9]+&contractAddress=0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D&network=ethereum$/,
    );

    const duplicate = await client.gql(CREATE_COLLECTION, {
      a: accountId,
      i: { name: 'Again', contractAddress: '0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d', contractType: 'ERC721', networkCode: 'ethereum' },
    });
    expect(errorCode(duplicate)).toBe('CONFLICT');

    const wrongAddress = await client.gql(CREATE_COLLECTION, {
      a: accountId,
      i: { name: 'Sol', contractAddress: '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D', contractType: 'METAPLEX', networkCode: 'solana' },
    });
    expect(wrongAddress.errors![0]!.extensions!.fields!['contractAddress']).toMatch(/Solana/);
    const wrongType = await client.gql(CREATE_COLLECTION, {
      a: accountId,
      i: { name: 'Poly', contractAddress: '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D', contractType: 'METAPLEX', networkCode: 'polygon' },
    });
    expect(wrongType.errors![0]!.extensions!.fields).toHaveProperty('contractType');
    const wrongNetwork = await client.gql(CREATE_COLLECTION, {
      a: accountId,
      i: { name: 'Btc', contractAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', contractType: 'ERC721', networkCode: 'bitcoin' },
    });
    expect(wrongNetwork.errors![0]!.extensions!.fields).toHaveProperty('networkCode');
    const noName = await client.gql(CREATE_COLLECTION, {
      a: accountId,
      i: { name: ' ', contractAddress: '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D', contractType: 'ERC1155', networkCode: 'base' },
    });
    expect(noName.errors![0]!.extensions!.fields).toEqual({ name: 'Enter the collection name' });

    const listed = (await client.ok(NFT, { a: accountId })).account.nftCollections;
    expect(listed.map((c: { name: string }) => c.name)).toEqual(['Genesis']);

    const other = await accountWithMember(t);
    expect(errorCode(await other.client.gql(`mutation($id: ID!) { deleteNftCollection(id: $id) }`, { id: created.createNftCollection.id }))).toBe(
      'FORBIDDEN_ERROR',
    );
    expect((await client.ok(`mutation($id: ID!) { deleteNftCollection(id: $id) }`, { id: created.createNftCollection.id })).deleteNftCollection).toBe(true);
    expect((await client.ok(NFT, { a: accountId })).account.nftCollections).toEqual([]);
  });

  it('lists the NFT networks for everyone', async () => {
    const data = await t.client().ok<{ nftNetworks: Array<{ code: string }> }>(`{ nftNetworks { code name addressRegex } }`);
    expect(data.nftNetworks.map((n) => n.code)).toEqual(expect.arrayContaining(['ethereum', 'polygon', 'base', 'solana']));
  });
});
