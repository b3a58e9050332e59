import type { DevelopersService } from '../developers/developers.service.ts';
import { defineModule } from '../module.ts';
import { themesAuditSentences } from './themes.audit.ts';
import { mappers } from './themes.mappers.ts';
import { createThemesRepository } from './themes.repository.ts';
import { themesResolvers } from './themes.resolvers.ts';
import { createThemesService } from './themes.service.ts';

export const themesModule = defineModule({
  name: 'themes',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database, config }, { developers }: { developers: DevelopersService }) => ({
    services: { themes: createThemesService({ repository: createThemesRepository(database.db), config, developers }) },
  }),
  resolvers: [themesResolvers],
  auditSentences: themesAuditSentences,
  // Logos are parsed in worker threads.
  workerModules: [new URL('./logo-colors.ts', import.meta.url)],
  mappers,
});
