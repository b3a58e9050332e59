import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createWalletClient, getAddress, http, type Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { LOCAL_EVM_CHAIN_ID } from '@rampart/shared/passes';
import { connectEvmChain, type EvmChain } from './evm-chain.ts';
import { LOCAL_CHAIN_DEV_ADDRESS, LOCAL_CHAIN_DEV_PRIVATE_KEY, startLocalChain } from './local-chain.ts';
import { rampartCollectionArtifact } from './rampart-collection.artifact.ts';

// Anvil's development accounts: #0 deploys and mints; #1 and #2 hold and move tokens.
const MNEMONIC = 'test test test test test test test test test test test junk';
const holder = mnemonicToAccount(MNEMONIC, { addressIndex: 1 });
const other = mnemonicToAccount(MNEMONIC, { addressIndex: 2 });
const abi = rampartCollectionArtifact.abi;

let chain: EvmChain;

beforeAll(async () => {
  chain = await connectEvmChain({ rpcUrl: inject('evmRpcUrl'), networkCode: 'local_evm', deployerPrivateKey: LOCAL_CHAIN_DEV_PRIVATE_KEY, isLocal: true });
});

function walletOf(account: typeof holder) {
  return createWalletClient({ account, chain: chain.publicClient.chain, transport: http(chain.rpcUrl) });
}

describe('the EVM chain adapter on a real local chain', () => {
  it('reads the chain id and the deployer', () => {
    expect(chain.chainId).toBe(LOCAL_EVM_CHAIN_ID);
    expect(chain.minterAddress).toBe(LOCAL_CHAIN_DEV_ADDRESS);
  });

  it('deploys a collection, mints from 1, reads owners and token URIs, and sees transfers in the logs', async () => {
    const start = await chain.blockNumber();
    const deployed = await chain.deployCollection({ name: 'Adapter Test', symbol: 'ADPT', baseTokenUri: 'https://meta.example/tokens/' });
    const address = deployed.contractAddress;
    expect(await chain.publicClient.readContract({ address, abi, functionName: 'name' })).toBe('Adapter Test');
    expect(await chain.publicClient.readContract({ address, abi, functionName: 'symbol' })).toBe('ADPT');
    expect(await chain.publicClient.readContract({ address, abi, functionName: 'owner' })).toBe(LOCAL_CHAIN_DEV_ADDRESS);
    for (const id of ['0x01ffc9a7', '0x80ac58cd', '0x5b5e139f'] as const) {
      expect(await chain.publicClient.readContract({ address, abi, functionName: 'supportsInterface', args: [id] })).toBe(true);
    }
    expect(await chain.publicClient.readContract({ address, abi, functionName: 'supportsInterface', args: ['0xffffffff'] })).toBe(false);

    const first = await chain.mint({ contractAddress: address, toAddress: holder.address.toLowerCase() });
    const second = await chain.mint({ contractAddress: address, toAddress: holder.address, tokenUri: 'ipfs://bafy-own-uri' });
    expect([first.tokenId, second.tokenId]).toEqual(['1', '2']);
    expect(await chain.ownerOf(address, '1')).toBe(holder.address);
    expect(await chain.ownerOf(address.toLowerCase(), 2n)).toBe(holder.address);
    expect(await chain.ownerOf(address, '3')).toBeNull();
    expect(await chain.publicClient.readContract({ address, abi, functionName: 'tokenURI', args: [1n] })).toBe('https://meta.example/tokens/1');
    expect(await chain.publicClient.readContract({ address, abi, functionName: 'tokenURI', args: [2n] })).toBe('ipfs://bafy-own-uri');
    expect(await chain.publicClient.readContract({ address, abi, functionName: 'balanceOf', args: [holder.address] })).toBe(2n);

    // The holder moves token 1 with its own key.
    const hash = await walletOf(holder).writeContract({ address, abi, functionName: 'transferFrom', args: [holder.address, other.address, 1n] });
    await chain.publicClient.waitForTransactionReceipt({ hash });
    expect(await chain.ownerOf(address, '1')).toBe(other.address);

    const logs = await chain.transferLogs(address, start, await chain.blockNumber());
    expect(logs.map((log) => [log.from, log.to, log.tokenId])).toEqual([
      ['0x0000000000000000000000000000000000000000', holder.address, '1'],
      ['0x0000000000000000000000000000000000000000', holder.address, '2'],
      [holder.address, other.address, '1'],
    ]);
    expect(logs[2]!.transactionHash).toBe(hash);
  });

  it('refuses transfers by others and mints by anyone but the deployer', async () => {
    const { contractAddress: address } = await chain.deployCollection({ name: 'Guarded', symbol: 'GRD' });
    await chain.mint({ contractAddress: address, toAddress: holder.address });
    await expect(walletOf(other).writeContract({ address, abi, functionName: 'transferFrom', args: [holder.address, other.address, 1n] })).rejects.toThrow(
      /not owner nor approved/,
    );
    await expect(walletOf(other).writeContract({ address, abi, functionName: 'mint', args: [other.address, ''] })).rejects.toThrow(/only the owner mints/);
    // Approval lets the approved address move the token.
    await chain.publicClient.waitForTransactionReceipt({
      hash: await walletOf(holder).writeContract({ address, abi, functionName: 'approve', args: [other.address, 1n] }),
    });
    await chain.publicClient.waitForTransactionReceipt({
      hash: await walletOf(other).writeContract({ address, abi, functionName: 'safeTransferFrom', args: [holder.address, other.address, 1n] }),
    });
    expect(await chain.ownerOf(address, 1n)).toBe(other.address);
  });

  it('answers null for a token of an address without a contract, and for concurrent mints keeps every id distinct', async () => {
    expect(await chain.ownerOf(getAddress('0x000000000000000000000000000000000000dead'), '1')).toBeNull();
    const { contractAddress: address } = await chain.deployCollection({ name: 'Busy', symbol: 'BSY' });
    const minted = await Promise.all(Array.from({ length: 5 }, () => chain.mint({ contractAddress: address, toAddress: holder.address })));
    expect(minted.map((m) => m.tokenId).sort()).toEqual(['1', '2', '3', '4', '5']);
  });

  it('refuses deploying and minting without a deployer key', async () => {
    const readOnly = await connectEvmChain({ rpcUrl: chain.rpcUrl, networkCode: 'local_evm', isLocal: true });
    expect(readOnly.minterAddress).toBeNull();
    await expect(readOnly.deployCollection({ name: 'X', symbol: 'X' })).rejects.toThrow(/No deployer key/);
  });
});

