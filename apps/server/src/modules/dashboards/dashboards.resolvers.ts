import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant, type GraphQLContext } from '../../graphql/context.ts';
import type { DashboardArgs } from './dashboards.service.ts';

const dashboard = (kind: string) => (_parent: unknown, args: DashboardArgs, context: GraphQLContext) =>
  context.services.dashboards.dashboard(kind, requireGrant(context).accountId, args);

export const dashboardsResolvers: Resolvers = {
  Query: {
    dashboardData: dashboard('buy'),
    sellDashboardData: dashboard('sell'),
    swapsDashboardData: dashboard('swap'),
    depositDashboardData: dashboard('deposit'),
    withdrawalDashboardData: dashboard('withdrawal'),
  },
};
