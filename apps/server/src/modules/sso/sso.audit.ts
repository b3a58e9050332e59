// The audit trail's sentences for this module's mutations (its declaration carries them; audit-sentences.test.ts
// checks that every Mutation has one).

import { type AuditSentences, recoveryCodeUse, subject, text } from '../../lib/audit-words.ts';

export const ssoAuditSentences: AuditSentences = {
  startSsoSignIn: () => 'Started signing in with single sign-on',
  loginWithOkta: (c) => `Signed in with Okta${recoveryCodeUse(c)}`,
  syncUserWithIdentityProvider: () => 'Took their name and e-mail address from the identity provider',
  setRequireSso: (c) => {
    const organization = text(subject(c, 'name'));
    const whose = organization ? ` for the members of “${organization}”` : '';
    return c.required === true ? `Required single sign-on${whose}` : `Stopped requiring single sign-on${whose}`;
  },
};
