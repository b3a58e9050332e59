import { defineModule } from '../module.ts';
import { ssoAuditSentences } from './sso.audit.ts';
import { createSsoRepository } from './sso.repository.ts';
import { ssoResolvers } from './sso.resolvers.ts';
import { createSsoService } from './sso.service.ts';

export const ssoModule = defineModule({
  name: 'sso',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database, config }) => ({ services: { sso: createSsoService({ config, repository: createSsoRepository(database.db) }) } }),
  resolvers: [ssoResolvers],
  auditSentences: ssoAuditSentences,
});
