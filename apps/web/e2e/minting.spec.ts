import { createPublicClient, getAddress, http, parseAbi } from 'viem';
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
