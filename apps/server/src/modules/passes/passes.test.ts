import crypto from 'node:crypto';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, type TestApp } from '../../../test/harness.ts';
import { accountWithMember, signedInMember } from '../../../test/accounts-helper.ts';
import { withIterations } from '../../../test/hostile-files.ts';
import { startWebhookReceiver } from '../../../test/webhook-receiver.ts';
import { emitWebhookEvent } from '../webhooks/outbox.ts';
import { generateDevelopmentAppleCredentials } from './pass-credentials.ts';
import { recordPassEvent } from './pass-lifecycle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' }, { worker: true });
});
afterAll(async () => {
  await t.close();
});

const PROJECT_FIELDS =
  'id name description allowedDomains isTestMode passCount activePassCount apiBaseUrl credentials { apple { source passTypeIdentifier teamIdentifier certificateSubject } google { source issuerId serviceAccountEmail } }';
const CREATE_PROJECT = `mutation($a: ID!, $i: PassProjectInput!) { createPassProject(accountId: $a, input: $i) { ${PROJECT_FIELDS} } }`;
const CREATE_POLICY = `mutation($p: ID!, $i: PassPolicyInput!) { createPassPolicy(projectId: $p, input: $i) { id kind walletAddresses networkCode chainId contractAddress tokenIds passCount } }`;
const CREATE_TEMPLATE = `mutation($p: ID!, $i: PassTemplateInput!) { createPassTemplate(projectId: $p, input: $i) { id name colors { background foreground label } fields { primaryFields { key label value } } passCount } }`;
const PASS_FIELDS =
  'id status invalidatedReason holderAddress serialNumber fields { primaryFields { key label value } } events { type reason } template { id } policies { id } scanCount addedToAppleWallet';

const template = (overrides: Record<string, unknown> = {}) => ({
  name: 'Membership',
  style: 'generic',
  organizationName: 'Acme Club',
  description: 'Acme membership',
  colors: { background: '#102030', foreground: 'rgb(255, 255, 255)', label: '#aabbcc' },
  fields: {
    headerFields: [],
    primaryFields: [{ key: 'member', label: 'Member of {{project}}', value: '{{holder}}' }],
    secondaryFields: [],
    auxiliaryFields: [],
    backFields: [],
  },
  barcodeFormat: 'QR',
  ...overrides,
});

async function projectOf(member: Awaited<ReturnType<typeof accountWithMember>>, name = `Project ${crypto.randomUUID().slice(0, 6)}`) {
  return (await member.client.ok(CREATE_PROJECT, { a: member.accountId, i: { name, allowedDomains: ['Tickets.Example.com'] } })).createPassProject;
}

/** A pass issued straight into the database (the REST API's tests cover issuing), with its created event. */
async function insertPass(
  accountId: string,
  projectId: string,
  templateId: string,
  policyIds: string[],
  holder = `0x${crypto.randomBytes(20).toString('hex')}`,
) {
  const serial = crypto.randomUUID();
  const result = await t.database.pool.query(
    `insert into passes (project_id, account_id, template_id, policy_ids, holder_address, serial_number, authentication_token_hash, barcode_message, barcode_format, signed_message, signature, external_id)
     values ($1, $2, $3, $4, $5, $6, $7, $6, 'QR', 'signed', '0x', $8) returning *`,
    [projectId, accountId, templateId, policyIds, holder, serial, crypto.createHash('sha256').update(serial).digest('hex'), `ext-${serial.slice(0, 6)}`],
  );
  const row = result.rows[0];
  const pass = {
    id: row.id,
    projectId,
    accountId,
    templateId,
    policyIds,
    holderAddress: holder,
    networkCode: null,
    chainId: null,
    contractAddress: null,
    tokenId: null,
    status: 'active',
    invalidatedReason: null,
    invalidatedAt: null,
    serialNumber: serial,
    authenticationTokenHash: '',
    barcodeMessage: serial,
    barcodeFormat: 'QR',
    imageKey: null,
    layout: null,
    externalId: row.external_id,
    signedMessage: 'signed',
    signature: '0x',
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  } as const;
  await recordPassEvent(t.database.db, pass, 'created');
  return { ...pass, serialNumber: serial };
}

