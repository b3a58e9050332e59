// The audit trail's sentences for this module's mutations (its declaration carries them; audit-sentences.test.ts
// checks that every Mutation has one).

import { type AuditSentences, type Changes, reason, subject, text } from '../../lib/audit-words.ts';

function suspension(verb: string, c: Changes): string {
  const name = text(subject(c, 'name')) ?? 'an asset';
  return `${verb} ${name}${text(c.scope) === 'US' ? ' for US customers' : ''}${reason(c)}`;
}

export const settingsAuditSentences: AuditSentences = {
  suspendCurrency: (c) => suspension('Suspended', c),
  resumeCurrency: (c) => suspension('Resumed', c),
  updateAccount: (c) =>
    [
      c.allowedIframeAncestorUrls !== undefined ? 'the sites allowed to embed the widget' : null,
      c.customerDataWebhookUrl !== undefined ? 'the customer data webhook' : null,
    ].filter(Boolean).length
      ? `Changed ${[c.allowedIframeAncestorUrls !== undefined ? 'the sites allowed to embed the widget' : null, c.customerDataWebhookUrl !== undefined ? 'the customer data webhook' : null].filter(Boolean).join(' and ')}`
      : 'Changed the account settings',
  createAffiliatePayoutConfiguration: () => 'Set the payout wallet',
  updateAffiliatePayoutConfiguration: () => 'Changed the payout wallet',
  updateNftAccount: () => 'Changed the NFT checkout settings',
  createNftCollection: (c) => `Added the NFT collection ${text((c.input as Record<string, unknown> | undefined)?.name) ?? ''}`.trim(),
  deleteNftCollection: () => 'Removed an NFT collection',
  updateNftCollectionPrice: (c) => `Set an NFT collection's price to ${text(c.priceAmount) ?? 'a new amount'}`,
};
