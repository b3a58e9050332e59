import { defineModule } from '../module.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { mintingAuditSentences } from './minting.audit.ts';
import { createMintingRepository } from './minting.repository.ts';
import { mintingResolvers } from './minting.resolvers.ts';
import { createMintingService } from './minting.service.ts';

export const mintingModule = defineModule({
  name: 'minting',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database, chain, config }, { settings }: { settings: SettingsService }) => ({
    services: {
      minting: createMintingService({ repository: createMintingRepository(database.db), chain, config, collectionView: settings.collectionView }),
    },
  }),
  resolvers: [mintingResolvers],
  auditSentences: mintingAuditSentences,
});
