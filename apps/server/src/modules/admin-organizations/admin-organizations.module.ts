import type { KybService } from '../kyb/kyb.service.ts';
import type { TeamService } from '../team/team.service.ts';
import { defineModule } from '../module.ts';
import { adminOrganizationsAuditSentences } from './admin-organizations.audit.ts';
import { mappers } from './admin-organizations.mappers.ts';
import { createAdminOrganizationsRepository } from './admin-organizations.repository.ts';
import { adminOrganizationsResolvers } from './admin-organizations.resolvers.ts';
import { createAdminOrganizationsService } from './admin-organizations.service.ts';

/** Staff run partner organizations and accounts: open, edit, create on a partner's behalf, change an account's status. */
export const adminOrganizationsModule = defineModule({
  name: 'admin-organizations',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database }, { team, kyb }: { team: TeamService; kyb: KybService }) => ({
    services: {
      adminOrganizations: createAdminOrganizationsService({ repository: createAdminOrganizationsRepository(database.db), db: database.db, team, kyb }),
    },
  }),
  resolvers: [adminOrganizationsResolvers],
  auditSentences: adminOrganizationsAuditSentences,
  mappers,
});
