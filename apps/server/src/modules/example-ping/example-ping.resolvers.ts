import type { Resolvers } from '../../generated/graphql.ts';

export const examplePingResolvers: Resolvers = {
  Query: {
    examplePing: (_parent, _args, context) => context.services.examplePing.ping(),
  },
};
