import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  decodeEventLog,
  defineChain,
  getAddress,
  http,
  parseAbiItem,
  type Account,
  type Address,
  type Chain,
  type Hash,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { StartupError, describeError } from '../startup-error.ts';
import { rampartCollectionArtifact } from './rampart-collection.artifact.ts';

/** One ERC-721 Transfer event (a mint has `from` the zero address). Token ids are decimal strings. */
export interface TransferLog {
  from: Address;
  to: Address;
  tokenId: string;
  blockNumber: bigint;
  transactionHash: Hash;
  logIndex: number;
}

/**
 * The EVM chain minting and NFT-bound passes use: the built-in local chain (anvil, development and tests) or the node
 * at EVM_RPC_URL. The rest of the app only sees this (services.chain); there is one code path for both.
 */
export interface EvmChain {
  /** The network code NFT collections on it carry ('local_evm' for the built-in chain). */
  networkCode: string;
  chainId: number;
  isLocal: boolean;
  rpcUrl: string;
  publicClient: PublicClient<Transport, Chain>;
  /** Signs with the deployer key; null when none is configured (minting is then unavailable). */
  walletClient: WalletClient<Transport, Chain, Account> | null;
  /** The deployer's (checksummed) address; null without a deployer key. */
  minterAddress: Address | null;
  /** The token's owner (checksummed), or null when the token does not exist (the contract reverts). */
  ownerOf(contractAddress: string, tokenId: string | bigint): Promise<Address | null>;
  /** ERC-721 Transfer events of a contract in [fromBlock, toBlock]. */
  transferLogs(contractAddress: string, fromBlock: bigint, toBlock: bigint): Promise<TransferLog[]>;
  blockNumber(): Promise<bigint>;
  /** Deploys a RampartCollection (apps/server/contracts) owned by the deployer; waits for the receipt. */
  deployCollection(input: {
    name: string;
    symbol: string;
    baseTokenUri?: string | null;
  }): Promise<{ contractAddress: Address; transactionHash: Hash; blockNumber: bigint }>;
  /** Mints the next token of a RampartCollection to `toAddress`; waits for the receipt. */
  mint(input: {
    contractAddress: string;
    toAddress: string;
    tokenUri?: string | null;
  }): Promise<{ tokenId: string; transactionHash: Hash; blockNumber: bigint }>;
  /** Transfers a token the deployer holds (minted beforehand) to `toAddress`; waits for the receipt. */
  transferToken(input: { contractAddress: string; tokenId: string; toAddress: string }): Promise<{ transactionHash: Hash; blockNumber: bigint }>;
}

/** Raised for chain operations that cannot happen in this configuration (no deployer key). */
export class ChainUnavailableError extends Error {}

const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)');
const ownerOfAbi = [parseAbiItem('function ownerOf(uint256 tokenId) view returns (address)')] as const;

function revertedOnChain(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  // A revert (the token does not exist), or a contract that answers nothing decodable (not an ERC-721, no code).
  return Boolean(error.walk((cause) => cause instanceof ContractFunctionRevertedError)) || /returned no data|reverted/i.test(error.message);
}

/**
 * Connects to a JSON-RPC node and reads its chain id (a clear startup error when it does not answer). Writes are
 * serialised: one deployer key, one nonce sequence.
 */
