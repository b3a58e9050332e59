import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant, requireSession, type GraphQLContext } from '../../graphql/context.ts';
import type { BillingViewer } from './billing.service.ts';
import { activeAdminRole } from '../../lib/staff-two-factor.ts';

const viewer = (context: GraphQLContext): BillingViewer => {
  const { user } = requireSession(context);
  return { userId: user.id, adminRole: activeAdminRole(user) };
};

export const billingResolvers: Resolvers = {
  Query: {
    getStripeProduct: (_parent, args, context) => context.services.billing.stripeProduct(args.priceLookupKey),
    stripeProducts: (_parent, _args, context) => context.services.billing.stripeProducts(),
    billing: (_parent, _args, context) => context.services.billing.billing(requireGrant(context)),
    invoice: (_parent, args, context) => context.services.billing.invoice(requireGrant(context).accountId, args.id),
    sandboxCheckoutSession: (_parent, args, context) => context.services.billing.sandboxCheckoutSession(viewer(context), args.id),
    sandboxPortalSession: (_parent, args, context) => context.services.billing.sandboxPortalSession(viewer(context), args.id),
  },
  Mutation: {
    createStripeSession: (_parent, args, context) =>
      context.services.billing.createCheckoutSession(
        requireGrant(context),
        { priceId: args.priceId, returnPath: args.returnPath ?? null },
        context.session?.user.id ?? null,
      ),
    createStripeBillingSession: (_parent, args, context) =>
      context.services.billing.createPortalSession(requireGrant(context), { returnPath: args.returnPath ?? null }),
    changeSubscriptionPlan: (_parent, args, context) => context.services.billing.changePlan(requireGrant(context), args.priceLookupKey),
    cancelSubscription: (_parent, _args, context) => context.services.billing.cancel(requireGrant(context)),
    resumeSubscription: (_parent, _args, context) => context.services.billing.resume(requireGrant(context)),
    completeSandboxCheckout: (_parent, args, context) => context.services.billing.completeSandboxCheckout(viewer(context), args.sessionId, args.card),
    simulateSandboxRenewal: (_parent, args, context) => context.services.billing.simulateRenewal(requireGrant(context), args.outcome),
  },
  Organization: {
    billingPastDueUntil: (organization, _args, context) => context.services.billing.pastDueUntil(organization.id),
  },
};
