import fs from 'node:fs';
import { unzipSync } from 'fflate';
import { createWalletClient, getAddress, http, parseAbi, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { createSiweMessage } from 'viem/siwe';
import { E2E } from './e2e-env.ts';
import { demoAccountId, expect, graphqlAs, test, type ApiSession } from './fixtures.ts';
import { toastText } from './team-fixtures.ts';

// Issue 17, the whole passes path on the demo account (minting on) against the app's built-in chain (E2E.chainUrl):
// a project, an NFT policy and a template (its live preview follows the form) made in the UI, an API key created in
// the UI; then the test deploys and mints an ERC-721 through GraphQL, has the holder sign a Sign-In with Ethereum
// message and issues the pass through the REST API; the pass shows in the list and detail, its .pkpass downloads as a
// signed archive, and transferring the NFT with viem invalidates it (the watcher runs every few seconds); then a test
// pass for the token's new owner from the dashboard (issue 36).

const ERC721 = parseAbi(['function transferFrom(address from, address to, uint256 tokenId)']);

async function gql<T>(session: ApiSession, query: string, variables: Record<string, unknown>): Promise<T> {
  const result = await graphqlAs<T>(session, query, variables);
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data!;
}

async function rpc(method: string, params: unknown[]) {
  const response = await fetch(E2E.chainUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

async function passesApi<T>(key: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${E2E.appUrl}/passes-api/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

test.use({ signedInAsDemo: true });
test.describe.configure({ timeout: 240_000 });

test('a project, policy, template and key in the UI; a pass issued by signature, downloaded, and invalidated when its NFT moves', async ({
  page,
  demoSession,
}) => {
  const session = await demoSession();
  const accountId = await demoAccountId(session);
  const suffix = Date.now().toString(36);

  // The NFT: a collection Rampart deploys on its local chain, token minted to a fresh holder.
  const holderKey = generatePrivateKey();
  const holder = privateKeyToAccount(holderKey);
  const { deployNftCollection: collection } = await gql<{ deployNftCollection: { id: string; contractAddress: string } }>(
    session,
    'mutation($accountId: ID!, $input: DeployNftCollectionInput!) { deployNftCollection(accountId: $accountId, input: $input) { id contractAddress } }',
    { accountId, input: { name: `Pass club ${suffix}`, symbol: 'PASS' } },
  );
  const { mintNft: mint } = await gql<{ mintNft: { tokenId: string } }>(
    session,
    'mutation($id: ID!, $to: String!) { mintNft(collectionId: $id, toAddress: $to) { tokenId } }',
    {
      id: collection.id,
      to: holder.address,
    },
  );

  // A project.
  await page.goto('/passes/projects');
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New project' }).click();
  const projectDialog = page.getByRole('dialog', { name: 'Create a passes project' });
  await projectDialog.getByRole('button', { name: 'Create project' }).click();
  await expect(projectDialog).toContainText('Give the project a name');
  const projectName = `Holders ${suffix}`;
  await projectDialog.getByLabel('Name').fill(projectName);
  await projectDialog.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(/\/passes\/projects\/[^/]+\/overview$/);
  const projectId = /\/passes\/projects\/([^/]+)\//.exec(page.url())![1]!;
  await expect(page.getByText('Development credentials').first()).toBeVisible();
  await expect(page.getByText('No pass activity in this range')).toBeVisible();

  // A policy on the NFT contract, with field errors first.
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Policies' }).click();
  await expect(page.getByText('No policies yet')).toBeVisible();
  await page.getByRole('button', { name: 'New policy' }).click();
  const policyDialog = page.getByRole('dialog', { name: 'Create a policy' });
  await policyDialog.getByLabel('Name').fill('Collection holders');
  await policyDialog.getByLabel('NFT contract address').fill('0x123');
  await policyDialog.getByLabel('Token ids (optional)').fill('1, two');
  await policyDialog.getByRole('button', { name: 'Create policy' }).click();
  await expect(policyDialog).toContainText('Enter the contract address: 0x and 40 hex digits');
  await expect(policyDialog).toContainText('Token ids are whole decimal numbers: two');
  await policyDialog.getByLabel('NFT contract address').fill(collection.contractAddress);
  await policyDialog.getByLabel('Token ids (optional)').fill('');
  await policyDialog.getByRole('button', { name: 'Create policy' }).click();
  await expect(policyDialog).toBeHidden();
  await expect(page.getByTestId('policy-row')).toContainText('Collection holders');
  await expect(page.getByTestId('policy-row')).toContainText('Any token');

  // A template: the live previews follow the form.
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Templates' }).click();
  await page.getByRole('button', { name: 'New template' }).click();
  const apple = page.getByTestId('apple-preview');
  const google = page.getByTestId('google-preview');
  await expect(google.getByTestId('google-issuer')).toHaveText(projectName);
  await page.getByLabel('Organization name').fill('Pass Club Ltd');
  await expect(google.getByTestId('google-issuer')).toHaveText('Pass Club Ltd');
  await page.getByLabel('Logo text (optional)').fill('PASS CLUB');
  await expect(apple.getByTestId('apple-logo-text')).toHaveText('PASS CLUB');
  const primary = page.getByRole('region', { name: 'Primary fields' });
  await primary.getByLabel('Value').fill('Member {{tokenId}}');
  await expect(apple.getByTestId('apple-primary')).toContainText('Member 42');
  await expect(google.getByTestId('google-primary')).toHaveText('Member 42');
  await primary.getByLabel('Key').fill('1bad');
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(primary).toContainText('Letters, digits and _, starting with a letter');
  await primary.getByLabel('Key').fill('member');
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(toastText(page, 'Template created')).toBeVisible();
  await expect(page.getByTestId('template-card')).toContainText('Membership');

  // An API key, shown once.
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'API keys' }).click();
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.getByRole('dialog', { name: 'Create an API key' }).getByLabel('Name').fill('E2E server');
  await page.getByRole('dialog', { name: 'Create an API key' }).getByRole('button', { name: 'Create key' }).click();
  const key = (await page.getByTestId('pass-key-secret').textContent())!.trim();
  expect(key).toMatch(/^pass_sk_/);
  await page.getByRole('button', { name: 'I have stored it' }).click();
  await expect(page.getByTestId('pass-key-row')).toContainText('Never');

  // The REST API: a nonce, the holder's signed message, the pass.
  const { passProject } = await gql<{ passProject: { templates: { id: string }[] } }>(
    session,
    'query($id: ID!) { passProject(id: $id) { templates { id } } }',
    { id: projectId },
  );
  const nonce = await passesApi<{ nonce: string }>(key, '/nonces', {});
  expect(nonce.status).toBe(201);
  const message = createSiweMessage({
    address: holder.address,
    chainId: 31337,
    domain: 'localhost',
    nonce: nonce.body.nonce,
    uri: E2E.appUrl,
    version: '1',
    issuedAt: new Date(),
    statement: 'Issue my membership pass',
  });
  const signature = await holder.signMessage({ message });
  const created = await passesApi<{ id: string; status: string; holderAddress: string }>(key, '/passes', {
    message,
    signature,
    templateId: passProject.templates[0]!.id,
    nft: { contractAddress: collection.contractAddress, tokenId: mint.tokenId },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.status).toBe('active');

  // In the list and the detail.
  await page.reload();
  await expect(page.getByTestId('pass-key-row')).not.toContainText('Never');
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Passes' }).click();
  const row = page.getByTestId('pass-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Active');
  await page.getByLabel('Search passes').fill(holder.address.slice(0, 10));
  await expect(page).toHaveURL(/q=0x/);
  await expect(row).toHaveCount(1);
  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/passes/projects/${projectId}/passes/${created.body.id}$`));
  await expect(page.getByText(getAddress(holder.address)).first()).toBeVisible();
  await expect(page.getByText(collection.contractAddress, { exact: false }).first()).toBeVisible();
  await expect(page.getByTestId('pass-event').first()).toContainText('Issued');
  await expect(page.getByTestId('apple-preview')).toContainText(`Member ${mint.tokenId}`);

  // The .pkpass: a zip with pass.json, manifest.json and the signature.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download .pkpass' }).click()]);
  const bytes = fs.readFileSync(await download.path());
  const files = unzipSync(new Uint8Array(bytes));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['pass.json', 'manifest.json', 'signature']));
  const passJson = JSON.parse(Buffer.from(files['pass.json']!).toString('utf8')) as { serialNumber: string; organizationName: string };
  expect(passJson.organizationName).toBe('Pass Club Ltd');
  await expect(page.getByRole('link', { name: /Add to Google Wallet/ })).toHaveAttribute('href', /^https:\/\/pay\.google\.com\/gp\/v\/save\//);

  // The holder sends the token away: the watcher invalidates the pass.
  await rpc('anvil_setBalance', [holder.address, '0xde0b6b3a7640000']);
  const wallet = createWalletClient({ account: holder, chain: foundry, transport: http(E2E.chainUrl) });
  const other = privateKeyToAccount(generatePrivateKey()).address;
  await wallet.writeContract({
    address: collection.contractAddress as Hex,
    abi: ERC721,
    functionName: 'transferFrom',
    args: [holder.address, other, BigInt(mint.tokenId)],
  });
  await expect(page.getByTestId('pass-invalidated')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('pass-invalidated')).toContainText('NFT transferred');
  await expect(page.getByTestId('pass-event').first()).toContainText(new RegExp(other, 'i'));
  await expect(page.getByRole('button', { name: 'Invalidate' })).toBeHidden();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Passes' }).last().click();
  await expect(page.getByTestId('pass-row')).toContainText('Invalidated');

  // Issue 36: a test pass for a pasted wallet (the token's new owner), without its signature; the QR code and links.
  await page.getByRole('button', { name: 'Issue a test pass' }).click();
  const testPass = page.getByRole('dialog', { name: 'Issue a test pass' });
  await testPass.getByLabel('Wallet address').fill('not-a-wallet');
  await testPass.getByLabel('Token id (NFT policies)').fill(mint.tokenId);
  await testPass.getByRole('button', { name: 'Issue test pass' }).click();
  await expect(testPass).toContainText('Enter a wallet address: 0x and 40 hexadecimal characters.');
  await testPass.getByLabel('Wallet address').fill(other);
  await testPass.getByRole('button', { name: 'Issue test pass' }).click();
  const issued = page.getByRole('dialog', { name: 'Test pass issued' });
  await expect(issued.getByTestId('test-pass-qr')).toBeVisible();
  await expect(issued.getByRole('link', { name: 'Download .pkpass' })).toHaveAttribute('href', /\/passes-files\/[0-9a-f-]+\.pkpass\?expires=/);
  await issued.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('pass-row')).toHaveCount(2);
});
