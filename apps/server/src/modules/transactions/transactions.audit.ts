// The audit trail's sentences for this module's mutations (its declaration carries them; audit-sentences.test.ts
// checks that every Mutation has one).

import { type AuditSentences, type AuditSentence, text, subject, reason } from '../../lib/audit-words.ts';

function transaction(kind: string): (verb: string) => AuditSentence {
  return (verb) => (changes) => `${verb} ${kind} transaction ${text(changes.id)?.slice(0, 8) ?? ''}`.trim() + reason(changes);
}

const sell = transaction('sell');
const swap = transaction('swap');

export const transactionsAuditSentences: AuditSentences = {
  approveSellTransaction: sell('Approved'),
  cancelSellTransaction: sell('Cancelled'),
  freezeSellTransaction: sell('Froze'),
  refundSellTransaction: sell('Refunded'),
  approveSwapTransaction: swap('Approved'),
  cancelSwapTransaction: swap('Cancelled'),
  freezeSwapTransaction: swap('Froze'),
  refundSwapTransaction: swap('Refunded'),
  blockCustomer: (c) => `Blocked the customer ${text(subject(c, 'email')) ?? text(c.id)?.slice(0, 8) ?? ''}`.trim(),
  unblockCustomer: (c) => `Unblocked the customer ${text(subject(c, 'email')) ?? text(c.id)?.slice(0, 8) ?? ''}`.trim(),
};
