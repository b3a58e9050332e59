import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, getAddress, http } from 'viem';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { errorCode, startTestApp, type ApiClient, type TestApp } from '../../../test/harness.ts';
import { accountWithMember, signedInMember, signedInUser } from '../../../test/accounts-helper.ts';
import { LOCAL_CHAIN_DEV_ADDRESS } from '../../lib/chain/local-chain.ts';
import { rampartCollectionArtifact } from '../../lib/chain/rampart-collection.artifact.ts';

// The NFT checkout (issue 38) against the run's anvil: links, pricing, delivery on the chain, and the failures that
// leave the chain untouched. Steps run by calling the test-mode job's handler (no worker, no waiting on a clock).
let t: TestApp;
let staff: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  staff = (await signedInUser(t, { adminRole: 'SuperAdmin' })).client;
});
afterAll(async () => {
  await t.close();
});

const SET_MINTING = `mutation($a: ID!) { setAccountMintingEnabled(accountId: $a, isEnabled: true) { id } }`;
const DEPLOY = `mutation($a: ID!, $i: DeployNftCollectionInput!) { deployNftCollection(accountId: $a, input: $i) { id contractAddress priceAmount widgetUrl } }`;
const ADD_EXTERNAL = `mutation($a: ID!, $i: NftCollectionInput!) { createNftCollection(accountId: $a, input: $i) { id widgetUrl } }`;
const UPDATE_NFT = `mutation($a: ID!, $i: NftAccountInput!) { updateNftAccount(accountId: $a, input: $i) { id } }`;
const MINT = `mutation($c: ID!, $to: String!) { mintNft(collectionId: $c, toAddress: $to) { tokenId } }`;
const URLS = `query($a: ID!) { onRamp: integrationUrl(accountId: $a, type: OnRamp) offRamp: integrationUrl(accountId: $a, type: OffRamp)
  swaps: integrationUrl(accountId: $a, type: Swaps) nft: integrationUrl(accountId: $a, type: NftCheckout)
  account(id: $a) { nftCollections { name widgetUrl } } }`;
const NFT_LIST = `query($a: ID!) { transactions(accountId: $a, liveMode: false, transactionType: "nft") { items { id status cryptoTransactionId explorerLinks { transactionUrl }
  nftTransaction { collectionName contractAddress tokenId networkCode } } } }`;
const BLOCK = `mutation($a: String!) { blockWalletAddress(address: $a, reason: "Sanctions screening hit in this test") { address isBlocked } }`;
const CARD = { expiryMonth: 12, expiryYear: new Date().getUTCFullYear() + 2, cvc: '123', cardholderName: 'Test Buyer' };
const QUOTE = { fiatCurrencyCode: 'usd', paymentMethod: 'creditCard', country: 'US' };

const chain = () => createPublicClient({ transport: http(t.config.EVM_RPC_URL) });
const newWallet = () => privateKeyToAccount(generatePrivateKey()).address;
const ownerOf = (contract: string, tokenId: string) =>
  chain().readContract({ address: getAddress(contract), abi: rampartCollectionArtifact.abi, functionName: 'ownerOf', args: [BigInt(tokenId)] });
const supplyOf = async (contract: string) =>
  chain().readContract({ address: getAddress(contract), abi: rampartCollectionArtifact.abi, functionName: 'totalSupply' });

/** The dashboard shows links on PUBLIC_URL; the test app listens on its own port. */
const local = (url: string) => url.replace(t.config.PUBLIC_URL.replace(/\/$/, ''), t.baseUrl);

async function seller(flows: { lite?: boolean; commerce?: boolean; walletDisplayMode?: string } = { lite: true }) {
  const member = await accountWithMember(t, { name: 'NFT Shop' });
  await staff.ok(SET_MINTING, { a: member.accountId });
  const { walletDisplayMode, ...rest } = flows;
  await member.client.ok(UPDATE_NFT, {
    a: member.accountId,
    i: { isLiteNftFlowAllowed: Boolean(rest.lite), isNftCommerceFlowAllowed: Boolean(rest.commerce), ...(walletDisplayMode ? { walletDisplayMode } : {}) },
  });
  const collection = (await member.client.ok(DEPLOY, { a: member.accountId, i: { name: 'Rampart Apes', symbol: 'RAPE', priceAmount: '0.02' } }))
    .deployNftCollection as { id: string; contractAddress: string; priceAmount: string; widgetUrl: string };
  return { ...member, collection };
}

