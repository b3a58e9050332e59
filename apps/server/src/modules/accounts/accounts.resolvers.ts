import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant } from '../../graphql/context.ts';
import { notFound } from '../../graphql/errors.ts';

export const accountsResolvers: Resolvers = {
  Query: {
    account: (_parent, _args, context) => context.services.accounts.account(requireGrant(context).accountId),
  },
  Account: {
    organization: async (account, _args, context) => {
      const organization = await context.services.accounts.organization(account.organizationId);
      if (!organization) throw notFound('The organization');
      return organization;
    },
  },
  Organization: {
    accounts: (organization, _args, context) => context.services.accounts.accountsOfOrganization(organization.id),
  },
};
