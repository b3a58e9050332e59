import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeJwt, importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, createWalletClient, getAddress, http, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { LOCAL_EVM_CHAIN_ID, type PassFields } from '@rampart/shared/passes';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { accountWithMember } from '../../../test/accounts-helper.ts';
import { startWebhookReceiver } from '../../../test/webhook-receiver.ts';
import { passPolicies, passProjectApiKeys, passProjectCredentials, passProjects, passTemplates } from '../../db/schema/passes.ts';
import { rampartCollectionArtifact } from '../../lib/chain/rampart-collection.artifact.ts';
import { developmentCredentialsRow, googleColumns, parseGoogleUpload } from './pass-credentials.ts';
import { startFakeGoogleWallet, type FakeGoogleWallet } from '../../../test/fakes/fake-google-wallet.ts';
import { checkNftTransfers } from './nft-transfer-watcher.ts';
import { newSigningSecret } from '../webhooks/signatures.ts';
import { contractChecker, documentedAnswers, expectValidOpenApi31, type OpenApiDocument } from '../../../test/openapi-contract.ts';
import { REQUEST_ID_PATTERN } from '../../lib/rest/request-id.ts';

let t: TestApp;
/** Every answer of the passes API a test provokes is checked against its OpenAPI document. */
let expectAnswerDocumented: ReturnType<typeof documentedAnswers>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
/** Google's token endpoint and Wallet API, faked on loopback (GOOGLE_OAUTH_TOKEN_URL, GOOGLE_WALLET_API_BASE). */
let google: FakeGoogleWallet;

const FIELDS: PassFields = {
  headerFields: [{ key: 'tier', label: 'Tier', value: 'Gold' }],
  primaryFields: [{ key: 'member', label: 'Member', value: '{{holder}}' }],
  secondaryFields: [{ key: 'token', label: 'Token', value: '#{{tokenId}}' }],
  auxiliaryFields: [],
  backFields: [{ key: 'serial', label: 'Serial', value: '{{serial}}' }],
};

interface Project {
  projectId: string;
  accountId: string;
  key: string;
  templateId: string;
  policyId: string;
  signingSecret: string;
}

async function makeProject(
  accountId: string,
  policy: { kind: 'wallets'; wallets: string[] } | { kind: 'nft'; contract: string; tokenIds?: string[] },
  options: { allowedDomains?: string[] } = {},
): Promise<Project> {
  const db = t.database.db;
  const [project] = await db
    .insert(passProjects)
    .values({ accountId, name: `Project ${crypto.randomUUID().slice(0, 8)}`, allowedDomains: options.allowedDomains ?? [] })
    .returning();
  await db.insert(passProjectCredentials).values(developmentCredentialsRow(t.app.services.secretBox, project!.id, null));
  const [template] = await db
    .insert(passTemplates)
    .values({
      projectId: project!.id,
      name: 'Member card',
      organizationName: 'Rampart Club',
      description: 'Membership',
      colors: { background: '#112233', foreground: 'rgb(255, 255, 255)', label: '#aabbcc' },
      fields: FIELDS,
    })
    .returning();
  const [row] = await db
    .insert(passPolicies)
    .values(
      policy.kind === 'wallets'
        ? { projectId: project!.id, name: 'Listed wallets', kind: 'wallets', walletAddresses: policy.wallets.map((wallet) => wallet.toLowerCase()) }
        : {
            projectId: project!.id,
            name: 'Holders',
            kind: 'nft',
            networkCode: 'local_evm',
            chainId: LOCAL_EVM_CHAIN_ID,
            contractAddress: policy.contract.toLowerCase(),
            tokenIds: policy.tokenIds ?? [],
          },
    )
    .returning();
  const key = `pass_sk_${crypto.randomBytes(24).toString('base64url')}`;
  await db
    .insert(passProjectApiKeys)
    .values({ projectId: project!.id, name: 'Server', keyPrefix: key.slice(0, 14), keyHash: crypto.createHash('sha256').update(key).digest('hex') });
  const signingSecret = newSigningSecret();
  await t.database.pool.query(`insert into webhooks (account_id, url, live_mode, signing_secret, pass_project_id) values ($1, $2, false, $3, $4)`, [
    accountId,
    receiver.url,
    signingSecret,
    project!.id,
  ]);
  return { projectId: project!.id, accountId, key, templateId: template!.id, policyId: row!.id, signingSecret };
}

