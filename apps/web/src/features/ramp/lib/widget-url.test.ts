import { describe, expect, it } from 'vitest';
import { buildWidgetUrl, iframeSnippet, lockedParamsSentence, needsSignature, reactSnippet, signableCurrency, widgetParamProblems } from './widget-url';

const base = 'http://localhost:3000/widget/buy?apiKey=pk_test_abc';

describe('buildWidgetUrl', () => {
  it('keeps the apiKey first and adds non-empty parameters in the documented order', () => {
    expect(buildWidgetUrl(base, { theme: 'dark', currencyCode: 'btc', walletAddress: '', language: 'en' })).toBe(
      'http://localhost:3000/widget/buy?apiKey=pk_test_abc&currencyCode=btc&language=en&theme=dark',
    );
  });

  it('percent-encodes values (a space as %20, never +) and trims them', () => {
    const url = buildWidgetUrl(base, {
      email: ' ada+test@example.com ',
      redirectURL: 'https://shop.example/done?a=1&b=2',
      externalCustomerId: 'a b',
      colorCode: '#1F6FEB',
    });
    expect(url).toBe(
      'http://localhost:3000/widget/buy?apiKey=pk_test_abc&email=ada%2Btest%40example.com&externalCustomerId=a%20b&redirectURL=https%3A%2F%2Fshop.example%2Fdone%3Fa%3D1%26b%3D2&colorCode=%231F6FEB',
    );
    const parsed = new URL(url);
    expect(parsed.searchParams.get('email')).toBe('ada+test@example.com');
    expect(parsed.searchParams.get('externalCustomerId')).toBe('a b');
  });

  it('drops a signature and duplicates already on the base', () => {
    expect(buildWidgetUrl(`${base}&currencyCode=eth&signature=xyz`, { currencyCode: 'btc' })).toBe(
      'http://localhost:3000/widget/buy?apiKey=pk_test_abc&currencyCode=btc',
    );
  });
});

it('needs a signature with a wallet address, an e-mail, an external customer id, or a redirect URL off the cleared domains', () => {
  expect(needsSignature({ currencyCode: 'btc' })).toBe(false);
  expect(needsSignature({ walletAddress: ' ' })).toBe(false);
  expect(needsSignature({ walletAddress: 'bc1q' })).toBe(true);
  expect(needsSignature({ email: 'a@b.co' })).toBe(true);
  expect(needsSignature({ externalCustomerId: 'cust-7' })).toBe(true);
  expect(needsSignature({ redirectURL: 'https://elsewhere.example/done' }, ['shop.example.com'])).toBe(true);
  expect(needsSignature({ redirectURL: 'https://www.shop.example.com/done' }, ['shop.example.com'])).toBe(false);
});

it('names parameter problems', () => {
  expect(widgetParamProblems({ colorCode: 'blue', baseCurrencyAmount: '1,5', email: 'nope', redirectURL: 'http://example.com' })).toEqual({
    colorCode: 'Use a colour such as #1F6FEB.',
    baseCurrencyAmount: 'Enter an amount such as 100 or 0.05.',
    email: 'Enter an email address such as name@example.com.',
    redirectURL: 'Use an https URL.',
  });
  expect(widgetParamProblems({ colorCode: '#aabbcc', redirectURL: 'http://localhost:5173/x' })).toEqual({});
});

const btc = signableCurrency({
  code: 'btc',
  icon: '/icons/crypto/btc.svg',
  networkCode: 'bitcoin',
  addressRegex: '^(bc1[02-9ac-hj-np-z]{39,59}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$',
  supportsAddressTag: false,
});
const xrp = signableCurrency({
  code: 'xrp',
  icon: '/icons/crypto/xrp.svg',
  networkCode: 'ripple',
  addressRegex: '^r[1-9A-HJ-NP-Za-km-z]{24,34}$',
  supportsAddressTag: true,
});

it('checks what it signs by the widget’s rules for the asset: its address, its tag, its decimals, that it is offered', () => {
  const offered = [btc, xrp];
  expect(widgetParamProblems({ currencyCode: 'btc', walletAddress: 'not-a-wallet' }, 'buy', offered)).toEqual({
    walletAddress: 'This is not a Bitcoin address. Check that you copied all of it and that it is for BTC on Bitcoin.',
  });
  expect(widgetParamProblems({ currencyCode: 'btc', walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }, 'buy', offered)).toEqual({});
  expect(widgetParamProblems({ currencyCode: 'btc', walletAddressTag: '12' }, 'buy', offered)).toEqual({
    walletAddressTag: 'BTC on Bitcoin has no destination tag or memo: leave it out.',
  });
  expect(widgetParamProblems({ currencyCode: 'xrp', walletAddressTag: '12' }, 'buy', offered)).toEqual({});
  expect(widgetParamProblems({ currencyCode: 'eth' }, 'buy', offered)).toEqual({ currencyCode: expect.stringContaining('ETH is not offered for buying') });
  expect(widgetParamProblems({ baseCurrencyCode: 'jpy', baseCurrencyAmount: '100.5' }, 'buy', offered)).toEqual({
    baseCurrencyAmount: 'JPY amounts are whole numbers: no decimals.',
  });
  expect(widgetParamProblems({ walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7' }, 'buy', offered)).toEqual({
    walletAddress: expect.stringContaining('fits none of the assets'),
  });
});

it('says every value a signed URL sets is locked, amount, currency and asset included', () => {
  expect(lockedParamsSentence()).toBe(
    'Signed, the URL locks every value it sets except the accent colour, the language and the theme: the customer cannot change the asset, the asset received, the wallet address, its tag, the fiat currency, the amount, the e-mail, your customer id, your transaction id and the redirect URL.',
  );
});

it('escapes the URL in the iframe snippet and allows the payment features', () => {
  const snippet = iframeSnippet('https://x.test/widget/buy?apiKey=pk&a="b"&c=1');
  expect(snippet).toContain('src="https://x.test/widget/buy?apiKey=pk&amp;a=&quot;b&quot;&amp;c=1"');
  expect(snippet).toContain('allow="accelerometer; autoplay; camera; gyroscope; payment"');
  expect(reactSnippet('https://x.test/?a=1')).toContain('url = "https://x.test/?a=1"');
});