describe('pass projects', () => {
  it('creates a project with development credentials, in test mode; names are unique per account', async () => {
    const member = await accountWithMember(t);
    const project = await projectOf(member, 'Members');
    expect(project).toMatchObject({
      name: 'Members',
      allowedDomains: ['tickets.example.com'],
      isTestMode: true,
      passCount: 0,
      apiBaseUrl: expect.stringMatching(/\/passes-api\/v1$/),
    });
    expect(project.credentials.apple).toMatchObject({
      source: 'development',
      passTypeIdentifier: `pass.dev.rampart.${project.id.replace(/-/g, '').slice(0, 8)}`,
      teamIdentifier: 'RAMPARTDEV',
    });
    expect(project.credentials.google).toMatchObject({
      source: 'development',
      issuerId: 'rampart-dev',
      serviceAccountEmail: `rampart-dev@${project.id}.passes.invalid`,
    });
    const again = await member.client.gql(CREATE_PROJECT, { a: member.accountId, i: { name: 'members' } });
    expect(errorCode(again)).toBe('BAD_USER_INPUT');
    expect(again.errors![0]!.extensions!.fields).toEqual({ name: expect.stringContaining('already has a project') });
    const bad = await member.client.gql(CREATE_PROJECT, { a: member.accountId, i: { name: ' ', allowedDomains: ['https://x.com/path'] } });
    expect(bad.errors![0]!.extensions!.fields).toMatchObject({ name: 'Enter a name', 'allowedDomains.0': expect.any(String) });
    // Secrets are stored encrypted, never in plain text.
    const stored = await t.database.pool.query(`select apple_signing_encrypted, google_key_encrypted from pass_project_credentials where project_id = $1`, [
      project.id,
    ]);
    expect(stored.rows[0].apple_signing_encrypted).toMatch(/^v1\./);
    expect(JSON.stringify(stored.rows[0])).not.toContain('PRIVATE KEY');
    const list = await member.client.ok(`query($a: ID!) { passProjects(accountId: $a) { id } }`, { a: member.accountId });
    expect(list.passProjects).toEqual([{ id: project.id }]);
    expect(await member.client.ok(`mutation($id: ID!) { deletePassProject(id: $id) }`, { id: project.id })).toEqual({ deletePassProject: true });
  });

  it("offers a default template in the words of the project's kind: a token only on NFT passes", async () => {
    const member = await accountWithMember(t);
    const project = await projectOf(member, 'Club');
    const query = `query($id: ID!, $k: PassPolicyKind) { passProject(id: $id) { defaultTemplate(kind: $k) { name organizationName style barcodeFormat fields { secondaryFields { key label value } backFields { value } } } } }`;
    const text = async (kind?: string) => JSON.stringify((await member.client.ok(query, { id: project.id, k: kind ?? null })).passProject.defaultTemplate);
    const wallet = await text();
    expect(wallet).not.toMatch(/tokenId|NFT|Token/);
    expect(JSON.parse(wallet)).toMatchObject({ name: 'Membership', organizationName: 'Club', style: 'generic', barcodeFormat: 'QR' });
    expect(wallet).toContain('Valid for the wallet it was issued to');
    expect(await text('nft')).toMatch(/#\{\{tokenId\}\}.*Valid while you hold the NFT/);
    // The project's own kind: NFT when every policy checks an NFT, a wallet pass as soon as one lists wallets.
    await member.client.ok(CREATE_POLICY, {
      p: project.id,
      i: { name: 'Holders', kind: 'nft', networkCode: 'ethereum', contractAddress: `0x${'5'.repeat(40)}` },
    });
    expect(await text()).toContain('{{tokenId}}');
    await member.client.ok(CREATE_POLICY, { p: project.id, i: { name: 'Guests', kind: 'wallets', walletAddresses: [`0x${'6'.repeat(40)}`] } });
    expect(await text()).not.toContain('tokenId');
    expect(await text('wallets')).toBe(wallet);
  });

  it('validates policies: addresses, networks, contracts and token ids', async () => {
    const member = await accountWithMember(t);
    const project = await projectOf(member);
    const wallets = await member.client.ok(CREATE_POLICY, {
      p: project.id,
      i: { name: 'VIPs', kind: 'wallets', walletAddresses: [`0x${'AB'.repeat(20)}`, `0x${'ab'.repeat(20)}`] },
    });
    expect(wallets.createPassPolicy.walletAddresses).toEqual([`0x${'ab'.repeat(20)}`]);
    const refused = async (input: Record<string, unknown>) =>
      (await member.client.gql(CREATE_POLICY, { p: project.id, i: { name: 'x', ...input } })).errors?.[0]?.extensions?.fields;
    expect(await refused({ kind: 'wallets', walletAddresses: ['0x123'] })).toEqual({ 'walletAddresses.0': expect.stringContaining('not a wallet address') });
    expect(await refused({ kind: 'wallets', walletAddresses: [] })).toEqual({ walletAddresses: expect.any(String) });
    expect(await refused({ kind: 'nft', networkCode: 'solana', contractAddress: `0x${'1'.repeat(40)}` })).toEqual({
      networkCode: expect.stringContaining('local_evm'),
    });
    expect(await refused({ kind: 'nft', networkCode: 'local_evm', contractAddress: 'nope' })).toEqual({ contractAddress: expect.any(String) });
    expect(await refused({ kind: 'nft', networkCode: 'local_evm', contractAddress: `0x${'1'.repeat(40)}`, tokenIds: ['-1'] })).toEqual({
      'tokenIds.0': expect.stringContaining('not a token id'),
    });
    expect(await refused({ kind: 'nft', networkCode: 'local_evm', contractAddress: `0x${'1'.repeat(40)}`, tokenIds: [(2n ** 256n).toString()] })).toEqual({
      'tokenIds.0': expect.any(String),
    });
    const nft = await member.client.ok(CREATE_POLICY, {
      p: project.id,
      i: {
        name: 'Holders',
        kind: 'nft',
        networkCode: 'local_evm',
        contractAddress: `0x${'C'.repeat(40)}`,
        tokenIds: ['007', '7', '115792089237316195423570985008687907853269984665640564039457584007913129639935'],
      },
    });
    expect(nft.createPassPolicy).toMatchObject({
      networkCode: 'local_evm',
      chainId: 31337,
      contractAddress: `0x${'c'.repeat(40)}`,
      tokenIds: ['7', '115792089237316195423570985008687907853269984665640564039457584007913129639935'],
    });
  });

  it('validates templates and renders a pass’s fields with placeholders; deleting a policy invalidates passes only it admitted', async () => {
    const member = await accountWithMember(t);
    const project = await projectOf(member, 'Club');
    const created = (await member.client.ok(CREATE_TEMPLATE, { p: project.id, i: template() })).createPassTemplate;
    expect(created.colors).toEqual({ background: 'rgb(16, 32, 48)', foreground: 'rgb(255, 255, 255)', label: 'rgb(170, 187, 204)' });
    const bad = await member.client.gql(CREATE_TEMPLATE, {
      p: project.id,
      i: template({
        colors: { background: 'red', foreground: '#fff', label: 'rgb(300,0,0)' },
        fields: { ...template().fields, headerFields: [{ key: 'member', label: 'a', value: 'b' }] },
      }),
    });
    expect(bad.errors![0]!.extensions!.fields).toMatchObject({ 'colors.background': expect.any(String) });
    const duplicate = await member.client.gql(CREATE_TEMPLATE, {
      p: project.id,
      i: template({ fields: { ...template().fields, headerFields: [{ key: 'member', label: 'a', value: 'b' }] } }),
    });
    expect(duplicate.errors![0]!.extensions!.fields).toEqual({ 'fields.primaryFields.0.key': expect.stringContaining('used twice') });
    const tooMany = await member.client.gql(CREATE_TEMPLATE, {
      p: project.id,
      i: template({
        fields: {
          ...template().fields,
          primaryFields: [
            { key: 'a', label: 'a', value: 'a' },
            { key: 'b', label: 'b', value: 'b' },
          ],
        },
      }),
    });
    expect(tooMany.errors![0]!.extensions!.fields).toEqual({ 'fields.primaryFields': 'At most 1 fields here' });

    const a = (await member.client.ok(CREATE_POLICY, { p: project.id, i: { name: 'A', kind: 'wallets', walletAddresses: [`0x${'1'.repeat(40)}`] } }))
      .createPassPolicy;
    const b = (await member.client.ok(CREATE_POLICY, { p: project.id, i: { name: 'B', kind: 'wallets', walletAddresses: [`0x${'2'.repeat(40)}`] } }))
      .createPassPolicy;
    const onlyA = await insertPass(member.accountId, project.id, created.id, [a.id]);
    const both = await insertPass(member.accountId, project.id, created.id, [a.id, b.id]);
    const detail = (await member.client.ok(`query($id: ID!) { pass(id: $id) { ${PASS_FIELDS} } }`, { id: onlyA.id })).pass;
    expect(detail.fields.primaryFields).toEqual([{ key: 'member', label: 'Member of Club', value: onlyA.holderAddress }]);
    expect(detail).toMatchObject({
      status: 'active',
      events: [{ type: 'created', reason: null }],
      template: { id: created.id },
      policies: [{ id: a.id }],
      scanCount: 0,
      addedToAppleWallet: false,
    });

    const inUse = await member.client.gql(`mutation($id: ID!) { deletePassTemplate(id: $id) }`, { id: created.id });
    expect(errorCode(inUse)).toBe('CONFLICT');
    await member.client.ok(`mutation($id: ID!) { deletePassPolicy(id: $id) }`, { id: a.id });
    const after = async (id: string) =>
      (await member.client.ok(`query($id: ID!) { pass(id: $id) { status invalidatedReason events { type reason } } }`, { id })).pass;
    expect(await after(onlyA.id)).toMatchObject({
      status: 'invalidated',
      invalidatedReason: 'policyDeleted',
      events: [{ type: 'invalidated', reason: 'policyDeleted' }, { type: 'created' }],
    });
    expect((await after(both.id)).status).toBe('active');

    const invalidated = await member.client.ok(`mutation($id: ID!) { invalidatePass(id: $id) { status invalidatedReason } }`, { id: both.id });
    expect(invalidated.invalidatePass).toEqual({ status: 'invalidated', invalidatedReason: 'invalidatedByPartner' });

    // Search and paging.
    const page = await member.client.ok(`query($p: ID!, $s: String) { passes(projectId: $p, search: $s, first: 1) { items { id } nextCursor totalCount } }`, {
      p: project.id,
      s: null,
    });
    expect(page.passes.totalCount).toBe(2);
    const next = await member.client.ok(`query($p: ID!, $c: String) { passes(projectId: $p, first: 1, after: $c) { items { id } nextCursor } }`, {
      p: project.id,
      c: page.passes.nextCursor,
    });
    expect([page.passes.items[0].id, next.passes.items[0].id].sort()).toEqual([onlyA.id, both.id].sort());
    expect(next.passes.nextCursor).toBeNull();
    const found = await member.client.ok(`query($p: ID!, $s: String) { passes(projectId: $p, search: $s) { items { id } totalCount } }`, {
      p: project.id,
      s: onlyA.holderAddress.slice(0, 10).toUpperCase(),
    });
    expect(found.passes.items).toEqual([{ id: onlyA.id }]);
    const bySerial = await member.client.ok(`query($p: ID!, $s: String) { passes(projectId: $p, search: $s, status: invalidated) { totalCount } }`, {
      p: project.id,
      s: both.serialNumber,
    });
    expect(bySerial.passes.totalCount).toBe(1);

    // Overview: counts from the events, one zero-filled point per day.
    const to = new Date();
    const from = new Date(to.getTime() - 6 * 86_400_000);
    const overview = (
      await member.client.ok(
        `query($id: ID!, $f: DateTime!, $t: DateTime!) { passProjectOverview(id: $id, from: $f, to: $t) { issued active scanned invalidated series { date issued invalidated } } }`,
        { id: project.id, f: from.toISOString(), t: to.toISOString() },
      )
    ).passProjectOverview;
    expect(overview).toMatchObject({ issued: 2, active: 0, scanned: 0, invalidated: 2 });
    expect(overview.series).toHaveLength(7);
    expect(overview.series.at(-1)).toMatchObject({ date: to.toISOString().slice(0, 10), issued: 2, invalidated: 2 });
    const tooLong = await member.client.gql(`query($id: ID!, $f: DateTime!, $t: DateTime!) { passProjectOverview(id: $id, from: $f, to: $t) { issued } }`, {
      id: project.id,
      f: '2020-01-01T00:00:00Z',
      t: to.toISOString(),
    });
    expect(errorCode(tooLong)).toBe('BAD_USER_INPUT');
  });

  it('keeps tenants apart and lets analysts read but not manage', async () => {
    const owner = await accountWithMember(t);
    const other = await accountWithMember(t);
    const project = await projectOf(owner);
    const policy = (await owner.client.ok(CREATE_POLICY, { p: project.id, i: { name: 'A', kind: 'wallets', walletAddresses: [`0x${'1'.repeat(40)}`] } }))
      .createPassPolicy;
    const tpl = (await owner.client.ok(CREATE_TEMPLATE, { p: project.id, i: template() })).createPassTemplate;
    const key = (
      await owner.client.ok(`mutation($p: ID!) { createPassProjectApiKey(projectId: $p, name: "ci") { secret apiKey { id keyPrefix } } }`, { p: project.id })
    ).createPassProjectApiKey;
    const pass = await insertPass(owner.accountId, project.id, tpl.id, [policy.id]);
    for (const [query, variables] of [
      [`query($id: ID!) { passProject(id: $id) { id } }`, { id: project.id }],
      [
        `mutation($id: ID!, $i: PassPolicyInput!) { updatePassPolicy(id: $id, input: $i) { id } }`,
        { id: policy.id, i: { name: 'x', kind: 'wallets', walletAddresses: [`0x${'3'.repeat(40)}`] } },
      ],
      [`mutation($id: ID!) { deletePassTemplate(id: $id) }`, { id: tpl.id }],
      [`query($id: ID!) { pass(id: $id) { id } }`, { id: pass.id }],
      [`mutation($id: ID!) { revokePassProjectApiKey(id: $id) { id } }`, { id: key.apiKey.id }],
    ] as const) {
      expect(errorCode(await other.client.gql(query, variables))).toBe('FORBIDDEN_ERROR');
    }

    const analyst = await accountWithMember(t, { role: 'analyst' });
    await t.database.pool.query(`insert into memberships (account_id, user_id, role, has_accepted_invite, joined_at) values ($1, $2, 'analyst', true, now())`, [
      owner.accountId,
      analyst.userId,
    ]);
    expect(
      (await analyst.client.ok(`query($id: ID!) { passProject(id: $id) { id policies { id } templates { id } apiKeys { id } } }`, { id: project.id }))
        .passProject.policies,
    ).toHaveLength(1);
    expect(errorCode(await analyst.client.gql(CREATE_TEMPLATE, { p: project.id, i: template() }))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await analyst.client.gql(`mutation($id: ID!) { invalidatePass(id: $id) { id } }`, { id: pass.id }))).toBe('FORBIDDEN_ERROR');
  });

  it('refuses a test pass to a role without passes:manage and to another tenant, issuing nothing', async () => {
    const owner = await accountWithMember(t);
    const project = await projectOf(owner);
    const wallet = `0x${'4'.repeat(40)}`;
    await owner.client.ok(CREATE_POLICY, { p: project.id, i: { name: 'Listed', kind: 'wallets', walletAddresses: [wallet] } });
    const tpl = (await owner.client.ok(CREATE_TEMPLATE, { p: project.id, i: template() })).createPassTemplate;
    const variables = { p: project.id, i: { walletAddress: wallet, templateId: tpl.id } };
    const issue = `mutation($p: ID!, $i: IssueTestPassInput!) { issueTestPass(projectId: $p, input: $i) { pass { id } } }`;
    for (const role of ['analyst', 'support_specialist'] as const) {
      const member = await signedInMember(t, owner.accountId, role);
      expect(errorCode(await member.client.gql(issue, variables))).toBe('FORBIDDEN_ERROR');
    }
    expect(errorCode(await (await accountWithMember(t)).client.gql(issue, variables))).toBe('FORBIDDEN_ERROR');
    const issued = await t.database.pool.query(`select count(*)::int as n from passes where project_id = $1`, [project.id]);
    expect(issued.rows[0].n).toBe(0);
  });

  it('creates API keys shown once and stored as a hash; revokes them', async () => {
    const member = await accountWithMember(t);
    const project = await projectOf(member);
    const { secret, apiKey } = (
      await member.client.ok(`mutation($p: ID!) { createPassProjectApiKey(projectId: $p, name: "Server") { secret apiKey { id keyPrefix revokedAt } } }`, {
        p: project.id,
      })
    ).createPassProjectApiKey;
    expect(secret).toMatch(/^pass_sk_[A-Za-z0-9_-]{32}$/);
    expect(apiKey.keyPrefix).toBe(secret.slice(0, 14));
    const stored = await t.database.pool.query(`select key_hash from pass_project_api_keys where id = $1`, [apiKey.id]);
    expect(stored.rows[0].key_hash).toBe(crypto.createHash('sha256').update(secret).digest('hex'));
    const revoked = await member.client.ok(`mutation($id: ID!) { revokePassProjectApiKey(id: $id) { revokedAt } }`, { id: apiKey.id });
    expect(revoked.revokePassProjectApiKey.revokedAt).not.toBeNull();
  });

  it('uploads template images as PNG only, behind signed links', async () => {
    const member = await accountWithMember(t);
    const project = await projectOf(member);
    const tpl = (await member.client.ok(CREATE_TEMPLATE, { p: project.id, i: template() })).createPassTemplate;
    const SET = `mutation($id: ID!, $slot: PassTemplateImageSlot!, $file: Upload) { setPassTemplateImage(id: $id, slot: $slot, file: $file) { logoImageUrl } }`;
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f50000000049454e44ae426082',
      'hex',
    );
    const refused = await member.client.upload(SET, { id: tpl.id, slot: 'logo' }, { file: { bytes: Buffer.from('GIF89a....'), name: 'x.gif' } });
    expect(refused.errors![0]!.extensions!.fields).toEqual({ file: 'The image must be a PNG file.' });
    const ok = await member.client.upload(SET, { id: tpl.id, slot: 'logo' }, { file: { bytes: png, name: 'logo.png' } });
    const url = ok.data.setPassTemplateImage.logoImageUrl as string;
    expect(url).toMatch(/^\/files\/passes\/templates\/.+\/logo\.png\?expires=\d+&sig=/);
    const image = await fetch(`${member.client.baseUrl}${url}`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);
    expect((await fetch(`${member.client.baseUrl}${url.replace(/sig=./, 'sig=A')}`)).status).toBe(403);
    const removed = await member.client.ok(SET, { id: tpl.id, slot: 'logo', file: null });
    expect(removed.setPassTemplateImage.logoImageUrl).toBeNull();
  });
});

