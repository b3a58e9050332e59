import type { Env } from './config/env.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import { createAccountsRepository } from './modules/accounts/accounts.repository.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createIdentityRepository } from './modules/identity/identity.repository.ts';
import { createIdentityService } from './modules/identity/identity.service.ts';
import { createSsoService } from './modules/sso/sso.service.ts';
import { createAuditRepository } from './modules/audit/audit.repository.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import type { AuthorizationDeps } from './graphql/authorization.ts';

/** Every domain service, built once per app and handed to resolvers through the GraphQL context. */
export function createServices(deps: { database: DatabaseHandle; mailer: Mailer; config: Env }) {
  const { database, mailer, config } = deps;
  const accountsRepository = createAccountsRepository(database.db);
  const audit = createAuditService({ repository: createAuditRepository(database.db) });
  /** What the access directives need: membership roles, account existence, and each entity's owning account. */
  const authorization: AuthorizationDeps = {
    membershipRole: (userId, accountId) => accountsRepository.acceptedRole(userId, accountId),
    accountExists: async (accountId) => Boolean(await accountsRepository.findAccount(accountId)),
    entityAccount: {},
    audit: (event) => audit.record(event),
  };
  return {
    authorization,
    audit,
    identity: createIdentityService({ repository: createIdentityRepository(database.db), mailer, config }),
    accounts: createAccountsService({ repository: accountsRepository }),
    sso: createSsoService({ config }),
  };
}

export type Services = ReturnType<typeof createServices>;
