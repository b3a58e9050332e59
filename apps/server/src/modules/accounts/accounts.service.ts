import { z } from 'zod';
import { notFound } from '../../graphql/errors.ts';
import { parseInput } from '../../graphql/validate.ts';
import type { LoadedSession } from '../identity/session-store.ts';
import type { AccountsRepository } from './accounts.repository.ts';

export function createAccountsService(deps: { repository: AccountsRepository }) {
  const { repository } = deps;
  return {
    membershipsOfUser: (userId: string, take: number) => repository.membershipsOfUser(userId, take),

    /** An account is visible only to its members; to anyone else it does not exist. */
    async account(session: LoadedSession, input: { id: string }) {
      const { id } = parseInput(z.object({ id: z.uuid('Unknown account id') }), input);
      const membership = await repository.findMembership(session.user.id, id);
      if (!membership) throw notFound('The account');
      const account = await repository.findAccount(id);
      if (!account) throw notFound('The account');
      return account;
    },

    organization: (id: string) => repository.findOrganization(id),
    accountsOfOrganization: (id: string) => repository.accountsOfOrganization(id),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
