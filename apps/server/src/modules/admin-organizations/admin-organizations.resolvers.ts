import type { Resolvers } from '../../generated/graphql.ts';
import { requireSession } from '../../graphql/context.ts';

export const adminOrganizationsResolvers: Resolvers = {
  Query: {
    staffOrganization: (_parent, args, context) => context.services.adminOrganizations.organization(args.id),
  },
  Mutation: {
    createPartnerOrganization: (_parent, args, context) => context.services.adminOrganizations.createPartnerOrganization(requireSession(context), args.input),
    updatePartnerOrganization: (_parent, args, context) => context.services.adminOrganizations.updatePartnerOrganization(args),
    updatePartnerAccount: (_parent, args, context) => context.services.adminOrganizations.updatePartnerAccount(args.accountId, args.input),
    enableAccount: (_parent, args, context) => context.services.adminOrganizations.changeStatus(args.accountId, 'Active', args.reason),
    disableAccount: (_parent, args, context) => context.services.adminOrganizations.changeStatus(args.accountId, 'Dormant', args.reason),
    closeAccount: (_parent, args, context) => context.services.adminOrganizations.changeStatus(args.accountId, 'Closed', args.reason),
  },
};
