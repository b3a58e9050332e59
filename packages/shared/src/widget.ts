// What the server hands the widget page (window.__RAMPART_WIDGET__) and what the widget's JSON API answers.
import type { ThemeConfig } from './themes.ts';

/** `nft`: the NFT checkout (issue 38), a card purchase of one token delivered on the chain. */
export const WIDGET_FLOWS = ['buy', 'sell', 'swap', 'nft'] as const;
export type WidgetFlow = (typeof WIDGET_FLOWS)[number];

/** URL parameters the widget understands (MoonPay-style names); all optional except apiKey. */
export const WIDGET_PARAMS = [
  'apiKey',
  'currencyCode',
  'quoteCurrencyCode',
  'baseCurrencyCode',
  'baseCurrencyAmount',
  'walletAddress',
  'walletAddressTag',
  'email',
  'externalCustomerId',
  'externalTransactionId',
  'redirectURL',
  'colorCode',
  'language',
  'theme',
  /** `1`: the theme editor's preview (drafts by postMessage, no funnel events). */
  'preview',
  /** NFT checkout: the collection (its contract and network code) and, to sell a token minted beforehand, its id. */
  'contractAddress',
  'network',
  'tokenId',
] as const;
export type WidgetParamName = (typeof WIDGET_PARAMS)[number];
export type WidgetParams = Partial<Record<WidgetParamName, string>>;

/**
 * Parameters that make a signature required: they say where money goes, who pays, or which of the partner's customers
 * the transaction is recorded for. (A redirectURL needs one too, unless it is on a domain staff cleared for the account.)
 */
export const SIGNATURE_REQUIRED_PARAMS: readonly WidgetParamName[] = ['walletAddress', 'email', 'externalCustomerId'];

/** Parameters a signed link leaves to the customer (the look of the widget); every other one it sets is locked. */
export const UNLOCKED_PARAMS: readonly WidgetParamName[] = ['apiKey', 'colorCode', 'theme', 'language', 'preview'];

/** Whether a URL's host is one of the domains or below one (shop.example.com is under example.com). */
export function isOnDomains(url: string, domains: readonly string[]): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return false;
  }
  return domains.some((domain) => {
    const cleared = domain.toLowerCase().replace(/\.$/, '');
    return cleared !== '' && (host === cleared || host.endsWith(`.${cleared}`));
  });
}

export const WIDGET_LANGUAGES = ['en'] as const;

export const TEST_CARDS = [
  { number: '4242424242424242', outcome: 'succeeds', label: 'Succeeds' },
  { number: '4000000000000002', outcome: 'declined', label: 'Declined by the issuer' },
  { number: '4000000000003220', outcome: 'requiresConfirmation', label: 'Needs a second confirmation (3-D Secure)' },
] as const;
export type TestCardOutcome = (typeof TEST_CARDS)[number]['outcome'];

export const WIDGET_PAYMENT_METHODS: Record<WidgetFlow, readonly string[]> = {
  buy: ['creditCard', 'debitCard', 'applePay', 'googlePay', 'sepa', 'ach'],
  sell: ['sepa', 'ach'],
  swap: ['balance'],
  nft: ['creditCard', 'debitCard'],
};

export const WALLET_DISPLAY_MODES = ['EDITABLE', 'HIDDEN', 'READONLY'] as const;
export type WalletDisplayMode = (typeof WALLET_DISPLAY_MODES)[number];

/** What the NFT checkout sells in a session: one token of a collection, priced in the chain's native asset. */
export interface WidgetNft {
  collection: { name: string; imageUrl: string | null; contractAddress: string; symbol: string | null; networkCode: string; networkName: string };
  /** NFT-commerce flow: the token minted beforehand that is transferred; null: the lite flow mints the next token. */
  tokenId: string | null;
  delivery: 'mint' | 'transfer';
  /** The token's price, in `priceCurrencyCode` (the chain's native asset). */
  priceAmount: string;
  priceCurrencyCode: string;
  /** EDITABLE: the buyer types the wallet; READONLY: the signed link's wallet is shown; HIDDEN: it is used unseen. */
  walletDisplayMode: WalletDisplayMode;
}

export interface WidgetCurrency {
  code: string;
  name: string;
  ticker: string;
  networkCode: string;
  networkName: string;
  icon: string;
  addressRegex: string;
  supportsAddressTag: boolean;
  decimals: number;
  isSuspendedUS: boolean;
}

export interface WidgetBootstrap {
  /** Sent back as "Authorization: Widget <token>". */
  sessionToken: string;
  flow: WidgetFlow;
  liveMode: false;
  account: { name: string };
  params: WidgetParams;
  /** Parameters the customer may not change (they were signed). */
  lockedParams: WidgetParamName[];
  currencies: WidgetCurrency[];
  fiatCurrencies: string[];
  /** The flow's payment methods staff have left on in some region. */
  paymentMethods: string[];
  /** Per pricing region, the methods offered to its customers (Global: regions without their own list). */
  paymentMethodsByRegion: Partial<Record<string, string[]>>;
  testCards: { number: string; outcome: TestCardOutcome; label: string }[];
  theme: 'light' | 'dark' | null;
  colorCode: string | null;
  redirectURL: string | null;
  /** The account's active theme (issue 14); null: the built-in look. A colorCode parameter still overrides its button colour. */
  themeConfig: ThemeConfig | null;
  /** Set when the page was opened with preview=1 by the theme editor: drafts are accepted by postMessage from this origin only. */
  preview: { dashboardOrigin: string } | null;
  /** NFT checkout only: the token on sale. */
  nft?: WidgetNft | null;
  /** NFT checkout opened without a collection: the account's collections on sale, each with its checkout link. */
  nftChoices?: { name: string; imageUrl: string | null; url: string }[];
}

export interface WidgetQuote {
  transactionType: 'buy' | 'sell';
  region: string;
  /** The processor route the account's routing rules chose for the method and region (null: the provider's default). */
  route: string | null;
  paymentMethod: string;
  fiatCurrencyCode: string;
  cryptoCurrencyCode: string;
  /** Swap only: the asset received. */
  quoteCryptoCurrencyCode?: string | null;
  baseCurrencyAmount: string;
  quoteCurrencyAmount: string;
  feeAmount: string;
  extraFeeAmount: string;
  networkFeeAmount: string;
  totalFeeAmount: string;
  spreadPercentage: string;
  marketRate: string;
  exchangeRate: string;
  expiresAt: string;
}

export interface WidgetTransaction {
  id: string;
  kind: 'buy' | 'sell' | 'swap';
  /** NFT checkout: the token and where it went (tokenId once minted or transferred), and how it is delivered. */
  nft: { collectionName: string; contractAddress: string; tokenId: string | null; imageUrl: string | null; delivery: 'mint' | 'transfer' } | null;
  status: string;
  failureReason: string | null;
  failureMessage: string | null;
  baseCurrencyAmount: string;
  quoteCurrencyAmount: string | null;
  feeAmount: string;
  extraFeeAmount: string;
  networkFeeAmount: string;
  fiatCurrencyCode: string;
  cryptoCurrencyCode: string;
  paymentMethod: string | null;
  route: string | null;
  walletAddress: string | null;
  depositWalletAddress: string | null;
  cryptoTransactionId: string | null;
  explorerUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Errors of the widget API: `{ error: { type, message, details? } }`. */
export interface WidgetApiError {
  error: { type: string; message: string; details?: Record<string, string>; action?: 'Block' | 'Redirect' };
}
