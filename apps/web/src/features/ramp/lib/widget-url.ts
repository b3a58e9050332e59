// The integrate screen's widget URL builder: parameters in the documented order, and the code to copy.
import { isOnDomains } from '@rampart/shared/widget';

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

/** Field problems shown under the builder's inputs (the widget would ignore or refuse these). */
export function widgetParamProblems(params: WidgetParams): Partial<Record<WidgetParam, string>> {
  const problems: Partial<Record<WidgetParam, string>> = {};
  const color = params.colorCode?.trim();
  if (color && !COLOR.test(color)) problems.colorCode = 'Use a colour such as #1F6FEB.';
  const amount = params.baseCurrencyAmount?.trim();
  if (amount && !/^\d+(\.\d+)?$/.test(amount)) problems.baseCurrencyAmount = 'Enter an amount such as 100 or 49.99.';
  const email = params.email?.trim();
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) problems.email = 'Enter an e-mail address such as ada@example.com.';
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
