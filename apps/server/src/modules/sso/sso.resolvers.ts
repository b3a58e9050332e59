import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant, requireSession } from '../../graphql/context.ts';
import { signInPayload } from '../../graphql/auth-payload.ts';

export const ssoResolvers: Resolvers = {
  Query: {
    ssoConfiguration: (_parent, _args, context) => context.services.sso.configuration(),
  },
  Mutation: {
    startSsoSignIn: async (_parent, _args, context) => {
      const attempt = await context.services.sso.startSignIn(context.ssoBrowserCookie.value);
      context.ssoBrowserCookie.set(attempt.browserSecret, attempt.expiresAt);
      return { nonce: attempt.nonce, state: attempt.state, expiresAt: attempt.expiresAt };
    },
    loginWithOkta: async (_parent, args, context) => {
      const meta = { ipAddress: context.ipAddress, userAgent: context.userAgent };
      const input = { token: args.token, otpToken: args.otpToken ?? null, recoveryCode: args.recoveryCode ?? null };
      const result = await context.services.sso.loginWithIdToken(input, context.ssoBrowserCookie.value, meta, context.services.identity);
      if (!result.session) return { preAuthenticated: true, user: null, csrfToken: null, expiryDate: null };
      return signInPayload(context, result.session, result.recoveryCodesRemaining);
    },
    syncUserWithIdentityProvider: (_parent, args, context) =>
      context.services.sso.syncUser(requireSession(context).user.id, args.idToken, context.services.identity),
    setRequireSso: (_parent, args, context) => {
      const session = requireSession(context);
      return context.services.sso.setRequireSso({ sessionId: session.id, user: session.user }, requireGrant(context).accountId, args.required);
    },
  },
  User: {
    isSsoRequired: (user, _args, context) => context.services.identity.isSsoRequired(user),
    isSsoLinked: (user) => Boolean(user.ssoSubject),
    hasPassword: (user) => Boolean(user.passwordHash),
  },
};
