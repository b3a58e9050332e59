import { defineModule } from '../module.ts';
import { rampAuditSentences } from './ramp.audit.ts';
import { createRampRepository } from './ramp.repository.ts';
import { rampResolvers } from './ramp.resolvers.ts';
import { createRampService } from './ramp.service.ts';

export const rampModule = defineModule({
  name: 'ramp',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database, config }) => {
    const ramp = createRampService({ repository: createRampRepository(database.db), config });
    return {
      services: { ramp },
      entities: { integration: { name: 'integration', accountOf: (id) => ramp.accountOfIntegration(id) } },
    };
  },
  resolvers: [rampResolvers],
  auditSentences: rampAuditSentences,
  seed: async (services) => {
    await services.ramp.seedDefaultRules();
  },
});
