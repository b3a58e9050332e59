import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant, requireSession, type GraphQLContext } from '../../graphql/context.ts';
import { authPayload } from '../../graphql/auth-payload.ts';

const meta = (context: GraphQLContext) => ({ ipAddress: context.ipAddress, userAgent: context.userAgent });

export const teamResolvers: Resolvers = {
  Query: {
    membershipInvite: (_parent, args, context) => context.services.team.membershipInvite(args.inviteToken, meta(context)),
  },
  Mutation: {
    createMembership: (_parent, args, context) => context.services.team.createMembership(requireSession(context), requireGrant(context).accountId, args),
    resendInvitationEmail: (_parent, args, context) => context.services.team.resendInvitationEmail(requireSession(context), args.id),
    updateMembership: (_parent, args, context) => context.services.team.updateMembership(requireGrant(context).accountId, args),
    deleteMembership: (_parent, args, context) => context.services.team.deleteMembership(requireGrant(context).accountId, args.id),
    signupByInvite: async (_parent, args, context) => authPayload(context, await context.services.team.signupByInvite(args, meta(context))),
    acceptInvite: (_parent, args, context) => context.services.team.acceptInvite(requireSession(context), args, meta(context)),
  },
};
