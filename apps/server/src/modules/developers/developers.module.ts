import { JOB_PAYLOADS } from '../../jobs/job-payloads.ts';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import { defineModule } from '../module.ts';
import type { RampService } from '../ramp/ramp.service.ts';
import { developersAuditSentences } from './developers.audit.ts';
import { mappers } from './developers.mappers.ts';
import { createDevelopersRepository } from './developers.repository.ts';
import { developersResolvers } from './developers.resolvers.ts';
import { createDevelopersService } from './developers.service.ts';

export const developersModule = defineModule({
  name: 'developers',
  schema: new URL('./schema.graphql', import.meta.url),
  // After ramp: signing a widget URL checks its parameters against the offered assets and sets isWidgetUrlBuilt through it.
  build: ({ database, config, jobs, secretBox, mailer }, { accountsRepository, ramp }: { accountsRepository: AccountsRepository; ramp: RampService }) => {
    const repository = createDevelopersRepository(database.db);
    return {
      services: {
        developers: createDevelopersService({
          repository,
          accounts: accountsRepository,
          config,
          jobs,
          secretBox,
          setOnboardingFlag: (accountId, flag, value) => ramp.setOnboardingFlag(accountId, flag, value),
          ramp,
          mailer,
        }),
      },
      entities: { apiKey: { name: 'API key', accountOf: (id) => repository.accountOfKey(id) } },
    };
  },
  resolvers: [developersResolvers],
  auditSentences: developersAuditSentences,
  jobs: {
    purge_api_key: async (payload, { services }) => {
      const { apiKeyId } = JOB_PAYLOADS.purge_api_key.parse(payload);
      await services.developers.purgeExpiredKey(apiKeyId);
    },
    api_request_log_retention: async (_payload, { services, log }) => {
      const deleted = await services.developers.purgeOldRequests();
      if (deleted > 0) log.info({ deleted }, 'api request log: deleted rows older than 30 days');
    },
  },
  crontab: ['17 3 * * * api_request_log_retention ?fill=1d'],
  mappers,
});
