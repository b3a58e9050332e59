import { getAddress } from 'viem';
import { nftPriceProblem } from '@rampart/shared/developer-settings';
import type { Env } from '../../config/env.ts';
import { AppError, badInput, notFound } from '../../graphql/errors.ts';
import { ChainUnavailableError, type EvmChain } from '../../lib/chain/evm-chain.ts';
import { rampartCollectionArtifact } from '../../lib/chain/rampart-collection.artifact.ts';
import { hasControlCharacters } from '../../lib/text.ts';
import { isUuid } from '../../lib/uuid.ts';
import { hyperMintPathProblem, signHyperMintEmbedUrl } from './hypermint.ts';
import type { MintingRepository, NftCollectionRow, NftMintRow } from './minting.repository.ts';
import type { NftCollectionView } from '../settings/settings.service.ts';

/** The collection view the settings module returns (NftCollection in GraphQL). */
export interface CollectionView {
  id: string;
  network: { code: string };
  chainId: number | null;
  deployTransactionHash: string | null;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
const NAME_MAX = 100;
const SYMBOL = /^[A-Za-z0-9]{1,11}$/;
const URI_MAX = 512;

export const MINTING_DISABLED_MESSAGE = 'Minting is not enabled for this account. Ask your account manager to turn it on.';

function httpsUrlProblem(value: string, what: string): string | null {
  if (value.length > 2048) return `The ${what} is longer than 2048 characters.`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `The ${what} is not a URL: give an https URL such as https://example.com/image.png.`;
  }
  return url.protocol === 'https:' ? null : `The ${what} must be an https URL.`;
}

function tokenUriProblem(value: string, what: string): string | null {
  if (value.length > URI_MAX) return `The ${what} is longer than ${URI_MAX} characters.`;
  if (/\s/.test(value) || hasControlCharacters(value)) return `The ${what} must not contain spaces or control characters.`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `The ${what} is not a URI: give an https:// or ipfs:// URI such as ipfs://bafy…/ or https://example.com/tokens/.`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'ipfs:') return `The ${what} must start with https:// or ipfs://.`;
  if (url.protocol === 'ipfs:' && value.length <= 'ipfs://'.length) return `The ${what} needs a content id after ipfs://.`;
  return null;
}

function toAddressProblem(value: string): string | null {
  if (!ADDRESS.test(value)) return 'This is not a wallet address: 0x followed by 40 hex digits.';
  if (value.toLowerCase() === ZERO_ADDRESS) return 'Tokens cannot be minted to the zero address.';
  return null;
}

function mintView(row: NftMintRow) {
  return {
    id: row.id,
    tokenId: row.tokenId,
    toAddress: getAddress(row.toAddress),
    tokenUri: row.tokenUri,
    transactionHash: row.transactionHash,
    createdAt: row.createdAt,
  };
}

/**
 * Minting (issue 17): staff turn onboardingInfo.isMintingEnabled on; members with minting:manage deploy a
 * RampartCollection on services.chain (it lists in nftCollections and the NFT-commerce settings) and mint tokens into
 * collections Rampart deployed. HyperMint embedding when configured (hypermint.ts).
 */
