import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant, requireSession } from '../../graphql/context.ts';
import { AppError } from '../../graphql/errors.ts';

// Placeholder for the test helpers until the widget module wires them (helper WIDGET owns these two lines).
const pending = () => {
  throw new AppError('CONFLICT', 'Ramp setup is being built.');
};

export const rampResolvers: Resolvers = {
  Query: {
    pricingRules: (_parent, args, context) => context.services.ramp.pricingRules(requireGrant(context).accountId, args.region ?? null, requireGrant(context)),
    rampQuote: async (_parent, args, context) => {
      const grant = requireGrant(context);
      const quote = await context.services.ramp.quote(grant.accountId, args.input);
      const editable = context.services.ramp.editableTypes(grant);
      return {
        ...quote,
        applied: quote.applied.map((each) => ({ ...each, rule: each.rule ? context.services.ramp.ruleView(each.rule, editable) : null })),
      };
    },
    integrations: (_parent, _args, context) => context.services.ramp.integrations(requireGrant(context).accountId),
  },
  Mutation: {
    updateCurrencyAccountPairs: (_parent, args, context) => context.services.ramp.updateCurrencyAccountPairs(requireGrant(context).accountId, args.pairs),
    updatePricingRules: (_parent, args, context) =>
      context.services.ramp.updatePricingRules(requireGrant(context).accountId, args.type, args.rules, requireGrant(context), requireSession(context).user.id),
    createIntegration: (_parent, args, context) => context.services.ramp.createIntegration(requireGrant(context).accountId, requireSession(context).user.id, args.input),
    deleteIntegration: (_parent, args, context) => context.services.ramp.deleteIntegration(args.id),
    createTestTransaction: pending,
    moveTestTransaction: pending,
  },
  Account: {
    currencyAccountPairs: (account, _args, context) => context.services.ramp.currencyAccountPairs(account.id),
  },
  TestTransaction: { __resolveType: (row) => ((row as { kind: string }).kind === 'sell' ? 'SellTransaction' : (row as { kind: string }).kind === 'swap' ? 'SwapTransaction' : 'BuyTransaction') },
};
