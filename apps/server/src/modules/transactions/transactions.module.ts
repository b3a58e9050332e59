import { defineModule } from '../module.ts';
import { registerTransactionExport } from './export.route.ts';
import { transactionsAuditSentences } from './transactions.audit.ts';
import { mappers } from './transactions.mappers.ts';
import { createTransactionsRepository } from './transactions.repository.ts';
import { transactionsResolvers } from './transactions.resolvers.ts';
import { createTransactionsService } from './transactions.service.ts';

export const transactionsModule = defineModule({
  name: 'transactions',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database }) => {
    const transactions = createTransactionsService({ repository: createTransactionsRepository(database.db, database.readDb), db: database.db });
    return {
      services: { transactions },
      entities: {
        buyTransaction: { name: 'transaction', accountOf: (id) => transactions.accountOf(id, 'buy') },
        sellTransaction: { name: 'transaction', accountOf: (id) => transactions.accountOf(id, 'sell') },
        swapTransaction: { name: 'transaction', accountOf: (id) => transactions.accountOf(id, 'swap') },
        balanceTransaction: { name: 'transaction', accountOf: (id) => transactions.accountOf(id, 'balance') },
        anyTransaction: { name: 'transaction', accountOf: (id) => transactions.accountOf(id, null) },
      },
    };
  },
  resolvers: [transactionsResolvers],
  auditSentences: transactionsAuditSentences,
  routes: (app, { config, services, database }) => {
    registerTransactionExport(app, { config, services, pool: database.pool, readPool: database.readPool });
  },
  mappers,
});
