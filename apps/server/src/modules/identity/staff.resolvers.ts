import type { Resolvers } from '../../generated/graphql.ts';
import { requireSession, type GraphQLContext } from '../../graphql/context.ts';

const actor = (context: GraphQLContext) => requireSession(context).user;

export const staffResolvers: Resolvers = {
  Query: {
    staffMembers: (_parent, _args, context) => context.services.staffAdministration.staffMembers(),
  },
  Mutation: {
    inviteStaffMember: (_parent, args, context) => context.services.staffAdministration.inviteStaffMember(args, actor(context)),
    changeStaffRole: (_parent, args, context) => context.services.staffAdministration.changeStaffRole(args, actor(context)),
    deactivateStaffMember: (_parent, args, context) => context.services.staffAdministration.deactivateStaffMember(args, actor(context)),
  },
};
