import type { Resolvers } from '../../generated/graphql.ts';
import { requireSession } from '../../graphql/context.ts';
import { authPayload } from '../../graphql/auth-payload.ts';

export const ssoResolvers: Resolvers = {
  Query: {
    ssoConfiguration: (_parent, _args, context) => context.services.sso.configuration(),
  },
  Mutation: {
    loginWithOkta: async (_parent, args, context) => {
      const meta = { ipAddress: context.ipAddress, userAgent: context.userAgent };
      const issued = await context.services.sso.loginWithIdToken(args.token, meta, context.services.identity);
      return authPayload(context, issued);
    },
    syncUserWithIdentityProvider: (_parent, args, context) =>
      context.services.sso.syncUser(requireSession(context).user.id, args.idToken, context.services.identity),
  },
};
