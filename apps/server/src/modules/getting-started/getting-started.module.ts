import { defineModule } from '../module.ts';
import { createGettingStartedRepository } from './getting-started.repository.ts';
import { gettingStartedResolvers } from './getting-started.resolvers.ts';
import { createGettingStartedService } from './getting-started.service.ts';

export const gettingStartedModule = defineModule({
  name: 'getting-started',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database }) => ({ services: { gettingStarted: createGettingStartedService({ repository: createGettingStartedRepository(database.db) }) } }),
  resolvers: [gettingStartedResolvers],
});
