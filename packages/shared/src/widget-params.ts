// What the widget's parameters must be. The widget checks what the customer types with these rules; the URL builder
// and generateSignedUrl check what a partner signs with the same ones, since a signed value is locked and a wrong one
// would leave the customer stuck. Free of decimal.js so the widget's bundle can use it.
import { FIAT_DECIMALS, amountFormatProblem, amountProblem } from './amounts.ts';
import { FIAT_CURRENCIES } from './transactions.ts';
import type { WidgetCurrency, WidgetFlow, WidgetParamName, WidgetParams } from './widget.ts';

type AddressCurrency = Pick<WidgetCurrency, 'addressRegex' | 'ticker' | 'networkName'>;

/** "USDC on Solana": the asset with its network. */
export function widgetAssetLabel(currency: Pick<WidgetCurrency, 'ticker' | 'networkName'>): string {
  return `${currency.ticker.toUpperCase()} on ${currency.networkName}`;
}

/** null when the address has the asset's shape; otherwise the message shown under the field. */
export function walletAddressError(address: string, currency: AddressCurrency): string | null {
  const value = address.trim();
  if (value === '') return `Enter the ${widgetAssetLabel(currency)} wallet address that receives it.`;
  if (/\s/.test(value)) return 'A wallet address has no spaces.';
  let pattern: RegExp;
  try {
    pattern = new RegExp(currency.addressRegex);
  } catch {
    return null; // A pattern this engine cannot read: the transaction's own check decides.
  }
  return pattern.test(value)
    ? null
    : `This is not a ${currency.networkName} address. Check that you copied all of it and that it is for ${widgetAssetLabel(currency)}.`;
}

/** Destination tags and memos: optional; when given, short and without spaces. */
export function addressTagError(tag: string): string | null {
  const value = tag.trim();
  if (value === '') return null;
  if (value.length > 64 || /\s/.test(value)) return 'A tag or memo has at most 64 characters and no spaces.';
  return null;
}

export function emailError(email: string): string | null {
  const value = email.trim();
  if (value === '') return 'Enter your email address.';
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : 'Enter an email address such as name@example.com.';
}

export type SignableCurrency = Pick<WidgetCurrency, 'code' | 'ticker' | 'networkName' | 'addressRegex' | 'supportsAddressTag' | 'decimals'>;

const FLOW_VERB: Record<WidgetFlow, string> = { buy: 'buying', sell: 'selling', swap: 'swaps', nft: 'NFT checkout' };

/**
 * Problems of the parameters a partner signs, by parameter, against the assets the account offers for the flow: the
 * asset offered, the wallet address in the pattern of the asset that receives it, a tag only where the asset has
 * one, the amount in the right currency's decimals and above zero, a known fiat currency. Empty values are skipped
 * (the URL builder leaves them out). Limits that need the server's data (payment method bounds) are checked there.
 */
export function signedParamProblems(flow: WidgetFlow, params: WidgetParams, offered: readonly SignableCurrency[]): Partial<Record<WidgetParamName, string>> {
  const problems: Partial<Record<WidgetParamName, string>> = {};
  const value = (name: WidgetParamName) => (params[name] ?? '').trim();
  const find = (code: string) => offered.find((currency) => currency.code === code) ?? null;
  if (flow === 'nft') {
    // The NFT checkout sells a token of an EVM collection: no asset, amount or tag; the wallet is an EVM address.
    const address = value('walletAddress');
    if (address && !/^0x[0-9a-fA-F]{40}$/.test(address)) problems.walletAddress = 'The NFT is delivered to an EVM wallet: 0x followed by 40 hex digits.';
    for (const name of ['currencyCode', 'quoteCurrencyCode', 'baseCurrencyAmount', 'walletAddressTag'] as const)
      if (value(name)) problems[name] = 'The NFT checkout sells a token at its collection’s price: leave this out.';
    return problems;
  }
  const notOffered = (code: string) =>
    `${code.toUpperCase()} is not offered for ${FLOW_VERB[flow]} by this account: turn it on under Cryptocurrencies, or leave the asset to the customer.`;

  const assetCode = value('currencyCode');
  const asset = assetCode ? find(assetCode) : null;
  if (assetCode && !asset) problems.currencyCode = notOffered(assetCode);

  const receivedCode = value('quoteCurrencyCode');
  let received: SignableCurrency | null = null;
  if (receivedCode) {
    if (flow !== 'swap') problems.quoteCurrencyCode = 'Only a swap has an asset received: leave it out.';
    else if (receivedCode === assetCode) problems.quoteCurrencyCode = 'Choose an asset other than the one sent.';
    else if (!(received = find(receivedCode))) problems.quoteCurrencyCode = notOffered(receivedCode);
  }

  const fiatCode = value('baseCurrencyCode').toLowerCase();
  const fiats: readonly string[] = flow === 'swap' ? ['usd'] : FIAT_CURRENCIES;
  if (fiatCode && !fiats.includes(fiatCode)) problems.baseCurrencyCode = `Choose one of ${fiats.map((code) => code.toUpperCase()).join(', ')}.`;

  const amount = value('baseCurrencyAmount');
  if (amount) {
    // A buy is paid in fiat; a sell or swap is an amount of the asset sent.
    const fiat = fiatCode || 'usd';
    const problem =
      flow === 'buy'
        ? amountProblem(amount, FIAT_DECIMALS[fiat] ?? 2, fiat.toUpperCase())
        : asset
          ? amountProblem(amount, asset.decimals, asset.ticker.toUpperCase())
          : amountFormatProblem(amount);
    if (problem) problems.baseCurrencyAmount = problem;
    else if (!/[1-9]/.test(amount)) problems.baseCurrencyAmount = 'Enter an amount above zero.';
  }

  // Where the crypto goes: what a buy buys, what a swap receives; a sell's address takes refunds of the asset sold.
  const receiving = flow === 'swap' ? received : asset;
  const receivingChosen = flow === 'swap' ? Boolean(receivedCode) : Boolean(assetCode);
  const address = value('walletAddress');
  if (address && receiving) {
    const problem = walletAddressError(address, receiving);
    if (problem) problems.walletAddress = problem;
  } else if (address && !receivingChosen) {
    // The customer chooses the asset: the locked address must fit at least one of them.
    if (/\s/.test(address)) problems.walletAddress = 'A wallet address has no spaces.';
    else if (!offered.some((currency) => walletAddressError(address, currency) === null))
      problems.walletAddress = `This address fits none of the assets this account offers for ${FLOW_VERB[flow]}: check that you copied all of it, and choose the asset it is for.`;
  }

  const tag = value('walletAddressTag');
  if (tag) {
    if (flow === 'sell') problems.walletAddressTag = 'A sell sends no crypto to the customer, so it takes no tag or memo: leave it out.';
    else if (receiving && !receiving.supportsAddressTag)
      problems.walletAddressTag = `${widgetAssetLabel(receiving)} has no destination tag or memo: leave it out.`;
    else if (!receivingChosen && !offered.some((currency) => currency.supportsAddressTag))
      problems.walletAddressTag = 'None of the assets this account offers takes a destination tag or memo: leave it out.';
    else {
      const problem = addressTagError(tag);
      if (problem) problems.walletAddressTag = problem;
    }
  }

  const email = value('email');
  if (email) {
    const problem = emailError(email);
    if (problem) problems.email = problem;
  }
  return problems;
}
