import { drizzle } from 'drizzle-orm/node-postgres';
import { JOB_PAYLOADS } from '../../jobs/job-payloads.ts';
import { defineModule } from '../module.ts';
import { purgeExpiredIdempotencyKeys } from '../../lib/rest/idempotency.ts';
import { registerPublicApi } from './public-api.routes.ts';
import { registerApiReferencePage } from './reference-page.ts';

/** The REST API under /v1 (docs/api.md): routes over other modules' services, no GraphQL of its own. */
export const publicApiModule = defineModule({
  name: 'public-api',
  routes: async (app, { config, database, services }) => {
    await registerPublicApi(app, { config, database, services });
    registerApiReferencePage(app);
  },
  jobs: {
    api_idempotency_key_retention: async (payload, { pool, log }) => {
      JOB_PAYLOADS.api_idempotency_key_retention.parse(payload);
      const deleted = await purgeExpiredIdempotencyKeys(drizzle(pool));
      if (deleted > 0) log.info({ deleted }, 'idempotency keys: deleted keys older than 24 hours');
    },
  },
  crontab: ['41 * * * * api_idempotency_key_retention'],
});
