import crypto from 'node:crypto';
import http_ from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPublicClient, getAddress, http, parseAbi } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createPartner, openAs } from './developers-fixtures.ts';
import { E2E } from './e2e-env.ts';
import { createSignedInUser, expect, graphqlAs, test } from './fixtures.ts';
import { NftCommercePage } from './pages/nft-commerce-page.ts';
import { toastText } from './team-fixtures.ts';

// Issue 17: minting on /developers/nft-commerce against the app's own local chain (anvil on E2E.chainUrl).

const ERC721 = parseAbi(['function ownerOf(uint256 tokenId) view returns (address)', 'function tokenURI(uint256 tokenId) view returns (string)']);

test.describe('as the demo user', () => {
  test.use({ signedInAsDemo: true });
  test.describe.configure({ timeout: 120_000 });

  test('deploys a collection, mints a token to an address and sees it listed and on chain', async ({ page }) => {
    const nft = new NftCommercePage(page);
    await nft.goto();

    // The chain in use: Rampart's local development chain, with its RPC URL and the minter.
    await expect(nft.chain()).toContainText('Local development chain — tokens have no value');
    await expect(nft.chain().getByLabel('RPC URL', { exact: true })).toHaveText(/^http:\/\/127\.0\.0\.1:\d+/);
    await expect(nft.chain().getByLabel('Minter address', { exact: true })).toHaveText(/^0x[0-9a-fA-F]{40}$/);
    await expect(nft.chain()).toContainText('31337');

    // Field errors in words before anything is sent.
    await nft.createButton().click();
    await nft.deployDialog().getByRole('button', { name: 'Deploy collection' }).click();
    await expect(nft.deployDialog()).toContainText('Enter the collection name.');
    await expect(nft.deployDialog()).toContainText('Enter a symbol such as RMPT.');
    await nft.deployDialog().getByLabel('Base token URI (optional)').fill('ftp://meta.example.com/');
    await nft.deployDialog().getByLabel('Name').click();
    await expect(nft.deployDialog()).toContainText('or an ipfs:// URI.');
    await nft.deployDialog().getByRole('button', { name: 'Cancel' }).click();

    const name = `Genesis ${Date.now().toString(36)}`;
    const { contractAddress, transaction } = await nft.deploy({ name, symbol: 'GEN', baseTokenUri: 'https://meta.example.com/genesis/' });
    expect(contractAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(transaction).toMatch(/^0x[0-9a-f]{64}$/);
    await nft.deployDialog().getByRole('button', { name: 'Done' }).click();

    const item = nft.collection(name);
    await expect(item).toContainText('Deployed by Rampart');
    await expect(item).toContainText(contractAddress);
    await expect(item).toContainText('No token minted yet.');

    // Mint: a wrong address is refused in words, then the token goes to the wallet.
    await item.getByRole('button', { name: `Mint a token of ${name}` }).click();
    const dialog = nft.mintDialog();
    await dialog.getByLabel('To address').fill('0x1234');
    await dialog.getByRole('button', { name: 'Mint token' }).click();
    await expect(dialog).toContainText('This is not a wallet address: 0x followed by 40 hex digits.');
    const holder = '0x8ba1f109551bd432803012645ac136ddd64dba72';
    await dialog.getByLabel('To address').fill(holder);
    await dialog.getByRole('button', { name: 'Mint token' }).click();
    await expect(dialog).toBeHidden({ timeout: 60_000 });
    await expect(toastText(page, 'Token #1 minted')).toBeVisible();

    const row = nft.mints(name).getByRole('row').nth(1);
    await expect(row).toContainText('#1');
    await expect(row.getByTitle(getAddress(holder))).toBeVisible();
    await expect(row).toContainText(/0x[0-9a-f]{6}…[0-9a-f]{6}/);

    // The token is really on the chain, owned by the holder, with the collection's base URI.
    const client = createPublicClient({ transport: http(E2E.chainUrl) });
    const contract = getAddress(contractAddress);
    expect(await client.readContract({ address: contract, abi: ERC721, functionName: 'ownerOf', args: [1n] })).toBe(getAddress(holder));
    expect(await client.readContract({ address: contract, abi: ERC721, functionName: 'tokenURI', args: [1n] })).toBe('https://meta.example.com/genesis/1');

    // It survives a reload (the list comes from the server).
    await page.reload();
    await expect(nft.mints(name).getByRole('row').nth(1)).toContainText('#1');
  });
});

test('an account without minting sees why, and a collection added by address is not mintable', async ({ browser }) => {
  const partner = await createPartner('mint-off');
  const added = await graphqlAs(partner.session, 'mutation($a: ID!, $i: NftCollectionInput!) { createNftCollection(accountId: $a, input: $i) { id } }', {
    a: partner.accountId,
    i: { name: 'Imported apes', networkCode: 'ethereum', contractType: 'ERC721', contractAddress: '0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d' },
  });
  expect(added.errors).toBeUndefined();
  const { page, problems } = await openAs(browser, partner);
  const nft = new NftCommercePage(page);
  await nft.goto();
  await expect(nft.notEnabled()).toBeVisible();
  await expect(page.getByText('Your account manager turns minting on.')).toBeVisible();
  await expect(nft.createButton()).toHaveCount(0);
  const item = nft.collection('Imported apes');
  await expect(item).toContainText('Not mintable');
  await expect(item.getByRole('button', { name: /^Mint a token/ })).toHaveCount(0);
  expect(problems).toEqual([]);
  await page.context().close();
});

test('staff turn minting on for an account they opened, and the partner can then create a collection', async ({ browser }) => {
  const partner = await createPartner('mint-staff');
  const { session: staffSession } = await createSignedInUser('mint-admin', { adminRole: 'Admin' });
  const { page, problems } = await openAs(browser, { session: staffSession, accountId: partner.accountId });
  const nft = new NftCommercePage(page);
  await nft.goto();
  await expect(nft.notEnabled()).toBeVisible();
  const toggle = page.getByRole('switch', { name: 'Minting for this account' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toastText(page, 'Minting turned on')).toBeVisible();
  await expect(toggle).toBeChecked();
  await expect(nft.notEnabled()).toHaveCount(0);
  expect(problems).toEqual([]);
  await page.context().close();

  // The partner (who has no staff switch) now sees the create button.
  const partnerView = await openAs(browser, partner);
  const partnerPage = new NftCommercePage(partnerView.page);
  await partnerPage.goto();
  await expect(partnerPage.createButton()).toBeVisible();
  await expect(partnerView.page.getByRole('switch', { name: 'Minting for this account' })).toHaveCount(0);
  expect(partnerView.problems).toEqual([]);
  await partnerView.page.context().close();
});

// Issue 38: the NFT checkout, bought from the collection screen's own link with the test card, then checked apart from
// the UI: the token's owner on the chain (viem), the purchase under Transactions › NFT, a signed webhook on loopback.
test('buys an NFT in test mode from the collection’s checkout link: minted to the buyer, listed as NFT, signed webhook received', async ({ browser }) => {
  test.setTimeout(120_000);
  const partner = await createPartner('nft-buy');
  const { session: staffSession } = await createSignedInUser('nft-staff', { adminRole: 'Admin' });
  const minting = await graphqlAs(staffSession, 'mutation($a: ID!) { setAccountMintingEnabled(accountId: $a, isEnabled: true) { id } }', {
    a: partner.accountId,
  });
  expect(minting.errors).toBeUndefined();
  const settings = await graphqlAs(partner.session, 'mutation($a: ID!) { updateNftAccount(accountId: $a, input: { isLiteNftFlowAllowed: true }) { id } }', {
    a: partner.accountId,
  });
  expect(settings.errors).toBeUndefined();
  const name = `Checkout Cats ${Date.now().toString(36)}`;
  const deployed = await graphqlAs<{ deployNftCollection: { contractAddress: string } }>(
    partner.session,
    'mutation($a: ID!, $i: DeployNftCollectionInput!) { deployNftCollection(accountId: $a, input: $i) { contractAddress } }',
    { a: partner.accountId, i: { name, symbol: 'CATS', priceAmount: '0.015' } },
  );
  expect(deployed.errors).toBeUndefined();
  const contract = getAddress(deployed.data!.deployNftCollection.contractAddress);

  // A webhook endpoint on loopback that keeps each raw body and its headers.
  const received: { rawBody: string; headers: http_.IncomingHttpHeaders }[] = [];
  const server = http_.createServer((request, response) => {
    let rawBody = '';
    request.on('data', (chunk: Buffer) => (rawBody += chunk.toString()));
    request.on('end', () => {
      received.push({ rawBody, headers: request.headers });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const hook = await graphqlAs<{ createWebhook: { signingSecret: string } }>(
    partner.session,
    'mutation($a: ID!, $u: String!) { createWebhook(accountId: $a, url: $u, liveMode: false, events: []) { signingSecret } }',
    { a: partner.accountId, u: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` },
  );
  expect(hook.errors).toBeUndefined();

  try {
    // The collection screen shows the price and a checkout link; the link is what the buyer opens.
    const { page, problems } = await openAs(browser, partner);
    const nft = new NftCommercePage(page);
    await nft.goto();
    const item = nft.collection(name);
    await expect(item).toContainText('Price 0.015 ETH');
    const link = (await item.getByRole('link', { name: 'Open checkout' }).getAttribute('href'))!;
    expect(link.startsWith(`${E2E.appUrl}/widget/nft?apiKey=pk_test_`)).toBe(true);

    const buyer = privateKeyToAccount(generatePrivateKey()).address;
    const widget = await page.context().newPage();
    await widget.goto(link);
    await expect(widget.getByRole('heading', { name: 'Buy an NFT' })).toBeVisible();
    await expect(widget.getByRole('region', { name: 'The NFT' })).toContainText(name);
    await expect(widget.getByRole('region', { name: 'Price' })).toContainText('You pay');
    await widget.getByLabel('E-mail').fill('nft.buyer@example.com');
    await widget.getByLabel('Wallet address (receives the NFT)').fill(buyer);
    await widget.getByRole('button', { name: 'Continue to payment' }).click();
    await widget.getByRole('button', { name: /Fill in 4242 4242 4242 4242/ }).click();
    await widget.getByRole('button', { name: /^Pay / }).click();
    await expect(widget.getByRole('heading', { name: 'Purchase complete' })).toBeVisible({ timeout: 60_000 });
    await expect(widget.getByText(`${name} #1`)).toBeVisible();

    // Apart from the UI: the chain says the buyer owns token 1.
    const chain = createPublicClient({ transport: http(E2E.chainUrl) });
    expect(await chain.readContract({ address: contract, abi: ERC721, functionName: 'ownerOf', args: [1n] })).toBe(getAddress(buyer));

    // Transactions › NFT lists the purchase, completed.
    await page.goto('/transactions/nft');
    await expect(page.getByRole('row').nth(1)).toContainText(/completed/i, { timeout: 30_000 });
    const listed = await graphqlAs<{ transactions: { items: { status: string; walletAddress: string; nftTransaction: { tokenId: string } }[] } }>(
      partner.session,
      'query($a: ID!) { transactions(accountId: $a, liveMode: false, transactionType: "nft") { items { status walletAddress nftTransaction { tokenId } } } }',
      { a: partner.accountId },
    );
    expect(listed.data!.transactions.items).toEqual([{ status: 'completed', walletAddress: buyer, nftTransaction: { tokenId: '1' } }]);

    // The webhook of the completion arrived, signed with the endpoint's secret (Standard Webhooks).
    await expect
      .poll(() => received.some((each) => /"status":"completed"/.test(each.rawBody) && /transaction_updated/.test(each.rawBody)), { timeout: 30_000 })
      .toBe(true);
    const completed = received.find((each) => /"status":"completed"/.test(each.rawBody))!;
    const { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature } = completed.headers;
    const key = Buffer.from(hook.data!.createWebhook.signingSecret.replace(/^whsec_/, ''), 'base64');
    const expected = crypto
      .createHmac('sha256', key)
      .update(`${String(id)}.${String(timestamp)}.${completed.rawBody}`)
      .digest('base64');
    expect(signature).toBe(`v1,${expected}`);
    expect(JSON.parse(completed.rawBody).data.nftTransaction).toMatchObject({ collectionName: name, tokenId: '1' });
    expect(problems).toEqual([]);
    await page.context().close();
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
