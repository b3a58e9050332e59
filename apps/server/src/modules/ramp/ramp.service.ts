import { isIP } from 'node:net';
import Decimal from 'decimal.js';
import { COUNTRY_CODES } from '@rampart/shared/onboarding';
import { PAYMENT_METHODS, PRICING_REGIONS, PRICING_RULE_TYPES, TRANSACTION_TYPES, type MembershipRole } from '@rampart/shared/enums';
import { adminPermissionsOf, roleHasPermission } from '@rampart/shared/permissions';
import {
  DEFAULT_PROVIDER_RULES,
  FIAT_DECIMALS,
  PRICING_LIMITS,
  QuoteError,
  assetDecimals,
  partnerFeeFullFrom,
  quoteNftPurchase,
  quoteRamp,
  regionOfCountry,
  testModeMarketRate,
  type PaymentMethod,
  type PricingRegion,
  type PricingRuleType,
  type RampQuote,
} from '@rampart/shared/pricing';
import type { WidgetCurrency } from '@rampart/shared/widget';
import { methodSettingFor, routeFor } from '@rampart/shared/payment-methods';
import { labelOfPaymentMethod } from '@rampart/shared/labels';
import type { Env } from '../../config/env.ts';
import { AppError, badInput, forbidden, notFound } from '../../graphql/errors.ts';
import { withAuditChange } from '../../lib/audit-words.ts';
import { NETWORKS } from '../../lib/crypto-catalogue.ts';
import type {
  CurrencyRow,
  IntegrationRow,
  PairRow,
  PricingRuleRow,
  QuoteContextRows,
  QuoteCurrencyRow,
  RampRepository,
  RuleValues,
} from './ramp.repository.ts';

/** Who is looking: a member with a role, or staff with an admin role (the GraphQL grant). */
export interface RampViewer {
  via: 'membership' | 'staff';
  role: MembershipRole | null;
  adminRole: string | null;
}

export type QuoteInput = {
  transactionType: 'buy' | 'sell';
  country: string;
  paymentMethod: string;
  fiatCurrencyCode: string;
  cryptoCurrencyCode: string;
  amount: string;
};
export type SwapInput = { country: string; cryptoCurrencyCode: string; quoteCryptoCurrencyCode: string; amount: string };

export type OnboardingFlag = 'isWidgetUrlBuilt' | 'areCurrenciesConfigured' | 'areDomainsConfigured';

const TYPE_LABEL: Record<PricingRuleType, string> = { fee: 'fee', networkFee: 'network fee', partnerFee: 'partner fee', spread: 'spread' };
const TYPE_ORDER: readonly PricingRuleType[] = ['fee', 'networkFee', 'partnerFee', 'spread'];
const MAX_RULES_PER_TYPE = 200;
const MAX_INTEGRATIONS = 100;
/** Fiat currencies test mode quotes in (the reference rates exist for these). */
export const RAMP_FIAT_CURRENCIES = Object.keys(FIAT_DECIMALS);

const DECIMAL = /^\d+(\.\d+)?$/;
const BUNDLE_ID = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
const PACKAGE_NAME = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The ticker drawn on the icon (/icons/crypto/<ticker>.svg): several networks of one asset share its price. */
export function tickerOf(currency: Pick<CurrencyRow, 'icon' | 'code'>): string {
  return /\/([a-z0-9]+)\.svg$/i.exec(currency.icon)?.[1]?.toLowerCase() ?? currency.code;
}

/** A web integration's value: a bare domain or a URL, stored as its lower-case host name; null when it is not one. */
export function webHostOf(input: string): { host: string } | { problem: string } {
  const value = input.trim();
  if (!value) return { problem: 'Enter a domain such as shop.example.com.' };
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
  if (hasScheme && !/^https?:\/\//i.test(value)) return { problem: 'Enter a domain such as shop.example.com, or a URL starting with https://.' };
  let host: string;
  try {
    host = new URL(hasScheme ? value : `https://${value}`).hostname.toLowerCase();
  } catch {
    return { problem: `"${value.slice(0, 100)}" is not a domain or URL. Enter a domain such as shop.example.com.` };
  }
  if (host.endsWith('.')) host = host.slice(0, -1);
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare)) {
    if (bare === '127.0.0.1' || bare === '::1') return { host: bare };
    return { problem: 'Enter a domain name rather than an IP address (only the loopback addresses 127.0.0.1 and ::1 are accepted, for development).' };
  }
  if (host === 'localhost') return { host };
  const labels = host.split('.');
  if (host.length > 253 || labels.length < 2 || !labels.every((label) => HOST_LABEL.test(label)) || !/^(xn--[a-z0-9-]+|[a-z]{2,63})$/.test(labels.at(-1)!)) {
    return { problem: `"${value.slice(0, 100)}" is not a valid domain. Enter one such as shop.example.com.` };
  }
  return { host };
}

