import { beforeAll, describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { LOCAL_EVM_CHAIN_ID } from '@rampart/shared/passes';
import { errorCode, startTestApp, type ApiClient, useTestApp } from '../../../test/harness.ts';
import { accountWithMember, signedInUser } from '../../../test/accounts-helper.ts';
import { LOCAL_CHAIN_DEV_ADDRESS } from '../../lib/chain/local-chain.ts';
import { rampartCollectionArtifact } from '../../lib/chain/rampart-collection.artifact.ts';
import { MINTING_DISABLED_MESSAGE } from './minting.service.ts';
import { verifyHyperMintEmbedUrl } from './hypermint.ts';
import { parseEnv } from '../../config/env.ts';

const MNEMONIC = 'test test test test test test test test test test test junk';
const holder = mnemonicToAccount(MNEMONIC, { addressIndex: 3 });

const EVM_CHAIN = `{ evmChain { networkCode chainId isLocal rpcUrl minterAddress } }`;
const SET_MINTING = `mutation($a: ID!, $e: Boolean!) { setAccountMintingEnabled(accountId: $a, isEnabled: $e) { id onboardingInfo { isMintingEnabled } } }`;
const DEPLOY = `mutation($a: ID!, $i: DeployNftCollectionInput!) {
  deployNftCollection(accountId: $a, input: $i) { id name symbol chainId imageUrl contractAddress contractType isMintable deployTransactionHash network { code name } mints { id } }
}`;
const MINT = `mutation($c: ID!, $to: String!, $uri: String) { mintNft(collectionId: $c, toAddress: $to, tokenUri: $uri) { id tokenId toAddress tokenUri transactionHash createdAt } }`;
const COLLECTIONS = `query($a: ID!) { account(id: $a) { nftCollections { id name symbol isMintable chainId mints { tokenId toAddress tokenUri } } } }`;
const CREATE_EXTERNAL = `mutation($a: ID!, $i: NftCollectionInput!) { createNftCollection(accountId: $a, input: $i) { id isMintable } }`;
const HYPERMINT = `query($a: ID!, $u: String!) { getHyperMintEmbedUrl(accountId: $a, url: $u) }`;

const t = useTestApp();
let staff: ApiClient;

beforeAll(async () => {
  staff = (await signedInUser(t, { adminRole: 'SuperAdmin' })).client;
});

async function mintingAccount(name = 'Minting') {
  const member = await accountWithMember(t, { name });
  await staff.ok(SET_MINTING, { a: member.accountId, e: true });
  return member;
}

describe('the chain', () => {
  it('evmChain names the configured chain (the run’s local anvil) and the minter', async () => {
    const { client } = await signedInUser(t);
    const { evmChain } = await client.ok(EVM_CHAIN);
    expect(evmChain).toEqual({
      networkCode: 'local_evm',
      chainId: LOCAL_EVM_CHAIN_ID,
      isLocal: true,
      rpcUrl: t.config.EVM_RPC_URL,
      minterAddress: LOCAL_CHAIN_DEV_ADDRESS,
    });
  });
});

describe('turning minting on', () => {
  it('is for staff with nftCollection:edit; members and other staff are refused', async () => {
    const member = await accountWithMember(t);
    expect(errorCode(await member.client.gql(SET_MINTING, { a: member.accountId, e: true }))).toBe('FORBIDDEN_ERROR');
    const support = (await signedInUser(t, { adminRole: 'SupportAgentTier1' })).client;
    expect(errorCode(await support.gql(SET_MINTING, { a: member.accountId, e: true }))).toBe('FORBIDDEN_ERROR');
    const on = await staff.ok(SET_MINTING, { a: member.accountId, e: true });
    expect(on.setAccountMintingEnabled.onboardingInfo.isMintingEnabled).toBe(true);
    const off = await staff.ok(SET_MINTING, { a: member.accountId, e: false });
    expect(off.setAccountMintingEnabled.onboardingInfo.isMintingEnabled).toBe(false);
    expect(errorCode(await staff.gql(SET_MINTING, { a: '00000000-0000-4000-8000-000000000000', e: true }))).toBe('NOT_FOUND');
  });
});

describe('deploying and minting on the local chain', () => {
  it('refuses to deploy while minting is off for the account', async () => {
    const member = await accountWithMember(t);
    const result = await member.client.gql(DEPLOY, { a: member.accountId, i: { name: 'Nope', symbol: 'NOPE' } });
    expect(errorCode(result)).toBe('FORBIDDEN_ERROR');
    expect(result.errors?.[0]?.message).toBe(MINTING_DISABLED_MESSAGE);
  });

  it('deploys an ERC-721, lists it, mints the next ids to a wallet and the chain agrees on the owner', async () => {
    const member = await mintingAccount();
    const { deployNftCollection: collection } = await member.client.ok(DEPLOY, {
      a: member.accountId,
      i: { name: '  Rampart Pass Club ', symbol: 'rpc', imageUrl: 'https://img.example/club.png', baseTokenUri: 'ipfs://bafyclub/' },
    });
    expect(collection).toMatchObject({
      name: 'Rampart Pass Club',
      symbol: 'RPC',
      chainId: LOCAL_EVM_CHAIN_ID,
      imageUrl: 'https://img.example/club.png',
      contractType: 'ERC721',
      isMintable: true,
      network: { code: 'local_evm' },
      mints: [],
    });
    expect(collection.contractAddress).toMatch(/^0x[0-9a-f]{40}$/);
    expect(collection.deployTransactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    const chain = t.app.services.chain;
    const address = getAddress(collection.contractAddress);
    expect(await chain.publicClient.readContract({ address, abi: rampartCollectionArtifact.abi, functionName: 'name' })).toBe('Rampart Pass Club');
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: collection.deployTransactionHash });
    expect(receipt.contractAddress?.toLowerCase()).toBe(collection.contractAddress);

    const first = (await member.client.ok(MINT, { c: collection.id, to: holder.address.toLowerCase() })).mintNft;
    expect(first).toMatchObject({ tokenId: '1', toAddress: holder.address, tokenUri: 'ipfs://bafyclub/1' });
    const second = (await member.client.ok(MINT, { c: collection.id, to: holder.address, uri: 'https://meta.example/special.json' })).mintNft;
    expect(second).toMatchObject({ tokenId: '2', tokenUri: 'https://meta.example/special.json' });
    expect(await chain.ownerOf(address, first.tokenId)).toBe(holder.address);
    expect(await chain.ownerOf(address, second.tokenId)).toBe(holder.address);
    const tx = await chain.publicClient.getTransaction({ hash: second.transactionHash });
    expect(tx.from.toLowerCase()).toBe(LOCAL_CHAIN_DEV_ADDRESS.toLowerCase());

    const { account } = await member.client.ok(COLLECTIONS, { a: member.accountId });
    const listed = account.nftCollections.find((c: { id: string }) => c.id === collection.id);
    expect(listed).toMatchObject({ symbol: 'RPC', isMintable: true, chainId: LOCAL_EVM_CHAIN_ID });
    expect(listed.mints.map((m: { tokenId: string }) => m.tokenId)).toEqual(['2', '1']);

    // Audit: one row per mutation, in words.
    const audit = await t.database.pool.query<{ operation: string }>(`select operation from audit_events where account_id = $1 order by occurred_at`, [
      member.accountId,
    ]);
    expect(audit.rows.map((row) => row.operation)).toEqual(expect.arrayContaining(['deployNftCollection', 'mintNft']));
  });

  it('refuses to mint into a collection Rampart did not deploy', async () => {
    const member = await mintingAccount();
    const { createNftCollection } = await member.client.ok(CREATE_EXTERNAL, {
      a: member.accountId,
      i: { name: 'Bored Things', contractAddress: '0x' + 'ab'.repeat(20), contractType: 'ERC721', networkCode: 'ethereum' },
    });
    expect(createNftCollection.isMintable).toBe(false);
    const result = await member.client.gql(MINT, { c: createNftCollection.id, to: holder.address });
    expect(errorCode(result)).toBe('FORBIDDEN_ERROR');
    expect(result.errors?.[0]?.message).toMatch(/Rampart did not deploy Bored Things/);
  });

  it('refuses to mint once minting is turned off for the account', async () => {
    const member = await mintingAccount();
    const { deployNftCollection: collection } = await member.client.ok(DEPLOY, { a: member.accountId, i: { name: 'Soon Off', symbol: 'OFF' } });
    await staff.ok(SET_MINTING, { a: member.accountId, e: false });
    const result = await member.client.gql(MINT, { c: collection.id, to: holder.address });
    expect(errorCode(result)).toBe('FORBIDDEN_ERROR');
    expect(result.errors?.[0]?.message).toBe(MINTING_DISABLED_MESSAGE);
    expect(await t.app.services.chain.ownerOf(collection.contractAddress, '1')).toBeNull();
  });

  it('keeps tenants apart: another account cannot deploy for, mint into or see a collection', async () => {
    const owner = await mintingAccount('Owner');
    const intruder = await mintingAccount('Intruder');
    const { deployNftCollection: collection } = await owner.client.ok(DEPLOY, { a: owner.accountId, i: { name: 'Private', symbol: 'PRV' } });
    expect(errorCode(await intruder.client.gql(MINT, { c: collection.id, to: holder.address }))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await intruder.client.gql(DEPLOY, { a: owner.accountId, i: { name: 'Hijack', symbol: 'HJK' } }))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await intruder.client.gql(COLLECTIONS, { a: owner.accountId }))).toBe('FORBIDDEN_ERROR');
    const theirs = await intruder.client.ok(COLLECTIONS, { a: intruder.accountId });
    expect(theirs.account.nftCollections.map((c: { id: string }) => c.id)).not.toContain(collection.id);
    expect(await t.app.services.chain.ownerOf(collection.contractAddress, '1')).toBeNull();
    // A member without minting:manage (analyst) is refused on the owner's own account.
    const analyst = await accountWithMember(t, { role: 'analyst' });
    expect(errorCode(await analyst.client.gql(DEPLOY, { a: analyst.accountId, i: { name: 'A', symbol: 'A' } }))).toBe('FORBIDDEN_ERROR');
  });

  it('answers bad input field by field, in words, before touching the chain', async () => {
    const member = await mintingAccount();
    const before = await t.app.services.chain.blockNumber();
    const bad = async (input: Record<string, unknown>) => {
      const result = await member.client.gql(DEPLOY, { a: member.accountId, i: { name: 'Fine', symbol: 'FINE', ...input } });
      expect(errorCode(result)).toBe('BAD_USER_INPUT');
      return result.errors![0]!.extensions!.fields!;
    };
    expect(await bad({ name: '   ' })).toEqual({ name: 'Give the collection a name.' });
    expect(await bad({ name: 'x'.repeat(101) })).toEqual({ name: 'The name is longer than 100 characters.' });
    expect(await bad({ symbol: 'NOT-OK' })).toEqual({ symbol: 'The symbol is 1 to 11 letters or digits, such as RMPT.' });
    expect(await bad({ symbol: 'ABCDEFGHIJKL' })).toHaveProperty('symbol');
    expect(await bad({ imageUrl: 'http://img.example/a.png' })).toEqual({ imageUrl: 'The image URL must be an https URL.' });
    expect(await bad({ imageUrl: 'not a url' })).toHaveProperty('imageUrl');
    expect(await bad({ baseTokenUri: 'ftp://files.example/' })).toEqual({ baseTokenUri: 'The base token URI must start with https:// or ipfs://.' });
    expect(await bad({ baseTokenUri: 'ipfs://' })).toHaveProperty('baseTokenUri');
    expect(Object.keys(await bad({ name: '', symbol: '', baseTokenUri: 'x'.repeat(600) }))).toEqual(['name', 'symbol', 'baseTokenUri']);

    const { deployNftCollection: collection } = await member.client.ok(DEPLOY, { a: member.accountId, i: { name: 'Inputs', symbol: 'INP' } });
    const mintBad = async (to: string, uri?: string) => {
      const result = await member.client.gql(MINT, { c: collection.id, to, uri });
      expect(errorCode(result)).toBe('BAD_USER_INPUT');
      return result.errors![0]!.extensions!.fields!;
    };
    expect(await mintBad('0x1234')).toEqual({ toAddress: 'This is not a wallet address: 0x followed by 40 hex digits.' });
    expect(await mintBad('0x' + '0'.repeat(40))).toEqual({ toAddress: 'Tokens cannot be minted to the zero address.' });
    expect(await mintBad('vitalik.eth')).toHaveProperty('toAddress');
    expect(await mintBad(holder.address, 'javascript:alert(1)')).toEqual({ tokenUri: 'The token URI must start with https:// or ipfs://.' });
    expect(await mintBad(holder.address, 'https://has space.example/')).toHaveProperty('tokenUri');
    expect(errorCode(await member.client.gql(MINT, { c: '00000000-0000-4000-8000-000000000000', to: holder.address }))).toBe('NOT_FOUND');
    // Only the deployment of 'Inputs' reached the chain.
    expect(await t.app.services.chain.blockNumber()).toBe(before + 1n);
  });
});

