import { defineModule } from '../module.ts';
import { assembleAuditSentences } from './audit-sentences.ts';
import { mappers } from './audit.mappers.ts';
import { createAuditRepository } from './audit.repository.ts';
import { auditResolvers } from './audit.resolvers.ts';
import { createAuditService } from './audit.service.ts';
import { registerAuditExport } from './export.route.ts';

export const auditModule = defineModule({
  name: 'audit',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database, modules }) => ({
    services: { audit: createAuditService({ repository: createAuditRepository(database.db), sentences: assembleAuditSentences(modules) }) },
  }),
  resolvers: [auditResolvers],
  routes: (app, { config, services, database }) => {
    registerAuditExport(app, { config, services, pool: database.pool });
  },
  mappers,
});
