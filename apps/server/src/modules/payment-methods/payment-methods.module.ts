import { defineModule } from '../module.ts';
import type { RampService } from '../ramp/ramp.service.ts';
import { paymentMethodsAuditSentences } from './payment-methods.audit.ts';
import { createPaymentMethodsRepository } from './payment-methods.repository.ts';
import { paymentMethodsResolvers } from './payment-methods.resolvers.ts';
import { createPaymentMethodsService } from './payment-methods.service.ts';

/** Back office: payment methods per account and region, and routing rules (issue 35); the ramp's quote reads both. */
export const paymentMethodsModule = defineModule({
  name: 'payment-methods',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database }, { ramp }: { ramp: RampService }) => ({
    services: { paymentMethods: createPaymentMethodsService({ repository: createPaymentMethodsRepository(database.db), ramp }) },
  }),
  resolvers: [paymentMethodsResolvers],
  auditSentences: paymentMethodsAuditSentences,
});
