// The audit trail's sentences for this module's mutations (its declaration carries them; audit-sentences.test.ts
// checks that every Mutation has one).

import { type AuditSentences, recoveryCodeUse } from '../../lib/audit-words.ts';

export const ssoAuditSentences: AuditSentences = {
  startSsoSignIn: () => 'Started signing in with single sign-on',
  loginWithOkta: (c) => `Signed in with Okta${recoveryCodeUse(c)}`,
  syncUserWithIdentityProvider: () => 'Took their name and e-mail address from the identity provider',
};
