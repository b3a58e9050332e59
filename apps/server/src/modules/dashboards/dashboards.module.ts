import { defineModule } from '../module.ts';
import { createDashboardsRepository } from './dashboards.repository.ts';
import { dashboardsResolvers } from './dashboards.resolvers.ts';
import { createDashboardsService } from './dashboards.service.ts';

export const dashboardsModule = defineModule({
  name: 'dashboards',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database }) => ({ services: { dashboards: createDashboardsService({ repository: createDashboardsRepository(database.readDb) }) } }),
  resolvers: [dashboardsResolvers],
});
