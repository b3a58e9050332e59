import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import type { IdentityRepository } from '../identity/identity.repository.ts';
import type { IdentityService } from '../identity/identity.service.ts';
import { defineModule } from '../module.ts';
import { teamAuditSentences } from './team.audit.ts';
import { createTeamRepository } from './team.repository.ts';
import { teamResolvers } from './team.resolvers.ts';
import { createTeamService } from './team.service.ts';

export const teamModule = defineModule({
  name: 'team',
  schema: new URL('./schema.graphql', import.meta.url),
  build: (
    { database, mailer, config },
    built: { accountsRepository: AccountsRepository; identityRepository: IdentityRepository; identity: IdentityService },
  ) => {
    const repository = createTeamRepository(database.db);
    return {
      services: {
        team: createTeamService({
          repository,
          accounts: built.accountsRepository,
          identityRepository: built.identityRepository,
          identity: built.identity,
          mailer,
          config,
        }),
      },
      entities: { membership: { name: 'team member', accountOf: (id) => repository.accountOfMembership(id) } },
    };
  },
  resolvers: [teamResolvers],
  auditSentences: teamAuditSentences,
});