async function open(url: string) {
  const response = await fetch(local(url));
  const html = await response.text();
  const match = /window\.__RAMPART_WIDGET__ = (.*?)<\/script>/s.exec(html);
  return { status: response.status, html, bootstrap: match ? JSON.parse(match[1]!) : null };
}

async function api(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${t.baseUrl}/widget-api${path}`, {
    method,
    headers: { authorization: `Widget ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any }; // the tests read the answer freely and expect() checks it
}

/** Opens the collection's link, creates the purchase for `wallet` and pays with `cardNumber`. */
async function buy(url: string, wallet: string, cardNumber: string) {
  const page = await open(url);
  expect(page.status).toBe(200);
  const token = page.bootstrap.sessionToken as string;
  const created = await api(token, 'POST', '/transactions', { ...QUOTE, email: 'buyer@example.com', walletAddress: wallet });
  expect(created.status).toBe(201);
  const paid = await api(token, 'POST', `/transactions/${created.body.transaction.id}/payment`, { ...CARD, cardNumber });
  expect(paid.status).toBe(200);
  return { token, id: created.body.transaction.id as string, paid: paid.body.transaction };
}

/** What the test-mode job does after a successful payment, run now. */
const complete = (id: string) => t.app.services.widget.processing.runStep({ transactionId: id, target: 'completed' });

async function eventsOf(id: string) {
  const { rows } = await t.database.pool.query(`select type, data->>'status' as status from webhook_events where data->>'id' = $1 order by created_at, id`, [
    id,
  ]);
  return rows.map((row) => `${row.type}:${row.status}`);
}

describe('NFT checkout links', () => {
  it('every integration URL and collection link is on PUBLIC_URL and opens a served widget (none on nft-sandbox.)', async () => {
    const s = await seller();
    const external = (
      await s.client.ok(ADD_EXTERNAL, {
        a: s.accountId,
        i: { name: 'Elsewhere', contractAddress: '0x52908400098527886E0F7030069857D2E4169EE7', contractType: 'ERC721', networkCode: 'ethereum' },
      })
    ).createNftCollection as { widgetUrl: string };
    const urls = await s.client.ok(URLS, { a: s.accountId });
    const links = [urls.onRamp, urls.offRamp, urls.swaps, urls.nft, ...urls.account.nftCollections.map((c: { widgetUrl: string }) => c.widgetUrl)] as string[];
    expect(links).toHaveLength(6);
    for (const link of links) {
      expect(link.startsWith(`${t.config.PUBLIC_URL.replace(/\/$/, '')}/widget/`)).toBe(true);
      expect(link).not.toContain('nft-sandbox');
    }
    for (const link of links.filter((link) => link !== external.widgetUrl)) {
      const page = await open(link);
      expect(page.status, link).toBe(200);
      expect(page.bootstrap.sessionToken).toEqual(expect.any(String));
    }
    // The NFT checkout URL of an account with one deliverable collection sells it; the collection link names it.
    const nft = await open(urls.nft);
    expect(nft.bootstrap.nft.collection).toMatchObject({ name: 'Rampart Apes', contractAddress: getAddress(s.collection.contractAddress) });
    expect((await open(s.collection.widgetUrl)).bootstrap.nft).toMatchObject({ priceAmount: '0.02', priceCurrencyCode: 'eth', delivery: 'mint' });
    // A collection Rampart did not deploy is served, with the reason it cannot be bought here.
    const elsewhere = await open(external.widgetUrl);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.html).toContain('This collection cannot be delivered here');
  });

  it('getting started lists NFT checkout once the account takes it up, done with a flow on and a deployed collection', async () => {
    const s = await seller({});
    const STEPS = `query($a: ID!) { gettingStarted(accountId: $a) { steps { key state } } }`;
    const stepOf = async () =>
      ((await s.client.ok(STEPS, { a: s.accountId })).gettingStarted.steps as { key: string; state: string }[]).find((step) => step.key === 'setUpNftCheckout');
    expect(await stepOf()).toBeUndefined();
    await s.client.ok(UPDATE_NFT, { a: s.accountId, i: { isLiteNftFlowAllowed: true } });
    expect(await stepOf()).toEqual({ key: 'setUpNftCheckout', state: 'done' });
    // Once enabled (go-live approved) the step stays, open again while no flow is on.
    await t.database.pool.query(`update accounts set onboarding_info = onboarding_info || '{"isNftCheckoutEnabled": true}' where id = $1`, [s.accountId]);
    await s.client.ok(UPDATE_NFT, { a: s.accountId, i: { isLiteNftFlowAllowed: false } });
    expect(await stepOf()).toEqual({ key: 'setUpNftCheckout', state: 'open' });
  });

  it('a manager changes a collection’s price (the checkout charges it, audited); bad amounts, analysts and other accounts are refused', async () => {
    const s = await seller();
    const PRICE = `mutation($id: ID!, $priceAmount: Decimal!) { updateNftCollectionPrice(id: $id, priceAmount: $priceAmount) { id priceAmount priceCurrencyCode } }`;
    expect((await s.client.ok(PRICE, { id: s.collection.id, priceAmount: '0.25' })).updateNftCollectionPrice).toEqual({
      id: s.collection.id,
      priceAmount: '0.25',
      priceCurrencyCode: 'eth',
    });
    expect((await open(s.collection.widgetUrl)).bootstrap.nft.priceAmount).toBe('0.25');
    const audit = await t.database.pool.query(`select outcome from audit_events where operation = 'updateNftCollectionPrice' and account_id = $1`, [
      s.accountId,
    ]);
    expect(audit.rows).toEqual([{ outcome: 'success' }]);

    for (const [bad, message] of [
      ['0', 'The price must be above zero.'],
      ['1234567890.5', 'Enter the price as a number such as 0.05 (at most 18 decimals).'],
    ]) {
      const refused = await s.client.gql(PRICE, { id: s.collection.id, priceAmount: bad });
      expect(refused.errors?.[0]?.extensions?.fields).toEqual({ priceAmount: message });
    }
    const analyst = await signedInMember(t, s.accountId, 'analyst');
    expect(errorCode(await analyst.client.gql(PRICE, { id: s.collection.id, priceAmount: '1' }))).toBe('FORBIDDEN_ERROR');
    const stranger = await accountWithMember(t);
    expect(errorCode(await stranger.client.gql(PRICE, { id: s.collection.id, priceAmount: '1' }))).toMatch(/FORBIDDEN_ERROR|NOT_FOUND/);
    const { rows } = await t.database.pool.query(`select price_amount from nft_collections where id = $1`, [s.collection.id]);
    expect(rows[0]!.price_amount).toBe('0.25');
  });

  it('refuses links the account’s NFT settings do not allow: no flow on, a hidden wallet without a signed one, a token without the NFT-commerce flow', async () => {
    const off = await seller({});
    expect((await open(off.collection.widgetUrl)).html).toContain('NFT checkout is not turned on');
    const hidden = await seller({ lite: true, walletDisplayMode: 'HIDDEN' });
    const page = await open(hidden.collection.widgetUrl);
    expect(page.status).toBe(400);
    expect(page.html).toContain('must carry the buyer');
    const lite = await seller({ lite: true });
    expect((await open(`${lite.collection.widgetUrl}&tokenId=1`)).html).toContain('This partner mints each NFT on purchase');
  });
});

