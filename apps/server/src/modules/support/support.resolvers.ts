import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant, requireSession } from '../../graphql/context.ts';

export const supportResolvers: Resolvers = {
  Query: {
    supportRequests: (_parent, args, context) => context.services.support.ofAccount(args.accountId),
    staffSupportRequests: (_parent, args, context) => context.services.support.staffPage(args),
    staffSupportRequest: (_parent, args, context) => context.services.support.staffRequest(args.id),
  },
  Mutation: {
    createSupportRequest: (_parent, args, context) =>
      context.services.support.create(requireSession(context), requireGrant(context), { subject: args.subject, body: args.body }),
    replyToSupportRequest: (_parent, args, context) =>
      context.services.support.reply(requireSession(context), requireGrant(context), args.id, { body: args.body }),
    answerSupportRequest: (_parent, args, context) => context.services.support.answer(requireSession(context).user, args.id, { body: args.body }),
    closeSupportRequest: (_parent, args, context) => context.services.support.close(args.id),
  },
};
