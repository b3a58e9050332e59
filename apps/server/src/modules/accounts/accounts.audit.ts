// The audit trail's sentences for this module's mutations (its declaration carries them; audit-sentences.test.ts
// checks that every Mutation has one).

import { type AuditSentences, text } from '../../lib/audit-words.ts';

export const accountsAuditSentences: AuditSentences = {
  createOnboardingInfo: () => 'Created the organization and its first account',
  updateOnboardingInfo: () => 'Updated the onboarding details',
  markFaqAsRead: () => 'Marked the FAQ as read',
  syncUserWithAccount: () => 'Switched to this account',
  clearUserToken: () => 'Cleared the remembered account and support contact',
  createSupportContact: (c) => `Registered ${text(c.email) ?? 'a support contact'} with support`,
};
