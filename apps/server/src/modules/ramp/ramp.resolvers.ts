import type { Resolvers } from '../../generated/graphql.ts';
import { AppError } from '../../graphql/errors.ts';

// Placeholder wiring while the ramp module is being written (issue 12); replaced before the issue is closed.
const pending = () => {
  throw new AppError('CONFLICT', 'Ramp setup is being built.');
};

export const rampResolvers: Resolvers = {
  Query: { pricingRules: pending, rampQuote: pending, integrations: pending },
  Mutation: {
    updateCurrencyAccountPairs: pending,
    updatePricingRules: pending,
    createIntegration: pending,
    deleteIntegration: pending,
    createTestTransaction: pending,
    moveTestTransaction: pending,
  },
  Account: { currencyAccountPairs: pending },
  TestTransaction: { __resolveType: (row) => ((row as { kind: string }).kind === 'sell' ? 'SellTransaction' : (row as { kind: string }).kind === 'swap' ? 'SwapTransaction' : 'BuyTransaction') },
};