async function call(method: string, path: string, options: { key?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...(options.key ? { authorization: `Bearer ${options.key}` } : {}), ...options.headers };
  let body: string | undefined;
  if (options.rawBody !== undefined) {
    body = options.rawBody;
    headers['content-type'] ??= 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${t.baseUrl}${path}`, { method, headers, body });
  await expectAnswerDocumented(method, path, response);
  const type = response.headers.get('content-type') ?? '';
  const payload = type.includes('json') ? ((await response.json()) as any) : Buffer.from(await response.arrayBuffer()); // the tests read the answer freely and expect() checks it
  return { status: response.status, body: payload, headers: response.headers };
}

function newWallet(): PrivateKeyAccount {
  return privateKeyToAccount(generatePrivateKey());
}

async function nonceFor(key: string): Promise<string> {
  const response = await call('POST', '/passes-api/v1/nonces', { key });
  expect(response.status).toBe(201);
  expect(new Date(response.body.expiresAt).getTime()).toBeGreaterThan(Date.now());
  return response.body.nonce as string;
}

async function signedMessage(
  wallet: PrivateKeyAccount,
  nonce: string,
  overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {},
  signer: PrivateKeyAccount = wallet,
) {
  const message = createSiweMessage({
    address: wallet.address,
    chainId: LOCAL_EVM_CHAIN_ID,
    domain: 'club.example',
    nonce,
    uri: 'https://club.example/login',
    version: '1',
    issuedAt: new Date(),
    statement: 'Issue my pass',
    ...overrides,
  });
  return { message, signature: await signer.signMessage({ message }) };
}

async function createPass(project: Project, wallet: PrivateKeyAccount, extra: Record<string, unknown> = {}) {
  const signed = await signedMessage(wallet, await nonceFor(project.key));
  return call('POST', '/passes-api/v1/passes', { key: project.key, body: { ...signed, templateId: project.templateId, ...extra } });
}

const publicClient = () => t.app.services.chain.publicClient;

async function fund(address: Hex) {
  await publicClient().request({ method: 'anvil_setBalance' as never, params: [address, '0x56BC75E2D63100000'] as never }); // anvil's own RPC method is not in viem's public schema
}

async function transfer(holder: PrivateKeyAccount, contract: Hex, to: Hex, tokenId: string) {
  const chain = t.app.services.chain;
  await fund(holder.address);
  const wallet = createWalletClient({ account: holder, chain: chain.publicClient.chain, transport: http(chain.rpcUrl) });
  const hash = await wallet.writeContract({
    address: contract,
    abi: rampartCollectionArtifact.abi as never, // the artifact's abi is JSON, not the const abi viem types calls from
    functionName: 'transferFrom',
    args: [holder.address, to, BigInt(tokenId)] as never, // typed by that const abi, which JSON cannot give
  });
  const reader = createPublicClient({ chain: chain.publicClient.chain, transport: http(chain.rpcUrl) });
  await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return hash;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  google = await startFakeGoogleWallet();
  t = await startTestApp(
    { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', GOOGLE_WALLET_API_BASE: google.url, GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl },
    { worker: true },
  );
  expectAnswerDocumented = documentedAnswers(`${t.baseUrl}/passes-api/v1/openapi.json`);
});

afterAll(async () => {
  await t?.close();
  await receiver?.close();
  await google?.close();
});

describe('passes REST API: sign-in with Ethereum', () => {
  let project: Project;
  const holder = newWallet();
  beforeAll(async () => {
    const { accountId } = await accountWithMember(t);
    project = await makeProject(accountId, { kind: 'wallets', wallets: [holder.address] });
  });

  it('creates a pass only with a valid signature by the owner, with wallet links and a pass.created webhook', async () => {
    const response = await createPass(project, holder, { externalId: 'member-1' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      object: 'pass',
      holderAddress: holder.address,
      status: 'active',
      templateId: project.templateId,
      policyIds: [project.policyId],
      externalId: 'member-1',
      nft: null,
    });
    expect(response.body.appleWalletUrl).toMatch(
      new RegExp(`^http://localhost:3000/passes-files/${response.body.id}\\.pkpass\\?expires=\\d+&signature=[A-Za-z0-9_-]{43}$`),
    );
    expect(response.body.googleWalletUrl).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const events = await t.database.pool.query(`select type from pass_events where pass_id = $1`, [response.body.id]);
    expect(events.rows.map((row) => row.type)).toEqual(['created']);
    await receiver.waitFor((all) =>
      all.some((hook) => hook.body.type === 'pass.created' && (hook.body.data as { pass: { id: string } }).pass.id === response.body.id),
    );

    // The signed download link serves the .pkpass without a key.
    const link = new URL(response.body.appleWalletUrl);
    const download = await call('GET', `${link.pathname}${link.search}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    // Another first character, whatever the signature starts with (it starts with A one time in 64).
    const tampered = await call(
      'GET',
      `${link.pathname}${link.search.replace(/signature=(.)/, (_match, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`)}`,
    );
    expect(tampered.status).toBe(403);
  });

  it("refuses a signature by another address than the message's", async () => {
    const other = newWallet();
    const signed = await signedMessage(holder, await nonceFor(project.key), {}, other);
    const response = await call('POST', '/passes-api/v1/passes', { key: project.key, body: { ...signed, templateId: project.templateId } });
    expect(response.status).toBe(401);
    expect(response.body.error).toMatchObject({ type: 'signature_error', code: 'signature_mismatch' });
    expect(response.body.error.message).toContain(holder.address);
  });

  it('refuses a replayed message (the nonce works once)', async () => {
    const signed = await signedMessage(holder, await nonceFor(project.key));
    const first = await call('POST', '/passes-api/v1/passes', { key: project.key, body: { ...signed, templateId: project.templateId } });
    expect(first.status).toBe(201);
    const replay = await call('POST', '/passes-api/v1/passes', { key: project.key, body: { ...signed, templateId: project.templateId } });
    expect(replay.status).toBe(409);
    expect(replay.body.error).toMatchObject({ code: 'nonce_used' });
    expect(replay.body.error.message).toMatch(/already used/);
  });

  it('refuses concurrent uses of one nonce but one', async () => {
    const signed = await signedMessage(holder, await nonceFor(project.key));
    const results = await Promise.all(
      [1, 2, 3].map(() => call('POST', '/passes-api/v1/passes', { key: project.key, body: { ...signed, templateId: project.templateId } })),
    );
    expect(results.map((result) => result.status).sort()).toEqual([201, 409, 409]);
  });

  it('refuses expired messages, old messages, and expired or unknown nonces', async () => {
    const expired = await signedMessage(holder, await nonceFor(project.key), { expirationTime: new Date(Date.now() - 1000) });
    let response = await call('POST', '/passes-api/v1/passes', { key: project.key, body: { ...expired, templateId: project.templateId } });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'message_expired' });
    expect(response.body.error.message).toMatch(/expired at/);

    const old = await signedMessage(holder, await nonceFor(project.key), { issuedAt: new Date(Date.now() - 20 * 60_000) });
    response = await call('POST', '/passes-api/v1/passes', { key: project.key, body: { ...old, templateId: project.templateId } });
    expect(response.body.error).toMatchObject({ code: 'message_expired' });

    const nonce = await nonceFor(project.key);
    await t.database.pool.query(`update pass_nonces set expires_at = now() - interval '1 second' where nonce = $1`, [nonce]);
    response = await call('POST', '/passes-api/v1/passes', {
      key: project.key,
      body: { ...(await signedMessage(holder, nonce)), templateId: project.templateId },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'nonce_expired' });

    response = await call('POST', '/passes-api/v1/passes', {
      key: project.key,
      body: { ...(await signedMessage(holder, 'madeupnonce123456')), templateId: project.templateId },
    });
    expect(response.body.error).toMatchObject({ code: 'nonce_unknown' });
  });

  it('refuses a message for another chain, and one that is not EIP-4361', async () => {
    const signed = await signedMessage(holder, await nonceFor(project.key), { chainId: 1 });
    let response = await call('POST', '/passes-api/v1/passes', { key: project.key, body: { ...signed, templateId: project.templateId } });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'wrong_chain' });
    expect(response.body.error.message).toContain(`chain id ${LOCAL_EVM_CHAIN_ID}`);

    const message = 'Please give me a pass';
    response = await call('POST', '/passes-api/v1/passes', {
      key: project.key,
      body: { message, signature: await holder.signMessage({ message }), templateId: project.templateId },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'invalid_message' });
  });

  it("refuses a domain outside the project's allowed domains", async () => {
    const { accountId } = await accountWithMember(t);
    const strict = await makeProject(accountId, { kind: 'wallets', wallets: [holder.address] }, { allowedDomains: ['tickets.example'] });
    let response = await createPass(strict, holder);
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({ code: 'wrong_domain' });
    const signed = await signedMessage(holder, await nonceFor(strict.key), { domain: 'tickets.example' });
    response = await call('POST', '/passes-api/v1/passes', { key: strict.key, body: { ...signed, templateId: strict.templateId } });
    expect(response.status).toBe(201);
  });

  it('refuses a wallet no policy lists', async () => {
    const response = await createPass(project, newWallet());
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({ type: 'permission_error', code: 'policy_refused' });
    expect(response.body.error.details[project.policyId]).toMatch(/not one of the policy's wallets/);
  });
});

