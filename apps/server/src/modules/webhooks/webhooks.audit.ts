// The audit trail's sentences for this module's mutations (its declaration carries them; audit-sentences.test.ts
// checks that every Mutation has one).

import { type AuditSentences, type Changes, text, subject, mode } from '../../lib/audit-words.ts';

function webhook(changes: Changes): string {
  const url = text(changes.url) ?? text(subject(changes, 'url'));
  return url ? `the webhook to ${url}` : 'a webhook';
}

export const webhooksAuditSentences: AuditSentences = {
  createWebhook: (c) => `Added a ${mode(c.liveMode) ? `${mode(c.liveMode)} ` : ''}webhook to ${text(c.url) ?? 'a URL'}`,
  updateWebhook: (c) => (c.isEnabled === false ? `Turned off ${webhook(c)}` : c.isEnabled === true ? `Turned on ${webhook(c)}` : `Changed ${webhook(c)}`),
  deleteWebhook: (c) => `Deleted ${webhook(c)}`,
  triggerTestWebhook: (c) => `Sent a test ${text(c.event) ?? ''} event to ${webhook(c)}`.replace('  ', ' '),
  resendWebhookDelivery: () => 'Sent a webhook delivery again',
};
