import { z } from 'zod';
import type { HelioMerchantStatus } from '@rampart/shared/commerce';
import { walletAddressProblem } from '@rampart/shared/developer-settings';
import type { Env } from '../../config/env.ts';
import { AppError, badInput, notFound } from '../../graphql/errors.ts';
import { parseInput } from '../../graphql/validate.ts';
import { pick } from '../../lib/pick.ts';
import { hashOnboardingToken } from './builtin-provider.ts';
import type { CommerceProvider, ProviderMerchant } from './commerce-provider.ts';
import type { CommerceRepository, HelioMerchantAccountRow, HelioWalletWithCurrency } from './commerce.repository.ts';

const FINAL: HelioMerchantStatus[] = ['active', 'rejected'];

export const COMMERCE_MESSAGES = {
  linkUnknown: 'This onboarding link does not exist: go back to the dashboard to get a new one.',
  linkUsed: 'This onboarding link was already used: go back to the dashboard to get a new one.',
  linkExpired: 'This onboarding link has expired: go back to the dashboard to get a new one.',
  onboardingFinished: 'Onboarding of this merchant account is finished: go back to the dashboard.',
  merchantExists: 'This account already has a Helio merchant account.',
  noMerchant: 'Create the merchant account first.',
  refreshActive: 'The merchant account is active: onboarding is finished, there is no link to renew.',
  refreshRejected: 'The merchant account was rejected, so onboarding cannot continue. Contact support if you think this is a mistake.',
  lastWallet: 'Payouts need a wallet: add another wallet before deleting this one.',
  duplicate: 'This wallet is already added for this currency.',
} as const;

const merchantInput = z.object({
  businessName: z.string().trim().min(2, 'At least 2 characters').max(100, 'At most 100 characters'),
  contactEmail: z.string().trim().max(254, 'At most 254 characters').pipe(z.email('Enter an e-mail address such as finance@example.com')),
});

const tagField = z
  .string()
  .trim()
  .max(100, 'At most 100 characters')
  .regex(/^[\x21-\x7e]*$/, 'A tag or memo is letters, digits and punctuation, without spaces')
  .nullish()
  .transform((value) => (value ? value : null));

const walletInput = z.object({
  currencyCode: z.string().trim().toLowerCase().min(1, 'Choose a currency').max(50, 'At most 50 characters'),
  walletAddress: z.string().trim().min(1, 'Enter the wallet address').max(256, 'At most 256 characters'),
  walletAddressTag: tagField,
});
const walletUpdateInput = walletInput.omit({ currencyCode: true });

const tokenShape = /^[A-Za-z0-9_-]{20,100}$/;

