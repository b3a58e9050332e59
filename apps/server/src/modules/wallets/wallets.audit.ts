// The audit trail's sentences for this module's mutations (its declaration carries them; audit-sentences.test.ts
// checks that every Mutation has one).

import { type AuditSentences, type Changes, reason, text } from '../../lib/audit-words.ts';

const sentence = (verb: string) => (c: Changes) => `${verb} the wallet address ${text(c.address) ?? ''}`.trim() + reason(c);

export const walletsAuditSentences: AuditSentences = {
  blockWalletAddress: sentence('Blocked'),
  unblockWalletAddress: sentence('Unblocked'),
  trustWalletAddress: sentence('Marked as trusted'),
  untrustWalletAddress: sentence('Marked as untrusted'),
};