export function createMintingService(deps: {
  repository: MintingRepository;
  chain: EvmChain;
  config: Env;
  collectionView: (row: NftCollectionRow) => NftCollectionView;
}) {
  const { repository, chain, config } = deps;

  function isMintable(collection: CollectionView): boolean {
    return collection.deployTransactionHash !== null && collection.chainId === chain.chainId && collection.network.code === chain.networkCode;
  }

  async function requireMintingEnabled(accountId: string) {
    const enabled = await repository.mintingEnabled(accountId);
    if (enabled === null) throw notFound('The account');
    if (!enabled) throw new AppError('FORBIDDEN_ERROR', MINTING_DISABLED_MESSAGE);
  }

  function requireMinter() {
    if (!chain.walletClient)
      throw new AppError('FORBIDDEN_ERROR', 'Minting is unavailable: no deployer key is configured for this chain (EVM_DEPLOYER_PRIVATE_KEY).');
  }

  async function onChain<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ChainUnavailableError) throw new AppError('FORBIDDEN_ERROR', error.message);
      throw new Error(`${what} failed on the chain (${chain.networkCode}, ${chain.rpcUrl})`, { cause: error });
    }
  }

  return {
    chainInfo() {
      return {
        networkCode: chain.networkCode,
        chainId: chain.chainId,
        isLocal: chain.isLocal,
        rpcUrl: chain.isLocal ? chain.rpcUrl : null,
        minterAddress: chain.minterAddress,
      };
    },

    hyperMintEmbedUrl(accountId: string, path: string): string | null {
      const problem = hyperMintPathProblem(path);
      if (problem) throw badInput({ url: problem });
      if (!config.HYPERMINT_HOST || !config.HYPERMINT_EMBED_SECRET) return null;
      return signHyperMintEmbedUrl({ host: config.HYPERMINT_HOST, secret: config.HYPERMINT_EMBED_SECRET, path, accountId });
    },

    /** Staff: the account is checked here (a @staff field has no account grant). */
    async setMintingEnabled(accountId: string, isEnabled: boolean) {
      if (!isUuid(accountId) || !(await repository.setMintingEnabled(accountId, isEnabled))) throw notFound('The account');
      return { id: accountId };
    },

    async deployCollection(
      accountId: string,
      input: { name: string; symbol: string; imageUrl?: string | null; baseTokenUri?: string | null; priceAmount?: string | null },
    ) {
      const name = input.name.trim();
      const symbol = input.symbol.trim();
      const imageUrl = input.imageUrl?.trim() || null;
      const baseTokenUri = input.baseTokenUri?.trim() || null;
      const problems: Record<string, string> = {};
      if (name.length === 0) problems.name = 'Give the collection a name.';
      else if (name.length > NAME_MAX) problems.name = `The name is longer than ${NAME_MAX} characters.`;
      else if (hasControlCharacters(name)) problems.name = 'The name must not contain control characters.';
      if (!SYMBOL.test(symbol)) problems.symbol = 'The symbol is 1 to 11 letters or digits, such as RMPT.';
      const imageProblem = imageUrl ? httpsUrlProblem(imageUrl, 'image URL') : null;
      if (imageProblem) problems.imageUrl = imageProblem;
      const baseProblem = baseTokenUri ? tokenUriProblem(baseTokenUri, 'base token URI') : null;
      if (baseProblem) problems.baseTokenUri = baseProblem;
      const priceAmount = input.priceAmount?.trim() || null;
      const priceProblem = priceAmount ? nftPriceProblem(priceAmount) : null;
      if (priceProblem) problems.priceAmount = priceProblem;
      if (Object.keys(problems).length > 0) throw badInput(problems);
      await requireMintingEnabled(accountId);
      requireMinter();
      const deployed = await onChain('Deploying the collection', () => chain.deployCollection({ name, symbol: symbol.toUpperCase(), baseTokenUri }));
      const row = await repository.insertDeployedCollection({
        accountId,
        name,
        imageUrl,
        contractAddress: deployed.contractAddress.toLowerCase(),
        contractType: 'ERC721',
        networkCode: chain.networkCode,
        symbol: symbol.toUpperCase(),
        chainId: chain.chainId,
        deployTransactionHash: deployed.transactionHash,
        deployedAt: new Date(),
        ...(priceAmount ? { priceAmount } : {}),
      });
      if (!row) throw new AppError('CONFLICT', 'A collection with this contract is already in your collections.');
      return deps.collectionView(row);
    },

    async mint(collectionId: string, input: { toAddress: string; tokenUri: string | null }, userId: string | null) {
      const toAddress = input.toAddress.trim();
      const tokenUri = input.tokenUri?.trim() || null;
      const problems: Record<string, string> = {};
      const addressProblem = toAddressProblem(toAddress);
      if (addressProblem) problems.toAddress = addressProblem;
      const uriProblem = tokenUri ? tokenUriProblem(tokenUri, 'token URI') : null;
      if (uriProblem) problems.tokenUri = uriProblem;
      if (Object.keys(problems).length > 0) throw badInput(problems);
      const collection = await repository.collection(collectionId);
      if (!collection) throw notFound('The collection');
      await requireMintingEnabled(collection.accountId);
      if (!isMintable(deps.collectionView(collection))) {
        throw new AppError(
          'FORBIDDEN_ERROR',
          `Rampart did not deploy ${collection.name} on this chain, so it cannot mint into it. Deploy a collection with Rampart to mint.`,
        );
      }
      requireMinter();
      const minted = await onChain('Minting', () => chain.mint({ contractAddress: collection.contractAddress, toAddress, tokenUri }));
      // The token's URI as the contract answers it (the base URI plus the id when none was given).
      const effectiveUri = await chain.publicClient
        .readContract({
          address: getAddress(collection.contractAddress),
          abi: rampartCollectionArtifact.abi,
          functionName: 'tokenURI',
          args: [BigInt(minted.tokenId)],
        })
        .catch(() => tokenUri ?? '');
      const row = await repository.insertMint({
        collectionId,
        tokenId: minted.tokenId,
        toAddress: toAddress.toLowerCase(),
        tokenUri: effectiveUri || null,
        transactionHash: minted.transactionHash,
        createdByUserId: userId,
      });
      return mintView(row);
    },

    isMintable,

    async mints(collectionId: string) {
      return (await repository.mints(collectionId)).map(mintView);
    },
  };
}

export type MintingService = ReturnType<typeof createMintingService>;
