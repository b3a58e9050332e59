/** A transaction's status with nothing more to say: no detail or pending action, no KYC wait, failure, flow or stale quote. */
export const NO_STATUS_DETAILS = {
  detailedStatus: null,
  pendingActionStatus: null,
  isWaitingKyc: false,
  failureReason: null,
  flow: null,
  isQuoteExpired: false,
} as const;

/**
 * A transaction's optional details (wallet tag, user agent, NFT and DeFi parts, refund, cancellation, quote, deposit),
 * none of them given: what a new row takes from its table's defaults and what the example purchase shows.
 */
export const NO_OPTIONAL_DETAILS = {
  walletAddressTag: null,
  userAgent: null,
  nftTransaction: null,
  defiBuyTransaction: null,
  refundWalletAddress: null,
  depositHash: null,
  refundApprovalStatus: null,
  refundHash: null,
  cancelledAt: null,
  cancelledBy: null,
  refundApprovedAt: null,
  refundApprovedBy: null,
  quote: null,
  depositWalletAddress: null,
  refundTransactionHash: null,
} as const;
