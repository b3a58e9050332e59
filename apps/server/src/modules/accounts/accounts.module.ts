import { defineModule } from '../module.ts';
import { accountsAuditSentences } from './accounts.audit.ts';
import { mappers } from './accounts.mappers.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { accountsResolvers } from './accounts.resolvers.ts';
import { createAccountsService } from './accounts.service.ts';

export const accountsModule = defineModule({
  name: 'accounts',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database, config }) => {
    const accountsRepository = createAccountsRepository(database.db);
    const accounts = createAccountsService({ repository: accountsRepository, config, db: database.db });
    return {
      services: { accounts },
      // Memberships and accounts: the access directives (services.ts), team, developers and webhooks read them.
      shared: { accountsRepository },
      close: () => accounts.flags.close(),
    };
  },
  resolvers: [accountsResolvers],
  auditSentences: accountsAuditSentences,
  seed: async (services) => {
    await services.accounts.flags.seed();
  },
  mappers,
});
