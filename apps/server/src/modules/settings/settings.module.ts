import { defineModule } from '../module.ts';
import { settingsAuditSentences } from './settings.audit.ts';
import { mappers } from './settings.mappers.ts';
import { createSettingsRepository } from './settings.repository.ts';
import { settingsResolvers } from './settings.resolvers.ts';
import { createSettingsService } from './settings.service.ts';

export const settingsModule = defineModule({
  name: 'settings',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database, config }) => {
    const settings = createSettingsService({ repository: createSettingsRepository(database.db), config });
    return {
      services: { settings },
      entities: { nftCollection: { name: 'NFT collection', accountOf: (id) => settings.accountOfNftCollection(id) } },
    };
  },
  resolvers: [settingsResolvers],
  auditSentences: settingsAuditSentences,
  seed: async (services) => {
    await services.settings.seedCurrencies();
  },
  mappers,
});
