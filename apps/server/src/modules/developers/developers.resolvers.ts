import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant } from '../../graphql/context.ts';
import { badInput } from '../../graphql/errors.ts';

function parseDate(value: string, field: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw badInput({ [field]: 'Give a date and time such as 2026-11-23T00:00:00Z.' });
  return date;
}

export const developersResolvers: Resolvers = {
  Query: {
    apiKeys: (_parent, args, context) => context.services.developers.apiKeys(requireGrant(context).accountId, args.liveMode),
    apiRequestKeys: (_parent, args, context) => context.services.developers.apiRequestKeys(requireGrant(context).accountId, args.liveMode),
    apiRequests: async (_parent, args, context) => {
      const statusClass = args.statusClass ? ({ Success: '2xx', ClientError: '4xx', ServerError: '5xx' } as const)[args.statusClass] : null;
      const page = await context.services.developers.apiRequests(requireGrant(context).accountId, {
        ...args,
        statusClass,
        from: args.from ? parseDate(args.from, 'from') : null,
        to: args.to ? parseDate(args.to, 'to') : null,
      });
      // The log's ids are bigserial: GraphQL's ID carries them as strings.
      return { items: page.items.map((row) => ({ ...row, id: row.id.toString() })), nextCursor: page.nextCursor };
    },
    integrationUrl: (_parent, args, context) =>
      context.services.developers.integrationUrl(requireGrant(context).accountId, { type: args.type, liveMode: args.liveMode ?? false }),
  },
  Mutation: {
    rollApiKey: (_parent, args, context) => context.services.developers.rollApiKey(args, requireGrant(context)),
    uploadPublicApiKey: (_parent, args, context) => context.services.developers.uploadPublicApiKey(requireGrant(context).accountId, args),
    createApiKey: (_parent, args, context) => context.services.developers.createApiKey(requireGrant(context).accountId, args),
    renameApiKey: (_parent, args, context) => context.services.developers.renameApiKey(args),
    revealApiKey: (_parent, args, context) => context.services.developers.revealApiKey(args.id),
    deleteApiKey: (_parent, args, context) => context.services.developers.deleteApiKey(args.id),
    deletePublicApiKey: (_parent, args, context) => context.services.developers.deletePublicApiKey(args.id),
    generateSignedUrl: (_parent, args, context) => context.services.developers.generateSignedUrl(requireGrant(context).accountId, args),
  },
  NftCollection: {
    widgetUrl: (collection, _args, context) => context.services.developers.nftCheckoutUrl(collection.accountId, collection),
  },
  ApiKey: {
    secret: (key) => key.plainSecret ?? key.displayValue,
    isWaitingDeletion: (key) => key.deletedAt !== null && key.deletedAt > new Date(),
    restrictions: (key) => (key.type === 'restricted' ? Object.entries(key.restrictions ?? {}).map(([resource, access]) => ({ resource, access })) : null),
    canReveal: (key) => !key.liveMode && (key.type === 'secret' || key.type === 'restricted') && key.secretCiphertext !== null,
    secondsUntilDeletion: (key) => (key.deletedAt && key.deletedAt > new Date() ? Math.ceil((key.deletedAt.getTime() - Date.now()) / 1000) : null),
  },
};