const ISSUE_TEST_PASS = `mutation($p: ID!, $i: IssueTestPassInput!) {
  issueTestPass(projectId: $p, input: $i) { pass { id holderAddress status tokenId signedMessage appleWalletUrl } appleWalletUrl googleWalletUrl qrCodeUrl }
}`;

describe("the dashboard's test pass (issueTestPass): the REST API's issuing path, for a pasted wallet", () => {
  it('issues a pass to a listed wallet without its signature; the REST API lists it with its links; audited', async () => {
    const member = await accountWithMember(t);
    const holder = newWallet();
    const project = await makeProject(member.accountId, { kind: 'wallets', wallets: [holder.address] });
    const { issueTestPass } = await member.client.ok(ISSUE_TEST_PASS, {
      p: project.projectId,
      i: { walletAddress: ` ${holder.address.toLowerCase()} `, templateId: project.templateId },
    });
    expect(issueTestPass.pass).toMatchObject({ holderAddress: holder.address, status: 'active', tokenId: null });
    expect(issueTestPass.pass.signedMessage).toMatch(/^Test pass issued from the Rampart dashboard/);
    expect(issueTestPass.appleWalletUrl).toMatch(new RegExp(`^http://localhost:3000/passes-files/${issueTestPass.pass.id}\\.pkpass\\?expires=\\d+&signature=`));
    expect(issueTestPass.googleWalletUrl).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
    expect(issueTestPass.qrCodeUrl).toMatch(/^data:image\/png;base64,/);

    const listed = await call('GET', '/passes-api/v1/passes', { key: project.key });
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({ id: issueTestPass.pass.id, holderAddress: holder.address, policyIds: [project.policyId] });
    const link = new URL(issueTestPass.appleWalletUrl);
    const download = await call('GET', `${link.pathname}${link.search}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    const audit = await t.database.pool.query(`select outcome from audit_events where operation = 'issueTestPass' and account_id = $1`, [member.accountId]);
    expect(audit.rows).toEqual([{ outcome: 'success' }]);
  });

  it('refuses a malformed wallet, a wallet no policy admits and a live project, next to the field, changing nothing', async () => {
    const member = await accountWithMember(t);
    const project = await makeProject(member.accountId, { kind: 'wallets', wallets: [newWallet().address] });
    const issue = (walletAddress: string) => member.client.gql(ISSUE_TEST_PASS, { p: project.projectId, i: { walletAddress, templateId: project.templateId } });
    const malformed = await issue('not-a-wallet');
    expect(malformed.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { walletAddress: 'Enter a wallet address: 0x and 40 hexadecimal characters.' },
    });
    const stranger = newWallet().address;
    const unlisted = await issue(stranger);
    expect(unlisted.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { walletAddress: expect.stringContaining(`${stranger} is not one of the policy's wallets`) },
    });
    const token = await member.client.gql(ISSUE_TEST_PASS, {
      p: project.projectId,
      i: { walletAddress: stranger, templateId: project.templateId, nftContractAddress: stranger, nftTokenId: '1.5' },
    });
    expect(token.errors![0]!.extensions!.fields).toEqual({ nftTokenId: 'A token id is a whole number written in decimal, such as 1.' });
    await t.database.pool.query(`update pass_project_credentials set apple_source = 'partner', google_source = 'partner' where project_id = $1`, [
      project.projectId,
    ]);
    const live = await issue(stranger);
    expect(live.errors![0]!.extensions!.code).toBe('CONFLICT');
    expect(live.errors![0]!.message).toMatch(/REST API/);
    const passCount = await t.database.pool.query(`select count(*)::int as n from passes where project_id = $1`, [project.projectId]);
    expect(passCount.rows[0].n).toBe(0);
    const audit = await t.database.pool.query(`select outcome from audit_events where operation = 'issueTestPass' and account_id = $1`, [member.accountId]);
    expect(audit.rows.every((row) => row.outcome === 'failure')).toBe(true);
  });

  it("binds an NFT test pass to the token its holder owns, checked on chain like the REST API's", async () => {
    const member = await accountWithMember(t);
    const holder = newWallet();
    const { contractAddress } = await t.app.services.chain.deployCollection({ name: 'Test Pass', symbol: 'TEST' });
    const { tokenId } = await t.app.services.chain.mint({ contractAddress, toAddress: holder.address });
    const project = await makeProject(member.accountId, { kind: 'nft', contract: contractAddress });
    const issue = (walletAddress: string) =>
      member.client.gql(ISSUE_TEST_PASS, {
        p: project.projectId,
        i: { walletAddress, templateId: project.templateId, nftContractAddress: contractAddress, nftTokenId: tokenId },
      });
    const refused = await issue(newWallet().address);
    expect(refused.errors![0]!.extensions!.fields).toEqual({ walletAddress: expect.stringContaining(`held by ${holder.address}`) });
    const { issueTestPass } = await member.client.ok(ISSUE_TEST_PASS, {
      p: project.projectId,
      i: { walletAddress: holder.address, templateId: project.templateId, nftContractAddress: contractAddress, nftTokenId: tokenId },
    });
    expect(issueTestPass.pass).toMatchObject({ holderAddress: holder.address, tokenId });
  });
});

