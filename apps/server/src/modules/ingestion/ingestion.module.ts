import { defineModule } from '../module.ts';
import type { TransactionsService } from '../transactions/transactions.service.ts';
import { ingestionAuditSentences } from './ingestion.audit.ts';
import { createIngestionRepository } from './ingestion.repository.ts';
import { ingestionResolvers } from './ingestion.resolvers.ts';
import { registerIngestionRoutes } from './ingestion.routes.ts';
import { createIngestionService } from './ingestion.service.ts';

/** The provider's core streams its transactions and customers in (docs/ingestion.md). */
export const ingestionModule = defineModule({
  name: 'ingestion',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database }, { transactions }: { transactions: TransactionsService }) => ({
    services: { ingestion: createIngestionService({ repository: createIngestionRepository(database.db), transactions }) },
  }),
  resolvers: [ingestionResolvers],
  auditSentences: ingestionAuditSentences,
  routes: (app, { services }) => registerIngestionRoutes(app, { services }),
});
