// The integrate screen's widget URL builder: parameters in the documented order, and the code to copy.
import { assetDecimals, NETWORK_NAMES } from '@rampart/shared/assets';
import { isOnDomains, UNLOCKED_PARAMS, type WidgetFlow } from '@rampart/shared/widget';
import { signedParamProblems, type SignableCurrency } from '@rampart/shared/widget-params';

export const WIDGET_PARAMS = [
  'currencyCode',
  'quoteCurrencyCode',
  'walletAddress',
  'walletAddressTag',
  'baseCurrencyCode',
  'baseCurrencyAmount',
  'email',
  'externalCustomerId',
  'externalTransactionId',
  'redirectURL',
  'colorCode',
  'language',
  'theme',
] as const;
export type WidgetParam = (typeof WIDGET_PARAMS)[number];
export type WidgetParams = Partial<Record<WidgetParam, string>>;

/** Parameters that make the server require a signature (the widget refuses them unsigned): SIGNATURE_REQUIRED_PARAMS. */
export const SIGNED_PARAMS: readonly WidgetParam[] = ['walletAddress', 'email', 'externalCustomerId'];

/** Whether the widget would refuse the URL unsigned: a signed parameter, or a redirectURL off the account's cleared domains. */
export function needsSignature(params: WidgetParams, clearedDomains: readonly string[] = []): boolean {
  const redirect = (params.redirectURL ?? '').trim();
  return SIGNED_PARAMS.some((name) => (params[name] ?? '').trim() !== '') || (redirect !== '' && !isOnDomains(redirect, clearedDomains));
}

const PARAM_WORDS: Record<WidgetParam, string> = {
  currencyCode: 'the asset',
  quoteCurrencyCode: 'the asset received',
  walletAddress: 'the wallet address',
  walletAddressTag: 'its tag',
  baseCurrencyCode: 'the fiat currency',
  baseCurrencyAmount: 'the amount',
  email: 'the e-mail',
  externalCustomerId: 'your customer id',
  externalTransactionId: 'your transaction id',
  redirectURL: 'the redirect URL',
  colorCode: 'the accent colour',
  language: 'the language',
  theme: 'the theme',
};

const list = (words: string[]) => (words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? ''));

/** What a signed URL locks, from the widget's own list of the parameters it leaves to the customer. */
export function lockedParamsSentence(): string {
  const unlocked = WIDGET_PARAMS.filter((name) => UNLOCKED_PARAMS.includes(name));
  const locked = WIDGET_PARAMS.filter((name) => !UNLOCKED_PARAMS.includes(name));
  return `Signed, the URL locks every value it sets except ${list(unlocked.map((name) => PARAM_WORDS[name]))}: the customer cannot change ${list(locked.map((name) => PARAM_WORDS[name]))}.`;
}

/**
 * The base URL (with its apiKey) plus every non-empty parameter, trimmed and percent-encoded, in the documented order.
 * A signature already on the base is dropped: it is added last, after signing.
 */
export function buildWidgetUrl(base: string, params: WidgetParams): string {
  const url = new URL(base);
  url.searchParams.delete('signature');
  for (const name of WIDGET_PARAMS) {
    const value = (params[name] ?? '').trim();
    url.searchParams.delete(name);
    if (value !== '') url.searchParams.append(name, value);
  }
  // URLSearchParams encodes a space as "+"; encode it as %20 so every decoder reads the same characters.
  return url.toString().replace(/\+/g, '%20');
}

const COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * Field problems shown under the builder's inputs: the cosmetic parameters the widget would ignore, and the signed ones
 * checked by the widget's own rules against the assets offered (generateSignedUrl refuses the same).
 */
export function widgetParamProblems(
  params: WidgetParams,
  flow: WidgetFlow = 'buy',
  offered: readonly SignableCurrency[] = [],
): Partial<Record<WidgetParam, string>> {
  const problems: Partial<Record<WidgetParam, string>> = {};
  const signed = signedParamProblems(flow, params, offered);
  for (const name of WIDGET_PARAMS) if (signed[name]) problems[name] = signed[name];
  const color = params.colorCode?.trim();
  if (color && !COLOR.test(color)) problems.colorCode = 'Use a colour such as #1F6FEB.';
  const redirect = params.redirectURL?.trim();
  if (redirect) {
    try {
      const parsed = new URL(redirect);
      if (parsed.protocol !== 'https:' && parsed.hostname !== 'localhost') problems.redirectURL = 'Use an https URL.';
    } catch {
      problems.redirectURL = 'Enter a full URL such as https://example.com/done.';
    }
  }
  return problems;
}

/** A crypto currency of the catalogue as the widget sees it (ticker from its icon, network by name). */
export function signableCurrency(currency: {
  code: string;
  icon: string;
  networkCode: string;
  addressRegex: string;
  supportsAddressTag: boolean;
}): SignableCurrency {
  const ticker = /\/([a-z0-9]+)\.svg$/i.exec(currency.icon)?.[1]?.toLowerCase() ?? currency.code;
  return {
    code: currency.code,
    ticker,
    networkName: NETWORK_NAMES[currency.networkCode] ?? currency.networkCode.charAt(0).toUpperCase() + currency.networkCode.slice(1),
    addressRegex: currency.addressRegex,
    supportsAddressTag: currency.supportsAddressTag,
    decimals: assetDecimals(ticker),
  };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export const IFRAME_ALLOW = 'accelerometer; autoplay; camera; gyroscope; payment';

export function iframeSnippet(url: string, title = 'Buy crypto'): string {
  return [
    '<iframe',
    `  src="${escapeAttribute(url)}"`,
    `  title="${escapeAttribute(title)}"`,
    `  allow="${IFRAME_ALLOW}"`,
    '  width="420"',
    '  height="680"',
    '  style="border: 0; border-radius: 12px; max-width: 100%;"',
    '></iframe>',
  ].join('\n');
}

export function reactSnippet(url: string, title = 'Buy crypto'): string {
  return [
    `// The URL is signed on your server (it must not hold your secret key); pass it in as a prop.`,
    `export function RampWidget({ url = ${JSON.stringify(url)} }: { url?: string }) {`,
    '  return (',
    '    <iframe',
    '      src={url}',
    `      title=${JSON.stringify(title)}`,
    `      allow="${IFRAME_ALLOW}"`,
    '      width={420}',
    '      height={680}',
    "      style={{ border: 0, borderRadius: 12, maxWidth: '100%' }}",
    '    />',
    '  );',
    '}',
  ].join('\n');
}
