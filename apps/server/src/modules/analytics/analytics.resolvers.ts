import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant } from '../../graphql/context.ts';

/** Query.analytics only validates; each Analytics field reads its own rollups when it is selected. */
export const analyticsResolvers: Resolvers = {
  Query: {
    analytics: (_parent, args, context) => context.services.analytics.request(requireGrant(context).accountId, args),
  },
  Analytics: {
    volume: (request, _args, context) => context.services.analytics.volume(request),
    conversion: (request, _args, context) => context.services.analytics.conversion(request),
    customers: (request, _args, context) => context.services.analytics.customers(request),
    geography: (request, _args, context) => context.services.analytics.geography(request),
    paymentMethods: (request, _args, context) => context.services.analytics.paymentMethods(request),
    failures: (request, _args, context) => context.services.analytics.failures(request),
  },
};
