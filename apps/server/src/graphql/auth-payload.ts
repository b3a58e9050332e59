import type { IssuedSession } from '../modules/identity/identity.service.ts';
import type { GraphQLContext } from './context.ts';
import { withAuditChange } from '../lib/audit-words.ts';

/** Sets the session cookie and returns what the client stores: the CSRF token and the expiry. */
export function authPayload(context: GraphQLContext, issued: IssuedSession) {
  context.sessionCookie.set(issued.cookieValue, issued.expiresAt);
  return { user: issued.user, csrfToken: issued.csrfToken, expiryDate: issued.expiresAt };
}

/**
 * A sign-in's answer (login, loginWithOkta). After a recovery code its audit row says so, with how many remain (the
 * code itself is redacted from the arguments, which cannot tell a used code from an empty one).
 */
export function signInPayload(context: GraphQLContext, issued: IssuedSession, recoveryCodesRemaining: number | null) {
  const payload = { preAuthenticated: false, recoveryCodesRemaining, ...authPayload(context, issued) };
  if (recoveryCodesRemaining === null) return payload;
  return withAuditChange(payload, { before: null, after: { secondFactor: 'recoveryCode', left: recoveryCodesRemaining } });
}
