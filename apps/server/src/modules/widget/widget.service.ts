import crypto from 'node:crypto';
import { z } from 'zod';
import { accountAllowsTraffic, accountStatusErrorCode } from '@rampart/shared/account-status';
import { amountFormatProblem } from '@rampart/shared/money';
import { themeConfigSchema } from '@rampart/shared/themes';
import { explorerLinks, FIAT_CURRENCIES, FAILURE_REASONS } from '@rampart/shared/transactions';
import {
  SIGNATURE_REQUIRED_PARAMS,
  TEST_CARDS,
  isOnDomains,
  UNLOCKED_PARAMS,
  WIDGET_PARAMS,
  WIDGET_PAYMENT_METHODS,
  type WidgetBootstrap,
  type WidgetFlow,
  type WidgetParamName,
  type WidgetParams,
  type WidgetQuote,
  type WidgetTransaction,
} from '@rampart/shared/widget';
import type { Env } from '../../config/env.ts';
import { AppError, badInput, forbidden, notFound } from '../../graphql/errors.ts';
import { parseInput } from '../../graphql/validate.ts';
import { isUuid } from '../../lib/uuid.ts';
import { sha256 } from '../../lib/sha256.ts';
import type { DevelopersService } from '../developers/developers.service.ts';
import type { GoLiveService } from '../go-live/go-live.service.ts';
import type { TransactionRow } from '../transactions/transactions.repository.ts';
import type { TransactionsService } from '../transactions/transactions.service.ts';
import type { QuoteContextRows } from '../ramp/ramp.repository.ts';
import type { NftCheckout, NftPurchase } from './nft-checkout.ts';
import type { RampPort } from './ramp-port.ts';
import type { TestProcessing } from './test-processing.ts';
import type { WidgetRepository, WidgetSessionRow } from './widget.repository.ts';
import { WidgetPageRefusal } from './widget-refusal.ts';

export const SESSION_TTL_MS = 2 * 3_600_000;
export const QUOTE_TTL_MS = 60_000;

/** What a customer is told when staff closed the partner's account (or made it dormant): not the partner's reason. */
const WIDGET_ACCOUNT_STOPPED = 'This partner’s account is not active, so purchases cannot be started here. Contact the site that sent you here.';

/** Cosmetic parameters that are dropped (and logged) when invalid; the widget then uses its defaults. */
export interface IgnoredParam {
  name: string;
  reason: string;
}

/** The query string before a trailing `&signature=…`, as `signWidgetUrl` signed it, and the signature. */
export function splitSignature(rawQuery: string): { signed: string; signature: string | null; misplaced: boolean } {
  const query = rawQuery.startsWith('?') ? rawQuery.slice(1) : rawQuery;
  const parts = query.split('&');
  const index = parts.findIndex((part) => part.startsWith('signature='));
  if (index === -1) return { signed: `?${query}`, signature: null, misplaced: false };
  if (index !== parts.length - 1 || index === 0) return { signed: '', signature: null, misplaced: true };
  const encoded = parts[index]!.slice('signature='.length);
  let signature: string;
  try {
    signature = decodeURIComponent(encoded);
  } catch {
    // A broken escape (`%2B` edited to `%AB`) is a changed signature, not a misplaced one: it matches no key.
    signature = encoded;
  }
  return { signed: `?${parts.slice(0, index).join('&')}`, signature, misplaced: false };
}

/** Whether `signature` is the HMAC of `signed` under one of the keys (compared in constant time). */
export function signatureMatches(signed: string, signature: string, secretKeys: string[]): boolean {
  const given = Buffer.from(signature, 'base64');
  let ok = false;
  for (const key of secretKeys) {
    const expected = crypto.createHmac('sha256', key).update(signed).digest();
    if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) ok = true;
  }
  return ok;
}

/** Origins usable in `frame-ancestors`: scheme, host and port only, so nothing else can enter the header. */
export function frameAncestorSources(urls: string[]): string[] {
  const sources = new Set<string>();
  for (const value of urls) {
    try {
      const url = new URL(value);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && /^[a-z0-9.-]+$/i.test(url.hostname)) sources.add(url.origin);
    } catch {
      // Not a URL: it cannot be a frame ancestor.
    }
  }
  return [...sources];
}

