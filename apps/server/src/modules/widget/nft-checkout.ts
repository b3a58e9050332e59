import { getAddress } from 'viem';
import { nftPriceCurrencyOf } from '@rampart/shared/developer-settings';
import { LOCAL_EVM_NETWORK_CODE } from '@rampart/shared/passes';
import type { WalletDisplayMode, WidgetNft, WidgetParams } from '@rampart/shared/widget';
import type { EvmChain } from '../../lib/chain/evm-chain.ts';
import { networkOf } from '../../lib/crypto-catalogue.ts';
import type { TransactionRow } from '../transactions/transactions.repository.ts';
import { WidgetPageRefusal } from './widget-refusal.ts';
import type { NftCollectionRow, WidgetRepository } from './widget.repository.ts';

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const TOKEN_ID = /^\d{1,78}$/;

/** What a buy row of the NFT checkout keeps in `nftTransaction` (the GraphQL NftTransaction reads the first five). */
export interface NftPurchase {
  collectionName: string;
  contractAddress: string;
  tokenId: string | null;
  networkCode: string;
  imageUrl: string | null;
  collectionId: string;
  delivery: 'mint' | 'transfer';
}

/**
 * The NFT checkout (issue 38): which token a link sells and how it is delivered. The account's NFT settings choose the
 * flow: the lite flow mints the next token to the buyer; the NFT-commerce flow transfers a token the partner minted
 * beforehand (held by the deployer) and named by `tokenId`. Only collections Rampart deployed on the configured chain
 * can be delivered (services.chain: the built-in local chain in development and tests).
 */
