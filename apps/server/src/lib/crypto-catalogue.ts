// The crypto catalogue seeded into crypto_currencies at start: assets, their networks, address formats and tag support.
// Address patterns follow each chain's documented encoding (bech32/base58/hex/base32); they check the shape, not checksums.

const EVM = '^0x[a-fA-F0-9]{40}$';
const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const BECH32 = '[02-9ac-hj-np-z]';

export interface CryptoNetwork {
  code: string;
  name: string;
  /** A wallet or contract address on the network. */
  addressRegex: string;
  /** NFT collections may live on it. */
  supportsNft: boolean;
}

export const NETWORKS: CryptoNetwork[] = [
  { code: 'bitcoin', name: 'Bitcoin', addressRegex: `^(bc1${BECH32}{39,59}|[13]${BASE58}{25,34})$`, supportsNft: false },
  { code: 'ethereum', name: 'Ethereum', addressRegex: EVM, supportsNft: true },
  { code: 'polygon', name: 'Polygon', addressRegex: EVM, supportsNft: true },
  { code: 'arbitrum', name: 'Arbitrum One', addressRegex: EVM, supportsNft: true },
  { code: 'optimism', name: 'OP Mainnet', addressRegex: EVM, supportsNft: true },
  { code: 'base', name: 'Base', addressRegex: EVM, supportsNft: true },
  { code: 'avalanche_c_chain', name: 'Avalanche C-Chain', addressRegex: EVM, supportsNft: true },
  { code: 'bnb_chain', name: 'BNB Smart Chain', addressRegex: EVM, supportsNft: true },
  { code: 'celo', name: 'Celo', addressRegex: EVM, supportsNft: false },
  { code: 'solana', name: 'Solana', addressRegex: `^${BASE58}{32,44}$`, supportsNft: true },
  { code: 'ripple', name: 'XRP Ledger', addressRegex: `^r${BASE58}{24,34}$`, supportsNft: false },
  { code: 'stellar', name: 'Stellar', addressRegex: '^G[A-Z2-7]{55}$', supportsNft: false },
  { code: 'tron', name: 'Tron', addressRegex: `^T${BASE58}{33}$`, supportsNft: false },
  { code: 'cardano', name: 'Cardano', addressRegex: `^(addr1${BECH32}{53,98}|Ae2${BASE58}{56,60}|DdzFF${BASE58}{93,104})$`, supportsNft: false },
  { code: 'polkadot', name: 'Polkadot', addressRegex: `^1${BASE58}{46,47}$`, supportsNft: false },
  { code: 'cosmos', name: 'Cosmos Hub', addressRegex: `^cosmos1${BECH32}{38}$`, supportsNft: false },
  { code: 'algorand', name: 'Algorand', addressRegex: '^[A-Z2-7]{58}$', supportsNft: false },
  { code: 'dogecoin', name: 'Dogecoin', addressRegex: `^(D[5-9A-HJ-NP-U]${BASE58}{32}|[A9]${BASE58}{33})$`, supportsNft: false },
  { code: 'litecoin', name: 'Litecoin', addressRegex: `^(ltc1${BECH32}{39,59}|[LM3]${BASE58}{26,33})$`, supportsNft: false },
  { code: 'bitcoin_cash', name: 'Bitcoin Cash', addressRegex: `^((bitcoincash:)?[qp]${BECH32}{41}|[13]${BASE58}{25,34})$`, supportsNft: false },
  { code: 'near', name: 'NEAR Protocol', addressRegex: '^([a-z0-9_-]{2,64}(\\.[a-z0-9_-]{2,64})*\\.near|[0-9a-f]{64})$', supportsNft: false },
  { code: 'ton', name: 'TON', addressRegex: '^(EQ|UQ)[A-Za-z0-9_-]{46}$', supportsNft: false },
  { code: 'hedera', name: 'Hedera', addressRegex: '^0\\.0\\.[0-9]{1,10}$', supportsNft: false },
  { code: 'tezos', name: 'Tezos', addressRegex: `^(tz[1-3]|KT1)${BASE58}{33}$`, supportsNft: false },
  { code: 'sui', name: 'Sui', addressRegex: '^0x[a-fA-F0-9]{64}$', supportsNft: false },
  { code: 'aptos', name: 'Aptos', addressRegex: '^0x[a-fA-F0-9]{64}$', supportsNft: false },
];

export interface CatalogueCurrency {
  code: string;
  name: string;
  /** The ticker drawn on the icon; several networks of one asset share it. */
  ticker: string;
  networkCode: string;
  /** The chain wants a destination tag or memo next to the address. */
  supportsAddressTag?: boolean;
  supportsTestMode?: boolean;
  isSellSupported?: boolean;
  isSuspended?: boolean;
  isSuspendedUS?: boolean;
}

