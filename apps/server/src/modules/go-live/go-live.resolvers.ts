import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant, requireSession } from '../../graphql/context.ts';

export const goLiveResolvers: Resolvers = {
  Query: {
    productStatus: (_parent, _args, context) => context.services.goLive.productStatus(requireGrant(context).accountId),
    testingInstructions: (_parent, _args, context) => context.services.goLive.testingInstructions(requireGrant(context).accountId),
    blockedCountryAndIndustryStatus: (_parent, _args, context) => context.services.goLive.blockedStatus(requireGrant(context).accountId),
    goLiveRequests: (_parent, args, context) => context.services.goLive.goLiveRequests(args),
    blockedCountriesAndIndustries: (_parent, _args, context) => context.services.goLive.blockedList(),
  },
  Mutation: {
    submitTestingInstructions: (_parent, args, context) =>
      context.services.goLive.submitTestingInstructions(requireGrant(context).accountId, requireSession(context).user.id, args.input),
    requestGoLive: (_parent, args, context) =>
      context.services.goLive.requestGoLive(requireGrant(context).accountId, requireSession(context).user.id, args.product),
    updateGoLiveReview: (_parent, args, context) =>
      context.services.goLive.updateGoLiveReview(requireSession(context).user.id, args.requestId, { status: args.status, reason: args.reason }),
    updateDomainReview: (_parent, args, context) =>
      context.services.goLive.updateDomainReview(args.accountId, { domain: args.domain, status: args.status, reason: args.reason }),
    upsertBlockedListEntry: (_parent, args, context) => context.services.goLive.upsertBlockedListEntry(requireSession(context).user.id, args),
    deleteBlockedListEntry: (_parent, args, context) => context.services.goLive.deleteBlockedListEntry(args.id),
  },
  ProductStatus: {
    checklist: (status, args) => status.checklists[args.product],
  },
};
