import type { IssuedSession } from '../modules/identity/identity.service.ts';
import type { GraphQLContext } from './context.ts';

/** Sets the session cookie and returns what the client stores: the CSRF token and the expiry. */
export function authPayload(context: GraphQLContext, issued: IssuedSession) {
  context.sessionCookie.set(issued.cookieValue, issued.expiresAt);
  return { user: issued.user, csrfToken: issued.csrfToken, expiryDate: issued.expiresAt };
}