export async function connectEvmChain(options: {
  rpcUrl: string;
  networkCode: string;
  deployerPrivateKey?: string | null;
  isLocal: boolean;
}): Promise<EvmChain> {
  const { rpcUrl, networkCode, isLocal } = options;
  let chainId: number;
  try {
    const probe = createPublicClient({ transport: http(rpcUrl, { timeout: 10_000, retryCount: 1 }) });
    chainId = await probe.getChainId();
  } catch (error) {
    throw new StartupError(
      `The EVM chain at ${rpcUrl} did not answer eth_chainId: ${describeError(error)}. Check EVM_RPC_URL (or unset it for the built-in local chain).`,
    );
  }
  const chain = defineChain({
    id: chainId,
    name: isLocal ? 'Rampart local chain' : networkCode,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const transport = http(rpcUrl, { timeout: 30_000 });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: isLocal ? 100 : 4000 }) as PublicClient<Transport, Chain>;
  const account = options.deployerPrivateKey ? privateKeyToAccount(options.deployerPrivateKey as Hash) : null;
  const walletClient = account ? createWalletClient({ account, chain, transport }) : null;

  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => {});
    return run;
  };
  const requireWallet = () => {
    if (!walletClient)
      throw new ChainUnavailableError('No deployer key is configured (EVM_DEPLOYER_PRIVATE_KEY), so Rampart cannot deploy or mint on this chain.');
    return walletClient;
  };

  return {
    networkCode,
    chainId,
    isLocal,
    rpcUrl,
    publicClient,
    walletClient,
    minterAddress: account?.address ?? null,

    async ownerOf(contractAddress, tokenId) {
      try {
        const owner = await publicClient.readContract({
          address: getAddress(contractAddress),
          abi: ownerOfAbi,
          functionName: 'ownerOf',
          args: [BigInt(tokenId)],
        });
        return owner === '0x0000000000000000000000000000000000000000' ? null : getAddress(owner);
      } catch (error) {
        if (revertedOnChain(error)) return null;
        throw error;
      }
    },

    async transferLogs(contractAddress, fromBlock, toBlock) {
      const logs = await publicClient.getLogs({ address: getAddress(contractAddress), event: transferEvent, fromBlock, toBlock, strict: true });
      return logs
        .filter((log) => log.args.tokenId !== undefined && log.blockNumber !== null && log.transactionHash !== null)
        .map((log) => ({
          from: getAddress(log.args.from),
          to: getAddress(log.args.to),
          tokenId: log.args.tokenId.toString(),
          blockNumber: log.blockNumber,
          transactionHash: log.transactionHash,
          logIndex: log.logIndex ?? 0,
        }));
    },

    blockNumber: () => publicClient.getBlockNumber({ cacheTime: 0 }),

    async deployCollection(input) {
      const wallet = requireWallet();
      return serially(async () => {
        const hash = await wallet.deployContract({
          abi: rampartCollectionArtifact.abi,
          bytecode: rampartCollectionArtifact.bytecode,
          args: [input.name, input.symbol, input.baseTokenUri ?? ''],
        });
        const receipt = await publicClient.waitForTransactionReceipt({ hash });
        if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`The collection's deployment failed on chain (transaction ${hash}).`);
        return { contractAddress: getAddress(receipt.contractAddress), transactionHash: hash, blockNumber: receipt.blockNumber };
      });
    },

    async mint(input) {
      const wallet = requireWallet();
      const address = getAddress(input.contractAddress);
      return serially(async () => {
        const { request } = await publicClient.simulateContract({
          account: wallet.account,
          address,
          abi: rampartCollectionArtifact.abi,
          functionName: 'mint',
          args: [getAddress(input.toAddress), input.tokenUri ?? ''],
        });
        const hash = await wallet.writeContract(request);
        const receipt = await publicClient.waitForTransactionReceipt({ hash });
        if (receipt.status !== 'success') throw new Error(`The mint failed on chain (transaction ${hash}).`);
        for (const log of receipt.logs) {
          if (log.address.toLowerCase() !== address.toLowerCase()) continue;
          try {
            const decoded = decodeEventLog({ abi: [transferEvent], data: log.data, topics: log.topics });
            return { tokenId: decoded.args.tokenId.toString(), transactionHash: hash, blockNumber: receipt.blockNumber };
          } catch {
            // another event of the contract
          }
        }
        throw new Error(`The mint transaction ${hash} has no Transfer event.`);
      });
    },

    async transferToken(input) {
      const wallet = requireWallet();
      return serially(async () => {
        const { request } = await publicClient.simulateContract({
          account: wallet.account,
          address: getAddress(input.contractAddress),
          abi: rampartCollectionArtifact.abi,
          functionName: 'transferFrom',
          args: [wallet.account.address, getAddress(input.toAddress), BigInt(input.tokenId)],
        });
        const hash = await wallet.writeContract(request);
        const receipt = await publicClient.waitForTransactionReceipt({ hash });
        if (receipt.status !== 'success') throw new Error(`The transfer failed on chain (transaction ${hash}).`);
        return { transactionHash: hash, blockNumber: receipt.blockNumber };
      });
    },
  };
}
