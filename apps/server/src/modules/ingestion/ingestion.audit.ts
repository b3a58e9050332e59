// The audit trail's sentences for this module's mutations (its declaration carries them; audit-sentences.test.ts
// checks that every Mutation has one).

import { type AuditSentences, subject, text } from '../../lib/audit-words.ts';

function quoted(value: unknown): string {
  const name = text(value);
  return name ? ` "${name}"` : '';
}

export const ingestionAuditSentences: AuditSentences = {
  createIngestionCredential: (c) => `Created the ingestion credential${quoted(c.name)}`,
  revokeIngestionCredential: (c) => `Revoked the ingestion credential${quoted(subject(c, 'name'))}`,
};
