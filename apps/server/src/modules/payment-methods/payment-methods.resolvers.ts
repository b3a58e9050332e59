import type { Resolvers } from '../../generated/graphql.ts';
import { requireSession } from '../../graphql/context.ts';

export const paymentMethodsResolvers: Resolvers = {
  Query: {
    accountPaymentMethods: (_parent, args, context) => context.services.paymentMethods.accountPaymentMethods(args.accountId),
    routingRules: (_parent, args, context) => context.services.paymentMethods.routingRules(args.accountId),
  },
  Mutation: {
    enablePaymentMethod: (_parent, args, context) =>
      context.services.paymentMethods.enable(args.accountId, requireSession(context).user.id, args.paymentMethod, args.region),
    disablePaymentMethod: (_parent, args, context) =>
      context.services.paymentMethods.disable(args.accountId, requireSession(context).user.id, args.paymentMethod, args.region),
    configurePaymentMethod: (_parent, args, context) =>
      context.services.paymentMethods.configure(args.accountId, requireSession(context).user.id, args.paymentMethod, args.region, {
        minAmount: args.minAmount ?? null,
        maxAmount: args.maxAmount ?? null,
      }),
    updateRoutingRules: (_parent, args, context) =>
      context.services.paymentMethods.updateRoutingRules(args.accountId, requireSession(context).user.id, args.rules),
  },
};
