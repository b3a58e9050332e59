import { createWalletClient, http, parseAbi, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { createSiweMessage } from 'viem/siwe';
import { E2E } from './e2e-env.ts';
import { demoAccountId, expect, graphqlAs, test, type ApiSession } from './fixtures.ts';
import { SCREEN_HEIGHT, screenshotKit } from './screenshot-kit.ts';

// Screenshots of issue 17's passes screens for people to look at, on the demo account: /passes, the projects, every
// section of a project with data (three passes, one invalidated by an NFT transfer), the template editor with its
// previews, a pass's detail, and an empty project; light and dark, 1440 and 390 px (nothing may scroll sideways).
// Only with E2E_SCREENSHOTS=1; to E2E_SCREENSHOT_DIR or .data/screenshots/issue17-passes.

const { shoot } = screenshotKit('issue17-passes', { noSideScroll: true });
const ERC721 = parseAbi(['function transferFrom(address from, address to, uint256 tokenId)']);

async function gql<T>(session: ApiSession, query: string, variables: Record<string, unknown>): Promise<T> {
  const result = await graphqlAs<T>(session, query, variables);
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data!;
}

async function rest<T>(key: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${E2E.appUrl}/passes-api/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T;
  expect(response.status, JSON.stringify(json)).toBeLessThan(300);
  return json;
}

interface Fixture {
  projectId: string;
  emptyProjectId: string;
  templateId: string;
  passId: string;
  invalidatedPassId: string;
}
let fixture: Fixture | null = null;

async function setUp(session: ApiSession): Promise<Fixture> {
  if (fixture) return fixture;
  const accountId = await demoAccountId(session);
  const suffix = Date.now().toString(36);
  const { createPassProject: project } = await gql<{ createPassProject: { id: string } }>(
    session,
    'mutation($a: ID!, $i: PassProjectInput!) { createPassProject(accountId: $a, input: $i) { id } }',
    {
      a: accountId,
      i: { name: `Genesis holders ${suffix}`, description: 'Membership passes for holders of the Genesis collection', allowedDomains: ['localhost'] },
    },
  );
  const { createPassProject: empty } = await gql<{ createPassProject: { id: string } }>(
    session,
    'mutation($a: ID!, $i: PassProjectInput!) { createPassProject(accountId: $a, input: $i) { id } }',
    {
      a: accountId,
      i: { name: `Event tickets ${suffix}` },
    },
  );
  const { deployNftCollection: collection } = await gql<{ deployNftCollection: { id: string; contractAddress: string } }>(
    session,
    'mutation($a: ID!, $i: DeployNftCollectionInput!) { deployNftCollection(accountId: $a, input: $i) { id contractAddress } }',
    { a: accountId, i: { name: `Genesis ${suffix}`, symbol: 'GEN' } },
  );
  const holders = [0, 1, 2].map(() => privateKeyToAccount(generatePrivateKey()));
  const tokenIds: string[] = [];
  for (const holder of holders) {
    const { mintNft } = await gql<{ mintNft: { tokenId: string } }>(
      session,
      'mutation($c: ID!, $to: String!) { mintNft(collectionId: $c, toAddress: $to) { tokenId } }',
      { c: collection.id, to: holder.address },
    );
    tokenIds.push(mintNft.tokenId);
  }
  await gql(session, 'mutation($p: ID!, $i: PassPolicyInput!) { createPassPolicy(projectId: $p, input: $i) { id } }', {
    p: project.id,
    i: { name: 'Genesis holders', kind: 'nft', networkCode: 'local_evm', contractAddress: collection.contractAddress, tokenIds: [] },
  });
  await gql(session, 'mutation($p: ID!, $i: PassPolicyInput!) { createPassPolicy(projectId: $p, input: $i) { id } }', {
    p: project.id,
    i: { name: 'Team wallets', kind: 'wallets', walletAddresses: [holders[0]!.address, '0x8ba1f109551bd432803012645ac136ddd64dba72'] },
  });
  const fields = {
    headerFields: [{ key: 'tier', label: 'Tier', value: 'Gold' }],
    primaryFields: [{ key: 'member', label: 'Member', value: 'Genesis #{{tokenId}}' }],
    secondaryFields: [
      { key: 'holder', label: 'Holder', value: '{{holder}}' },
      { key: 'since', label: 'Since', value: '2026' },
    ],
    auxiliaryFields: [{ key: 'serial', label: 'Serial', value: '{{serial}}' }],
    backFields: [{ key: 'terms', label: 'Terms', value: 'Valid while you hold the token.' }],
  };
  const { createPassTemplate: template } = await gql<{ createPassTemplate: { id: string } }>(
    session,
    'mutation($p: ID!, $i: PassTemplateInput!) { createPassTemplate(projectId: $p, input: $i) { id } }',
    {
      p: project.id,
      i: {
        name: 'Gold membership',
        style: 'storeCard',
        organizationName: 'Genesis Club',
        description: 'Genesis Club membership',
        logoText: 'GENESIS',
        colors: { background: '#4c1d95', foreground: '#ffffff', label: '#c4b5fd' },
        fields,
        barcodeFormat: 'QR',
      },
    },
  );
  const { createPassProjectApiKey: key } = await gql<{ createPassProjectApiKey: { secret: string } }>(
    session,
    'mutation($p: ID!) { createPassProjectApiKey(projectId: $p, name: "Production server") { secret } }',
    { p: project.id },
  );
  await gql(session, 'mutation($p: ID!) { createPassProjectApiKey(projectId: $p, name: "Staging") { secret } }', { p: project.id });
  await gql(
    session,
    'mutation($p: ID!, $u: String!) { createPassProjectWebhook(projectId: $p, url: $u, events: ["pass.created", "pass.invalidated"], description: "Membership sync") { id } }',
    {
      p: project.id,
      u: 'https://hooks.example.com/rampart/passes',
    },
  );
  const passIds: string[] = [];
  for (const [index, holder] of holders.entries()) {
    const { nonce } = await rest<{ nonce: string }>(key.secret, '/nonces', {});
    const message = createSiweMessage({
      address: holder.address,
      chainId: 31337,
      domain: 'localhost',
      nonce,
      uri: E2E.appUrl,
      version: '1',
      issuedAt: new Date(),
    });
    const signature = await holder.signMessage({ message });
    const pass = await rest<{ id: string }>(key.secret, '/passes', {
      message,
      signature,
      templateId: template.id,
      nft: { contractAddress: collection.contractAddress, tokenId: tokenIds[index] },
      externalId: `member-${1040 + index}`,
    });
    passIds.push(pass.id);
  }
  // One pass scanned, one invalidated by a transfer.
  const scanned = await gql<{ pass: { barcodeMessage: string } }>(session, 'query($id: ID!) { pass(id: $id) { barcodeMessage } }', { id: passIds[0] });
  await rest(key.secret, '/scans', { barcode: scanned.pass.barcodeMessage });
  const mover = holders[2]!;
  await fetch(E2E.chainUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [mover.address, '0xde0b6b3a7640000'] }),
  });
  const wallet = createWalletClient({ account: mover, chain: foundry, transport: http(E2E.chainUrl) });
  await wallet.writeContract({
    address: collection.contractAddress as Hex,
    abi: ERC721,
    functionName: 'transferFrom',
    args: [mover.address, privateKeyToAccount(generatePrivateKey()).address, BigInt(tokenIds[2]!)],
  });
  await expect
    .poll(async () => (await gql<{ pass: { status: string } }>(session, 'query($id: ID!) { pass(id: $id) { status } }', { id: passIds[2] })).pass.status, {
      timeout: 60_000,
    })
    .toBe('invalidated');
  fixture = { projectId: project.id, emptyProjectId: empty.id, templateId: template.id, passId: passIds[0]!, invalidatedPassId: passIds[2]! };
  return fixture;
}

