import { defineModule } from '../module.ts';
import type { WebhooksService } from '../webhooks/webhooks.service.ts';
import { createPassFiles } from './pass-files.ts';
import { registerPassesApi } from './passes-api.routes.ts';
import { registerPassImageRoutes } from './passes-images.routes.ts';
import { passesAuditSentences } from './passes.audit.ts';
import { mappers } from './passes.mappers.ts';
import { createPassesRepository } from './passes.repository.ts';
import { passesResolvers } from './passes.resolvers.ts';
import { createPassesService } from './passes.service.ts';

export const passesModule = defineModule({
  name: 'passes',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database, config, secretBox, fileStorage, chain }, { webhooks }: { webhooks: WebhooksService }) => {
    const passFiles = createPassFiles({ db: database.db, config, secretBox, storage: fileStorage });
    const passes = createPassesService({
      repository: createPassesRepository(database.db),
      config,
      secretBox,
      storage: fileStorage,
      webhooks,
      chain: () => chain,
      files: () => passFiles,
    });
    return {
      services: {
        passes,
        /** Pass files (.pkpass, Google save links, signed download links). */
        passFiles,
      },
      entities: {
        passProject: { accountOf: (id) => passes.accountOfProject(id) },
        passPolicy: { accountOf: (id) => passes.accountOfPolicy(id) },
        passTemplate: { accountOf: (id) => passes.accountOfTemplate(id) },
        pass: { accountOf: (id) => passes.accountOfPass(id) },
        passProjectApiKey: { accountOf: (id) => passes.accountOfApiKey(id) },
      },
    };
  },
  resolvers: [passesResolvers],
  auditSentences: passesAuditSentences,
  routes: async (app, { config, database, services }) => {
    await registerPassImageRoutes(app, { services });
    await registerPassesApi(app, { config, database, services });
  },
  // Uploaded certificate files are parsed in worker threads.
  workerModules: [new URL('./pass-credential-uploads.ts', import.meta.url)],
  mappers,
});
