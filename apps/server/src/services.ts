import type { Env } from './config/env.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import type { AuthorizationDeps } from './graphql/authorization.ts';
import { createAccountsRepository } from './modules/accounts/accounts.repository.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createAuditRepository } from './modules/audit/audit.repository.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createIdentityRepository } from './modules/identity/identity.repository.ts';
import { createIdentityService } from './modules/identity/identity.service.ts';
import { createSsoService } from './modules/sso/sso.service.ts';
import { createTeamRepository } from './modules/team/team.repository.ts';
import { createTeamService } from './modules/team/team.service.ts';

/** Every domain service, built once per app and handed to resolvers through the GraphQL context. */
export function createServices(deps: { database: DatabaseHandle; mailer: Mailer; config: Env }) {
  const { database, mailer, config } = deps;
  const accountsRepository = createAccountsRepository(database.db);
  const identityRepository = createIdentityRepository(database.db);
  const teamRepository = createTeamRepository(database.db);
  const audit = createAuditService({ repository: createAuditRepository(database.db) });
  const identity = createIdentityService({ repository: identityRepository, mailer, config });

  /** What the access directives need: membership roles, account existence, and each entity's owning account. */
  const authorization: AuthorizationDeps = {
    membershipRole: (userId, accountId) => accountsRepository.acceptedRole(userId, accountId),
    accountExists: async (accountId) => Boolean(await accountsRepository.findAccount(accountId)),
    entityAccount: {
      membership: (id) => teamRepository.accountOfMembership(id),
    },
    audit: (event) => audit.record(event),
  };

  return {
    authorization,
    audit,
    identity,
    accounts: createAccountsService({ repository: accountsRepository, config, db: database.db }),
    team: createTeamService({ repository: teamRepository, accounts: accountsRepository, identityRepository, identity, mailer, config }),
    sso: createSsoService({ config }),
  };
}

export type Services = ReturnType<typeof createServices>;