/** Brand-ish colours of the ticker icons under apps/web/public/icons/crypto/<ticker>.svg. */
export const ICON_COLOURS: Record<string, string> = {
  btc: '#F7931A',
  eth: '#627EEA',
  usdc: '#2775CA',
  usdt: '#26A17B',
  sol: '#9945FF',
  xrp: '#23292F',
  xlm: '#14B6E7',
  trx: '#EB0029',
  ada: '#0033AD',
  dot: '#E6007A',
  atom: '#2E3148',
  algo: '#000000',
  avax: '#E84142',
  pol: '#8247E5',
  matic: '#8247E5',
  arb: '#28A0F0',
  op: '#FF0420',
  bnb: '#F3BA2F',
  doge: '#C2A633',
  ltc: '#345D9D',
  bch: '#8DC351',
  link: '#2A5ADA',
  uni: '#FF007A',
  dai: '#F5AC37',
  aave: '#B6509E',
  shib: '#FFA409',
  pepe: '#3D9A3D',
  near: '#00C08B',
  ton: '#0098EA',
  hbar: '#222222',
  xtz: '#2C7DF7',
  sui: '#4DA2FF',
  apt: '#1C1C1C',
  bonk: '#F8A01D',
  wbtc: '#5A5564',
  celo: '#35D07F',
  eurc: '#2775CA',
  pyusd: '#0070E0',
};