const text = (max: number) => z.string().trim().min(1).max(max);
// The format and size of any amount here; the currency's decimals are checked with the quote (@rampart/shared/amounts).
const decimalAmount = z
  .string()
  .trim()
  .superRefine((value, context) => {
    const problem = amountFormatProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
const country = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Enter a two-letter country code such as US.')
  .transform((value) => value.toUpperCase());

const quoteBody = z.object({
  cryptoCurrencyCode: text(40),
  quoteCryptoCurrencyCode: text(40).nullish(),
  fiatCurrencyCode: text(10).transform((value) => value.toLowerCase()),
  amount: decimalAmount,
  paymentMethod: text(40),
  country,
});
const transactionBody = quoteBody.extend({
  email: z.email('Enter a valid e-mail address.').max(254),
  walletAddress: z.string().trim().max(256).nullish(),
  walletAddressTag: z.string().trim().max(100).nullish(),
  refundWalletAddress: z.string().trim().max(256).nullish(),
});
const paymentBody = z.object({
  cardNumber: z.string().max(40),
  expiryMonth: z.coerce.number().int().min(1, 'Enter a month from 1 to 12.').max(12, 'Enter a month from 1 to 12.'),
  expiryYear: z.coerce.number().int().min(0).max(9999),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digits on the back of the card.'),
  cardholderName: text(120),
});
const confirmBody = z.object({ approve: z.boolean() });
/** The NFT checkout's quote: the token's price is the collection's, so only the buyer's currency, method and country. */
const nftQuoteBody = z.object({
  fiatCurrencyCode: text(10).transform((value) => value.toLowerCase()),
  paymentMethod: text(40),
  country,
});
const nftTransactionBody = nftQuoteBody.extend({
  email: z.email('Enter a valid e-mail address.').max(254),
  walletAddress: z.string().trim().max(256).nullish(),
});

export function createWidgetService(deps: {
  repository: WidgetRepository;
  developers: DevelopersService;
  transactions: TransactionsService;
  goLive: GoLiveService;
  processing: TestProcessing;
  ramp: () => RampPort;
  nft: NftCheckout;
  config: Env;
}) {
  const { repository, developers, transactions, goLive, processing, config } = deps;

  /** Parameters as given, minus invalid cosmetic ones (each dropped with its reason). */
  function cleanParams(query: Record<string, unknown>): { params: WidgetParams; ignored: IgnoredParam[] } {
    const params: WidgetParams = {};
    const ignored: IgnoredParam[] = [];
    for (const name of WIDGET_PARAMS) {
      const raw = query[name];
      if (raw === undefined) continue;
      const value: unknown = Array.isArray(raw) ? raw[0] : raw;
      if (typeof value !== 'string' || value.length > 1000) {
        ignored.push({ name, reason: 'not a single value of at most 1000 characters' });
        continue;
      }
      params[name] = value;
    }
    const drop = (name: WidgetParamName, reason: string) => {
      delete params[name];
      ignored.push({ name, reason });
    };
    if (params.colorCode !== undefined && !/^#[0-9a-f]{6}$/i.test(params.colorCode)) drop('colorCode', 'not a #RRGGBB colour');
    if (params.theme !== undefined && params.theme !== 'light' && params.theme !== 'dark') drop('theme', 'neither light nor dark');
    if (params.preview !== undefined && params.preview !== '1') drop('preview', 'not 1');
    if (params.language !== undefined && params.language !== 'en') {
      drop('language', 'only en is available');
      params.language = 'en';
    }
    if (params.baseCurrencyCode !== undefined) {
      params.baseCurrencyCode = params.baseCurrencyCode.toLowerCase();
      if (!(FIAT_CURRENCIES as readonly string[]).includes(params.baseCurrencyCode)) drop('baseCurrencyCode', 'not a supported fiat currency');
    }
    if (params.baseCurrencyAmount !== undefined && (amountFormatProblem(params.baseCurrencyAmount) !== null || !/[1-9]/.test(params.baseCurrencyAmount)))
      drop('baseCurrencyAmount', 'not a positive amount of at most 15 digits before the point');
    if (params.redirectURL !== undefined) {
      try {
        if (!/^https?:$/.test(new URL(params.redirectURL).protocol)) drop('redirectURL', 'not an http(s) URL');
      } catch {
        drop('redirectURL', 'not a URL');
      }
    }
    return { params, ignored };
  }

  /** Sessions whose `quoted` event this process has written (the insert itself is idempotent across processes). */
  const quotedSessions = new Set<string>();

  const sessionMissing = () => new AppError('UNAUTHENTICATED', 'This widget session is missing: reload the widget.');
  const sessionExpired = () => new AppError('UNAUTHENTICATED', 'This widget session has expired: reload the widget to start again.');

  async function session(token: string | null): Promise<WidgetSessionRow> {
    if (!token || token.length > 100) throw sessionMissing();
    const row = await repository.sessionByTokenHash(sha256(token));
    if (!row) throw sessionExpired();
    // Closed (or dormant, in live mode) after the widget opened: nothing more starts (no quote, transaction or payment).
    if (!accountAllowsTraffic(row.accountStatus, row.liveMode))
      throw new AppError('FORBIDDEN_ERROR', WIDGET_ACCOUNT_STOPPED, { type: accountStatusErrorCode(row.accountStatus) });
    return row;
  }

  function countryBlocked(entry: { action: 'Block' | 'Redirect'; reason: string }): AppError {
    return new AppError(
      'FORBIDDEN_ERROR',
      entry.action === 'Redirect'
        ? `Purchases from this country are handled by a partner service: ${entry.reason}`
        : `This service is not available in your country.`,
      {
        type: 'country_blocked',
        action: entry.action,
      },
    );
  }

  async function assertCountryAllowed(countryCode: string) {
    const entry = await goLive.blockedCountry(countryCode);
    if (entry) throw countryBlocked(entry);
  }

  async function ownTransaction(sessionRow: WidgetSessionRow, id: string): Promise<TransactionRow> {
    if (!isUuid(id)) throw notFound('The transaction');
    const owner = await repository.sessionOfTransaction(id);
    // Another session's transaction does not exist for this one.
    if (owner?.sessionId !== sessionRow.id) throw notFound('The transaction');
    return transactions.find(id);
  }

  function present(row: TransactionRow): WidgetTransaction {
    const kind = row.kind as 'buy' | 'sell' | 'swap';
    const crypto = kind === 'buy' ? row.quoteCurrencyCode! : row.baseCurrencyCode;
    const links = explorerLinks(row.networkCode, { hash: row.cryptoTransactionId, liveMode: row.liveMode });
    const purchase = row.isNft ? (row.nftTransaction as unknown as NftPurchase | null) : null;
    return {
      id: row.id,
      kind,
      nft: purchase
        ? {
            collectionName: purchase.collectionName,
            contractAddress: purchase.contractAddress,
            tokenId: purchase.tokenId,
            imageUrl: purchase.imageUrl,
            delivery: purchase.delivery,
          }
        : null,
      status: row.status,
      failureReason: row.failureReason,
      failureMessage: row.failureReason ? (FAILURE_REASONS[row.failureReason] ?? null) : null,
      baseCurrencyAmount: row.baseCurrencyAmount,
      quoteCurrencyAmount: row.quoteCurrencyAmount,
      feeAmount: row.feeAmount,
      extraFeeAmount: row.extraFeeAmount,
      networkFeeAmount: row.networkFeeAmount,
      fiatCurrencyCode: row.fiatCurrencyCode,
      cryptoCurrencyCode: crypto,
      paymentMethod: row.paymentMethod,
      route: row.route,
      walletAddress: row.walletAddress,
      depositWalletAddress: row.depositWalletAddress,
      cryptoTransactionId: row.cryptoTransactionId,
      explorerUrl: links.transactionUrl,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /**
   * A quote from the context loaded in one statement (session, blocked country, assets, rules): the checks run in the
   * order they did when each was its own query — session, country, payment method, then the ramp's.
   */
  function quoteFor(context: QuoteContextRows, input: z.infer<typeof quoteBody>): { sessionRow: WidgetSessionRow; quote: WidgetQuote } {
    const sessionRow = context.session;
    if (!sessionRow) throw sessionExpired();
    if (context.blocked) throw countryBlocked(context.blocked);
    const flow = sessionRow.flow;
    if (!WIDGET_PAYMENT_METHODS[flow].includes(input.paymentMethod)) {
      throw badInput({ paymentMethod: `Choose one of ${WIDGET_PAYMENT_METHODS[flow].join(', ')}.` });
    }
    const ramp = deps.ramp();
    const expiresAt = new Date(Date.now() + QUOTE_TTL_MS).toISOString();
    if (flow === 'swap') {
      if (!input.quoteCryptoCurrencyCode) throw badInput({ quoteCryptoCurrencyCode: 'Choose the asset to receive.' });
      const checked = ramp.checkSwapInput({
        country: input.country,
        cryptoCurrencyCode: input.cryptoCurrencyCode,
        quoteCryptoCurrencyCode: input.quoteCryptoCurrencyCode,
        amount: input.amount,
      });
      const quote = ramp.priceSwap(context, checked);
      return {
        sessionRow,
        quote: {
          transactionType: 'sell',
          region: quote.region,
          route: quote.route,
          paymentMethod: 'balance',
          fiatCurrencyCode: quote.fiatCurrencyCode,
          cryptoCurrencyCode: input.cryptoCurrencyCode,
          quoteCryptoCurrencyCode: input.quoteCryptoCurrencyCode,
          baseCurrencyAmount: quote.baseCurrencyAmount,
          quoteCurrencyAmount: quote.quoteCurrencyAmount,
          feeAmount: quote.feeAmount,
          extraFeeAmount: quote.extraFeeAmount,
          networkFeeAmount: quote.networkFeeAmount,
          totalFeeAmount: quote.totalFeeAmount,
          spreadPercentage: '0',
          marketRate: quote.exchangeRate,
          exchangeRate: quote.exchangeRate,
          expiresAt,
        },
      };
    }
    const checked = ramp.checkQuoteInput({
      transactionType: flow === 'sell' ? 'sell' : 'buy',
      country: input.country,
      paymentMethod: input.paymentMethod,
      fiatCurrencyCode: input.fiatCurrencyCode,
      cryptoCurrencyCode: input.cryptoCurrencyCode,
      amount: input.amount,
    });
    const { applied: _applied, assetCode: _assetCode, ...rest } = ramp.priceQuote(context, checked);
    return { sessionRow, quote: { ...rest, quoteCryptoCurrencyCode: null, expiresAt } };
  }

  /** The funnel counts a session's first quote; the widget re-quotes on every change, so skip the write after it. */
  async function recordQuoted(sessionRow: WidgetSessionRow) {
    if (quotedSessions.has(sessionRow.id)) return;
    await repository.recordEvent({
      accountId: sessionRow.accountId,
      liveMode: sessionRow.liveMode,
      sessionId: sessionRow.id,
      flow: sessionRow.flow,
      event: 'quoted',
    });
    if (quotedSessions.size >= 50_000) quotedSessions.clear();
    quotedSessions.add(sessionRow.id);
  }

  /** The NFT checkout's quote from a loaded context: the token's price in the buyer's fiat under the buy rules. */
  async function nftQuoteFor(context: QuoteContextRows, input: z.infer<typeof nftQuoteBody>) {
    const sessionRow = context.session;
    if (!sessionRow) throw sessionExpired();
    if (context.blocked) throw countryBlocked(context.blocked);
    if (!WIDGET_PAYMENT_METHODS.nft.includes(input.paymentMethod)) throw badInput({ paymentMethod: `Choose one of ${WIDGET_PAYMENT_METHODS.nft.join(', ')}.` });
    const found = await deps.nft.forSession(sessionRow.accountId, sessionRow.params);
    if (!found) throw new AppError('CONFLICT', 'This NFT is no longer on sale: the partner removed its collection.');
    const priced = deps.ramp().priceNft(context, {
      country: input.country,
      fiatCurrencyCode: input.fiatCurrencyCode,
      paymentMethod: input.paymentMethod,
      price: found.nft.priceAmount,
      ticker: found.nft.priceCurrencyCode,
    });
    const quote: WidgetQuote = {
      ...priced,
      transactionType: 'buy',
      quoteCryptoCurrencyCode: null,
      expiresAt: new Date(Date.now() + QUOTE_TTL_MS).toISOString(),
    };
    return { sessionRow, quote, found };
  }

  async function createNftTransaction(sessionRow: WidgetSessionRow, body: unknown, userAgent: string | null): Promise<{ transaction: WidgetTransaction }> {
    const input = parseInput(nftTransactionBody, body);
    await assertCountryAllowed(input.country);
    const params = sessionRow.params as WidgetParams;
    const context = await deps.ramp().quoteContext({ accountId: sessionRow.accountId, codes: [], transactionType: 'buy', paymentMethod: input.paymentMethod });
    const { quote, found } = await nftQuoteFor({ ...context, session: sessionRow }, input);
    // EDITABLE: the buyer's (or the signed link's, which the buyer cannot change); READONLY and HIDDEN: the signed link's.
    const signedWallet = sessionRow.isSigned ? params.walletAddress : undefined;
    const walletAddress = (found.nft.walletDisplayMode === 'EDITABLE' ? (signedWallet ?? input.walletAddress) : signedWallet)?.trim() ?? '';
    if (!/^0x[0-9a-fA-F]{40}$/.test(walletAddress))
      throw badInput({
        walletAddress: walletAddress ? 'Enter an EVM wallet address: 0x followed by 40 hex digits.' : 'Enter the wallet address to receive the NFT at.',
      });
    const purchase: NftPurchase = {
      collectionName: found.collection.name,
      contractAddress: found.nft.collection.contractAddress,
      tokenId: found.nft.tokenId,
      networkCode: found.collection.networkCode,
      imageUrl: found.collection.imageUrl,
      collectionId: found.collection.id,
      delivery: found.nft.delivery,
    };
    const row = await processing.createNft(sessionRow.accountId, sessionRow.liveMode, {
      purchase,
      quote,
      priceCurrencyCode: found.nft.priceCurrencyCode,
      fiatCurrencyCode: quote.fiatCurrencyCode,
      paymentMethod: quote.paymentMethod,
      country: input.country,
      email: (sessionRow.isSigned ? params.email : undefined) ?? input.email,
      walletAddress,
      externalCustomerId: params.externalCustomerId ?? null,
      externalTransactionId: params.externalTransactionId ?? null,
      userAgent,
    });
    await repository.recordEvent({
      accountId: row.accountId,
      liveMode: row.liveMode,
      sessionId: sessionRow.id,
      flow: 'nft',
      event: 'transaction_created',
      transactionId: row.id,
    });
    return { transaction: present(row) };
  }

  return {
    processing,
    present,
    cleanParams,

    /**
     * Opens the widget for a URL: checks the key and signature and creates the session. `rawQuery` is the query string
     * exactly as requested (the signature covers it byte for byte).
     */
    async open(flowName: string, rawQuery: string, query: Record<string, unknown>, userAgent: string | null) {
      if (!(['buy', 'sell', 'swap', 'nft'] as const).includes(flowName as WidgetFlow)) {
        throw new WidgetPageRefusal(
          404,
          'No such widget',
          'This address does not lead to a widget. Widgets are at /widget/buy, /widget/sell, /widget/swap and /widget/nft.',
        );
      }
      const flow = flowName as WidgetFlow;
      const apiKey = typeof query.apiKey === 'string' ? query.apiKey.trim() : '';
      if (!apiKey)
        throw new WidgetPageRefusal(
          401,
          'This link is missing its key',
          'The widget link has no apiKey parameter. Ask the site that sent you here for a working link.',
        );
      if (/^sk_/.test(apiKey))
        throw new WidgetPageRefusal(
          401,
          'This link uses the wrong key',
          'A widget link carries the publishable key (pk_…). Never put a secret key in a link: roll it now in Developers › API keys.',
        );
      const key = /^pk_(test|live)_[A-Za-z0-9]{8,64}$/.test(apiKey) ? await repository.publishableKey(apiKey) : undefined;
      if (!key)
        throw new WidgetPageRefusal(
          401,
          'This link’s key does not work',
          'The publishable key in this widget link is unknown, or it was rolled and has stopped working.',
        );
      // The theme editor frames a preview from the dashboard's own origin, which the partner does not list.
      const preview = query.preview === '1';
      const ancestors = frameAncestorSources(preview ? [...key.allowedIframeAncestorUrls, config.PUBLIC_URL] : key.allowedIframeAncestorUrls);
      if (!accountAllowsTraffic(key.status, key.liveMode)) throw new WidgetPageRefusal(403, 'This service is not available', WIDGET_ACCOUNT_STOPPED, ancestors);
      if (key.liveMode)
        throw new WidgetPageRefusal(
          403,
          'Live payments are not available in this deployment',
          'This widget link uses a live key. This Rampart deployment processes test-mode payments only: use the test publishable key (pk_test_…).',
          ancestors,
        );
      const { params, ignored } = cleanParams(query);
      const { signed, signature, misplaced } = splitSignature(rawQuery);
      if (misplaced)
        throw new WidgetPageRefusal(
          403,
          'This link’s signature is not valid',
          'The signature parameter must come last, exactly as the URL was signed.',
          ancestors,
        );
      const needsSignature = SIGNATURE_REQUIRED_PARAMS.some((name) => query[name] !== undefined);
      if (needsSignature && !signature) {
        throw new WidgetPageRefusal(
          403,
          'This link’s signature is not valid',
          'This link sets a wallet address, an e-mail address or the partner’s customer id, so it must be signed with the partner’s secret key. It carries no signature.',
          ancestors,
        );
      }
      if (signature) {
        const secrets = await developers.secretKeysOf(key.accountId, key.liveMode);
        if (!signatureMatches(signed, signature, secrets)) {
          throw new WidgetPageRefusal(
            403,
            'This link’s signature is not valid',
            'The link was changed after it was signed, or it was signed with another key. Ask the site that sent you here for a new link.',
            ancestors,
          );
        }
      }
      // An unsigned link may send the customer back only to a domain staff cleared for the account: anyone can write a
      // link with the partner's publishable key, and the widget shows the partner's brand.
      if (params.redirectURL !== undefined && !signature && !isOnDomains(params.redirectURL, await goLive.clearedDomains(key.accountId))) {
        let host = params.redirectURL;
        try {
          host = new URL(params.redirectURL).hostname;
        } catch {
          // cleanParams kept only URLs.
        }
        throw new WidgetPageRefusal(
          403,
          'This link’s return address is not allowed',
          `This link would send you back to ${host.slice(0, 100)}, which is not one of the partner’s cleared domains. A redirectURL must be on a domain cleared in the go-live review, or the link must be signed with the partner’s secret key.`,
          ancestors,
        );
      }
      // The NFT checkout sells a collection's token (nft-checkout.ts): what the link sells, or a refusal saying why not.
      const nftSale =
        flow === 'nft'
          ? await deps.nft.forLink(
              key.accountId,
              params,
              Boolean(signature),
              (row) =>
                `${config.PUBLIC_URL.replace(/\/$/, '')}/widget/nft${rawQuery || '?'}${rawQuery.length > 1 ? '&' : ''}${new URLSearchParams({ contractAddress: row.contractAddress, network: row.networkCode }).toString()}`,
              ancestors,
            )
          : null;
      const offered = flow === 'nft' ? [] : await deps.ramp().offeredCurrencies(key.accountId, flow);
      const methods = await deps.ramp().offeredPaymentMethods(key.accountId, WIDGET_PAYMENT_METHODS[flow]);
      if (params.currencyCode !== undefined && !offered.some((c) => c.code === params.currencyCode))
        ignored.push({ name: 'currencyCode', reason: 'not offered by this account' });
      if (params.quoteCurrencyCode !== undefined && !offered.some((c) => c.code === params.quoteCurrencyCode))
        ignored.push({ name: 'quoteCurrencyCode', reason: 'not offered by this account' });
      // An unsigned link cannot lock anything; an unknown asset is left for the customer to choose.
      for (const { name } of ignored) if (name === 'currencyCode' || name === 'quoteCurrencyCode') delete params[name];
      const token = crypto.randomBytes(32).toString('base64url');
      const row = await repository.insertSession({
        tokenHash: sha256(token),
        accountId: key.accountId,
        liveMode: key.liveMode,
        flow,
        params: params,
        isSigned: Boolean(signature),
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      });
      // A preview is the partner looking at their theme, not a customer: no funnel step (recordEvent skips them too).
      if (!preview) await repository.recordEvent({ accountId: key.accountId, liveMode: key.liveMode, sessionId: row.id, flow, event: 'opened' });
      const lockedParams = signature ? (Object.keys(params).filter((name) => !UNLOCKED_PARAMS.includes(name as WidgetParamName)) as WidgetParamName[]) : [];
      const bootstrap: WidgetBootstrap = {
        sessionToken: token,
        flow,
        liveMode: false,
        account: { name: key.accountName },
        params,
        lockedParams,
        currencies: offered,
        fiatCurrencies: flow === 'swap' ? ['usd'] : [...FIAT_CURRENCIES],
        paymentMethods: methods.paymentMethods,
        paymentMethodsByRegion: methods.byRegion,
        testCards: TEST_CARDS.map((card) => ({ ...card })),
        theme: (params.theme as 'light' | 'dark' | undefined) ?? null,
        colorCode: params.colorCode ?? null,
        redirectURL: params.redirectURL ?? null,
        // Saved configs were validated on save; checked again so a row changed by hand cannot reach the page.
        themeConfig: key.themeConfig ? (themeConfigSchema.safeParse(key.themeConfig).data ?? null) : null,
        preview: preview ? { dashboardOrigin: new URL(config.PUBLIC_URL).origin } : null,
        ...(nftSale ? { nft: nftSale.nft, nftChoices: nftSale.choices } : {}),
      };
      void userAgent;
      return { bootstrap, frameAncestors: ancestors, fontHosts: config.THEME_FONT_HOSTS, ignored, sessionId: row.id };
    },

    /** The hot path (the widget re-quotes on every change): one statement loads the session and all the quote reads. */
    async quote(token: string | null, body: unknown): Promise<{ quote: WidgetQuote }> {
      if (!token || token.length > 100) throw sessionMissing();
      const parsed = quoteBody.safeParse(body);
      if (!parsed.success) {
        // The NFT checkout's body has no asset or amount (the collection prices the token).
        const nftParsed = nftQuoteBody.safeParse(body);
        let nftInput: z.infer<typeof nftQuoteBody>;
        if (nftParsed.success) nftInput = nftParsed.data;
        else {
          // A bad body: the session is still checked first, as before, then parseInput names the fields of its flow.
          const row = await session(token);
          if (row.flow !== 'nft') parseInput(quoteBody, body);
          nftInput = parseInput(nftQuoteBody, body);
        }
        const context = await deps.ramp().quoteContext({
          tokenHash: sha256(token),
          blockedCountry: nftInput.country,
          codes: [],
          transactionType: 'buy',
          paymentMethod: nftInput.paymentMethod,
        });
        if (context.session && context.session.flow !== 'nft') parseInput(quoteBody, body);
        const { sessionRow, quote } = await nftQuoteFor(context, nftInput);
        await recordQuoted(sessionRow);
        return { quote };
      }
      const input = parsed.data;
      const context = await deps.ramp().quoteContext({
        tokenHash: sha256(token),
        blockedCountry: input.country,
        codes: [input.cryptoCurrencyCode, input.quoteCryptoCurrencyCode],
        paymentMethod: input.paymentMethod,
      });
      if (context.session?.flow === 'nft') {
        const priced = await nftQuoteFor(context, parseInput(nftQuoteBody, body));
        await recordQuoted(priced.sessionRow);
        return { quote: priced.quote };
      }
      const { sessionRow, quote } = quoteFor(context, input);
      await recordQuoted(sessionRow);
      return { quote };
    },

    async createTransaction(token: string | null, body: unknown, userAgent: string | null): Promise<{ transaction: WidgetTransaction }> {
      const sessionRow = await session(token);
      if (sessionRow.liveMode) throw forbidden('Live payments are not available in this deployment.');
      if (sessionRow.flow === 'nft') return createNftTransaction(sessionRow, body, userAgent);
      const input = parseInput(transactionBody, body);
      await assertCountryAllowed(input.country);
      const params = sessionRow.params as WidgetParams;
      // What a signed link set wins over what the page sends: the customer cannot change it.
      const locked = (name: WidgetParamName, given: string | null | undefined) => (sessionRow.isSigned && params[name] !== undefined ? params[name] : given);
      if (!WIDGET_PAYMENT_METHODS[sessionRow.flow].includes(input.paymentMethod))
        throw badInput({ paymentMethod: `Choose one of ${WIDGET_PAYMENT_METHODS[sessionRow.flow].join(', ')}.` });
      const row = await processing.create(
        sessionRow.accountId,
        sessionRow.liveMode,
        {
          kind: sessionRow.flow,
          cryptoCurrencyCode: input.cryptoCurrencyCode,
          quoteCryptoCurrencyCode: input.quoteCryptoCurrencyCode ?? null,
          fiatCurrencyCode: input.fiatCurrencyCode,
          amount: input.amount,
          paymentMethod: input.paymentMethod,
          country: input.country,
          email: locked('email', input.email) ?? null,
          externalCustomerId: params.externalCustomerId ?? null,
          externalTransactionId: params.externalTransactionId ?? null,
          walletAddress: locked('walletAddress', input.walletAddress) ?? null,
          walletAddressTag: locked('walletAddressTag', input.walletAddressTag) ?? null,
          refundWalletAddress: input.refundWalletAddress ?? null,
          userAgent,
        },
        { requireWallet: sessionRow.flow !== 'sell' },
      );
      await repository.recordEvent({
        accountId: row.accountId,
        liveMode: row.liveMode,
        sessionId: sessionRow.id,
        flow: sessionRow.flow,
        event: 'transaction_created',
        transactionId: row.id,
      });
      // A swap's deposit address is prepared in the background: screening, address generation, KYT registration.
      if (row.kind === 'swap') await processing.scheduleToward(row.id, 'waitingForDeposit');
      return { transaction: present(row) };
    },

    async transaction(token: string | null, id: string): Promise<{ transaction: WidgetTransaction }> {
      const sessionRow = await session(token);
      return { transaction: present(await ownTransaction(sessionRow, id)) };
    },

    /** The test payment step of a buy: the card number picks the outcome. */
    async pay(token: string | null, id: string, body: unknown): Promise<{ transaction: WidgetTransaction; requiresConfirmation: boolean }> {
      const sessionRow = await session(token);
      const row = await ownTransaction(sessionRow, id);
      const input = parseInput(paymentBody, body);
      if (row.kind !== 'buy') throw badInput({ id: 'Only a buy is paid by card; a sell or swap is paid by a deposit.' });
      const number = input.cardNumber.replace(/[\s-]/g, '');
      const card = TEST_CARDS.find((c) => c.number === number);
      if (!card) throw badInput({ cardNumber: `Use one of the test cards: ${TEST_CARDS.map((c) => c.number.replace(/(\d{4})(?=\d)/g, '$1 ')).join(', ')}.` });
      const now = new Date();
      const year = input.expiryYear < 100 ? 2000 + input.expiryYear : input.expiryYear;
      if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && input.expiryMonth < now.getUTCMonth() + 1))
        throw badInput({ expiryYear: 'This card has expired: use a date in the future.' });
      if (row.status !== 'waitingPayment') throw new AppError('CONFLICT', `This transaction is ${row.status}: it has already been paid.`);
      await repository.recordEvent({
        accountId: row.accountId,
        liveMode: row.liveMode,
        sessionId: sessionRow.id,
        flow: sessionRow.flow,
        event: 'payment_started',
        transactionId: row.id,
      });
      if (card.outcome === 'declined') return { transaction: present(await processing.stepNow(row, 'failed', 'cardDeclined')), requiresConfirmation: false };
      if (card.outcome === 'requiresConfirmation')
        return { transaction: present(await processing.stepNow(row, 'waitingAuthorization')), requiresConfirmation: true };
      const pending = await processing.stepNow(row, 'pending');
      await processing.scheduleToward(row.id, 'completed');
      return { transaction: present(pending), requiresConfirmation: false };
    },

    /** The second confirmation (3-D Secure) of a card that asked for one. */
    async confirm(token: string | null, id: string, body: unknown): Promise<{ transaction: WidgetTransaction }> {
      const sessionRow = await session(token);
      const row = await ownTransaction(sessionRow, id);
      const input = parseInput(confirmBody, body);
      if (row.status !== 'waitingAuthorization') throw new AppError('CONFLICT', `This transaction is ${row.status}: there is nothing to confirm.`);
      if (!input.approve) return { transaction: present(await processing.stepNow(row, 'failed', 'threeDsFailed')) };
      const pending = await processing.stepNow(row, 'pending');
      await processing.scheduleToward(row.id, 'completed');
      return { transaction: present(pending) };
    },

    /** The simulated deposit of a sell or swap. */
    async deposit(token: string | null, id: string): Promise<{ transaction: WidgetTransaction }> {
      const sessionRow = await session(token);
      const row = await ownTransaction(sessionRow, id);
      if (row.kind === 'buy') throw badInput({ id: 'A buy is paid by card, not by a deposit.' });
      if (row.status !== 'waitingForDeposit') {
        const early =
          row.kind === 'swap' && ['screeningWalletAddress', 'waitingForDepositAddressGeneration', 'waitingForDepositKytRegistration'].includes(row.status);
        throw new AppError(
          'CONFLICT',
          early ? 'The deposit address is not ready yet: wait a few seconds.' : `This transaction is ${row.status}: no deposit is expected.`,
        );
      }
      const next = await processing.stepNow(row, row.kind === 'sell' ? 'pending' : 'executingSwap');
      await processing.scheduleToward(row.id, 'completed');
      return { transaction: present(next) };
    },
  };
}

export type WidgetService = ReturnType<typeof createWidgetService>;