test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ signedInAsDemo: true });

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1440, 390] as const) {
    test(`passes screens, ${theme} ${width}`, async ({ page, demoSession }) => {
      const data = await setUp(await demoSession());
      await page.setViewportSize({ width, height: SCREEN_HEIGHT[width] });
      await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: theme });
      await page.addInitScript((choice) => window.localStorage.setItem('theme', choice), theme);
      const project = `/passes/projects/${data.projectId}`;
      const shots: Array<[string, string, () => Promise<void>]> = [
        ['home', '/passes', () => expect(page.getByTestId('pass-project-card').first()).toBeVisible()],
        ['projects', '/passes/projects', () => expect(page.getByTestId('pass-project-card').first()).toBeVisible()],
        ['overview', `${project}/overview`, () => expect(page.getByTestId('passes-chart')).toBeVisible()],
        ['passes', `${project}/passes`, () => expect(page.getByTestId('pass-row')).toHaveCount(3)],
        ['pass-detail', `${project}/passes/${data.passId}`, () => expect(page.getByTestId('pass-event').first()).toBeVisible()],
        ['pass-detail-invalidated', `${project}/passes/${data.invalidatedPassId}`, () => expect(page.getByTestId('pass-invalidated')).toBeVisible()],
        ['policies', `${project}/policies`, () => expect(page.getByTestId('policy-row')).toHaveCount(2)],
        ['templates', `${project}/templates`, () => expect(page.getByTestId('template-card')).toHaveCount(1)],
        ['template-editor', `${project}/templates?template=${data.templateId}`, () => expect(page.getByTestId('google-preview')).toBeVisible()],
        ['webhooks', `${project}/webhooks`, () => expect(page.getByTestId('pass-webhook')).toHaveCount(1)],
        ['keys', `${project}/keys`, () => expect(page.getByTestId('pass-key-row')).toHaveCount(2)],
        ['settings', `${project}/settings`, () => expect(page.getByTestId('passes-api-base-url')).toBeVisible()],
        ['empty-overview', `/passes/projects/${data.emptyProjectId}/overview`, () => expect(page.getByText('No pass activity in this range')).toBeVisible()],
        ['empty-passes', `/passes/projects/${data.emptyProjectId}/passes`, () => expect(page.getByTestId('empty-state')).toBeVisible()],
        ['empty-templates', `/passes/projects/${data.emptyProjectId}/templates`, () => expect(page.getByTestId('empty-state')).toBeVisible()],
      ];
      for (const [name, path, ready] of shots) {
        await page.goto(path);
        await ready();
        await shoot(page, `${name}-${theme}-${width}`);
      }
      // The dialogs: a new policy and the secret of a new key.
      await page.goto(`${project}/policies`);
      await page.getByRole('button', { name: 'New policy' }).click();
      await expect(page.getByRole('dialog', { name: 'Create a policy' })).toBeVisible();
      await shoot(page, `policy-dialog-${theme}-${width}`, false);
    });
  }
}