describe('the built-in local chain', () => {
  let blocker: net.Server;
  let port: number;
  beforeAll(async () => {
    blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    port = (blocker.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

  it('refuses to start on a taken port, saying so', async () => {
    await expect(startLocalChain({ port })).rejects.toThrow(new RegExp(`cannot listen on 127.0.0.1:${port}: the port is taken`));
  });

  it('keeps its state in a file across a restart', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-chain-'));
    const stateFile = path.join(dir, 'state.json');
    const freePort = async () => {
      const server = net.createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const free = (server.address() as net.AddressInfo).port;
      await new Promise((resolve) => server.close(resolve));
      return free;
    };
    const first = await startLocalChain({ port: await freePort(), stateFile });
    let address: Address;
    try {
      const local = await connectEvmChain({ rpcUrl: first.rpcUrl, networkCode: 'local_evm', deployerPrivateKey: LOCAL_CHAIN_DEV_PRIVATE_KEY, isLocal: true });
      address = (await local.deployCollection({ name: 'Persisted', symbol: 'PST' })).contractAddress;
      await local.mint({ contractAddress: address, toAddress: holder.address });
    } finally {
      await first.stop();
    }
    expect(fs.existsSync(stateFile)).toBe(true);
    const second = await startLocalChain({ port: await freePort(), stateFile });
    try {
      const local = await connectEvmChain({ rpcUrl: second.rpcUrl, networkCode: 'local_evm', isLocal: true });
      expect(await local.ownerOf(address, '1')).toBe(holder.address);
    } finally {
      await second.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