/** The development credentials as a partner's .p12 export (3DES, as Keychain writes it), opened by `password`. */
function p12Of(material: ReturnType<typeof generateDevelopmentAppleCredentials>, password: string): Buffer {
  const asn1 = forge.pkcs12.toPkcs12Asn1(
    forge.pki.privateKeyFromPem(material.signerKeyPem),
    [forge.pki.certificateFromPem(material.signerCertPem), forge.pki.certificateFromPem(material.wwdrPem)],
    password,
    { algorithm: '3des' },
  );
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

describe('pass project credentials', () => {
  const CREDENTIALS = 'apple { source passTypeIdentifier teamIdentifier certificateSubject } google { source issuerId serviceAccountEmail }';
  const APPLE = `mutation($id: ID!, $pt: String!, $team: String!, $certificate: Upload!, $pw: String) { updatePassProjectAppleCredentials(id: $id, passTypeIdentifier: $pt, teamIdentifier: $team, certificate: $certificate, certificatePassword: $pw) { ${CREDENTIALS} } }`;
  const GOOGLE = `mutation($id: ID!, $issuer: String!, $key: Upload!) { updatePassProjectGoogleCredentials(id: $id, issuerId: $issuer, serviceAccountKey: $key) { ${CREDENTIALS} } }`;

  it('takes a .p12 with its password and a PEM, refuses a wrong password, stores only ciphertext, and leaves test mode with both wallets', async () => {
    const member = await accountWithMember(t);
    const project = await projectOf(member);
    const material = generateDevelopmentAppleCredentials(crypto.randomUUID());
    const p12 = p12Of(material, 'pa55');
    const vars = { id: project.id, pt: material.passTypeIdentifier, team: 'RAMPARTDEV' };
    const wrong = await member.client.upload(APPLE, { ...vars, pw: 'nope' }, { certificate: { bytes: p12, name: 'pass.p12' } });
    expect(wrong.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { certificatePassword: expect.stringContaining('password does not open') },
    });
    const fromP12 = await member.client.upload(APPLE, { ...vars, pw: 'pa55' }, { certificate: { bytes: p12, name: 'pass.p12' } });
    expect(fromP12.data.updatePassProjectAppleCredentials.apple).toMatchObject({ source: 'partner', passTypeIdentifier: material.passTypeIdentifier });
    const fromPem = await member.client.upload(
      APPLE,
      { ...vars, pw: null },
      { certificate: { bytes: Buffer.from(material.signerCertPem + material.signerKeyPem + material.wwdrPem), name: 'pass.pem' } },
    );
    expect(fromPem.data.updatePassProjectAppleCredentials.apple.source).toBe('partner');

    const googleKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const keyFile = Buffer.from(
      JSON.stringify({ type: 'service_account', client_email: 'wallet@acme.iam.gserviceaccount.com', private_key: googleKey, private_key_id: 'k1' }),
    );
    const google = await member.client.upload(GOOGLE, { id: project.id, issuer: '3388000000012345678' }, { key: { bytes: keyFile, name: 'key.json' } });
    expect(google.data.updatePassProjectGoogleCredentials.google).toEqual({
      source: 'partner',
      issuerId: '3388000000012345678',
      serviceAccountEmail: 'wallet@acme.iam.gserviceaccount.com',
    });

    const stored = await t.database.pool.query(`select * from pass_project_credentials where project_id = $1`, [project.id]);
    const raw = JSON.stringify(stored.rows[0]);
    expect(raw).not.toContain('PRIVATE KEY');
    expect(raw).not.toContain(googleKey.split('\n')[1]!);
    const audit = await t.database.pool.query(
      `select changes from audit_events where operation = 'updatePassProjectAppleCredentials' order by occurred_at desc limit 1`,
    );
    expect(JSON.stringify(audit.rows[0]?.changes ?? {})).not.toContain('pa55');

    const mode = await member.client.ok(`query($id: ID!) { passProject(id: $id) { isTestMode } }`, { id: project.id });
    expect(mode.passProject.isTestMode).toBe(false);
    const reset = await member.client.ok(`mutation($id: ID!) { resetPassProjectCredentials(id: $id, wallet: google) { google { source } } }`, {
      id: project.id,
    });
    expect(reset.resetPassProjectCredentials.google.source).toBe('development');
  });

  it('refuses a .p12 asking for millions of key-derivation iterations, and answers other requests meanwhile', async () => {
    const member = await accountWithMember(t);
    const project = await projectOf(member);
    const material = generateDevelopmentAppleCredentials(crypto.randomUUID());
    const p12 = p12Of(material, 'pa55');
    // The attacker's file: 3 bytes changed, the MAC's count at 8,388,607 (19 s of the server's only thread, before).
    const hostile = withIterations(p12, 8_388_607, 'mac');
    const answered: string[] = [];
    const upload = member.client
      .upload(
        APPLE,
        { id: project.id, pt: material.passTypeIdentifier, team: 'RAMPARTDEV', pw: 'pa55' },
        { certificate: { bytes: hostile, name: 'hostile.p12' } },
      )
      .then((result) => {
        answered.push('upload');
        return result;
      });
    const me = member.client.ok('{ me { id } }').then((result) => {
      answered.push('me');
      return result;
    });
    const [refused] = await Promise.all([upload, me]);
    expect(answered).toEqual(['me', 'upload']);
    expect(refused.errors![0]!.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fields: {
        certificate:
          'The certificate file “hostile.p12” asks for 8,388,607 key-derivation iterations (the MAC): at most 100,000 are accepted. Export it again with the usual settings (OpenSSL uses 2,048).',
      },
    });
    const after = await member.client.ok(`query($id: ID!) { passProject(id: $id) { credentials { apple { source } } } }`, { id: project.id });
    expect(after.passProject.credentials.apple.source).toBe('development');
  });
});

