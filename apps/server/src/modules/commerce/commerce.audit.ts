// The audit trail's sentences for this module's mutations (its declaration carries them; audit-sentences.test.ts
// checks that every Mutation has one).

import { type AuditSentences, text } from '../../lib/audit-words.ts';

export const commerceAuditSentences: AuditSentences = {
  createHelioMerchantAccount: (c) =>
    `Created the Helio merchant account${text((c.input as Record<string, unknown> | undefined)?.businessName) ? ` for ${text((c.input as Record<string, unknown>).businessName)}` : ''}`,
  addHelioWallet: (c) => `Added the payout wallet ${text((c.input as Record<string, unknown> | undefined)?.walletAddress) ?? ''}`.trim(),
  updateHelioWallet: (c) => `Changed a payout wallet to ${text((c.input as Record<string, unknown> | undefined)?.walletAddress) ?? 'a new address'}`,
  deleteHelioWallet: () => 'Deleted a payout wallet',
  completeSandboxHelioOnboarding: (c) =>
    `Finished the built-in Helio onboarding: ${({ approve: 'approved', review: 'sent for review', reject: 'rejected' } as Record<string, string>)[text(c.outcome) ?? ''] ?? 'submitted'}`,
};