export const CURRENCIES: CatalogueCurrency[] = [
  { code: 'btc', name: 'Bitcoin', ticker: 'btc', networkCode: 'bitcoin', supportsTestMode: true, isSellSupported: true },
  { code: 'eth', name: 'Ethereum', ticker: 'eth', networkCode: 'ethereum', supportsTestMode: true, isSellSupported: true },
  { code: 'eth_polygon', name: 'Ethereum (Polygon)', ticker: 'eth', networkCode: 'polygon', supportsTestMode: true },
  { code: 'eth_arbitrum', name: 'Ethereum (Arbitrum)', ticker: 'eth', networkCode: 'arbitrum', supportsTestMode: true, isSellSupported: true },
  { code: 'eth_optimism', name: 'Ethereum (Optimism)', ticker: 'eth', networkCode: 'optimism', supportsTestMode: true },
  { code: 'eth_base', name: 'Ethereum (Base)', ticker: 'eth', networkCode: 'base', supportsTestMode: true, isSellSupported: true },
  { code: 'usdc', name: 'USD Coin', ticker: 'usdc', networkCode: 'ethereum', supportsTestMode: true, isSellSupported: true },
  { code: 'usdc_polygon', name: 'USD Coin (Polygon)', ticker: 'usdc', networkCode: 'polygon', supportsTestMode: true, isSellSupported: true },
  { code: 'usdc_arbitrum', name: 'USD Coin (Arbitrum)', ticker: 'usdc', networkCode: 'arbitrum', supportsTestMode: true },
  { code: 'usdc_optimism', name: 'USD Coin (Optimism)', ticker: 'usdc', networkCode: 'optimism', supportsTestMode: true },
  { code: 'usdc_base', name: 'USD Coin (Base)', ticker: 'usdc', networkCode: 'base', supportsTestMode: true, isSellSupported: true },
  { code: 'usdc_sol', name: 'USD Coin (Solana)', ticker: 'usdc', networkCode: 'solana', supportsTestMode: true, isSellSupported: true },
  { code: 'usdc_avalanche', name: 'USD Coin (Avalanche C-Chain)', ticker: 'usdc', networkCode: 'avalanche_c_chain' },
  { code: 'usdc_xlm', name: 'USD Coin (Stellar)', ticker: 'usdc', networkCode: 'stellar', supportsAddressTag: true },
  { code: 'usdt', name: 'Tether', ticker: 'usdt', networkCode: 'ethereum', supportsTestMode: true, isSellSupported: true },
  { code: 'usdt_trx', name: 'Tether (Tron)', ticker: 'usdt', networkCode: 'tron', isSellSupported: true },
  { code: 'usdt_polygon', name: 'Tether (Polygon)', ticker: 'usdt', networkCode: 'polygon' },
  { code: 'usdt_bsc', name: 'Tether (BNB Smart Chain)', ticker: 'usdt', networkCode: 'bnb_chain' },
  { code: 'usdt_sol', name: 'Tether (Solana)', ticker: 'usdt', networkCode: 'solana' },
  { code: 'usdt_ton', name: 'Tether (TON)', ticker: 'usdt', networkCode: 'ton', supportsAddressTag: true },
  { code: 'eurc', name: 'Euro Coin', ticker: 'eurc', networkCode: 'ethereum' },
  { code: 'pyusd', name: 'PayPal USD', ticker: 'pyusd', networkCode: 'ethereum' },
  { code: 'sol', name: 'Solana', ticker: 'sol', networkCode: 'solana', supportsTestMode: true, isSellSupported: true },
  { code: 'xrp', name: 'XRP', ticker: 'xrp', networkCode: 'ripple', supportsAddressTag: true, supportsTestMode: true, isSellSupported: true },
  { code: 'xlm', name: 'Stellar Lumens', ticker: 'xlm', networkCode: 'stellar', supportsAddressTag: true, isSellSupported: true },
  { code: 'trx', name: 'Tron', ticker: 'trx', networkCode: 'tron', isSellSupported: true },
  { code: 'ada', name: 'Cardano', ticker: 'ada', networkCode: 'cardano', isSellSupported: true },
  { code: 'dot', name: 'Polkadot', ticker: 'dot', networkCode: 'polkadot' },
  { code: 'atom', name: 'Cosmos', ticker: 'atom', networkCode: 'cosmos', supportsAddressTag: true },
  { code: 'algo', name: 'Algorand', ticker: 'algo', networkCode: 'algorand', supportsAddressTag: true },
  { code: 'avax_cchain', name: 'Avalanche (C-Chain)', ticker: 'avax', networkCode: 'avalanche_c_chain', isSellSupported: true },
  { code: 'pol_polygon', name: 'Polygon (POL)', ticker: 'pol', networkCode: 'polygon', supportsTestMode: true, isSellSupported: true },
  { code: 'matic', name: 'Polygon (ERC-20 MATIC)', ticker: 'matic', networkCode: 'ethereum', isSuspended: true },
  { code: 'arb_arbitrum', name: 'Arbitrum', ticker: 'arb', networkCode: 'arbitrum' },
  { code: 'op_optimism', name: 'Optimism', ticker: 'op', networkCode: 'optimism' },
  { code: 'bnb_bsc', name: 'BNB', ticker: 'bnb', networkCode: 'bnb_chain', isSellSupported: true, isSuspendedUS: true },
  { code: 'doge', name: 'Dogecoin', ticker: 'doge', networkCode: 'dogecoin', isSellSupported: true },
  { code: 'ltc', name: 'Litecoin', ticker: 'ltc', networkCode: 'litecoin', supportsTestMode: true, isSellSupported: true },
  { code: 'bch', name: 'Bitcoin Cash', ticker: 'bch', networkCode: 'bitcoin_cash', isSellSupported: true },
  { code: 'link', name: 'Chainlink', ticker: 'link', networkCode: 'ethereum', isSellSupported: true },
  { code: 'uni', name: 'Uniswap', ticker: 'uni', networkCode: 'ethereum' },
  { code: 'dai', name: 'Dai', ticker: 'dai', networkCode: 'ethereum', isSellSupported: true },
  { code: 'aave', name: 'Aave', ticker: 'aave', networkCode: 'ethereum' },
  { code: 'wbtc', name: 'Wrapped Bitcoin', ticker: 'wbtc', networkCode: 'ethereum' },
  { code: 'shib', name: 'Shiba Inu', ticker: 'shib', networkCode: 'ethereum', isSuspendedUS: true },
  { code: 'pepe', name: 'Pepe', ticker: 'pepe', networkCode: 'ethereum', isSuspendedUS: true },
  { code: 'bonk', name: 'Bonk', ticker: 'bonk', networkCode: 'solana', isSuspendedUS: true },
  { code: 'near', name: 'NEAR Protocol', ticker: 'near', networkCode: 'near' },
  { code: 'ton', name: 'Toncoin', ticker: 'ton', networkCode: 'ton', supportsAddressTag: true },
  { code: 'hbar', name: 'Hedera', ticker: 'hbar', networkCode: 'hedera', supportsAddressTag: true },
  { code: 'xtz', name: 'Tezos', ticker: 'xtz', networkCode: 'tezos' },
  { code: 'sui', name: 'Sui', ticker: 'sui', networkCode: 'sui' },
  { code: 'apt', name: 'Aptos', ticker: 'apt', networkCode: 'aptos' },
  { code: 'celo', name: 'Celo', ticker: 'celo', networkCode: 'celo' },
];

export function networkOf(code: string): CryptoNetwork | undefined {
  return NETWORKS.find((network) => network.code === code);
}

/** Rows for crypto_currencies, in catalogue order. */
export function catalogueRows() {
  return CURRENCIES.map((currency, index) => {
    const network = networkOf(currency.networkCode);
    if (!network) throw new Error(`Unknown network ${currency.networkCode} for ${currency.code}`);
    return {
      code: currency.code,
      type: 'crypto',
      name: currency.name,
      icon: `/icons/crypto/${currency.ticker}.svg`,
      addressRegex: network.addressRegex,
      supportsAddressTag: currency.supportsAddressTag ?? false,
      networkCode: currency.networkCode,
      supportsTestMode: currency.supportsTestMode ?? false,
      isSellSupported: currency.isSellSupported ?? false,
      isSuspended: currency.isSuspended ?? false,
      isSuspendedUS: currency.isSuspendedUS ?? false,
      sortOrder: index,
    };
  });
}
