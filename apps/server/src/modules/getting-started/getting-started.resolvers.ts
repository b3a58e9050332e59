import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant } from '../../graphql/context.ts';

export const gettingStartedResolvers: Resolvers = {
  Query: {
    gettingStarted: (_parent, _args, context) => context.services.gettingStarted.gettingStarted(requireGrant(context).accountId),
  },
};
