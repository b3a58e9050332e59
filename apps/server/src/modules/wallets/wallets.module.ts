import { defineModule } from '../module.ts';
import { walletsAuditSentences } from './wallets.audit.ts';
import { createWalletsRepository } from './wallets.repository.ts';
import { walletsResolvers } from './wallets.resolvers.ts';
import { createWalletsService } from './wallets.service.ts';

/** Wallet addresses staff block or trust; the widget's test-mode engine consults them (modules/widget). */
export const walletsModule = defineModule({
  name: 'wallets',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database }) => ({ services: { wallets: createWalletsService({ repository: createWalletsRepository(database.db) }) } }),
  resolvers: [walletsResolvers],
  auditSentences: walletsAuditSentences,
});