describe('HyperMint embedding', () => {
  it('is null without HYPERMINT_HOST, and a path is still checked', async () => {
    const member = await accountWithMember(t);
    expect((await member.client.ok(HYPERMINT, { a: member.accountId, u: '/collections' })).getHyperMintEmbedUrl).toBeNull();
    const result = await member.client.gql(HYPERMINT, { a: member.accountId, u: 'https://evil.example/x' });
    expect(errorCode(result)).toBe('BAD_USER_INPUT');
    expect(result.errors?.[0]?.extensions?.fields).toHaveProperty('url');
  });

  it('signs the URL so the host can verify it; a changed account, path or expiry fails verification', async () => {
    const secret = 'hypermint-shared-secret-for-tests';
    const configured = await startTestApp({ HYPERMINT_HOST: 'https://embed.hypermint.example/', HYPERMINT_EMBED_SECRET: secret });
    try {
      const member = await accountWithMember(configured);
      const { getHyperMintEmbedUrl: url } = await member.client.ok(HYPERMINT, { a: member.accountId, u: '/collections/new' });
      expect(url).toMatch(/^https:\/\/embed\.hypermint\.example\/collections\/new\?accountId=[0-9a-f-]{36}&expires=\d+&signature=[0-9a-f]{64}$/);
      expect(verifyHyperMintEmbedUrl(url, secret)).toEqual({ accountId: member.accountId, path: '/collections/new' });
      expect(verifyHyperMintEmbedUrl(url, 'another-secret-of-some-length')).toBeNull();
      expect(verifyHyperMintEmbedUrl(url.replace(member.accountId, '00000000-0000-4000-8000-000000000000'), secret)).toBeNull();
      expect(verifyHyperMintEmbedUrl(url.replace('/collections/new', '/admin'), secret)).toBeNull();
      const expires = Number(new URL(url).searchParams.get('expires'));
      expect(verifyHyperMintEmbedUrl(url.replace(`expires=${expires}`, `expires=${expires + 3600}`), secret)).toBeNull();
      expect(verifyHyperMintEmbedUrl(url, secret, new Date((expires + 1) * 1000))).toBeNull();
      // Another account's member cannot get a URL for this account.
      const other = await accountWithMember(configured);
      expect(errorCode(await other.client.gql(HYPERMINT, { a: member.accountId, u: '/collections' }))).toBe('FORBIDDEN_ERROR');
    } finally {
      await configured.close();
    }
  });
});

describe('the chain and HyperMint settings', () => {
  it('default to the built-in chain on 8546 and refuse half configurations by name', () => {
    const env = parseEnv({});
    expect([env.EVM_RPC_URL, env.EVM_LOCAL_PORT, env.EVM_NETWORK_CODE, env.PASSES_NFT_WATCH_INTERVAL_SECONDS]).toEqual([undefined, 8546, 'ethereum', 3]);
    expect(() => parseEnv({ HYPERMINT_HOST: 'https://embed.hypermint.example' })).toThrow(/HYPERMINT_EMBED_SECRET: HyperMint embedding needs both/);
    expect(() => parseEnv({ EVM_DEPLOYER_PRIVATE_KEY: `0x${'1'.repeat(64)}` })).toThrow(/EVM_DEPLOYER_PRIVATE_KEY: only with EVM_RPC_URL/);
    expect(() => parseEnv({ EVM_RPC_URL: 'http://127.0.0.1:1', EVM_DEPLOYER_PRIVATE_KEY: '0x1234' })).toThrow(/EVM_DEPLOYER_PRIVATE_KEY: a private key/);
    expect(() => parseEnv({ EVM_RPC_URL: 'ws://node.example' })).toThrow(/EVM_RPC_URL/);
  });
});
