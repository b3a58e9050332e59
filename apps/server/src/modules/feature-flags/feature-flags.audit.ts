// The audit trail's sentences for this module's mutations (its declaration carries them; audit-sentences.test.ts
// checks that every Mutation has one).

import { type AuditSentences, reason, subject, text } from '../../lib/audit-words.ts';

export const featureFlagsAuditSentences: AuditSentences = {
  setFeatureFlag: (c) => {
    const target = c.accountId
      ? `account “${text(subject(c, 'name')) ?? ''}”`
      : c.organizationId
        ? `organization “${text(subject(c, 'name')) ?? ''}”`
        : 'every partner (default)';
    const before = text(subject(c, 'before'));
    const after = text(subject(c, 'after'));
    return `Set feature flag “${text(c.flag) ?? ''}” for ${target}${before && after ? ` from ${before} to ${after}` : ''}${reason(c)}`;
  },
};
