// The audit trail's sentences for this module's mutations (its declaration carries them; audit-sentences.test.ts
// checks that every Mutation has one).

import { type AuditSentences, splitWords, text, subject } from '../../lib/audit-words.ts';

const RULE_TYPE: Record<string, string> = { fee: 'provider fee', networkFee: 'network fees', partnerFee: 'partner fees', spread: 'spread' };

export const rampAuditSentences: AuditSentences = {
  updateCurrencyAccountPairs: (c) =>
    `Changed the currencies offered${Array.isArray(c.pairs) ? ` (${c.pairs.length} ${c.pairs.length === 1 ? 'change' : 'changes'})` : ''}`,
  updatePricingRules: (c) =>
    `Changed the ${RULE_TYPE[text(c.type) ?? ''] ?? 'pricing rules'}${subject(c, 'transactionType') ? ` of ${subject(c, 'transactionType') === 'sell' ? 'Off-ramp' : 'On-ramp'}` : ''}`,
  updateAccountPricingRules: (c) =>
    `Changed the ${RULE_TYPE[text(c.type) ?? ''] ?? 'pricing rules'} of a partner account${text(c.reason) ? `: ${text(c.reason)}` : ''}`,
  createIntegration: (c) => `Added the integration ${text((c.input as Record<string, unknown> | undefined)?.name) ?? ''}`.trim(),
  deleteIntegration: () => 'Removed an integration',
  createTestTransaction: (c) => `Created a test ${text((c.input as Record<string, unknown> | undefined)?.kind) ?? ''} transaction`.replace('  ', ' '),
  moveTestTransaction: (c) => `Moved a test transaction to ${splitWords(text(c.status) ?? 'a new status')}`,
};
