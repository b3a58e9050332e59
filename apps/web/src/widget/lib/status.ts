// Transaction statuses (spec §4) in the customer's words, and the timeline the processing screen draws.
import type { WidgetTransaction } from '@rampart/shared/widget';

type Kind = WidgetTransaction['kind'];
/** What a transaction delivers: crypto, or an NFT minted to the buyer or transferred from the partner's stock. */
type Delivery = NonNullable<WidgetTransaction['nft']>['delivery'] | null;

/** What the buy timeline's middle step and the pending sentence say for an NFT purchase. */
const NFT_DELIVERY: Record<NonNullable<Delivery>, { step: string; pending: string; completed: string }> = {
  mint: { step: 'Minting your NFT', pending: 'Payment received. Minting your NFT.', completed: 'Completed. The NFT is in your wallet.' },
  transfer: { step: 'Transferring your NFT', pending: 'Payment received. Transferring your NFT.', completed: 'Completed. The NFT is in your wallet.' },
};

export type StepState = 'done' | 'current' | 'upcoming' | 'failed';
export interface TimelineStep {
  label: string;
  state: StepState;
}

/** Each kind's steps after the customer paid or sent, and how far each status has got (steps done). */
const TIMELINES: Record<Kind, { labels: string[]; reached: Record<string, number> }> = {
  buy: {
    labels: ['Payment received', 'Sending crypto', 'Completed'],
    reached: { waitingPayment: 0, waitingAuthorization: 0, pending: 1, completed: 3 },
  },
  sell: {
    labels: ['Deposit received', 'Sending payout to your bank', 'Completed'],
    reached: { waitingForDeposit: 0, pending: 1, completed: 3 },
  },
  swap: {
    labels: ['Checking your wallet', 'Preparing a deposit address', 'Deposit received', 'Swapping', 'Completed'],
    reached: {
      screeningWalletAddress: 0,
      waitingForDepositAddressGeneration: 1,
      waitingForDepositKytRegistration: 1,
      waitingForDeposit: 2,
      reQuoteRequired: 3,
      executingSwap: 3,
      completed: 5,
    },
  },
};

export const FINAL_STATUSES = new Set(['completed', 'failed']);

export function isFinal(status: string): boolean {
  return FINAL_STATUSES.has(status);
}

/**
 * The timeline for a transaction. A failed one keeps the steps it reached and marks the next one failed;
 * `lastReached` is what it had reached before failing (the polling screen remembers it).
 */
export function timeline(kind: Kind, status: string, lastReached = 0, delivery: Delivery = null): TimelineStep[] {
  const { reached } = TIMELINES[kind];
  const labels = delivery ? ['Payment received', NFT_DELIVERY[delivery].step, 'Completed'] : TIMELINES[kind].labels;
  const failed = status === 'failed' || status === 'frozen';
  const done = failed ? lastReached : (reached[status] ?? 0);
  return labels.map((label, index) => ({
    label,
    state: index < done ? 'done' : index === done ? (failed ? 'failed' : 'current') : 'upcoming',
  }));
}

export function stepsReached(kind: Kind, status: string): number {
  return TIMELINES[kind].reached[status] ?? 0;
}

/** One sentence for the live region: what is happening now. */
export function statusWords(kind: Kind, status: string, delivery: Delivery = null): string {
  if (delivery && (status === 'pending' || status === 'completed')) return NFT_DELIVERY[delivery][status];
  switch (status) {
    case 'waitingPayment':
      return 'Waiting for your payment.';
    case 'waitingAuthorization':
      return 'Waiting for you to confirm the payment with your bank.';
    case 'pending':
      return kind === 'sell' ? 'Deposit received. Sending the payout to your bank.' : 'Payment received. Sending your crypto.';
    case 'screeningWalletAddress':
      return 'Checking your wallet address.';
    case 'waitingForDepositAddressGeneration':
    case 'waitingForDepositKytRegistration':
      return 'Preparing your deposit address.';
    case 'waitingForDeposit':
      return 'Waiting for your deposit.';
    case 'executingSwap':
    case 'reQuoteRequired':
      return 'Deposit received. Swapping.';
    case 'completed':
      return kind === 'sell' ? 'Completed. The payout is on its way to your bank.' : 'Completed. The crypto is in your wallet.';
    case 'failed':
      return 'The transaction failed.';
    case 'frozen':
      return 'The transaction is on hold for review.';
    default:
      return 'Processing.';
  }
}
