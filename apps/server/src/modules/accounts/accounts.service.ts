import { notFound } from '../../graphql/errors.ts';
import type { AccountsRepository } from './accounts.repository.ts';

export function createAccountsService(deps: { repository: AccountsRepository }) {
  const { repository } = deps;
  return {
    membershipsOfUser: (userId: string, take: number) => repository.membershipsOfUser(userId, take),

    /** Access was checked by the @account directive; this only loads. */
    async account(accountId: string) {
      const account = await repository.findAccount(accountId);
      if (!account) throw notFound('The account');
      return account;
    },

    organization: (id: string) => repository.findOrganization(id),
    accountsOfOrganization: (id: string) => repository.accountsOfOrganization(id),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
