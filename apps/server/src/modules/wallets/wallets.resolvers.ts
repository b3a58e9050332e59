import type { Resolvers } from '../../generated/graphql.ts';
import { requireSession } from '../../graphql/context.ts';

export const walletsResolvers: Resolvers = {
  Query: {
    walletAddresses: (_parent, args, context) => context.services.wallets.page(args),
  },
  Mutation: {
    blockWalletAddress: (_parent, args, context) => context.services.wallets.block(requireSession(context).user, args),
    unblockWalletAddress: (_parent, args, context) => context.services.wallets.unblock(requireSession(context).user, args),
    trustWalletAddress: (_parent, args, context) => context.services.wallets.trust(requireSession(context).user, args),
    untrustWalletAddress: (_parent, args, context) => context.services.wallets.untrust(requireSession(context).user, args),
  },
};
