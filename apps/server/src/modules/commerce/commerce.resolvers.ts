import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant } from '../../graphql/context.ts';

export const commerceResolvers: Resolvers = {
  Query: {
    getPartnerHelioOnboarding: (_parent, _args, context) => context.services.commerce.onboarding(requireGrant(context).accountId),
    getRefreshedHelioRedirectUrl: (_parent, _args, context) => context.services.commerce.refreshedOnboarding(requireGrant(context).accountId),
    getHelioWallets: (_parent, _args, context) => context.services.commerce.wallets(requireGrant(context).accountId),
    sandboxHelioOnboarding: (_parent, args, context) => context.services.commerce.sandboxOnboarding(args.token),
  },
  Mutation: {
    createHelioMerchantAccount: (_parent, args, context) =>
      context.services.commerce.createMerchant(requireGrant(context).accountId, args.input, context.session?.user.id ?? null),
    addHelioWallet: (_parent, args, context) =>
      context.services.commerce.addWallet(requireGrant(context).accountId, args.input, context.session?.user.id ?? null),
    updateHelioWallet: (_parent, args, context) => context.services.commerce.updateWallet(args.id, args.input),
    deleteHelioWallet: (_parent, args, context) => context.services.commerce.deleteWallet(args.id),
    completeSandboxHelioOnboarding: (_parent, args, context) => context.services.commerce.completeSandboxOnboarding(args.token, args.outcome),
  },
};