export function createCommerceService(deps: { repository: CommerceRepository; provider: CommerceProvider; config: Env; now?: () => Date }) {
  const { repository, provider, config } = deps;
  const now = deps.now ?? (() => new Date());
  const dashboardUrl = `${config.PUBLIC_URL.replace(/\/$/, '')}/helio`;

  const providerMerchant = (row: HelioMerchantAccountRow): ProviderMerchant => ({ accountId: row.accountId, providerMerchantId: row.providerMerchantId });

  function merchantView(row: HelioMerchantAccountRow) {
    return {
      ...pick(row, 'accountId', 'provider', 'status', 'businessName', 'contactEmail', 'createdAt', 'onboardingCompletedAt'),
      merchantId: row.providerMerchantId,
    };
  }

  /** The link only while onboarding is unfinished and the link still works. */
  function onboardingView(row: HelioMerchantAccountRow | undefined) {
    // Payouts go through the merchant account's provider, or (before there is one) the provider this server uses.
    if (!row) return { merchantAccount: null, redirectUrl: null, redirectUrlExpiresAt: null, provider: provider.name };
    const open = !FINAL.includes(row.status) && row.onboardingUrl && row.onboardingUrlExpiresAt && row.onboardingUrlExpiresAt > now();
    return {
      merchantAccount: merchantView(row),
      redirectUrl: open ? row.onboardingUrl : null,
      redirectUrlExpiresAt: open ? row.onboardingUrlExpiresAt : null,
      provider: row.provider,
    };
  }

  /**
   * heldByHelio: Helio has this address, sent with the merchant account's sign-up (it then has a Helio id). Helio
   * documents no wallet endpoint for platforms, so wallets added or changed later are Rampart's record only.
   */
  function walletView(row: HelioWalletWithCurrency, merchant: HelioMerchantAccountRow | undefined) {
    return {
      ...pick(row, 'id', 'currency', 'walletAddress', 'walletAddressTag', 'createdAt', 'updatedAt'),
      heldByHelio: merchant?.provider === 'helio' && row.providerWalletId !== null,
    };
  }

  /** A link's page or submit: the link and its merchant account, or the reason it no longer works. */
  async function usableLink(token: string, lock: boolean) {
    if (!tokenShape.test(token)) throw new AppError('NOT_FOUND', COMMERCE_MESSAGES.linkUnknown);
    const link = await repository.link(hashOnboardingToken(token), { lock });
    const merchant = link ? await repository.merchant(link.accountId) : undefined;
    if (!link || !merchant || merchant.provider !== 'builtin') throw new AppError('NOT_FOUND', COMMERCE_MESSAGES.linkUnknown);
    if (FINAL.includes(merchant.status)) throw new AppError('CONFLICT', COMMERCE_MESSAGES.onboardingFinished);
    if (link.usedAt) throw new AppError('CONFLICT', COMMERCE_MESSAGES.linkUsed);
    if (link.expiresAt <= now()) throw new AppError('CONFLICT', COMMERCE_MESSAGES.linkExpired);
    return { link, merchant };
  }

  async function checkedWallet(
    accountId: string,
    values: { currencyCode?: string; walletAddress: string; walletAddressTag: string | null },
    currencyOf: () => Promise<HelioWalletWithCurrency['currency']>,
    exceptId?: string,
  ) {
    const currency = await currencyOf();
    const addressProblem = walletAddressProblem(values.walletAddress, currency);
    if (addressProblem) throw badInput({ walletAddress: addressProblem });
    if (values.walletAddressTag !== null && !currency.supportsAddressTag) {
      throw badInput({ walletAddressTag: `${currency.name} addresses take no tag or memo: leave the tag empty.` });
    }
    if (
      await repository.duplicate({
        accountId,
        currencyId: currency.id,
        walletAddress: values.walletAddress,
        walletAddressTag: values.walletAddressTag,
        exceptId,
      })
    ) {
      throw badInput({ walletAddress: COMMERCE_MESSAGES.duplicate });
    }
    return currency;
  }

  /** A unique violation lost to a concurrent insert reads as the same field message. */
  async function uniqueAsDuplicate<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
      if (code === '23505') throw badInput({ walletAddress: COMMERCE_MESSAGES.duplicate });
      throw error;
    }
  }

  return {
    accountOfWallet: (id: string) => repository.accountOfWallet(id),

    async onboarding(accountId: string) {
      let row = await repository.merchant(accountId);
      if (row && !FINAL.includes(row.status) && row.provider === provider.name) {
        try {
          const status = await provider.merchantStatus(providerMerchant(row));
          if (status && status !== row.status) {
            const final = FINAL.includes(status);
            row = await repository.updateMerchant(accountId, {
              status,
              ...(final ? { onboardingCompletedAt: row.onboardingCompletedAt ?? now(), onboardingUrl: null, onboardingUrlExpiresAt: null } : {}),
            });
          }
        } catch {
          // Reading keeps working while the provider is down: the stored state stands.
        }
      }
      return onboardingView(row);
    },

    async refreshedOnboarding(accountId: string) {
      const row = await repository.merchant(accountId);
      if (!row) throw new AppError('CONFLICT', COMMERCE_MESSAGES.noMerchant);
      if (row.status === 'active') throw new AppError('CONFLICT', COMMERCE_MESSAGES.refreshActive);
      if (row.status === 'rejected') throw new AppError('CONFLICT', COMMERCE_MESSAGES.refreshRejected);
      if (row.provider !== provider.name)
        throw new AppError('CONFLICT', 'The merchant account was created with another provider than the one configured now. Contact support.');
      const link = await provider.refreshOnboardingUrl(providerMerchant(row));
      return onboardingView(await repository.updateMerchant(accountId, { onboardingUrl: link.onboardingUrl, onboardingUrlExpiresAt: link.expiresAt }));
    },

    async createMerchant(accountId: string, input: unknown, userId: string | null) {
      const values = parseInput(merchantInput, input);
      await repository.lockAccount(accountId);
      if (await repository.merchant(accountId)) throw new AppError('CONFLICT', COMMERCE_MESSAGES.merchantExists);
      const accountName = await repository.accountName(accountId);
      if (accountName === undefined) throw notFound('The account');
      const wallets = await repository.wallets(accountId);
      const created = await provider.createMerchant(
        { id: accountId, name: accountName },
        values.businessName,
        values.contactEmail,
        wallets.map((wallet) => ({ currencyCode: wallet.currency.code, walletAddress: wallet.walletAddress, walletAddressTag: wallet.walletAddressTag })),
      );
      const row = await repository.insertMerchant({
        accountId,
        provider: provider.name,
        providerMerchantId: created.providerMerchantId,
        status: 'created',
        businessName: values.businessName,
        contactEmail: values.contactEmail,
        onboardingUrl: created.onboardingUrl,
        onboardingUrlExpiresAt: created.expiresAt,
        createdByUserId: userId,
      });
      if (!row) throw new AppError('CONFLICT', COMMERCE_MESSAGES.merchantExists);
      await repository.setProviderWalletIds(wallets.map((wallet, index) => ({ id: wallet.id, providerWalletId: created.walletIds[index] ?? null })));
      return onboardingView(row);
    },

    async sandboxOnboarding(token: string) {
      const { link, merchant } = await usableLink(token, false);
      return {
        accountName: (await repository.accountName(merchant.accountId)) ?? '',
        businessName: merchant.businessName,
        contactEmail: merchant.contactEmail,
        expiresAt: link.expiresAt,
      };
    },

    async completeSandboxOnboarding(token: string, outcome: 'approve' | 'review' | 'reject') {
      const { link, merchant } = await usableLink(token, true);
      const status: HelioMerchantStatus = outcome === 'approve' ? 'active' : outcome === 'review' ? 'pendingReview' : 'rejected';
      await repository.markLinkUsed(link.tokenHash);
      await repository.updateMerchant(merchant.accountId, { status, onboardingCompletedAt: now(), onboardingUrl: null, onboardingUrlExpiresAt: null });
      return dashboardUrl;
    },

    async wallets(accountId: string) {
      const merchant = await repository.merchant(accountId);
      return (await repository.wallets(accountId)).map((row) => walletView(row, merchant));
    },

    async addWallet(accountId: string, input: unknown, userId: string | null) {
      const values = parseInput(walletInput, input);
      await repository.lockAccount(accountId);
      const currency = await checkedWallet(accountId, values, async () => {
        const found = await repository.currencyByCode(values.currencyCode);
        if (!found) throw badInput({ currencyCode: 'This currency is not in the catalogue. Choose one from the list.' });
        if (found.isSuspended) throw badInput({ currencyCode: `${found.name} is suspended; choose another currency.` });
        return found;
      });
      if ((await repository.walletCount(accountId)) >= config.HELIO_WALLETS_PER_ACCOUNT) {
        throw new AppError('CONFLICT', `An account can have at most ${config.HELIO_WALLETS_PER_ACCOUNT} payout wallets: delete one before adding another.`);
      }
      const merchant = await repository.merchant(accountId);
      const wallet = { currencyCode: currency.code, walletAddress: values.walletAddress, walletAddressTag: values.walletAddressTag };
      const providerWalletId = merchant && merchant.provider === provider.name ? await provider.addWallet(providerMerchant(merchant), wallet) : null;
      const row = await uniqueAsDuplicate(() =>
        repository.insertWallet({
          accountId,
          currencyId: currency.id,
          walletAddress: values.walletAddress,
          walletAddressTag: values.walletAddressTag,
          providerWalletId,
          createdByUserId: userId,
        }),
      );
      return walletView({ ...row, currency }, merchant);
    },

    async updateWallet(id: string, input: unknown) {
      const values = parseInput(walletUpdateInput, input);
      const existing = await repository.wallet(id);
      if (!existing) throw notFound('The payout wallet');
      await repository.lockAccount(existing.accountId);
      await checkedWallet(existing.accountId, values, async () => existing.currency, id);
      const merchant = await repository.merchant(existing.accountId);
      if (merchant && merchant.provider === provider.name) {
        await provider.updateWallet(providerMerchant(merchant), existing.providerWalletId, { currencyCode: existing.currency.code, ...values });
      }
      // A changed address is no longer the one Helio received at sign-up (and nothing can tell Helio).
      const changed = values.walletAddress !== existing.walletAddress || values.walletAddressTag !== existing.walletAddressTag;
      const patch = merchant?.provider === 'helio' && changed ? { ...values, providerWalletId: null } : values;
      const row = await uniqueAsDuplicate(() => repository.updateWallet(id, patch));
      return walletView({ ...row, currency: existing.currency }, merchant);
    },

    async deleteWallet(id: string) {
      const existing = await repository.wallet(id);
      if (!existing) throw notFound('The payout wallet');
      await repository.lockAccount(existing.accountId);
      const merchant = await repository.merchant(existing.accountId);
      if (merchant?.status === 'active' && (await repository.walletCount(existing.accountId)) <= 1)
        throw new AppError('CONFLICT', COMMERCE_MESSAGES.lastWallet);
      if (merchant && merchant.provider === provider.name) await provider.deleteWallet(providerMerchant(merchant), existing.providerWalletId);
      await repository.deleteWallet(id);
      return id;
    },
  };
}

export type CommerceService = ReturnType<typeof createCommerceService>;
