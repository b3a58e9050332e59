import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant } from '../../graphql/context.ts';

export const developersResolvers: Resolvers = {
  Query: {
    apiKeys: (_parent, args, context) => context.services.developers.apiKeys(requireGrant(context).accountId, args.liveMode),
    integrationUrl: (_parent, args, context) => context.services.developers.integrationUrl(requireGrant(context).accountId, { type: args.type, liveMode: args.liveMode ?? false }),
  },
  Mutation: {
    rollApiKey: (_parent, args, context) => context.services.developers.rollApiKey(args),
    uploadPublicApiKey: (_parent, args, context) => context.services.developers.uploadPublicApiKey(requireGrant(context).accountId, args),
    deletePublicApiKey: (_parent, args, context) => context.services.developers.deletePublicApiKey(args.id),
    generateSignedUrl: (_parent, args, context) => context.services.developers.generateSignedUrl(requireGrant(context).accountId, args),
  },
  ApiKey: {
    secret: (key) => key.plainSecret ?? key.displayValue,
    isWaitingDeletion: (key) => key.deletedAt !== null && key.deletedAt > new Date(),
    secondsUntilDeletion: (key) => (key.deletedAt && key.deletedAt > new Date() ? Math.ceil((key.deletedAt.getTime() - Date.now()) / 1000) : null),
  },
};
