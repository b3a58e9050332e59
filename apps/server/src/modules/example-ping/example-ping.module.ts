import { defineModule } from '../module.ts';
import { examplePingResolvers } from './example-ping.resolvers.ts';
import { createExamplePingService } from './example-ping.service.ts';

export const examplePingModule = defineModule({
  name: 'example-ping',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database }) => ({ services: { examplePing: createExamplePingService({ db: database.db }) } }),
  resolvers: [examplePingResolvers],
});
