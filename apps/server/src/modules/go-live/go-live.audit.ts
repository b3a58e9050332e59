// The audit trail's sentences for this module's mutations (its declaration carries them; audit-sentences.test.ts
// checks that every Mutation has one).

import { type AuditSentences, REVIEW, splitWords, capitalize, text, reason } from '../../lib/audit-words.ts';

const PRODUCT: Record<string, string> = {
  OnRamp: 'On-ramp',
  OffRamp: 'Off-ramp',
  Swaps: 'Swaps',
  NftCheckout: 'NFT checkout',
  Minting: 'Minting',
  FreeClaims: 'Free claims',
  login: 'Login',
};

function product(value: unknown): string {
  const key = text(value);
  return key ? (PRODUCT[key] ?? capitalize(splitWords(key))) : 'a product';
}

export const goLiveAuditSentences: AuditSentences = {
  submitTestingInstructions: () => 'Saved the testing instructions',
  requestGoLive: (c) => `Requested to go live with ${product(c.product)}`,
  updateGoLiveReview: (c) => `Set a go-live request to ${REVIEW[text(c.status) ?? ''] ?? splitWords(text(c.status) ?? 'a new status')}${reason(c)}`,
  updateDomainReview: (c) =>
    `Marked the domain ${text(c.domain) ?? ''} as ${REVIEW[text(c.status) ?? ''] ?? splitWords(text(c.status) ?? 'reviewed')}${reason(c)}`.replace('  ', ' '),
  upsertBlockedListEntry: (c) =>
    `${text(c.action) === 'Redirect' ? 'Set' : 'Blocked'} the ${splitWords(text(c.kind) ?? 'entry')} ${text(c.value) ?? ''}${text(c.action) === 'Redirect' ? ' to redirect' : ''}${reason(c)}`,
  deleteBlockedListEntry: () => 'Removed an entry from the blocked list',
};
