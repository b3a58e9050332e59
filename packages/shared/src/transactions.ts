// Transactions: kinds, state machines (spec §4 statuses), currencies, networks and their explorers, failure reasons.
import { BALANCE_TRANSACTION_STATUSES, BUY_STATUSES, SELL_STATUSES, SWAP_STATUSES } from './enums.ts';

/** How transactions are stored: one table, one kind per row (docs/decisions/0005-one-transactions-table.md). */
export const TRANSACTION_KINDS = ['buy', 'sell', 'swap', 'balance'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export type BuyStatus = (typeof BUY_STATUSES)[number];
export type SellStatus = (typeof SELL_STATUSES)[number];
export type SwapStatus = (typeof SWAP_STATUSES)[number];
export type BalanceStatus = (typeof BALANCE_TRANSACTION_STATUSES)[number];

export const STATUSES_OF: Record<TransactionKind, readonly string[]> = {
  buy: BUY_STATUSES,
  sell: SELL_STATUSES,
  swap: SWAP_STATUSES,
  balance: BALANCE_TRANSACTION_STATUSES,
};

/** The status a new transaction starts in. */
export const INITIAL_STATUS: Record<TransactionKind, string> = {
  buy: 'waitingPayment',
  sell: 'waitingForDeposit',
  swap: 'screeningWalletAddress',
  balance: 'WaitingPayment',
};

/** Allowed moves per kind; a status missing from the map is terminal. */
export const TRANSITIONS: Record<TransactionKind, Record<string, readonly string[]>> = {
  buy: {
    waitingPayment: ['waitingAuthorization', 'pending', 'failed'],
    waitingAuthorization: ['pending', 'failed'],
    pending: ['waitingAuthorization', 'completed', 'failed'],
  },
  sell: {
    waitingForDeposit: ['pending', 'frozen', 'failed'],
    pending: ['frozen', 'completed', 'failed'],
    frozen: ['pending', 'failed'],
  },
  swap: {
    screeningWalletAddress: ['waitingForDepositAddressGeneration', 'frozen', 'failed'],
    waitingForDepositAddressGeneration: ['waitingForDepositKytRegistration', 'failed'],
    waitingForDepositKytRegistration: ['waitingForDeposit', 'failed'],
    waitingForDeposit: ['executingSwap', 'reQuoteRequired', 'frozen', 'failed'],
    reQuoteRequired: ['executingSwap', 'failed'],
    executingSwap: ['completed', 'reQuoteRequired', 'frozen', 'failed'],
    frozen: ['executingSwap', 'failed'],
  },
  balance: {
    WaitingPayment: ['Pending', 'Failed'],
    Pending: ['Completed', 'Failed'],
  },
};

export const COMPLETED_STATUS: Record<TransactionKind, string> = { buy: 'completed', sell: 'completed', swap: 'completed', balance: 'Completed' };
export const FAILED_STATUS: Record<TransactionKind, string> = { buy: 'failed', sell: 'failed', swap: 'failed', balance: 'Failed' };

export function canTransition(kind: TransactionKind, from: string, to: string): boolean {
  return (TRANSITIONS[kind][from] ?? []).includes(to);
}

export function isTerminal(kind: TransactionKind, status: string): boolean {
  return !TRANSITIONS[kind][status];
}

export const FIAT_CURRENCIES = ['usd', 'eur', 'gbp', 'cad', 'aud', 'brl', 'ngn', 'jpy'] as const;

/** Crypto currencies with their network; the explorer table below turns a network and a hash into a link. */
export const CRYPTO_CURRENCIES = [
  { code: 'btc', name: 'Bitcoin', networkCode: 'bitcoin', decimals: 8 },
  { code: 'eth', name: 'Ethereum', networkCode: 'ethereum', decimals: 8 },
  { code: 'usdc', name: 'USD Coin', networkCode: 'ethereum', decimals: 6 },
  { code: 'usdt', name: 'Tether', networkCode: 'ethereum', decimals: 6 },
  { code: 'sol', name: 'Solana', networkCode: 'solana', decimals: 8 },
  { code: 'usdc_sol', name: 'USD Coin (Solana)', networkCode: 'solana', decimals: 6 },
  { code: 'matic', name: 'Polygon', networkCode: 'polygon', decimals: 8 },
  { code: 'usdc_polygon', name: 'USD Coin (Polygon)', networkCode: 'polygon', decimals: 6 },
  { code: 'eth_base', name: 'Ethereum (Base)', networkCode: 'base', decimals: 8 },
  { code: 'xrp', name: 'XRP', networkCode: 'ripple', decimals: 6 },
  { code: 'ltc', name: 'Litecoin', networkCode: 'litecoin', decimals: 8 },
  { code: 'doge', name: 'Dogecoin', networkCode: 'dogecoin', decimals: 8 },
] as const;

export const NETWORK_EXPLORERS: Record<string, { name: string; tx: string; address: string; testnetTx: string; testnetAddress: string }> = {
  bitcoin: {
    name: 'mempool.space',
    tx: 'https://mempool.space/tx/{hash}',
    address: 'https://mempool.space/address/{address}',
    testnetTx: 'https://mempool.space/testnet/tx/{hash}',
    testnetAddress: 'https://mempool.space/testnet/address/{address}',
  },
  ethereum: {
    name: 'Etherscan',
    tx: 'https://etherscan.io/tx/{hash}',
    address: 'https://etherscan.io/address/{address}',
    testnetTx: 'https://sepolia.etherscan.io/tx/{hash}',
    testnetAddress: 'https://sepolia.etherscan.io/address/{address}',
  },
  solana: {
    name: 'Solscan',
    tx: 'https://solscan.io/tx/{hash}',
    address: 'https://solscan.io/account/{address}',
    testnetTx: 'https://solscan.io/tx/{hash}?cluster=devnet',
    testnetAddress: 'https://solscan.io/account/{address}?cluster=devnet',
  },
  polygon: {
    name: 'PolygonScan',
    tx: 'https://polygonscan.com/tx/{hash}',
    address: 'https://polygonscan.com/address/{address}',
    testnetTx: 'https://amoy.polygonscan.com/tx/{hash}',
    testnetAddress: 'https://amoy.polygonscan.com/address/{address}',
  },
  base: {
    name: 'BaseScan',
    tx: 'https://basescan.org/tx/{hash}',
    address: 'https://basescan.org/address/{address}',
    testnetTx: 'https://sepolia.basescan.org/tx/{hash}',
    testnetAddress: 'https://sepolia.basescan.org/address/{address}',
  },
  ripple: {
    name: 'XRPScan',
    tx: 'https://xrpscan.com/tx/{hash}',
    address: 'https://xrpscan.com/account/{address}',
    testnetTx: 'https://testnet.xrpl.org/transactions/{hash}',
    testnetAddress: 'https://testnet.xrpl.org/accounts/{address}',
  },
  litecoin: {
    name: 'Blockchair',
    tx: 'https://blockchair.com/litecoin/transaction/{hash}',
    address: 'https://blockchair.com/litecoin/address/{address}',
    testnetTx: 'https://blockchair.com/litecoin/testnet/transaction/{hash}',
    testnetAddress: 'https://blockchair.com/litecoin/testnet/address/{address}',
  },
  dogecoin: {
    name: 'Blockchair',
    tx: 'https://blockchair.com/dogecoin/transaction/{hash}',
    address: 'https://blockchair.com/dogecoin/address/{address}',
    testnetTx: 'https://blockchair.com/dogecoin/testnet/transaction/{hash}',
    testnetAddress: 'https://blockchair.com/dogecoin/testnet/address/{address}',
  },
};

export function networkOf(currencyCode: string | null | undefined): string | null {
  return CRYPTO_CURRENCIES.find((currency) => currency.code === currencyCode)?.networkCode ?? null;
}

/** Explorer links for a hash and a wallet address on a network; test mode links to the network's testnet explorer. */
export function explorerLinks(networkCode: string | null | undefined, input: { hash?: string | null; address?: string | null; liveMode: boolean }) {
  const explorer = networkCode ? NETWORK_EXPLORERS[networkCode] : undefined;
  if (!explorer) return { explorerName: null, transactionUrl: null, walletAddressUrl: null };
  const fill = (template: string, key: string, value: string) => template.replace(`{${key}}`, encodeURIComponent(value));
  return {
    explorerName: explorer.name,
    transactionUrl: input.hash ? fill(input.liveMode ? explorer.tx : explorer.testnetTx, 'hash', input.hash) : null,
    walletAddressUrl: input.address ? fill(input.liveMode ? explorer.address : explorer.testnetAddress, 'address', input.address) : null,
  };
}

/** Failure reasons as stored codes, with the words shown to partners. */
export const FAILURE_REASONS: Record<string, string> = {
  cardDeclined: 'The card issuer declined the payment.',
  insufficientFunds: 'The card or account did not have enough funds.',
  threeDsFailed: 'The customer did not complete 3-D Secure authentication.',
  kycRejected: 'Identity verification was rejected.',
  kycTimeout: 'The customer did not finish identity verification in time.',
  quoteExpired: 'The quote expired before payment arrived.',
  riskDeclined: 'Declined by risk checks.',
  walletScreeningFailed: 'The destination wallet failed screening.',
  depositNotReceived: 'No deposit arrived before the deadline.',
  amountOutOfRange: 'The amount was outside the allowed limits.',
  bankTransferReturned: 'The bank returned the transfer.',
  cancelledByStaff: 'Cancelled by the provider’s operations team.',
  cancelledByCustomer: 'Cancelled by the customer.',
  networkError: 'The blockchain network rejected the transfer.',
};

/** The kinds the dashboards aggregate: buy, sell and swap, and balance transactions by their type. */
export const ROLLUP_KINDS = ['buy', 'sell', 'swap', 'deposit', 'withdrawal', 'reward'] as const;
export type RollupKind = (typeof ROLLUP_KINDS)[number];

export function rollupKindOf(kind: TransactionKind, balanceType: string | null | undefined): RollupKind {
  if (kind !== 'balance') return kind;
  return (balanceType ?? 'Deposit').toLowerCase() as RollupKind;
}
