import type { Env } from './config/env.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import { createAccountsRepository } from './modules/accounts/accounts.repository.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createIdentityRepository } from './modules/identity/identity.repository.ts';
import { createIdentityService } from './modules/identity/identity.service.ts';
import { createSsoService } from './modules/sso/sso.service.ts';

/** Every domain service, built once per app and handed to resolvers through the GraphQL context. */
export function createServices(deps: { database: DatabaseHandle; mailer: Mailer; config: Env }) {
  const { database, mailer, config } = deps;
  return {
    identity: createIdentityService({ repository: createIdentityRepository(database.db), mailer, config }),
    accounts: createAccountsService({ repository: createAccountsRepository(database.db) }),
    sso: createSsoService({ config }),
  };
}

export type Services = ReturnType<typeof createServices>;