describe('passes REST API: NFT-bound passes on the local chain', () => {
  let project: Project;
  let contract: Hex;
  let tokenId: string;
  const holder = newWallet();
  const buyer = newWallet();

  beforeAll(async () => {
    const { accountId } = await accountWithMember(t);
    const deployed = await t.app.services.chain.deployCollection({ name: 'Club Pass', symbol: 'CLUB' });
    contract = deployed.contractAddress;
    tokenId = (await t.app.services.chain.mint({ contractAddress: contract, toAddress: holder.address })).tokenId;
    project = await makeProject(accountId, { kind: 'nft', contract });
  });

  it("admits the token's owner and refuses others", async () => {
    const refused = await createPass(project, buyer, { nft: { contractAddress: contract, tokenId } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('policy_refused');
    expect(refused.body.error.message).toContain(`held by ${holder.address}`);

    const missing = await createPass(project, holder);
    expect(missing.body.error.code).toBe('policy_refused');
    const absent = await createPass(project, holder, { nft: { contractAddress: contract, tokenId: '999' } });
    expect(absent.body.error.message).toMatch(/does not exist on chain/);

    const created = await createPass(project, holder, { nft: { contractAddress: contract.toLowerCase(), tokenId } });
    expect(created.status).toBe(201);
    expect(created.body.nft).toEqual({ networkCode: 'local_evm', chainId: LOCAL_EVM_CHAIN_ID, contractAddress: contract.toLowerCase(), tokenId });
  });

  it('a transfer invalidates the pass and sends a signed pass.invalidated webhook', async () => {
    const created = await createPass(project, holder, { nft: { contractAddress: contract, tokenId }, barcode: { message: 'TRANSFER-1' } });
    expect(created.status).toBe(201);
    const scanBefore = await call('POST', '/passes-api/v1/scans', { key: project.key, body: { barcode: 'TRANSFER-1' } });
    expect(scanBefore.body).toMatchObject({ valid: true, pass: { id: created.body.id, status: 'active' } });

    const hash = await transfer(holder, contract, buyer.address, tokenId);
    await checkNftTransfers({ db: t.database.db, chain: t.app.services.chain });
    const pass = await call('GET', `/passes-api/v1/passes/${created.body.id}`, { key: project.key });
    expect(pass.body).toMatchObject({ status: 'invalidated', invalidatedReason: 'nftTransferred' });
    const events = await t.database.pool.query(`select type, detail from pass_events where pass_id = $1 order by created_at`, [created.body.id]);
    expect(events.rows.map((row) => row.type)).toEqual(['created', 'scanned', 'invalidated']);
    expect(events.rows[2].detail).toMatchObject({ reason: 'nftTransferred', transactionHash: hash, toAddress: buyer.address });

    await receiver.waitFor((all) =>
      all.some((hook) => hook.body.type === 'pass.invalidated' && (hook.body.data as { pass: { id: string } }).pass.id === created.body.id),
    );
    const hook = receiver.received.find(
      (each) => each.body.type === 'pass.invalidated' && (each.body.data as { pass: { id: string } }).pass.id === created.body.id,
    )!;
    const key = Buffer.from(project.signingSecret.replace(/^whsec_/, ''), 'base64');
    const expected = crypto
      .createHmac('sha256', key)
      .update(`${String(hook.headers['webhook-id'])}.${String(hook.headers['webhook-timestamp'])}.${hook.rawBody}`)
      .digest('base64');
    expect(hook.headers['webhook-signature']).toBe(`v1,${expected}`);
    expect((hook.body.data as { event: { detail: unknown } }).event.detail).toMatchObject({
      reason: 'nftTransferred',
      transactionHash: hash,
      toAddress: buyer.address,
    });

    const scanAfter = await call('POST', '/passes-api/v1/scans', { key: project.key, body: { barcode: 'TRANSFER-1' } });
    expect(scanAfter.body).toMatchObject({ valid: false, refusal: { code: 'nft_transferred' } });
    // The .pkpass of an invalidated pass is voided.
    const pkpass = await call('GET', `/passes-api/v1/passes/${created.body.id}/pkpass`, { key: project.key });
    expect(pkpass.status).toBe(200);
  });

  it('a scan re-checks the chain: a token that moved before the watcher ran is refused and the pass invalidated', async () => {
    const owner = newWallet();
    const minted = await t.app.services.chain.mint({ contractAddress: contract, toAddress: owner.address });
    const created = await createPass(project, owner, { nft: { contractAddress: contract, tokenId: minted.tokenId }, barcode: { message: 'SCAN-MOVED' } });
    expect(created.status).toBe(201);
    await transfer(owner, contract, buyer.address, minted.tokenId);
    const scan = await call('POST', '/passes-api/v1/scans', { key: project.key, body: { barcode: 'SCAN-MOVED' } });
    expect(scan.body).toMatchObject({ valid: false, refusal: { code: 'nft_transferred' }, pass: { status: 'invalidated' } });
  });

  it('a run that finds the cursor moved by another run carries on from there: every transfer up to its head is applied when it returns', async () => {
    const chain = t.app.services.chain;
    const owner = newWallet();
    const minted = await chain.mint({ contractAddress: contract, toAddress: owner.address });
    const created = await createPass(project, owner, { nft: { contractAddress: contract, tokenId: minted.tokenId } });
    expect(created.status).toBe(201);
    // A block after the pass's cursor, read as the head by a run that started before the transfer.
    await chain.mint({ contractAddress: contract, toAddress: buyer.address });
    const headBeforeTransfer = await chain.blockNumber();
    await transfer(owner, contract, buyer.address, minted.tokenId);

    // This run reads the cursor, then (while it fetches logs) the earlier run commits its cursor at its older head.
    let earlierRun: Promise<unknown> | null = null;
    const result = await checkNftTransfers({
      db: t.database.db,
      chain: {
        chainId: chain.chainId,
        blockNumber: () => chain.blockNumber(),
        transferLogs: async (address, from, to) => {
          if (address.toLowerCase() === contract.toLowerCase() && !earlierRun) {
            earlierRun = checkNftTransfers({
              db: t.database.db,
              chain: { chainId: chain.chainId, blockNumber: async () => headBeforeTransfer, transferLogs: (...args) => chain.transferLogs(...args) },
            });
            await earlierRun;
          }
          return chain.transferLogs(address, from, to);
        },
      },
    });
    expect(earlierRun).not.toBeNull();
    const pass = await call('GET', `/passes-api/v1/passes/${created.body.id}`, { key: project.key });
    // Applied by this run, or by the app's own watcher if it ran meanwhile: never left for a later tick.
    expect(pass.body).toMatchObject({ status: 'invalidated', invalidatedReason: 'nftTransferred' });
    const cursor = await t.database.pool.query<{ last_block: string }>(`select last_block from nft_transfer_cursors where contract_address = $1`, [
      contract.toLowerCase(),
    ]);
    expect(BigInt(cursor.rows[0]!.last_block)).toBeGreaterThan(headBeforeTransfer);
    expect(result.contracts).toBeGreaterThan(0);
  });
});

describe('passes REST API: operations, isolation and bad input', () => {
  let a: Project;
  let b: Project;
  let other: Project;
  let passId: string;
  const holder = newWallet();

  beforeAll(async () => {
    const account = await accountWithMember(t);
    a = await makeProject(account.accountId, { kind: 'wallets', wallets: [holder.address] });
    b = await makeProject(account.accountId, { kind: 'wallets', wallets: [holder.address] });
    other = await makeProject((await accountWithMember(t)).accountId, { kind: 'wallets', wallets: [holder.address] });
    const created = await createPass(a, holder, { barcode: { message: 'A-1', format: 'PDF417' } });
    expect(created.status).toBe(201);
    passId = created.body.id;
  });

  it('lists with a keyset cursor and filters', async () => {
    for (let index = 0; index < 3; index += 1) expect((await createPass(a, holder)).status).toBe(201);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await call('GET', `/passes-api/v1/passes?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { key: a.key });
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((pass: { id: string }) => pass.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(4);
    const byHolder = await call('GET', `/passes-api/v1/passes?holder=${holder.address.toLowerCase()}&status=active`, { key: a.key });
    expect(byHolder.body.data).toHaveLength(4);
    const none = await call('GET', `/passes-api/v1/passes?status=invalidated`, { key: a.key });
    expect(none.body.data).toHaveLength(0);
  });

  it('scans and invalidates, every scan recorded with a pass.scanned webhook', async () => {
    const valid = await call('POST', '/passes-api/v1/scans', { key: a.key, body: { barcode: 'A-1' } });
    expect(valid.body).toMatchObject({ valid: true, pass: { id: passId, barcode: { message: 'A-1', format: 'PDF417' } } });
    const unknown = await call('POST', '/passes-api/v1/scans', { key: a.key, body: { barcode: 'NOPE' } });
    expect(unknown.body).toMatchObject({ valid: false, refusal: { code: 'pass_unknown' }, pass: null });
    await receiver.waitFor((all) => all.some((hook) => hook.body.type === 'pass.scanned' && (hook.body.data as { pass: { id: string } }).pass.id === passId));

    const created = await createPass(a, holder, { barcode: { message: 'A-INV' } });
    const invalidated = await call('POST', `/passes-api/v1/passes/${created.body.id}/invalidate`, { key: a.key, body: {} });
    expect(invalidated.body).toMatchObject({ status: 'invalidated', invalidatedReason: 'invalidatedByPartner' });
    const again = await call('POST', `/passes-api/v1/passes/${created.body.id}/invalidate`, { key: a.key });
    expect(again.status).toBe(200);
    const events = await t.database.pool.query(`select count(*)::int as n from pass_events where pass_id = $1 and type = 'invalidated'`, [created.body.id]);
    expect(events.rows[0].n).toBe(1);
    const scan = await call('POST', '/passes-api/v1/scans', { key: a.key, body: { barcode: 'A-INV' } });
    expect(scan.body).toMatchObject({ valid: false, refusal: { code: 'pass_invalidated' } });
  });

  it('refuses a barcode another pass of the project has', async () => {
    const response = await createPass(a, holder, { barcode: { message: 'A-1' } });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ type: 'conflict_error', code: 'barcode_taken' });
    // Another project may use it.
    expect((await createPass(b, holder, { barcode: { message: 'A-1' } })).status).toBe(201);
  });

  it("a key sees only its project's passes, templates, policies and nonces (other project, other account)", async () => {
    for (const intruder of [b, other]) {
      for (const [method, path] of [
        ['GET', `/passes-api/v1/passes/${passId}`],
        ['POST', `/passes-api/v1/passes/${passId}/invalidate`],
        ['GET', `/passes-api/v1/passes/${passId}/pkpass`],
      ] as const) {
        const response = await call(method, path, { key: intruder.key, ...(method === 'POST' ? { body: {} } : {}) });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.body.error.code).toBe('pass_not_found');
      }
      const list = await call('GET', '/passes-api/v1/passes?limit=100', { key: intruder.key });
      expect(list.body.data.map((pass: { id: string }) => pass.id)).not.toContain(passId);
      const scan = await call('POST', '/passes-api/v1/scans', { key: intruder.key, body: { barcode: 'A-INV' } });
      expect(scan.body).toMatchObject({ valid: false, refusal: { code: 'pass_unknown' } });

      let response = await createPass(intruder, holder, { templateId: a.templateId });
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('template_not_found');
      response = await createPass(intruder, holder, { policyIds: [a.policyId] });
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('policy_not_found');
      // A nonce issued to project A does not work with another project's key.
      const signed = await signedMessage(holder, await nonceFor(a.key));
      response = await call('POST', '/passes-api/v1/passes', { key: intruder.key, body: { ...signed, templateId: intruder.templateId } });
      expect(response.body.error.code).toBe('nonce_unknown');
    }
    const stillActive = await call('GET', `/passes-api/v1/passes/${passId}`, { key: a.key });
    expect(stillActive.body.status).toBe('active');
  });

  it('refuses missing, malformed, unknown and revoked keys, and records lastUsedAt', async () => {
    for (const [headers, code] of [
      [{}, 'missing_key'],
      [{ authorization: 'Basic abc' }, 'missing_key'],
      [{ authorization: 'Bearer sk_test_abcdefghijklmnop' }, 'invalid_key'],
      [{ authorization: `Bearer pass_sk_${'x'.repeat(32)}` }, 'invalid_key'],
    ] as const) {
      const response = await call('GET', '/passes-api/v1/passes', { headers });
      expect(response.status).toBe(401);
      expect(response.body.error).toMatchObject({ type: 'authentication_error', code });
    }
    const used = await t.database.pool.query(`select last_used_at from pass_project_api_keys where project_id = $1`, [a.projectId]);
    expect(used.rows[0].last_used_at).not.toBeNull();
    const { accountId } = await accountWithMember(t);
    const revoked = await makeProject(accountId, { kind: 'wallets', wallets: [] });
    await t.database.pool.query(`update pass_project_api_keys set revoked_at = now() where project_id = $1`, [revoked.projectId]);
    const response = await call('POST', '/passes-api/v1/nonces', { key: revoked.key });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('key_revoked');
  });

  it('answers bad input with a 400 naming the field, never a 500', async () => {
    const cases: Array<{ method: string; path: string; body?: unknown; rawBody?: string; status: number; field?: string }> = [
      { method: 'POST', path: '/passes-api/v1/passes', rawBody: '{not json', status: 400 },
      { method: 'POST', path: '/passes-api/v1/passes', body: [], status: 400 },
      { method: 'POST', path: '/passes-api/v1/passes', body: {}, status: 400, field: 'message' },
      { method: 'POST', path: '/passes-api/v1/passes', body: { message: 'x', signature: '0x', templateId: 'nope' }, status: 400, field: 'templateId' },
      {
        method: 'POST',
        path: '/passes-api/v1/passes',
        body: { message: 'x', signature: '0x', templateId: a.templateId, nft: { contractAddress: '0x12', tokenId: '1' } },
        status: 400,
        field: 'nft.contractAddress',
      },
      {
        method: 'POST',
        path: '/passes-api/v1/passes',
        body: { message: 'x', signature: '0x', templateId: a.templateId, nft: { contractAddress: `0x${'a'.repeat(40)}`, tokenId: 1 } },
        status: 400,
        field: 'nft.tokenId',
      },
      {
        method: 'POST',
        path: '/passes-api/v1/passes',
        body: { message: 'x', signature: '0x', templateId: a.templateId, nft: { contractAddress: `0x${'a'.repeat(40)}`, tokenId: '9'.repeat(78) } },
        status: 400,
        field: 'nft.tokenId',
      },
      {
        method: 'POST',
        path: '/passes-api/v1/passes',
        body: { message: 'x', signature: '0x', templateId: a.templateId, barcode: { format: 'EAN' } },
        status: 400,
        field: 'barcode.format',
      },
      {
        method: 'POST',
        path: '/passes-api/v1/passes',
        body: {
          message: 'x',
          signature: '0x',
          templateId: a.templateId,
          layout: {
            primaryFields: [
              { key: 'a', label: 'b', value: 'c' },
              { key: 'd', label: 'e', value: 'f' },
            ],
          },
        },
        status: 400,
        field: 'layout.primaryFields',
      },
      { method: 'POST', path: '/passes-api/v1/passes', body: { message: 'x\u0000', signature: '0x', templateId: a.templateId }, status: 400, field: 'message' },
      {
        method: 'POST',
        path: '/passes-api/v1/passes',
        body: { message: 'x', signature: '0x', templateId: a.templateId, surprise: 1 },
        status: 400,
        field: 'surprise',
      },
      { method: 'GET', path: '/passes-api/v1/passes?limit=1000', status: 400, field: 'limit' },
      { method: 'GET', path: '/passes-api/v1/passes?limit=abc', status: 400, field: 'limit' },
      { method: 'GET', path: '/passes-api/v1/passes?cursor=garbage', status: 400, field: 'cursor' },
      { method: 'GET', path: '/passes-api/v1/passes?holder=bob', status: 400, field: 'holder' },
      { method: 'GET', path: '/passes-api/v1/passes?status=gone', status: 400, field: 'status' },
      { method: 'GET', path: '/passes-api/v1/passes/not-a-uuid', status: 404 },
      { method: 'POST', path: '/passes-api/v1/scans', body: { barcode: 42 }, status: 400, field: 'barcode' },
      { method: 'POST', path: '/passes-api/v1/passes/00000000-0000-0000-0000-000000000000/invalidate', body: { reason: 'x' }, status: 400, field: 'reason' },
      { method: 'GET', path: '/passes-api/v1/unknown', status: 404 },
    ];
    for (const each of cases) {
      const response = await call(each.method, each.path, { key: a.key, body: each.body, rawBody: each.rawBody });
      expect(response.status, `${each.method} ${each.path} ${JSON.stringify(each.body ?? each.rawBody)}`).toBe(each.status);
      expect(typeof response.body.error.message).toBe('string');
      if (each.field) expect(Object.keys(response.body.error.details ?? {}), JSON.stringify(response.body)).toContain(each.field);
    }
    // A message that passes validation but carries a malformed signature.
    const signed = await signedMessage(holder, await nonceFor(a.key));
    const response = await call('POST', '/passes-api/v1/passes', { key: a.key, body: { ...signed, signature: '0x1234', templateId: a.templateId } });
    expect(response.body.error.code).toBe('signature_mismatch');
    const image = await createPass(a, holder, { image: Buffer.from('GIF89a').toString('base64') });
    expect(image.status).toBe(400);
    expect(image.body.error.details.image).toMatch(/not a PNG/);
  });

  it('serves the Apple web service: register (pass.added), list serials, latest pass, unregister', async () => {
    const [pass] = (await t.database.pool.query(`select * from passes where id = $1`, [passId])).rows;
    const passFiles = t.app.services.passFiles;
    const token = passFiles.authenticationToken({ id: pass.id, authenticationTokenHash: pass.authentication_token_hash });
    const [credentials] = (await t.database.pool.query(`select apple_pass_type_identifier from pass_project_credentials where project_id = $1`, [a.projectId]))
      .rows;
    const passType = credentials.apple_pass_type_identifier as string;
    const registration = `/passes-api/apple/v1/devices/device-1/registrations/${passType}/${pass.serial_number}`;
    const auth = { authorization: `ApplePass ${token}` };

    expect((await call('POST', registration, { body: { pushToken: 'push-1' }, headers: { authorization: 'ApplePass wrong' } })).status).toBe(401);
    expect((await call('POST', registration, { body: { pushToken: 'push-1' }, headers: auth })).status).toBe(201);
    expect((await call('POST', registration, { body: { pushToken: 'push-2' }, headers: auth })).status).toBe(200);
    await receiver.waitFor((all) => all.some((hook) => hook.body.type === 'pass.added' && (hook.body.data as { pass: { id: string } }).pass.id === passId));

    const serials = await call('GET', `/passes-api/apple/v1/devices/device-1/registrations/${passType}`);
    expect(serials.body.serialNumbers).toEqual([pass.serial_number]);
    const later = await call('GET', `/passes-api/apple/v1/devices/device-1/registrations/${passType}?passesUpdatedSince=${serials.body.lastUpdated}`);
    expect(later.status).toBe(204);

    const latest = await call('GET', `/passes-api/apple/v1/passes/${passType}/${pass.serial_number}`, { headers: auth });
    expect(latest.status).toBe(200);
    expect(latest.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    expect((await call('GET', `/passes-api/apple/v1/passes/${passType}/${pass.serial_number}`)).status).toBe(401);

    expect((await call('DELETE', registration, { headers: auth })).status).toBe(200);
    const events = await t.database.pool.query(
      `select type from pass_events where pass_id = $1 and type in ('addedToAppleWallet', 'removedFromAppleWallet') order by created_at`,
      [passId],
    );
    expect(events.rows.map((row) => row.type)).toEqual(['addedToAppleWallet', 'removedFromAppleWallet']);
    expect(getAddress(pass.holder_address)).toBe(holder.address);
  });
});

describe('passes REST API: Google Wallet classes', () => {
  /** The project's Google credentials replaced by a partner's (as updatePassProjectGoogleCredentials stores them), known to the fake Google. */
  async function usePartnerGoogle(project: Project, issuerId: string, options: { googleKnowsAnotherKey?: boolean } = {}) {
    const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const email = `passes-${crypto.randomUUID().slice(0, 8)}@rampart-test.iam.gserviceaccount.com`;
    const keyFile = {
      type: 'service_account',
      client_email: email,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      private_key_id: crypto.randomBytes(20).toString('hex'),
    };
    const material = parseGoogleUpload({ bytes: Buffer.from(JSON.stringify(keyFile)), issuerId });
    await t.database.db
      .update(passProjectCredentials)
      .set(googleColumns(t.app.services.secretBox, material))
      .where(eq(passProjectCredentials.projectId, project.projectId));
    const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const anotherKey = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    google.addServiceAccount(email, options.googleKnowsAnotherKey ? anotherKey() : publicKeyPem, [issuerId]);
    return { email, publicKeyPem, classId: `${issuerId}.rampart_${project.templateId}` };
  }
  const requestsOf = (from: number) => google.requests.slice(from).map((request) => `${request.method} ${request.path}`);

  it("inserts the template's class with the partner's service account (a token from its signed assertion), updates a class Google has, and calls nothing on development credentials", async () => {
    const holder = newWallet();
    const account = await accountWithMember(t);
    const issuerId = `3388${crypto.randomInt(10 ** 9, 10 ** 10)}`;
    const project = await makeProject(account.accountId, { kind: 'wallets', wallets: [holder.address] });
    // On Rampart's development credentials nothing is sent to Google (that service account does not exist there).
    const before = google.requests.length;
    expect((await createPass(project, holder)).status).toBe(201);
    expect(requestsOf(before)).toEqual([]);

    const partner = await usePartnerGoogle(project, issuerId);
    const from = google.requests.length;
    const created = await createPass(project, holder);
    expect(created.status).toBe(201);
    expect(requestsOf(from)).toEqual(['POST /token', 'POST /walletobjects/v1/genericClass']);
    const [tokenRequest, insert] = google.requests.slice(from);
    // The assertion is the service account's: signed by its key, for Google Wallet's scope, at the token endpoint.
    const assertion = (tokenRequest!.body as { grant_type: string; assertion: string }).assertion;
    expect((tokenRequest!.body as { grant_type: string }).grant_type).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const { payload: claims } = await jwtVerify(assertion, await importSPKI(partner.publicKeyPem, 'RS256'), {
      issuer: partner.email,
      audience: google.tokenUrl,
    });
    expect(claims.scope).toBe('https://www.googleapis.com/auth/wallet_object.issuer');
    expect(insert!.headers.authorization).toMatch(/^Bearer ya29\.fake-/);
    expect(insert!.body).toEqual({ id: partner.classId, multipleDevicesAndHoldersAllowedStatus: 'ONE_USER_ALL_DEVICES' });
    expect(google.classes.get(partner.classId)).toEqual(insert!.body);
    // The save link is signed by the same account and names the same class.
    const saved = decodeJwt(created.body.googleWalletUrl.split('/').pop()) as {
      iss: string;
      payload: { genericClasses: Array<{ id: string }>; genericObjects: Array<{ classId: string }> };
    };
    expect(saved.iss).toBe(partner.email);
    expect(saved.payload.genericClasses[0]!.id).toBe(partner.classId);
    expect(saved.payload.genericObjects[0]!.classId).toBe(partner.classId);

    // A class Google already has (409 on insert) is replaced with Rampart's.
    const other = await makeProject(account.accountId, { kind: 'wallets', wallets: [holder.address] });
    const second = await usePartnerGoogle(other, issuerId);
    google.classes.set(second.classId, { id: second.classId, multipleDevicesAndHoldersAllowedStatus: 'MULTIPLE_HOLDERS' });
    const again = google.requests.length;
    expect((await createPass(other, holder)).status).toBe(201);
    expect(requestsOf(again)).toEqual(['POST /token', 'POST /walletobjects/v1/genericClass', `PUT /walletobjects/v1/genericClass/${second.classId}`]);
    expect(google.classes.get(second.classId)).toEqual({ id: second.classId, multipleDevicesAndHoldersAllowedStatus: 'ONE_USER_ALL_DEVICES' });
  });

  it('issues the pass when Google refuses the service account (an assertion its key does not verify): the save link still carries the class', async () => {
    const holder = newWallet();
    const account = await accountWithMember(t);
    const project = await makeProject(account.accountId, { kind: 'wallets', wallets: [holder.address] });
    const partner = await usePartnerGoogle(project, `3388${crypto.randomInt(10 ** 9, 10 ** 10)}`, { googleKnowsAnotherKey: true });
    const from = google.requests.length;
    const created = await createPass(project, holder);
    expect(created.status).toBe(201);
    expect(requestsOf(from)).toEqual(['POST /token']);
    expect(google.classes.has(partner.classId)).toBe(false);
    const saved = decodeJwt(created.body.googleWalletUrl.split('/').pop()) as { payload: { genericClasses: Array<{ id: string }> } };
    expect(saved.payload.genericClasses.map((entry) => entry.id)).toEqual([partner.classId]);
  });
});

describe('passes REST API: its OpenAPI document', () => {
  it('is served at /passes-api/v1/openapi.json without a key and is valid OpenAPI 3.1', async () => {
    const response = await fetch(`${t.baseUrl}/passes-api/v1/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('request-id')).toMatch(REQUEST_ID_PATTERN);
    const document = (await response.json()) as OpenApiDocument;
    await expectValidOpenApi31(document);
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['Pass', 'PassList', 'PassesError', 'ScanResult', 'Nonce']));
    expect(document.components.securitySchemes).toHaveProperty('PassKey');
    // Its own operations only: none of /v1's.
    expect(Object.keys(document.paths).every((path) => path.startsWith('/passes-api/v1/'))).toBe(true);
  });

  it('pages both ways with starting_after and ending_before across equal timestamps', async () => {
    const holder = newWallet();
    const project = await makeProject((await accountWithMember(t)).accountId, { kind: 'wallets', wallets: [holder.address] });
    for (let index = 0; index < 5; index += 1) expect((await createPass(project, holder)).status).toBe(201);
    // Two pairs share a timestamp: the id orders them.
    const ids = (await t.database.pool.query<{ id: string }>(`select id from passes where project_id = $1 order by id`, [project.projectId])).rows.map(
      (row) => row.id,
    );
    await t.database.pool.query(`update passes set created_at = '2026-11-20T10:00:00.000001Z' where id = any($1)`, [ids.slice(0, 2)]);
    await t.database.pool.query(`update passes set created_at = '2026-11-20T09:00:00Z' where id = any($1)`, [ids.slice(2, 4)]);
    const all = (await call('GET', '/passes-api/v1/passes?limit=100', { key: project.key })).body.data.map((pass: { id: string }) => pass.id) as string[];
    expect(all).toHaveLength(5);
    const forwards: string[] = [];
    const pages: any[] = [];
    let query = 'limit=2';
    for (let guard = 0; guard < 10; guard += 1) {
      const page = await call('GET', `/passes-api/v1/passes?${query}`, { key: project.key });
      expect(page.status).toBe(200);
      pages.push(page.body);
      forwards.push(...page.body.data.map((pass: { id: string }) => pass.id));
      if (!page.body.has_more) break;
      query = `limit=2&starting_after=${page.body.next_cursor}`;
    }
    expect(forwards).toEqual(all);
    expect(pages[0].previous_cursor).toBeNull();
    const backwards: string[] = [...pages.at(-1).data.map((pass: { id: string }) => pass.id)];
    let cursor: string | null = pages.at(-1).previous_cursor;
    while (cursor) {
      const page = await call('GET', `/passes-api/v1/passes?limit=2&ending_before=${cursor}`, { key: project.key });
      backwards.unshift(...page.body.data.map((pass: { id: string }) => pass.id));
      cursor = page.body.previous_cursor;
    }
    expect(backwards).toEqual(all);
    const both = await call('GET', `/passes-api/v1/passes?starting_after=${pages[0].next_cursor}&ending_before=${pages[0].next_cursor}`, { key: project.key });
    expect(both.status).toBe(400);
    expect(both.body.error).toMatchObject({ type: 'invalid_request_error', param: 'ending_before' });
  });

  it('answers every documented operation, a success and an error each, as the document says', async () => {
    const document = (await (await fetch(`${t.baseUrl}/passes-api/v1/openapi.json`)).json()) as OpenApiDocument;
    const { expectDocumented, expectEveryOperationCovered } = contractChecker(document);
    const holder = newWallet();
    const account = await accountWithMember(t);
    const project = await makeProject(account.accountId, { kind: 'wallets', wallets: [holder.address] });
    const { key } = project;

    const nonce = (await expectDocumented('createNonce', await fetchApi('POST', '/nonces', key))) as { nonce: string };
    await expectDocumented('createNonce', await fetchApi('POST', '/nonces', null));
    const signed = await signedMessage(holder, nonce.nonce);
    const created = (await expectDocumented(
      'createPass',
      await fetchApi('POST', '/passes', key, { ...signed, templateId: project.templateId, barcode: { message: 'contract-1' } }),
    )) as { id: string };
    await expectDocumented('createPass', await fetchApi('POST', '/passes', key, { ...signed, templateId: project.templateId }));
    await expectDocumented('createPass', await fetchApi('POST', '/passes', key, { templateId: 'nope' }));
    await expectDocumented(
      'createPass',
      await fetchApi('POST', '/passes', key, { ...(await signedMessage(newWallet(), await nonceFor(key))), templateId: project.templateId }),
    );
    await expectDocumented(
      'createPass',
      await fetchApi('POST', '/passes', key, { ...(await signedMessage(holder, await nonceFor(key))), templateId: crypto.randomUUID() }),
    );

    await expectDocumented('listPasses', await fetchApi('GET', '/passes?limit=1', key));
    await expectDocumented('listPasses', await fetchApi('GET', '/passes?limit=500', key));
    await expectDocumented('getPass', await fetchApi('GET', `/passes/${created.id}`, key));
    await expectDocumented('getPass', await fetchApi('GET', `/passes/${crypto.randomUUID()}`, key));
    await expectDocumented('downloadPkpass', await fetchApi('GET', `/passes/${created.id}/pkpass`, key), { contentType: 'application/vnd.apple.pkpass' });
    await expectDocumented('downloadPkpass', await fetchApi('GET', `/passes/${crypto.randomUUID()}/pkpass`, key));
    const scan = (await expectDocumented('scanPass', await fetchApi('POST', '/scans', key, { barcode: 'contract-1' }))) as { valid: boolean };
    expect(scan.valid).toBe(true);
    await expectDocumented('scanPass', await fetchApi('POST', '/scans', key, { barcode: '' }));
    await expectDocumented('invalidatePass', await fetchApi('POST', `/passes/${created.id}/invalidate`, key, {}));
    await expectDocumented('invalidatePass', await fetchApi('POST', `/passes/${created.id}/invalidate`, key, { reason: 'x' }));
    await expectDocumented('invalidatePass', await fetchApi('POST', `/passes/${crypto.randomUUID()}/invalidate`, key, {}));

    // Answers before the handler runs: a body that is not JSON, and an Idempotency-Key used for another request.
    const notJson = await fetchApi('POST', '/scans', key, undefined, {
      rawBody: '<barcode>contract-1</barcode>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(notJson.status).toBe(415);
    await expectDocumented('scanPass', notJson);
    const idempotencyKey = { 'Idempotency-Key': `contract-${crypto.randomUUID()}` };
    expect((await expectDocumented('createNonce', await fetchApi('POST', '/nonces', key, undefined, { headers: idempotencyKey }))) as object).toHaveProperty(
      'nonce',
    );
    const reused = await fetchApi('POST', '/scans', key, { barcode: 'contract-1' }, { headers: idempotencyKey });
    expect(reused.status).toBe(400);
    expect(((await expectDocumented('scanPass', reused)) as { error: object }).error).toMatchObject({
      type: 'idempotency_error',
      code: 'idempotency_key_reused',
    });
    expectEveryOperationCovered();
  });
});

function fetchApi(method: string, path: string, key: string | null, body?: unknown, options: { rawBody?: string; headers?: Record<string, string> } = {}) {
  return fetch(`${t.baseUrl}/passes-api/v1${path}`, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body: options.rawBody ?? (body !== undefined ? JSON.stringify(body) : undefined),
  });
}
