import { defineModule } from '../module.ts';
import { commerceAuditSentences } from './commerce.audit.ts';
import { createCommerceRepository } from './commerce.repository.ts';
import { commerceResolvers } from './commerce.resolvers.ts';
import { createCommerceService } from './commerce.service.ts';
import { createCommerceProvider } from './provider-factory.ts';

export const commerceModule = defineModule({
  name: 'commerce',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database, config }) => {
    const repository = createCommerceRepository(database.db);
    const commerce = createCommerceService({ repository, provider: createCommerceProvider(config, repository), config });
    return {
      services: { commerce },
      entities: { helioWallet: { name: 'payout wallet', accountOf: (id) => commerce.accountOfWallet(id) } },
    };
  },
  resolvers: [commerceResolvers],
  auditSentences: commerceAuditSentences,
});