export function createNftCheckout(deps: { repository: WidgetRepository; chain: EvmChain }) {
  const { repository, chain } = deps;

  const deliverable = (row: NftCollectionRow) => row.deployTransactionHash !== null && row.chainId === chain.chainId && row.networkCode === chain.networkCode;

  const networkName = (code: string) => networkOf(code)?.name ?? (code === LOCAL_EVM_NETWORK_CODE ? 'Rampart local chain (development)' : code);

  /** What the link sells, or why it cannot: a refusal page the partner testing their link can act on. */
  async function forLink(
    accountId: string,
    params: WidgetParams,
    isSigned: boolean,
    choiceUrl: (collection: NftCollectionRow) => string,
    ancestors: string[],
  ): Promise<{ nft: WidgetNft | null; choices: { name: string; imageUrl: string | null; url: string }[] }> {
    const refuse = (status: number, title: string, message: string) => new WidgetPageRefusal(status, title, message, ancestors);
    const settings = await repository.nftAccount(accountId);
    const lite = settings?.isLiteNftFlowAllowed ?? false;
    const commerce = settings?.isNftCommerceFlowAllowed ?? false;
    if (!lite && !commerce)
      throw refuse(
        403,
        'NFT checkout is not turned on',
        'This partner has not turned on an NFT checkout flow yet. Partners: turn on the lite flow or the NFT-commerce flow in Developers › NFT commerce.',
      );
    const walletDisplayMode: WalletDisplayMode = settings?.walletDisplayMode ?? 'EDITABLE';
    if (walletDisplayMode !== 'EDITABLE' && !params.walletAddress)
      throw refuse(
        400,
        'This link is missing the wallet',
        `This partner's checkout shows the wallet as ${walletDisplayMode === 'HIDDEN' ? 'hidden' : 'read-only'}, so its link must carry the buyer's walletAddress, signed with the partner's secret key.`,
      );
    if (params.walletAddress && !EVM_ADDRESS.test(params.walletAddress.trim()))
      throw refuse(400, 'This link’s wallet is not valid', 'The NFT is delivered to an EVM wallet: walletAddress must be 0x followed by 40 hex digits.');

    let collection: NftCollectionRow | null;
    if (params.contractAddress) {
      collection = await repository.nftCollection(accountId, (params.network ?? chain.networkCode).trim().toLowerCase(), params.contractAddress.trim());
      if (!collection)
        throw refuse(404, 'This collection is not on sale here', 'The partner has no collection with this contract and network in its NFT checkout.');
      if (!deliverable(collection))
        throw refuse(
          409,
          'This collection cannot be delivered here',
          `Rampart did not deploy ${collection.name} on ${networkName(chain.networkCode)}, so this checkout cannot mint or transfer its tokens. Partners: deploy a collection in Developers › NFT commerce.`,
        );
    } else {
      const onSale = (await repository.nftCollectionsOf(accountId)).filter(deliverable);
      if (onSale.length === 0)
        throw refuse(
          404,
          'No NFT is on sale here yet',
          'This partner has no collection the NFT checkout can deliver. Partners: deploy a collection in Developers › NFT commerce.',
        );
      // A signed link cannot gain a parameter without losing its signature: it must name its collection.
      if (onSale.length > 1 && isSigned)
        throw refuse(400, 'This link does not name its collection', 'A signed NFT checkout link names the collection with contractAddress and network.');
      if (onSale.length > 1) return { nft: null, choices: onSale.map((row) => ({ name: row.name, imageUrl: row.imageUrl, url: choiceUrl(row) })) };
      collection = onSale[0]!;
    }

    const tokenId = params.tokenId?.trim() || null;
    if (tokenId !== null) {
      if (!TOKEN_ID.test(tokenId)) throw refuse(400, 'This link’s token is not valid', 'tokenId is the token’s number, such as 7.');
      if (!commerce)
        throw refuse(
          403,
          'This partner mints each NFT on purchase',
          'Selling a token minted beforehand is the NFT-commerce flow, which this partner has not turned on: leave tokenId out.',
        );
      const owner = await chain.ownerOf(collection.contractAddress, tokenId);
      if (!owner || !chain.minterAddress || owner !== getAddress(chain.minterAddress))
        throw refuse(409, 'This NFT is not for sale', `Token #${tokenId} of ${collection.name} is ${owner ? 'already sold' : 'not minted'}.`);
    } else if (!lite) {
      throw refuse(
        400,
        'This link does not name a token',
        'This partner sells tokens minted beforehand (the NFT-commerce flow): the link names one with tokenId.',
      );
    }
    if (!chain.minterAddress) throw refuse(503, 'Delivery is unavailable', 'This deployment has no key to mint or transfer with (EVM_DEPLOYER_PRIVATE_KEY).');
    return { nft: viewOf(collection, tokenId, walletDisplayMode), choices: [] };
  }

  function viewOf(collection: NftCollectionRow, tokenId: string | null, walletDisplayMode: WalletDisplayMode): WidgetNft {
    return {
      collection: {
        name: collection.name,
        imageUrl: collection.imageUrl,
        contractAddress: getAddress(collection.contractAddress),
        symbol: collection.symbol,
        networkCode: collection.networkCode,
        networkName: networkName(collection.networkCode),
      },
      tokenId,
      delivery: tokenId === null ? 'mint' : 'transfer',
      priceAmount: collection.priceAmount,
      priceCurrencyCode: nftPriceCurrencyOf(collection.networkCode),
      walletDisplayMode,
    };
  }

  /** The token a session sells, read again at each step (the partner may have removed the collection meanwhile). */
  async function forSession(accountId: string, params: WidgetParams) {
    const settings = await repository.nftAccount(accountId);
    const collection = params.contractAddress
      ? await repository.nftCollection(accountId, (params.network ?? chain.networkCode).toLowerCase(), params.contractAddress)
      : ((await repository.nftCollectionsOf(accountId)).filter(deliverable)[0] ?? null);
    if (!collection || !deliverable(collection)) return null;
    const tokenId = params.tokenId?.trim() || null;
    return { collection, nft: viewOf(collection, tokenId, settings?.walletDisplayMode ?? 'EDITABLE') };
  }

  /**
   * What an earlier attempt of this purchase delivered, if it got as far as the chain: its saved answer, or else the
   * token that reached the buyer since the attempt started — the transfer of the token on sale, or a mint to the buyer
   * that no other delivery or dashboard mint accounts for. Null: nothing was delivered, send it.
   */
  async function earlierDelivery(row: TransactionRow, purchase: NftPurchase): Promise<{ transactionHash: string; tokenId: string } | null> {
    const started = await repository.nftDelivery(row.id);
    if (!started) return null;
    if (started.transactionHash && started.tokenId) return { transactionHash: started.transactionHash, tokenId: started.tokenId };
    const buyer = getAddress(row.walletAddress!);
    const logs = (await chain.transferLogs(purchase.contractAddress, BigInt(started.fromBlock), await chain.blockNumber())).filter((log) => log.to === buyer);
    const found =
      purchase.delivery === 'transfer'
        ? logs.find((log) => log.tokenId === purchase.tokenId)
        : await (async () => {
            const mints = logs.filter((log) => BigInt(log.from) === 0n);
            const claimed = await repository.claimedTokenIds(purchase.contractAddress, purchase.collectionId, [...new Set(mints.map((log) => log.tokenId))]);
            return mints.find((log) => !claimed.has(log.tokenId));
          })();
    return found ? { transactionHash: found.transactionHash, tokenId: found.tokenId } : null;
  }

  /**
   * Delivers a paid NFT on the chain: mints the next token to the buyer (lite flow) or transfers the token held for
   * sale (NFT-commerce flow). Returns the chain transaction's hash and the token id. The delivery is recorded before it
   * is sent, so a job that crashed after sending does not mint or transfer again on retry (earlierDelivery).
   */
  async function deliver(row: TransactionRow): Promise<{ transactionHash: string; tokenId: string }> {
    const purchase = row.nftTransaction as unknown as NftPurchase;
    const toAddress = row.walletAddress!;
    const mint = purchase.delivery === 'mint' ? { collectionId: purchase.collectionId, toAddress: toAddress.toLowerCase() } : null;
    const earlier = await earlierDelivery(row, purchase);
    if (earlier) {
      await repository.finishNftDelivery(row.id, earlier, mint);
      return earlier;
    }
    await repository.startNftDelivery({ transactionId: row.id, contractAddress: purchase.contractAddress, fromBlock: await chain.blockNumber() });
    const result =
      purchase.delivery === 'transfer'
        ? {
            transactionHash: (await chain.transferToken({ contractAddress: purchase.contractAddress, tokenId: purchase.tokenId!, toAddress })).transactionHash,
            tokenId: purchase.tokenId!,
          }
        : await chain.mint({ contractAddress: purchase.contractAddress, toAddress, tokenUri: null });
    const delivered = { transactionHash: result.transactionHash, tokenId: result.tokenId };
    await repository.finishNftDelivery(row.id, delivered, mint);
    return delivered;
  }

  return { forLink, forSession, deliver, deliverable };
}

export type NftCheckout = ReturnType<typeof createNftCheckout>;