describe('pass project webhooks', () => {
  it('sends project events only to the project’s endpoints and account events only to the account’s', async () => {
    const member = await accountWithMember(t);
    const project = await projectOf(member);
    const projectReceiver = await startWebhookReceiver();
    const accountReceiver = await startWebhookReceiver();
    const endpoint = (
      await member.client.ok(`mutation($p: ID!, $u: String!) { createPassProjectWebhook(projectId: $p, url: $u, events: []) { id liveMode events } }`, {
        p: project.id,
        u: projectReceiver.url,
      })
    ).createPassProjectWebhook;
    expect(endpoint.liveMode).toBe(false);
    await member.client.ok(`mutation($a: ID!, $u: String!) { createWebhook(accountId: $a, url: $u, liveMode: false, events: []) { id } }`, {
      a: member.accountId,
      u: accountReceiver.url,
    });
    const refusedEvents = await member.client.gql(
      `mutation($p: ID!, $u: String!) { createPassProjectWebhook(projectId: $p, url: $u, events: ["transaction_created"]) { id } }`,
      { p: project.id, u: projectReceiver.url },
    );
    expect(errorCode(refusedEvents)).toBe('BAD_USER_INPUT');
    expect(
      errorCode(await member.client.gql(`mutation($id: ID!) { updateWebhook(id: $id, events: ["transaction_created"]) { id } }`, { id: endpoint.id })),
    ).toBe('BAD_USER_INPUT');
    expect(
      (await member.client.ok(`mutation($id: ID!) { updateWebhook(id: $id, events: ["pass.created"]) { events } }`, { id: endpoint.id })).updateWebhook.events,
    ).toEqual(['pass.created']);
    const listed = await member.client.ok(
      `query($a: ID!, $p: ID!) { webhooks(accountId: $a, liveMode: false) { id } passProject(id: $p) { webhooks { id } } }`,
      { a: member.accountId, p: project.id },
    );
    expect(listed.passProject.webhooks).toEqual([{ id: endpoint.id }]);
    expect(listed.webhooks.map((w: { id: string }) => w.id)).not.toContain(endpoint.id);

    const tpl = (await member.client.ok(CREATE_TEMPLATE, { p: project.id, i: template() })).createPassTemplate;
    await insertPass(member.accountId, project.id, tpl.id, []);
    await emitWebhookEvent(t.database.db, { accountId: member.accountId, liveMode: false, type: 'transaction_created', data: { id: 'tx' } });
    await projectReceiver.waitFor((all) => all.length >= 1);
    await accountReceiver.waitFor((all) => all.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(projectReceiver.received.map((r) => (r.body as { type: string }).type)).toEqual(['pass.created']);
    expect(accountReceiver.received.map((r) => (r.body as { type: string }).type)).toEqual(['transaction_created']);

    const test = await member.client.ok(`mutation($id: ID!) { triggerTestWebhook(id: $id, event: "pass.invalidated") { responseStatusCode } }`, {
      id: endpoint.id,
    });
    expect(test.triggerTestWebhook.responseStatusCode).toBe(200);
    expect(
      errorCode(
        await member.client.gql(`mutation($id: ID!) { triggerTestWebhook(id: $id, event: "transaction_created") { responseStatusCode } }`, { id: endpoint.id }),
      ),
    ).toBe('BAD_USER_INPUT');
    await projectReceiver.close();
    await accountReceiver.close();
  });
});
