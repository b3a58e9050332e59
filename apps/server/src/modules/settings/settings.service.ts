import { z } from 'zod';
import { CURRENCY_SUSPENSION_SCOPES, staffReasonSchema } from '@rampart/shared/catalog';
import {
  accountSettingsInput,
  nftAccountInput,
  nftCollectionInput,
  nftPriceCurrencyOf,
  nftPriceProblem,
  walletAddressProblem,
} from '@rampart/shared/developer-settings';
import type { Env } from '../../config/env.ts';
import { AppError, badInput, notFound } from '../../graphql/errors.ts';
import { parseInput } from '../../graphql/validate.ts';
import { isPrivateHost } from '../../lib/outbound-address.ts';
import { LOCAL_EVM_NETWORK_CODE } from '@rampart/shared/passes';
import { catalogueRows, NETWORKS, networkOf } from '../../lib/crypto-catalogue.ts';
import type { CryptoCurrencyRow, NftAccountRow, NftCollectionRow, PayoutConfigurationRow, SettingsRepository } from './settings.repository.ts';

const EVM_CONTRACT_TYPES = ['ERC721', 'ERC1155'];

/** An NFT collection as GraphQL's NftCollection resolves from (codegen mapper); minting adds isMintable and mints. */
export interface NftCollectionView {
  id: string;
  name: string;
  imageUrl: string | null;
  contractAddress: string;
  contractType: NftCollectionRow['contractType'];
  network: { code: string; name: string; addressRegex: string };
  /** The account's: widgetUrl (the NFT checkout link) is resolved by the developers module, which owns the keys. */
  accountId: string;
  /** A token's price in the network's native asset (decimal string), and that asset's code. */
  priceAmount: string;
  priceCurrencyCode: string;
  createdAt: Date;
  symbol: string | null;
  chainId: number | null;
  deployTransactionHash: string | null;
}

const suspensionInput = z.object({
  currencyId: z.string().trim().min(1, 'Choose a currency'),
  scope: z.enum(CURRENCY_SUSPENSION_SCOPES),
  reason: staffReasonSchema,
});

/** An asset as staff see it in the back office (GraphQL CurrencySuspension). */
export function suspensionView(row: CryptoCurrencyRow, changedBy: string | null) {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    networkCode: row.networkCode,
    isSuspended: row.isSuspended,
    isSuspendedUS: row.isSuspendedUS,
    reason: row.suspensionReason,
    changedAt: row.suspensionChangedAt,
    changedBy,
  };
}

const payoutInput = z.object({
  currencyId: z.string().trim().min(1, 'Choose a currency'),
  walletAddress: z.string().trim().min(1, 'Enter the wallet address').max(256, 'At most 256 characters'),
});

