import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant, requireSession } from '../../graphql/context.ts';
import { lookerEmbedUrl } from './looker.ts';

export const quarterlyReviewResolvers: Resolvers = {
  Query: {
    quarterlyReview: (_parent, args, context) => context.services.quarterlyReview.review(requireGrant(context).accountId, args),
    lookerEmbedUrl: (_parent, args, context) => {
      const { user } = requireSession(context);
      return lookerEmbedUrl(context.config, {
        accountId: requireGrant(context).accountId,
        analyticsType: args.analyticsType,
        viewer: { userId: user.id, firstName: user.firstName, lastName: user.lastName },
      });
    },
  },
};
