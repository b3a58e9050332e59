import { JOB_PAYLOADS } from '../../jobs/job-payloads.ts';
import { defineModule } from '../module.ts';
import { billingAuditSentences } from './billing.audit.ts';
import { billingResolvers } from './billing.resolvers.ts';
import { createBillingService } from './billing.service.ts';
import { registerStripeWebhookRoutes } from './stripe-webhook.routes.ts';

export const billingModule = defineModule({
  name: 'billing',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database, config, mailer, jobs }) => ({
    services: { billing: createBillingService({ db: database.db, config, mailer, jobs }) },
  }),
  resolvers: [billingResolvers],
  auditSentences: billingAuditSentences,
  routes: (app, { config, services }) => registerStripeWebhookRoutes(app, { config, services }),
  jobs: {
    billing_dunning_end: async (payload, { services }) => {
      await services.billing.endDunning(JOB_PAYLOADS.billing_dunning_end.parse(payload).organizationId);
    },
  },
});