export function createSettingsService(deps: { repository: SettingsRepository; config: Env }) {
  const { repository, config } = deps;

  function nftAccountView(accountId: string, row: NftAccountRow | undefined) {
    return {
      id: accountId,
      baseNftTestnetUrl: row?.baseNftTestnetUrl ?? null,
      baseNftUrl: row?.baseNftUrl ?? null,
      isLiteNftFlowAllowed: row?.isLiteNftFlowAllowed ?? false,
      isNftCommerceFlowAllowed: row?.isNftCommerceFlowAllowed ?? false,
      walletDisplayMode: row?.walletDisplayMode ?? 'EDITABLE',
    };
  }

  function collectionView(row: NftCollectionRow): NftCollectionView {
    // Rampart's built-in development chain (issue 17, minting) is no NETWORKS entry: collections deployed on it carry its code.
    const network =
      networkOf(row.networkCode) ??
      (row.networkCode === LOCAL_EVM_NETWORK_CODE
        ? { code: row.networkCode, name: 'Rampart local chain (development)', addressRegex: '^0x[0-9a-fA-F]{40}$' }
        : { code: row.networkCode, name: row.networkCode, addressRegex: '' });
    return {
      id: row.id,
      name: row.name,
      imageUrl: row.imageUrl,
      contractAddress: row.contractAddress,
      contractType: row.contractType,
      network: { code: network.code, name: network.name, addressRegex: network.addressRegex },
      accountId: row.accountId,
      priceAmount: row.priceAmount,
      priceCurrencyCode: nftPriceCurrencyOf(network.code),
      createdAt: row.createdAt,
      // Minting (modules/minting): set when Rampart deployed the contract; isMintable and mints resolve from these.
      symbol: row.symbol,
      chainId: row.chainId,
      deployTransactionHash: row.deployTransactionHash,
    };
  }

  async function payoutView(row: PayoutConfigurationRow) {
    const currency = await repository.findCurrency(row.currencyId);
    if (!currency) throw notFound('The payout currency');
    return { id: row.accountId, currencyId: row.currencyId, walletAddress: row.walletAddress, currency, updatedAt: row.updatedAt };
  }

  /** The currency and the address checked against its pattern; errors name the field. */
  async function checkPayout(input: unknown): Promise<{ currency: CryptoCurrencyRow; walletAddress: string }> {
    const values = parseInput(payoutInput, input);
    const currency = await repository.findCurrency(values.currencyId);
    if (!currency) throw badInput({ currencyId: 'This currency is not in the catalogue. Choose one from the list.' });
    if (currency.isSuspended) throw badInput({ currencyId: `${currency.name} is suspended; choose another currency.` });
    const problem = walletAddressProblem(values.walletAddress, currency);
    if (problem) throw badInput({ walletAddress: problem });
    return { currency, walletAddress: values.walletAddress };
  }

  /** Suspends (value true) or resumes an asset for everyone or for US customers; a change that changes nothing is refused. */
  async function changeSuspension(staff: { id: string; email: string }, input: unknown, value: boolean) {
    const { currencyId, scope, reason } = parseInput(suspensionInput, input);
    const currency = await repository.findCurrency(currencyId);
    if (!currency) throw notFound('The currency');
    const flag = scope === 'ALL' ? 'isSuspended' : 'isSuspendedUS';
    const row = await repository.setSuspension(currency.id, flag, value, { userId: staff.id, reason });
    if (!row) {
      const whom = scope === 'ALL' ? '' : ' for US customers';
      throw new AppError('CONFLICT', `${currency.name} is ${value ? 'already' : 'not'} suspended${whom}.`);
    }
    return suspensionView(row, staff.email);
  }

  return {
    async currencySuspensions() {
      return (await repository.listCurrencySuspensions()).map(({ currency, changedBy }) => suspensionView(currency, changedBy));
    },
    suspendCurrency: (staff: { id: string; email: string }, input: unknown) => changeSuspension(staff, input, true),
    resumeCurrency: (staff: { id: string; email: string }, input: unknown) => changeSuspension(staff, input, false),

    /** Idempotent: brings crypto_currencies up to the catalogue in code. */
    async seedCurrencies() {
      await repository.upsertCurrencies(catalogueRows());
    },
    cryptoCurrencies: () => repository.listCurrencies(),
    nftNetworks: () => NETWORKS.filter((network) => network.supportsNft).map(({ code, name, addressRegex }) => ({ code, name, addressRegex })),

    async updateAccount(accountId: string, input: unknown) {
      const values = parseInput(accountSettingsInput, input);
      const patch: { allowedIframeAncestorUrls?: string[]; customerDataWebhookUrl?: string | null } = {};
      if (values.allowedIframeAncestorUrls !== undefined) patch.allowedIframeAncestorUrls = values.allowedIframeAncestorUrls;
      if (values.customerDataWebhookUrl !== undefined) {
        // The server calls this URL, so it follows the webhook endpoints' address rule.
        if (values.customerDataWebhookUrl && !config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES && isPrivateHost(new URL(values.customerDataWebhookUrl).hostname)) {
          throw badInput({ customerDataWebhookUrl: 'This URL points to a private or local address, which Rampart cannot call.' });
        }
        patch.customerDataWebhookUrl = values.customerDataWebhookUrl;
      }
      const account = await repository.updateAccount(accountId, patch);
      if (!account) throw notFound('The account');
      return account;
    },

    async payoutConfiguration(accountId: string) {
      const row = await repository.payoutConfiguration(accountId);
      return row ? payoutView(row) : null;
    },
    async createPayoutConfiguration(accountId: string, input: unknown) {
      const { currency, walletAddress } = await checkPayout(input);
      const row = await repository.insertPayoutConfiguration({ accountId, currencyId: currency.id, walletAddress });
      if (!row) throw new AppError('CONFLICT', 'This account already has a payout configuration; update it instead.');
      return payoutView(row);
    },
    async updatePayoutConfiguration(accountId: string, input: unknown) {
      const { currency, walletAddress } = await checkPayout(input);
      const row = await repository.updatePayoutConfiguration({ accountId, currencyId: currency.id, walletAddress });
      if (!row) throw notFound('The payout configuration');
      return payoutView(row);
    },

    async nftAccount(accountId: string) {
      return nftAccountView(accountId, await repository.nftAccount(accountId));
    },
    async updateNftAccount(accountId: string, input: unknown) {
      const values = parseInput(nftAccountInput, input);
      const patch: Partial<Omit<NftAccountRow, 'accountId' | 'updatedAt'>> = {};
      if (values.walletDisplayMode) patch.walletDisplayMode = values.walletDisplayMode;
      if (typeof values.isLiteNftFlowAllowed === 'boolean') patch.isLiteNftFlowAllowed = values.isLiteNftFlowAllowed;
      if (typeof values.isNftCommerceFlowAllowed === 'boolean') patch.isNftCommerceFlowAllowed = values.isNftCommerceFlowAllowed;
      if (values.baseNftUrl !== undefined) patch.baseNftUrl = values.baseNftUrl;
      if (values.baseNftTestnetUrl !== undefined) patch.baseNftTestnetUrl = values.baseNftTestnetUrl;
      return nftAccountView(accountId, await repository.upsertNftAccount(accountId, patch));
    },

    async nftCollections(accountId: string) {
      return (await repository.nftCollections(accountId)).map(collectionView);
    },
    async createNftCollection(accountId: string, input: unknown) {
      const values = parseInput(nftCollectionInput, input);
      const network = networkOf(values.networkCode);
      if (!network?.supportsNft)
        throw badInput({
          networkCode: 'NFT collections are supported on Ethereum, Polygon, Arbitrum, OP Mainnet, Base, Avalanche C-Chain, BNB Smart Chain and Solana.',
        });
      const isSolana = network.code === 'solana';
      if (isSolana !== (values.contractType === 'METAPLEX')) {
        throw badInput({
          contractType: isSolana ? 'Collections on Solana are Metaplex collections.' : `On ${network.name} the contract is ${EVM_CONTRACT_TYPES.join(' or ')}.`,
        });
      }
      if (!new RegExp(network.addressRegex).test(values.contractAddress)) {
        throw badInput({
          contractAddress: `This is not a contract address on ${network.name}${isSolana ? ' (base58, 32 to 44 characters)' : ' (0x followed by 40 hex digits)'}.`,
        });
      }
      if (await repository.findNftCollection(accountId, network.code, values.contractAddress)) {
        throw new AppError('CONFLICT', `This contract on ${network.name} is already in your collections.`);
      }
      const { priceAmount, ...rest } = values;
      const row = await repository.insertNftCollection({ accountId, ...rest, ...(priceAmount ? { priceAmount } : {}), networkCode: network.code });
      if (!row) throw new AppError('CONFLICT', `This contract on ${network.name} is already in your collections.`);
      return collectionView(row);
    },
    async deleteNftCollection(id: string) {
      if (!(await repository.deleteNftCollection(id))) throw notFound('The collection');
      return true;
    },
    async updateNftCollectionPrice(id: string, priceAmount: string) {
      const problem = nftPriceProblem(String(priceAmount));
      if (problem) throw badInput({ priceAmount: problem });
      const row = await repository.setNftCollectionPrice(id, String(priceAmount).trim());
      if (!row) throw notFound('The collection');
      return collectionView(row);
    },
    accountOfNftCollection: (id: string) => repository.accountOfNftCollection(id),
    /** The GraphQL view of a collection row (minting returns the collections it deploys through it). */
    collectionView,
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
