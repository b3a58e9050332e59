// The audit trail's sentences for this module's mutations (its declaration carries them; audit-sentences.test.ts
// checks that every Mutation has one).

import { type AuditSentences, text } from '../../lib/audit-words.ts';

export const supportAuditSentences: AuditSentences = {
  createSupportRequest: (c) => (text(c.subject) ? `Opened the support request "${text(c.subject)}"` : 'Opened a support request'),
  replyToSupportRequest: () => 'Replied to a support request',
  answerSupportRequest: () => 'Answered a support request as support staff',
  closeSupportRequest: () => 'Closed a support request',
};
