import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant, requireSession } from '../../graphql/context.ts';

export const settingsResolvers: Resolvers = {
  Query: {
    cryptoCurrencies: (_parent, _args, context) => context.services.settings.cryptoCurrencies(),
    nftNetworks: (_parent, _args, context) => context.services.settings.nftNetworks(),
    affiliatePayoutConfigurationForAccount: (_parent, _args, context) => context.services.settings.payoutConfiguration(requireGrant(context).accountId),
    currencySuspensions: (_parent, _args, context) => context.services.settings.currencySuspensions(),
  },
  Mutation: {
    suspendCurrency: (_parent, args, context) => context.services.settings.suspendCurrency(requireSession(context).user, args),
    resumeCurrency: (_parent, args, context) => context.services.settings.resumeCurrency(requireSession(context).user, args),
    updateAccount: (_parent, args, context) => context.services.settings.updateAccount(requireGrant(context).accountId, args),
    createAffiliatePayoutConfiguration: (_parent, args, context) => context.services.settings.createPayoutConfiguration(requireGrant(context).accountId, args),
    updateAffiliatePayoutConfiguration: (_parent, args, context) => context.services.settings.updatePayoutConfiguration(requireGrant(context).accountId, args),
    updateNftAccount: (_parent, args, context) => context.services.settings.updateNftAccount(requireGrant(context).accountId, args.input),
    createNftCollection: (_parent, args, context) => context.services.settings.createNftCollection(requireGrant(context).accountId, args.input),
    deleteNftCollection: (_parent, args, context) => context.services.settings.deleteNftCollection(args.id),
    updateNftCollectionPrice: (_parent, args, context) => context.services.settings.updateNftCollectionPrice(args.id, args.priceAmount),
  },
  Account: {
    nftAccount: (account, _args, context) => context.services.settings.nftAccount(account.id),
    nftCollections: (account, _args, context) => context.services.settings.nftCollections(account.id),
  },
};
