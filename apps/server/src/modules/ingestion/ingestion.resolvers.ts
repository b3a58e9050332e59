import type { Resolvers } from '../../generated/graphql.ts';
import { requireSession } from '../../graphql/context.ts';

export const ingestionResolvers: Resolvers = {
  Query: {
    ingestionCredentials: (_parent, _args, context) => context.services.ingestion.listCredentials(),
  },
  Mutation: {
    createIngestionCredential: (_parent, args, context) =>
      context.services.ingestion.createCredential({ name: args.name, createdBy: requireSession(context).user.email }),
    revokeIngestionCredential: (_parent, args, context) => context.services.ingestion.revokeCredential(args.id),
  },
};
