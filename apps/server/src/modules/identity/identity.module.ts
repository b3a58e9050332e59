import { runUnitOfWork } from '../../db/unit-of-work.ts';
import { defineModule } from '../module.ts';
import { identityAuditSentences } from './identity.audit.ts';
import { mappers } from './identity.mappers.ts';
import { createIdentityRepository } from './identity.repository.ts';
import { identityResolvers } from './identity.resolvers.ts';
import { createIdentityService } from './identity.service.ts';
import { createStaffAdministrationRepository } from './staff-administration.repository.ts';
import { createStaffAdministration } from './staff-administration.service.ts';
import { staffResolvers } from './staff.resolvers.ts';

export const identityModule = defineModule({
  name: 'identity',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database, mailer, config }) => {
    const identityRepository = createIdentityRepository(database.db);
    return {
      services: {
        identity: createIdentityService({ repository: identityRepository, mailer, config }),
        // The back office's staff management: the same service as `npm run admin`, audited by the GraphQL wrapper.
        staffAdministration: createStaffAdministration({
          identity: identityRepository,
          repository: createStaffAdministrationRepository(database.db),
          mailer,
          config,
          unitOfWork: (work) => runUnitOfWork(database.pool, work),
        }),
      },
      // The team module adds members through it.
      shared: { identityRepository },
    };
  },
  resolvers: [identityResolvers, staffResolvers],
  auditSentences: identityAuditSentences,
  mappers,
});