describe('buying an NFT in test mode', () => {
  it('prices the token under the buy rules: the fiat paid delivers at least the price after fees', async () => {
    const s = await seller();
    const token = (await open(s.collection.widgetUrl)).bootstrap.sessionToken;
    const { status, body } = await api(token, 'POST', '/quote', QUOTE);
    expect(status).toBe(200);
    expect(Number(body.quote.quoteCurrencyAmount)).toBeGreaterThanOrEqual(0.02);
    // 0.02 ETH at the test rate of 3200 USD is 64 USD; the default card fee (4.5 %, at least 3.99) comes on top.
    expect(Number(body.quote.baseCurrencyAmount)).toBeGreaterThan(64 + 3.99);
    expect(Number(body.quote.feeAmount)).toBeGreaterThan(0);
    const bad = await api(token, 'POST', '/quote', { ...QUOTE, paymentMethod: 'sepa' });
    expect(bad.status).toBe(400);
  });

  it('4242 mints the token to the buyer: completed with the chain hash, listed as NFT, webhooks for each change', async () => {
    const s = await seller();
    const wallet = newWallet();
    const { id, paid } = await buy(s.collection.widgetUrl, wallet, '4242424242424242');
    expect(paid.status).toBe('pending');
    await complete(id);
    const list = await s.client.ok(NFT_LIST, { a: s.accountId });
    const row = list.transactions.items.find((item: { id: string }) => item.id === id);
    expect(row).toMatchObject({ status: 'completed', nftTransaction: { collectionName: 'Rampart Apes', networkCode: 'local_evm' } });
    const tokenId = row.nftTransaction.tokenId as string;
    expect(await ownerOf(s.collection.contractAddress, tokenId)).toBe(getAddress(wallet));
    const receipt = await chain().getTransactionReceipt({ hash: row.cryptoTransactionId });
    expect(receipt.status).toBe('success');
    expect(await eventsOf(id)).toEqual(['transaction_created:waitingPayment', 'transaction_updated:pending', 'transaction_updated:completed']);
    const { rows } = await t.database.pool.query(
      `select data->'nftTransaction'->>'tokenId' as token from webhook_events where data->>'id' = $1 and data->>'status' = 'completed'`,
      [id],
    );
    expect(rows[0]!.token).toBe(tokenId);
  });

  it('a completed purchase reads back with its NFT fields from the CSV export and /v1; a live key’s NFT link is refused like the buy widget’s', async () => {
    const s = await seller();
    const wallet = newWallet();
    const { id } = await buy(s.collection.widgetUrl, wallet, '4242424242424242');
    await complete(id);
    const { rows } = await t.database.pool.query(`select crypto_transaction_id, nft_transaction->>'tokenId' as token from transactions where id = $1`, [id]);
    const { crypto_transaction_id: hash, token } = rows[0]!;

    const csv = await fetch(`${t.baseUrl}/exports/transactions.csv?accountId=${s.accountId}&liveMode=false&kind=buy&transactionType=nft`, {
      headers: { cookie: s.client.cookie!, 'x-csrf-token': s.client.csrfToken },
    });
    expect(csv.status).toBe(200);
    const [header, ...lines] = (await csv.text())
      .trim()
      .split('\n')
      .map((line) => line.split(','));
    const line = lines.find((cells) => cells[0] === id)!;
    const cell = (name: string) => line[header!.indexOf(name)];
    expect([cell('is_nft'), cell('nft_collection_name'), cell('nft_contract_address'), cell('nft_token_id'), cell('nft_network_code')]).toEqual([
      't',
      'Rampart Apes',
      getAddress(s.collection.contractAddress),
      token,
      'local_evm',
    ]);
    expect([cell('status'), cell('crypto_transaction_id'), cell('wallet_address')]).toEqual(['completed', hash, wallet]);

    const keys = (await s.client.ok(`query($a: ID!) { apiKeys(accountId: $a, liveMode: false) { type secret } }`, { a: s.accountId })).apiKeys as {
      type: string;
      secret: string;
    }[];
    const v1 = await fetch(`${t.baseUrl}/v1/transactions/${id}`, {
      headers: { authorization: `Api-Key ${keys.find((key) => key.type === 'secret')!.secret}` },
    });
    expect(v1.status).toBe(200);
    const body = (await v1.json()) as Record<string, any>; // the REST answer, checked field by field below
    const read = body.data ?? body;
    expect(read).toMatchObject({ id, isNft: true, status: 'completed', cryptoTransactionId: hash, walletAddress: wallet });
    expect(read.nftTransaction).toMatchObject({
      collectionName: 'Rampart Apes',
      contractAddress: getAddress(s.collection.contractAddress),
      tokenId: token,
      networkCode: 'local_evm',
    });

    const livePk = `pk_live_${'N'.repeat(24)}`;
    await t.database.pool.query(`insert into api_keys (account_id, live_mode, type, display_value) values ($1, true, 'publishable', $2)`, [
      s.accountId,
      livePk,
    ]);
    const query = `apiKey=${livePk}&contractAddress=${s.collection.contractAddress}&network=local_evm`;
    const [nftPage, buyPage] = await Promise.all([fetch(`${t.baseUrl}/widget/nft?${query}`), fetch(`${t.baseUrl}/widget/buy?apiKey=${livePk}`)]);
    expect([nftPage.status, buyPage.status]).toEqual([403, 403]);
    const nftHtml = await nftPage.text();
    expect(nftHtml).toContain('Live payments are not available in this deployment');
    expect(nftHtml).not.toContain('<script');
    expect(nftHtml).toBe(await buyPage.text());
  });

  it('a job that crashed after the mint was sent does not mint again on retry; one that crashed before sending mints once', async () => {
    const s = await seller();
    const wallet = newWallet();
    const { id } = await buy(s.collection.widgetUrl, wallet, '4242424242424242');
    // What a crash right after sending leaves: the delivery recorded as started, the token minted, the purchase pending.
    const fromBlock = await chain().getBlockNumber();
    await t.database.pool.query(`insert into nft_deliveries (transaction_id, contract_address, from_block) values ($1, $2, $3)`, [
      id,
      s.collection.contractAddress.toLowerCase(),
      fromBlock.toString(),
    ]);
    // A token the partner minted to the same wallet meanwhile (recorded by the dashboard) is not this purchase's.
    const other = (await s.client.ok(MINT, { c: s.collection.id, to: wallet })).mintNft.tokenId as string;
    const sent = await t.app.services.chain.mint({ contractAddress: s.collection.contractAddress, toAddress: wallet });
    const supply = await supplyOf(s.collection.contractAddress);

    await complete(id);
    expect(await supplyOf(s.collection.contractAddress)).toBe(supply);
    const { rows } = await t.database.pool.query(`select status, crypto_transaction_id, nft_transaction->>'tokenId' as token from transactions where id = $1`, [
      id,
    ]);
    expect(rows[0]).toEqual({ status: 'completed', crypto_transaction_id: sent.transactionHash, token: sent.tokenId });
    expect(sent.tokenId).not.toBe(other);
    const mints = await t.database.pool.query(`select token_id, transaction_hash from nft_mints where collection_id = $1 order by token_id`, [s.collection.id]);
    expect(mints.rows).toContainEqual({ token_id: sent.tokenId, transaction_hash: sent.transactionHash });

    // Started, but the crash came before anything was sent: the retry mints, once.
    const second = await buy(s.collection.widgetUrl, newWallet(), '4242424242424242');
    await t.database.pool.query(`insert into nft_deliveries (transaction_id, contract_address, from_block) values ($1, $2, $3)`, [
      second.id,
      s.collection.contractAddress.toLowerCase(),
      (await chain().getBlockNumber()).toString(),
    ]);
    await complete(second.id);
    expect(await supplyOf(s.collection.contractAddress)).toBe(supply + 1n);
  });

  it('the NFT-commerce flow transfers the token minted beforehand; a sold token’s link is refused', async () => {
    const s = await seller({ commerce: true });
    const minted = (await s.client.ok(MINT, { c: s.collection.id, to: LOCAL_CHAIN_DEV_ADDRESS })).mintNft.tokenId as string;
    const wallet = newWallet();
    const url = `${s.collection.widgetUrl}&tokenId=${minted}`;
    const { id } = await buy(url, wallet, '4242424242424242');
    await complete(id);
    expect(await ownerOf(s.collection.contractAddress, minted)).toBe(getAddress(wallet));
    const again = await open(url);
    expect(again.status).toBe(409);
    expect(again.html).toContain('already sold');
  });

  it('a declined card ends failed (cardDeclined) and nothing is minted', async () => {
    const s = await seller();
    const before = await supplyOf(s.collection.contractAddress);
    const { id, paid } = await buy(s.collection.widgetUrl, newWallet(), '4000000000000002');
    expect(paid).toMatchObject({ status: 'failed', failureReason: 'cardDeclined' });
    await complete(id);
    expect(await supplyOf(s.collection.contractAddress)).toBe(before);
    expect(await eventsOf(id)).toEqual(['transaction_created:waitingPayment', 'transaction_failed:failed']);
  });

  it('a wallet staff blocked ends failed (walletScreeningFailed) and nothing is minted', async () => {
    const s = await seller();
    const wallet = newWallet();
    await staff.ok(BLOCK, { a: wallet });
    const before = await supplyOf(s.collection.contractAddress);
    const { id } = await buy(s.collection.widgetUrl, wallet, '4242424242424242');
    await complete(id);
    const list = await s.client.ok(NFT_LIST, { a: s.accountId });
    expect(list.transactions.items.find((item: { id: string }) => item.id === id)).toMatchObject({ status: 'failed', cryptoTransactionId: null });
    const { rows } = await t.database.pool.query('select failure_reason from transactions where id = $1', [id]);
    expect(rows[0]!.failure_reason).toBe('walletScreeningFailed');
    expect(await supplyOf(s.collection.contractAddress)).toBe(before);
  });

  it('a mint the chain refuses ends failed (networkError) with the reason in the history', async () => {
    const s = await seller();
    const { id } = await buy(s.collection.widgetUrl, newWallet(), '4242424242424242');
    // The contract's address no longer holds a collection: the mint reverts on the chain.
    await t.database.pool.query(
      `update transactions set nft_transaction = jsonb_set(nft_transaction, '{contractAddress}', '"0x000000000000000000000000000000000000dEaD"') where id = $1`,
      [id],
    );
    await complete(id);
    const { rows } = await t.database.pool.query('select status, failure_reason, crypto_transaction_id, status_history from transactions where id = $1', [id]);
    expect(rows[0]).toMatchObject({ status: 'failed', failure_reason: 'networkError', crypto_transaction_id: null });
    expect(JSON.stringify(rows[0]!.status_history)).toContain('the delivery failed on the chain');
  });
});
