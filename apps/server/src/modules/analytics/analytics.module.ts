import { defineModule } from '../module.ts';
import { mappers } from './analytics.mappers.ts';
import { createAnalyticsRepository } from './analytics.repository.ts';
import { analyticsResolvers } from './analytics.resolvers.ts';
import { createAnalyticsService } from './analytics.service.ts';
import { quarterlyReviewResolvers } from './quarterly-review.resolvers.ts';
import { createQuarterlyReviewService } from './quarterly-review.service.ts';

export const analyticsModule = defineModule({
  name: 'analytics',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database }) => ({
    services: {
      analytics: createAnalyticsService({ repository: createAnalyticsRepository(database.readDb) }),
      quarterlyReview: createQuarterlyReviewService({
        analytics: createAnalyticsService({ repository: createAnalyticsRepository(database.readDb) }),
        readDb: database.readDb,
      }),
    },
  }),
  resolvers: [analyticsResolvers, quarterlyReviewResolvers],
  mappers,
});
