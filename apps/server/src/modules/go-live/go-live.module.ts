import type { KybService } from '../kyb/kyb.service.ts';
import { defineModule } from '../module.ts';
import { goLiveAuditSentences } from './go-live.audit.ts';
import { mappers } from './go-live.mappers.ts';
import { createGoLiveRepository } from './go-live.repository.ts';
import { goLiveResolvers } from './go-live.resolvers.ts';
import { createGoLiveService } from './go-live.service.ts';

export const goLiveModule = defineModule({
  name: 'go-live',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database, mailer, config }, { kyb }: { kyb: KybService }) => ({
    services: { goLive: createGoLiveService({ repository: createGoLiveRepository(database.db), kyb, mailer, config }) },
  }),
  resolvers: [goLiveResolvers],
  auditSentences: goLiveAuditSentences,
  mappers,
});
