import { JOB_PAYLOADS } from '../../jobs/job-payloads.ts';
import { defineModule } from '../module.ts';
import { accountsAuditSentences } from './accounts.audit.ts';
import { mappers } from './accounts.mappers.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { accountsResolvers } from './accounts.resolvers.ts';
import { createAccountsService } from './accounts.service.ts';
import { createPipedriveCrm } from './pipedrive-crm.ts';

export const accountsModule = defineModule({
  name: 'accounts',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database, config, jobs }) => {
    const accountsRepository = createAccountsRepository(database.db);
    const accounts = createAccountsService({ repository: accountsRepository, config, db: database.db, jobs, crm: createPipedriveCrm(config) });
    return {
      services: { accounts },
      // Memberships and accounts: the access directives (services.ts), team, developers and webhooks read them.
      shared: { accountsRepository },
      close: () => accounts.flags.close(),
    };
  },
  resolvers: [accountsResolvers],
  auditSentences: accountsAuditSentences,
  jobs: {
    crm_sign_up: async (payload, { services }) => {
      const { userId, organizationId } = JOB_PAYLOADS.crm_sign_up.parse(payload);
      await services.accounts.addSignUpToCrm(userId, organizationId);
    },
  },
  seed: async (services) => {
    await services.accounts.flags.seed();
  },
  mappers,
});
