import { defineModule } from '../module.ts';
import { identityAuditSentences } from './identity.audit.ts';
import { mappers } from './identity.mappers.ts';
import { createIdentityRepository } from './identity.repository.ts';
import { identityResolvers } from './identity.resolvers.ts';
import { createIdentityService } from './identity.service.ts';

export const identityModule = defineModule({
  name: 'identity',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database, mailer, config }) => {
    const identityRepository = createIdentityRepository(database.db);
    return {
      services: { identity: createIdentityService({ repository: identityRepository, mailer, config }) },
      // The team module adds members through it.
      shared: { identityRepository },
    };
  },
  resolvers: [identityResolvers],
  auditSentences: identityAuditSentences,
  mappers,
});
