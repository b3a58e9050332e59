import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant, type GraphQLContext } from '../../graphql/context.ts';

const userIdOf = (context: GraphQLContext) => context.session?.user.id ?? null;

export const mintingResolvers: Resolvers = {
  Query: {
    evmChain: (_parent, _args, context) => context.services.minting.chainInfo(),
    getHyperMintEmbedUrl: (_parent, args, context) => context.services.minting.hyperMintEmbedUrl(requireGrant(context).accountId, args.url),
  },
  Mutation: {
    deployNftCollection: (_parent, args, context) => context.services.minting.deployCollection(requireGrant(context).accountId, args.input),
    setAccountMintingEnabled: async (_parent, args, context) => {
      await context.services.minting.setMintingEnabled(args.accountId, args.isEnabled);
      return context.services.accounts.account(args.accountId);
    },
    mintNft: (_parent, args, context) =>
      context.services.minting.mint(args.collectionId, { toAddress: args.toAddress, tokenUri: args.tokenUri ?? null }, userIdOf(context)),
  },
  NftCollection: {
    isMintable: (collection, _args, context) => context.services.minting.isMintable(collection),
    mints: (collection, _args, context) => context.services.minting.mints(collection.id),
  },
};
