import { defineModule } from '../module.ts';
import { customerAdminAuditSentences } from './customer-admin.audit.ts';
import { mappers } from './customer-admin.mappers.ts';
import { createCustomerAdminRepository } from './customer-admin.repository.ts';
import { customerAdminResolvers } from './customer-admin.resolvers.ts';
import { createCustomerAdminService } from './customer-admin.service.ts';

/** The provider's staff run partners' customers: view, edit, identity checks, erasure, enhanced due diligence (issue 35). */
export const customerAdminModule = defineModule({
  name: 'customer-admin',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database }) => ({
    services: { customerAdmin: createCustomerAdminService({ repository: createCustomerAdminRepository(database.db) }) },
  }),
  resolvers: [customerAdminResolvers],
  auditSentences: customerAdminAuditSentences,
  mappers,
});
