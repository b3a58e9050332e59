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
  build: ({ database, config }) => ({
    services: {
      customerAdmin: createCustomerAdminService({ repository: createCustomerAdminRepository(database.db), eddThresholdUsd: config.EDD_VOLUME_THRESHOLD_USD }),
    },
  }),
  resolvers: [customerAdminResolvers],
  auditSentences: customerAdminAuditSentences,
  jobs: {
    edd_volume_scan: async (_payload, { services, log }) => {
      const flagged = await services.customerAdmin.flagByVolume();
      if (flagged > 0) log.info({ flagged }, 'edd: customers over the volume threshold joined the queue');
    },
  },
  crontab: ['29 2 * * * edd_volume_scan ?fill=1d'],
  mappers,
});
