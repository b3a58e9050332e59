import type { Resolvers } from '../../generated/graphql.ts';

export const featureFlagsResolvers: Resolvers = {
  Query: {
    staffFeatureFlags: (_parent, _args, context) => context.services.featureFlags.list(),
  },
  Mutation: {
    setFeatureFlag: (_parent, args, context) => context.services.featureFlags.setFeatureFlag(args),
  },
};