export interface PairView {
  id: string;
  isEnabled: boolean;
  isSellEnabled: boolean;
  isConfigured: boolean;
  currency: CurrencyRow;
}

function pairView<C extends Pick<CurrencyRow, 'id' | 'isSuspended' | 'isSellSupported'> = CurrencyRow>({
  currency,
  pair,
}: {
  currency: C;
  pair: Pick<PairRow, 'isEnabled' | 'isSellEnabled'> | null;
}): Omit<PairView, 'currency'> & { currency: C } {
  if (pair) return { id: currency.id, isEnabled: pair.isEnabled, isSellEnabled: pair.isSellEnabled, isConfigured: true, currency };
  // Without a saved row the catalogue default applies: offered unless suspended, sold where selling is supported.
  return { id: currency.id, isEnabled: !currency.isSuspended, isSellEnabled: currency.isSellSupported && !currency.isSuspended, isConfigured: false, currency };
}

export function createRampService(deps: { repository: RampRepository; config: Env }) {
  const { repository, config } = deps;

  const limits = {
    partnerFeeMaxPercentage: config.PARTNER_FEE_CAP_PERCENT,
    feeMaxPercentage: PRICING_LIMITS.maxPercentage.fee,
    networkFeeMaxPercentage: PRICING_LIMITS.maxPercentage.networkFee,
    spreadMaxPercentage: PRICING_LIMITS.maxPercentage.spread,
    maxFixedValue: PRICING_LIMITS.maxFixedValue,
  };
  const maxPercentage: Record<PricingRuleType, string> = {
    fee: limits.feeMaxPercentage,
    networkFee: limits.networkFeeMaxPercentage,
    partnerFee: limits.partnerFeeMaxPercentage,
    spread: limits.spreadMaxPercentage,
  };

  /** Rule types the viewer may change for an account: the partner fee its administrators (and fee staff), the rest staff. */
  function editableTypes(viewer: RampViewer): PricingRuleType[] {
    const staff = adminPermissionsOf(viewer.adminRole);
    return TYPE_ORDER.filter((type) => {
      if (type === 'partnerFee') return (viewer.role !== null && roleHasPermission(viewer.role, 'fees:manage')) || staff.includes('fee:edit');
      if (type === 'spread') return staff.includes('spread:edit');
      return staff.includes('fee:edit');
    });
  }

  function refusal(type: PricingRuleType, viewer: RampViewer): AppError {
    if (type === 'partnerFee') return forbidden('Only the account’s administrators (or Rampart staff who may edit fees) can change the partner fee.');
    const needed = type === 'spread' ? 'spread editing' : 'fee editing';
    if (viewer.adminRole) return forbidden(`Your admin role (${viewer.adminRole}) does not allow ${needed}: ${TYPE_LABEL[type]} rules stay as they are.`);
    return forbidden(`The ${TYPE_LABEL[type]} rules are set by Rampart and are read-only for partners; you can set your own partner fee.`);
  }

  function ruleView(rule: PricingRuleRow, editable: readonly PricingRuleType[]) {
    return {
      id: rule.id,
      type: rule.type,
      region: rule.region,
      paymentMethod: rule.paymentMethod,
      transactionType: rule.transactionType,
      percentage: rule.percentage,
      fixedValue: rule.fixedValue,
      minValue: rule.minValue,
      source: rule.accountId ? ('ACCOUNT' as const) : ('PROVIDER_DEFAULT' as const),
      isEditableByViewer: editable.includes(rule.type),
      updatedAt: rule.updatedAt,
    };
  }

  async function pricingRules(accountId: string, region: PricingRegion | null, viewer: RampViewer) {
    if (region !== null && !(PRICING_REGIONS as readonly string[]).includes(region))
      throw badInput({ region: `Choose a region: ${PRICING_REGIONS.join(', ')}` });
    const editable = editableTypes(viewer);
    const rows = (await repository.rulesFor(accountId)).filter((rule) => region === null || rule.region === region || rule.region === 'Global');
    const rank = (rule: PricingRuleRow) =>
      [
        TYPE_ORDER.indexOf(rule.type),
        TRANSACTION_TYPES.indexOf(rule.transactionType),
        rule.region === 'Global' ? 1 : 0,
        rule.region,
        rule.paymentMethod === null ? 1 : 0,
        rule.paymentMethod ?? '',
        rule.accountId ? 0 : 1,
      ] as const;
    rows.sort((a, b) => {
      const left = rank(a);
      const right = rank(b);
      for (let index = 0; index < left.length; index += 1) {
        if (left[index] !== right[index]) return left[index]! < right[index]! ? -1 : 1;
      }
      return 0;
    });
    return { accountId, rules: rows.map((rule) => ruleView(rule, editable)), limits, editableTypes: editable };
  }

  /** Per-rule messages, keyed like the form's fields (rules.0.percentage). */
  function checkRules(type: PricingRuleType, input: readonly unknown[]): RuleValues[] {
    if (input.length > MAX_RULES_PER_TYPE) throw badInput({ rules: `At most ${MAX_RULES_PER_TYPE} ${TYPE_LABEL[type]} rules per account.` });
    const fields: Record<string, string> = {};
    const seen = new Map<string, number>();
    const rules: RuleValues[] = [];
    input.forEach((raw, index) => {
      const rule = (raw ?? {}) as Record<string, unknown>;
      const at = (name: string) => `rules.${index}.${name}`;
      const region = rule.region as string;
      const paymentMethod = (rule.paymentMethod ?? null) as string | null;
      const transactionType = rule.transactionType as string;
      if (!(PRICING_REGIONS as readonly string[]).includes(region)) fields[at('region')] = `Choose a region: ${PRICING_REGIONS.join(', ')}.`;
      if (paymentMethod !== null && !(PAYMENT_METHODS as readonly string[]).includes(paymentMethod))
        fields[at('paymentMethod')] = 'Choose a payment method from the list, or none for every method.';
      if (!(TRANSACTION_TYPES as readonly string[]).includes(transactionType))
        fields[at('transactionType')] = `Choose a transaction type: ${TRANSACTION_TYPES.join(', ')}.`;
      const amount = (name: 'percentage' | 'fixedValue' | 'minValue', max: string, tooHigh: string): string => {
        const value = typeof rule[name] === 'string' ? rule[name].trim() : '';
        if (!DECIMAL.test(value)) {
          fields[at(name)] = /^-/.test(value) ? 'Cannot be negative.' : 'Enter a number such as 1.5.';
          return '0';
        }
        if ((value.split('.')[1]?.length ?? 0) > PRICING_LIMITS.maxDecimalPlaces) {
          fields[at(name)] = `At most ${PRICING_LIMITS.maxDecimalPlaces} decimal places.`;
          return '0';
        }
        if (new Decimal(value).gt(max)) fields[at(name)] = tooHigh;
        return new Decimal(value).toFixed();
      };
      const percentage = amount(
        'percentage',
        maxPercentage[type],
        type === 'partnerFee' ? `The partner fee is at most ${maxPercentage[type]} %.` : `A ${TYPE_LABEL[type]} is at most ${maxPercentage[type]} %.`,
      );
      const fixedValue = amount('fixedValue', PRICING_LIMITS.maxFixedValue, `A fixed value is at most ${PRICING_LIMITS.maxFixedValue}.`);
      const minValue = amount('minValue', PRICING_LIMITS.maxFixedValue, `A minimum is at most ${PRICING_LIMITS.maxFixedValue}.`);
      // A spread widens the exchange rate: it has no fixed part or minimum.
      if (type === 'spread') {
        if (!fields[at('fixedValue')] && new Decimal(fixedValue).gt(0)) fields[at('fixedValue')] = 'A spread is a percentage only: leave the fixed value at 0.';
        if (!fields[at('minValue')] && new Decimal(minValue).gt(0)) fields[at('minValue')] = 'A spread is a percentage only: leave the minimum at 0.';
      }
      // The cap bounds the whole partner fee on a quote; a rule that the cap would cut on every amount is refused here.
      if (type === 'partnerFee' && !fields[at('percentage')] && !fields[at('fixedValue')] && !fields[at('minValue')]) {
        const cap = maxPercentage.partnerFee;
        if (partnerFeeFullFrom({ percentage, fixedValue, minValue }, cap) === null) {
          if (new Decimal(fixedValue).gt(0))
            fields[at('fixedValue')] = new Decimal(cap).isZero()
              ? 'The partner fee cap is 0 %: leave the fixed value at 0.'
              : `With the percentage at the cap of ${cap} %, a fixed value could never be charged: the whole partner fee is at most ${cap} % of each transaction. Lower the percentage or set the fixed value to 0.`;
          else fields[at('minValue')] = 'The partner fee cap is 0 %: leave the minimum at 0.';
        }
      }
      const key = `${region}|${paymentMethod ?? '*'}|${transactionType}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        fields[`rules.${index}`] =
          `Rule ${earlier + 1} already covers ${region}, ${paymentMethod ?? 'every payment method'}, ${transactionType}: keep one of them.`;
      } else seen.set(key, index);
      rules.push({
        type,
        region: region as RuleValues['region'],
        paymentMethod: paymentMethod as RuleValues['paymentMethod'],
        transactionType: transactionType as RuleValues['transactionType'],
        percentage,
        fixedValue,
        minValue,
      });
    });
    if (Object.keys(fields).length) {
      const count = Object.keys(fields).length;
      throw badInput(fields, count === 1 ? Object.values(fields)[0] : `${count} problems in the ${TYPE_LABEL[type]} rules: ${Object.values(fields)[0]}`);
    }
    return rules;
  }

  /** An asset code as the catalogue stores it ('' when none was given). */
  const codeOf = (code: unknown) => (typeof code === 'string' ? code.trim().toLowerCase() : '');

  /** The asset of `code` in a loaded quote context when the account offers it for the flow. */
  function offeredPair(context: QuoteContextRows, code: unknown, flow: 'buy' | 'sell' | 'swap', country: string | null, field: string): QuoteCurrencyRow {
    const text = codeOf(code);
    const found = text ? context.pairs.find((each) => each.currency.code === text) : undefined;
    if (!found) throw badInput({ [field]: `${text ? `"${text.slice(0, 40)}"` : 'This asset'} is not in the catalogue.` });
    const view = pairView(found);
    const label = `${found.currency.name} (${found.currency.code.toUpperCase()})`;
    if (found.currency.isSuspended) throw badInput({ [field]: `${label} is suspended.` });
    if (!(flow === 'sell' ? view.isSellEnabled : view.isEnabled))
      throw badInput({ [field]: `This account does not offer ${label} for ${flow === 'sell' ? 'selling' : flow === 'swap' ? 'swaps' : 'buying'}.` });
    if (!found.currency.supportsTestMode) throw badInput({ [field]: `${label} is not available in test mode.` });
    if (country === 'US' && found.currency.isSuspendedUS) throw badInput({ [field]: `${label} is not available to customers in the United States.` });
    return found.currency;
  }

  function checkCountry(country: unknown): string {
    const code = typeof country === 'string' ? country.trim().toUpperCase() : '';
    if (!COUNTRY_CODES.includes(code)) throw badInput({ country: 'Choose the customer’s country (a two-letter code such as US or DE).' });
    return code;
  }

  function marketRate(currency: Pick<CurrencyRow, 'icon' | 'code'>, fiat: string, field: string): string {
    const rate = testModeMarketRate(tickerOf(currency), fiat);
    if (!rate) throw badInput({ [field]: `No test-mode rate for ${currency.code.toUpperCase()} in ${fiat.toUpperCase()}.` });
    return rate;
  }

  function quoteOrBadInput(input: Parameters<typeof quoteRamp>[0]): RampQuote {
    try {
      return quoteRamp(input);
    } catch (error) {
      if (error instanceof QuoteError) throw badInput({ amount: error.message });
      throw error;
    }
  }

  /**
   * Everything a quote reads, in one round trip (the quote path is hot: the widget re-quotes on every change). For an
   * account, or for the widget session of a token hash (then also the country's blocked-list entry, and the rules of the
   * session flow's transaction type when none is given).
   */
  function quoteContext(scope: {
    accountId?: string;
    tokenHash?: string;
    blockedCountry?: string;
    codes: unknown[];
    transactionType?: 'buy' | 'sell';
    paymentMethod?: string;
  }): Promise<QuoteContextRows> {
    return repository.quoteContext({
      accountId: scope.accountId ?? null,
      tokenHash: scope.tokenHash ?? null,
      blockedCountry: scope.blockedCountry ?? null,
      codes: scope.codes.map(codeOf).filter(Boolean),
      transactionType: scope.transactionType ?? null,
      paymentMethod: typeof scope.paymentMethod === 'string' ? scope.paymentMethod.slice(0, 40) : null,
    });
  }

  /**
   * Staff's payment method settings (issue 35): a method disabled for the customer's region is refused, a fiat amount
   * outside its bounds too. Returns the route the account's routing rules choose (null: the provider's default).
   */
  function methodAndRoute(context: QuoteContextRows, paymentMethod: string, region: PricingRegion, fiatAmount: string | null, fiat: string) {
    const setting = methodSettingFor(context.methods, paymentMethod, region);
    const label = labelOfPaymentMethod(paymentMethod);
    if (setting && !setting.isEnabled)
      throw badInput({ paymentMethod: `${label} is not offered${region === 'Global' ? '' : ` in the ${region} region`}: choose another payment method.` });
    if (setting && fiatAmount !== null) {
      const unit = fiat.toUpperCase();
      if (setting.minAmount !== null && new Decimal(fiatAmount).lt(setting.minAmount))
        throw badInput({ amount: `${label} takes at least ${setting.minAmount} ${unit} per transaction.` });
      if (setting.maxAmount !== null && new Decimal(fiatAmount).gt(setting.maxAmount))
        throw badInput({ amount: `${label} takes at most ${setting.maxAmount} ${unit} per transaction.` });
    }
    return routeFor(context.routes, paymentMethod, region)?.route ?? null;
  }

  /** The checks of a buy or sell quote that need no data, in the order the customer hears them. */
  function checkQuoteInput(input: QuoteInput) {
    if (input.transactionType !== 'buy' && input.transactionType !== 'sell') throw badInput({ transactionType: 'Choose buy or sell.' });
    const country = checkCountry(input.country);
    const fiat = typeof input.fiatCurrencyCode === 'string' ? input.fiatCurrencyCode.trim().toLowerCase() : '';
    if (!RAMP_FIAT_CURRENCIES.includes(fiat)) throw badInput({ fiatCurrencyCode: `Choose a fiat currency: ${RAMP_FIAT_CURRENCIES.join(', ')}.` });
    if (!(PAYMENT_METHODS as readonly string[]).includes(input.paymentMethod)) throw badInput({ paymentMethod: 'Choose a payment method from the list.' });
    return {
      transactionType: input.transactionType,
      country,
      fiat,
      paymentMethod: input.paymentMethod as PaymentMethod,
      cryptoCurrencyCode: input.cryptoCurrencyCode,
      amount: input.amount,
    };
  }

  /** A buy or sell quote from its checked input and loaded context: no I/O. */
  function priceQuote(context: QuoteContextRows, input: ReturnType<typeof checkQuoteInput>) {
    const currency = offeredPair(context, input.cryptoCurrencyCode, input.transactionType, input.country, 'cryptoCurrencyCode');
    const region = regionOfCountry(input.country);
    const result = quoteOrBadInput({
      transactionType: input.transactionType,
      region,
      paymentMethod: input.paymentMethod,
      fiatCurrencyCode: input.fiat,
      asset: { code: currency.code, ticker: tickerOf(currency) },
      marketRate: marketRate(currency, input.fiat, 'cryptoCurrencyCode'),
      amount: typeof input.amount === 'string' ? input.amount.trim() : String(input.amount),
      rules: context.rules,
      partnerFeeCapPercent: config.PARTNER_FEE_CAP_PERCENT,
    });
    // The fiat that moves: what a buyer pays, or a seller's payout before fees.
    const fiatAmount =
      input.transactionType === 'buy' ? result.baseCurrencyAmount : new Decimal(result.quoteCurrencyAmount).plus(result.totalFeeAmount).toFixed();
    const route = methodAndRoute(context, input.paymentMethod, region, fiatAmount, input.fiat);
    return {
      ...result,
      region,
      route,
      paymentMethod: input.paymentMethod,
      cryptoCurrencyCode: currency.code,
      applied: result.applied.map((each) => ({ ...each, rule: each.rule as PricingRuleRow | null })),
    };
  }

  async function quote(accountId: string, input: QuoteInput) {
    const checked = checkQuoteInput(input);
    const context = await quoteContext({
      accountId,
      codes: [checked.cryptoCurrencyCode],
      transactionType: checked.transactionType,
      paymentMethod: checked.paymentMethod,
    });
    return priceQuote(context, checked);
  }

  function checkSwapInput(input: SwapInput) {
    return { ...input, country: checkCountry(input.country) };
  }

  /** A swap quote from its checked input and loaded context (rules of sells): no I/O. */
  function priceSwap(context: QuoteContextRows, input: ReturnType<typeof checkSwapInput>) {
    const { country } = input;
    const sent = offeredPair(context, input.cryptoCurrencyCode, 'swap', country, 'cryptoCurrencyCode');
    const received = offeredPair(context, input.quoteCryptoCurrencyCode, 'swap', country, 'quoteCryptoCurrencyCode');
    if (sent.id === received.id) throw badInput({ quoteCryptoCurrencyCode: 'Choose a different asset to receive.' });
    const region = regionOfCountry(country);
    // A sell of the sent asset for usd from the customer's balance, then the net usd buys the received asset at market.
    const sell = quoteOrBadInput({
      transactionType: 'sell',
      region,
      paymentMethod: 'balance',
      fiatCurrencyCode: 'usd',
      asset: { code: sent.code, ticker: tickerOf(sent) },
      marketRate: marketRate(sent, 'usd', 'cryptoCurrencyCode'),
      amount: typeof input.amount === 'string' ? input.amount.trim() : String(input.amount),
      rules: context.rules,
      partnerFeeCapPercent: config.PARTNER_FEE_CAP_PERCENT,
    });
    const route = methodAndRoute(context, 'balance', region, null, 'usd');
    const receivedRate = new Decimal(marketRate(received, 'usd', 'quoteCryptoCurrencyCode'));
    const decimals = assetDecimals(tickerOf(received));
    const quoteAmount = new Decimal(sell.quoteCurrencyAmount).dividedBy(receivedRate).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
    if (quoteAmount.lte(0))
      throw badInput({ amount: `The amount does not cover the fees of ${sell.totalFeeAmount} USD; send more ${sent.code.toUpperCase()}.` });
    return {
      baseCurrencyAmount: sell.baseCurrencyAmount,
      quoteCurrencyAmount: quoteAmount.toFixed(decimals),
      feeAmount: sell.feeAmount,
      extraFeeAmount: sell.extraFeeAmount,
      networkFeeAmount: sell.networkFeeAmount,
      totalFeeAmount: sell.totalFeeAmount,
      fiatCurrencyCode: 'usd' as const,
      /** Units of the received asset per unit sent, after the spread and before fees. */
      exchangeRate: new Decimal(sell.exchangeRate).dividedBy(receivedRate).toSignificantDigits(12).toFixed(),
      region,
      route,
    };
  }

  /**
   * The NFT checkout's price in the buyer's fiat (issue 38): the buy rules of the account and the card's method
   * settings, applied to the token's price in the chain's native asset (`ticker`). No I/O.
   */
  function priceNft(context: QuoteContextRows, input: { country: unknown; fiatCurrencyCode: string; paymentMethod: string; price: string; ticker: string }) {
    const country = checkCountry(input.country);
    const fiat = input.fiatCurrencyCode.trim().toLowerCase();
    if (!RAMP_FIAT_CURRENCIES.includes(fiat)) throw badInput({ fiatCurrencyCode: `Choose a fiat currency: ${RAMP_FIAT_CURRENCIES.join(', ')}.` });
    if (!(PAYMENT_METHODS as readonly string[]).includes(input.paymentMethod)) throw badInput({ paymentMethod: 'Choose a payment method from the list.' });
    const region = regionOfCountry(country);
    const rate = testModeMarketRate(input.ticker, fiat);
    if (!rate) throw badInput({ fiatCurrencyCode: `No test-mode rate for ${input.ticker.toUpperCase()} in ${fiat.toUpperCase()}.` });
    let result: RampQuote;
    try {
      result = quoteNftPurchase({
        region,
        paymentMethod: input.paymentMethod as PaymentMethod,
        fiatCurrencyCode: fiat,
        asset: { code: input.ticker, ticker: input.ticker },
        marketRate: rate,
        price: input.price,
        rules: context.rules,
        partnerFeeCapPercent: config.PARTNER_FEE_CAP_PERCENT,
      });
    } catch (error) {
      if (error instanceof QuoteError) throw badInput({ amount: error.message });
      throw error;
    }
    const route = methodAndRoute(context, input.paymentMethod, region, result.baseCurrencyAmount, fiat);
    const { applied: _applied, assetCode: _assetCode, ...rest } = result;
    return { ...rest, region, route, paymentMethod: input.paymentMethod, cryptoCurrencyCode: input.ticker };
  }

  /** The account's name, or not found: staff operations name an account by id (issue 35). */
  async function requireAccount(accountId: string): Promise<string> {
    const name = await repository.accountName(accountId);
    if (name === null) throw notFound('The account');
    return name;
  }

  return {
    limits,
    editableTypes,
    ruleView,

    /** At start: the provider's default rules, without overwriting ones staff have edited. */
    seedDefaultRules: () => repository.insertMissingDefaults(DEFAULT_PROVIDER_RULES.map((rule) => ({ ...rule }))),

    async currencyAccountPairs(accountId: string): Promise<PairView[]> {
      return (await repository.pairsOf(accountId)).map(pairView);
    },

    async updateCurrencyAccountPairs(accountId: string, input: ReadonlyArray<{ currencyId: string; isEnabled: boolean; isSellEnabled: boolean }>) {
      if (input.length > 1000) throw badInput({ pairs: 'At most 1000 assets at once.' });
      const catalogue = await repository.pairsOf(accountId);
      const byId = new Map(catalogue.map((row) => [row.currency.id, row.currency]));
      const fields: Record<string, string> = {};
      const latest = new Map<string, { currencyId: string; isEnabled: boolean; isSellEnabled: boolean }>();
      input.forEach((pair, index) => {
        const currency = typeof pair.currencyId === 'string' ? byId.get(pair.currencyId.toLowerCase()) : undefined;
        if (!currency) {
          fields[`pairs.${index}.currencyId`] = 'This currency is not in the catalogue.';
          return;
        }
        const label = `${currency.name} (${currency.code.toUpperCase()})`;
        if (currency.isSuspended && (pair.isEnabled || pair.isSellEnabled)) fields[`pairs.${index}.isEnabled`] = `${label} is suspended and cannot be enabled.`;
        else if (pair.isSellEnabled && !currency.isSellSupported)
          fields[`pairs.${index}.isSellEnabled`] = `${label} cannot be sold through Rampart: selling is not supported for it.`;
        latest.set(currency.id, { currencyId: currency.id, isEnabled: pair.isEnabled, isSellEnabled: pair.isSellEnabled });
      });
      if (Object.keys(fields).length) throw badInput(fields);
      await repository.lockAccount(accountId);
      await repository.upsertPairs(accountId, [...latest.values()]);
      const pairs = (await repository.pairsOf(accountId)).map(pairView);
      // Configured once the partner has saved a choice, as long as it offers something (buying or selling: separate products).
      await repository.setOnboardingFlag(
        accountId,
        'areCurrenciesConfigured',
        pairs.some((pair) => pair.isEnabled || pair.isSellEnabled),
      );
      const saved = new Set(latest.keys());
      return pairs.filter((pair) => saved.has(pair.id));
    },

    pricingRules,

    async updatePricingRules(accountId: string, type: PricingRuleType, input: readonly unknown[], viewer: RampViewer, userId: string | null) {
      if (!(PRICING_RULE_TYPES as readonly string[]).includes(type)) throw badInput({ type: `Choose a rule type: ${PRICING_RULE_TYPES.join(', ')}.` });
      if (!editableTypes(viewer).includes(type)) throw refusal(type, viewer);
      const rules = checkRules(type, input);
      await repository.lockAccount(accountId);
      await repository.replaceAccountRules(accountId, type, rules, userId);
      if (type === 'partnerFee') await repository.refreshConfiguredFees(accountId);
      return pricingRules(accountId, null, viewer);
    },

    quote,

    requireAccount,

    /**
     * Staff set the provider's rule types of one account (issue 35): fee and network fee with fee:edit, spread with
     * spread:edit; the partner fee is the partner's own. The audit row keeps the account's rules before and after.
     */
    async updateAccountPricingRules(accountId: string, type: PricingRuleType, input: readonly unknown[], viewer: RampViewer, userId: string) {
      if (!(PRICING_RULE_TYPES as readonly string[]).includes(type)) throw badInput({ type: `Choose a rule type: ${PRICING_RULE_TYPES.join(', ')}.` });
      if (type === 'partnerFee')
        throw badInput({ type: 'The partner fee is set by the partner’s administrators on their Fees screen; staff set fee, network fee and spread.' });
      if (!editableTypes(viewer).includes(type)) throw refusal(type, viewer);
      const rules = checkRules(type, input);
      await requireAccount(accountId);
      await repository.lockAccount(accountId);
      const values = (rows: readonly PricingRuleRow[]) =>
        rows.map(({ region, paymentMethod, transactionType, percentage, fixedValue, minValue }) => ({
          region,
          paymentMethod,
          transactionType,
          percentage,
          fixedValue,
          minValue,
        }));
      const before = values(await repository.accountRulesOfType(accountId, type));
      await repository.replaceAccountRules(accountId, type, rules, userId);
      const after = values(await repository.accountRulesOfType(accountId, type));
      return withAuditChange(await pricingRules(accountId, null, viewer), { before, after });
    },

    /**
     * A sample quote with the account's saved rules and with draft rules of one type in their place, nothing saved:
     * staff see what an edit would change before saving it.
     */
    async previewPricingRules(accountId: string, type: PricingRuleType, input: readonly unknown[], sample: QuoteInput) {
      if (!(PRICING_RULE_TYPES as readonly string[]).includes(type)) throw badInput({ type: `Choose a rule type: ${PRICING_RULE_TYPES.join(', ')}.` });
      const rules = checkRules(type, input);
      const checked = checkQuoteInput(sample);
      await requireAccount(accountId);
      const loaded = await quoteContext({ accountId, codes: [checked.cryptoCurrencyCode], transactionType: checked.transactionType });
      // Prices only: a method staff turned off (or its bounds) does not hide what its rules would charge.
      const context = { ...loaded, methods: [] };
      const now = new Date();
      const drafts: PricingRuleRow[] = rules
        .filter((rule) => rule.transactionType === checked.transactionType)
        .map((rule, index) => ({ ...rule, id: `draft-${index + 1}`, accountId, createdAt: now, updatedAt: now, updatedByUserId: null }));
      const draftContext = { ...context, rules: [...context.rules.filter((rule) => !(rule.accountId && rule.type === type)), ...drafts] };
      return { current: priceQuote(context, checked), draft: priceQuote(draftContext, checked) };
    },

    /**
     * The widget's payment methods of a flow that staff have not disabled (issue 35): those offered somewhere, and per
     * region the ones offered there where that differs.
     */
    async offeredPaymentMethods(accountId: string, methods: readonly string[]) {
      const settings = await repository.methodSettingsOf(accountId);
      const offeredIn = (region: string) => methods.filter((method) => methodSettingFor(settings, method, region)?.isEnabled !== false);
      const everywhere = offeredIn('Global');
      const byRegion: Partial<Record<PricingRegion, string[]>> = {};
      for (const region of PRICING_REGIONS) {
        const here = offeredIn(region);
        if (here.join() !== everywhere.join()) byRegion[region] = here;
      }
      const some = methods.filter((method) => everywhere.includes(method) || Object.values(byRegion).some((list) => list.includes(method)));
      return { paymentMethods: some, byRegion: { Global: everywhere, ...byRegion } };
    },

    /**
     * The fiat amount a payment method takes in some region where it is offered: the least of the regions' minimums
     * and the most of their maximums (null: unbounded somewhere). A signed amount outside both fits no customer.
     */
    async methodAmountBounds(accountId: string, paymentMethod: string): Promise<{ min: string | null; max: string | null }> {
      const settings = await repository.methodSettingsOf(accountId);
      const applying = PRICING_REGIONS.map((region) => methodSettingFor(settings, paymentMethod, region)).filter((setting) => setting?.isEnabled !== false);
      const bound = (pick: (setting: NonNullable<(typeof applying)[number]>) => string | null, better: (a: Decimal, b: Decimal) => boolean) => {
        let found: Decimal | null = null;
        for (const setting of applying) {
          const value = setting ? pick(setting) : null;
          if (value === null) return null;
          if (found === null || better(new Decimal(value), found)) found = new Decimal(value);
        }
        return found?.toFixed() ?? null;
      };
      return {
        min: bound(
          (setting) => setting.minAmount,
          (a, b) => a.lt(b),
        ),
        max: bound(
          (setting) => setting.maxAmount,
          (a, b) => a.gt(b),
        ),
      };
    },

    async quoteSwap(accountId: string, input: SwapInput) {
      const checked = checkSwapInput(input);
      const context = await quoteContext({
        accountId,
        codes: [checked.cryptoCurrencyCode, checked.quoteCryptoCurrencyCode],
        transactionType: 'sell',
        paymentMethod: 'balance',
      });
      return priceSwap(context, checked);
    },

    quoteContext,
    checkQuoteInput,
    priceQuote,
    checkSwapInput,
    priceSwap,
    priceNft,

    /** The assets a widget flow offers: enabled for the flow (sell: isSellEnabled), not suspended, available in test mode. */
    async offeredCurrencies(accountId: string, flow: 'buy' | 'sell' | 'swap'): Promise<WidgetCurrency[]> {
      const pairs = (await repository.pairsOf(accountId)).map(pairView);
      return pairs
        .filter((pair) => (flow === 'sell' ? pair.isSellEnabled : pair.isEnabled) && !pair.currency.isSuspended && pair.currency.supportsTestMode)
        .map(({ currency }) => {
          const ticker = tickerOf(currency);
          return {
            code: currency.code,
            name: currency.name,
            ticker,
            networkCode: currency.networkCode,
            networkName: NETWORKS.find((network) => network.code === currency.networkCode)?.name ?? currency.networkCode,
            icon: currency.icon,
            addressRegex: currency.addressRegex,
            supportsAddressTag: currency.supportsAddressTag,
            decimals: assetDecimals(ticker),
            isSuspendedUS: currency.isSuspendedUS,
          };
        });
    },

    setOnboardingFlag: (accountId: string, flag: OnboardingFlag, value: boolean) => repository.setOnboardingFlag(accountId, flag, value),

    integrations: (accountId: string) => repository.integrationsOf(accountId),

    async createIntegration(accountId: string, userId: string | null, input: { type: string; value: string }): Promise<IntegrationRow> {
      const raw = typeof input.value === 'string' ? input.value.trim() : '';
      let value: string;
      const type = input.type as IntegrationRow['type'];
      if (type === 'web') {
        const checked = webHostOf(raw);
        if ('problem' in checked) throw badInput({ value: checked.problem });
        value = checked.host;
      } else if (type === 'ios') {
        if (raw.length > 155 || !BUNDLE_ID.test(raw))
          throw badInput({ value: 'Enter the app’s bundle ID, such as com.example.app (letters, digits, hyphens and dots).' });
        value = raw;
      } else if (type === 'android') {
        if (raw.length > 255 || !PACKAGE_NAME.test(raw))
          throw badInput({ value: 'Enter the app’s package name, such as com.example.app (each part starts with a letter; letters, digits and underscores).' });
        value = raw;
      } else throw badInput({ type: 'Choose web, ios or android.' });

      await repository.lockAccount(accountId);
      const existing = await repository.integrationsOf(accountId);
      const kind = type === 'web' ? 'domain' : type === 'ios' ? 'iOS app' : 'Android app';
      if (existing.some((row) => row.type === type && row.value.toLowerCase() === value.toLowerCase())) {
        throw new AppError('CONFLICT', `The ${kind} ${value} is already recorded for this account.`);
      }
      if (existing.length >= MAX_INTEGRATIONS) throw badInput({ value: `At most ${MAX_INTEGRATIONS} integrations per account; delete one you no longer use.` });
      const row = await repository.insertIntegration({ accountId, type, value, createdByUserId: userId });
      if (!row) throw new AppError('CONFLICT', `The ${kind} ${value} is already recorded for this account.`);
      if (type === 'web') {
        // Staff review every domain the widget is embedded on (go-live's domain reviews).
        await repository.addPendingDomainReview(accountId, value);
        await repository.setOnboardingFlag(accountId, 'areDomainsConfigured', true);
      }
      return row;
    },

    async deleteIntegration(id: string): Promise<boolean> {
      const row = await repository.deleteIntegration(id);
      if (!row) throw notFound('The integration');
      if (row.type === 'web') {
        await repository.lockAccount(row.accountId);
        await repository.setOnboardingFlag(row.accountId, 'areDomainsConfigured', await repository.hasWebIntegration(row.accountId));
      }
      return true;
    },

    accountOfIntegration: (id: string) => repository.accountOfIntegration(id),
  };
}

export type RampService = ReturnType<typeof createRampService>;
