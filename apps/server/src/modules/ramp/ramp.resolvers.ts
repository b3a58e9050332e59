import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant, requireSession } from '../../graphql/context.ts';

const testTransactionType = (row: unknown) =>
  (row as { kind: string }).kind === 'sell' ? 'SellTransaction' : (row as { kind: string }).kind === 'swap' ? 'SwapTransaction' : 'BuyTransaction';

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
    createIntegration: (_parent, args, context) =>
      context.services.ramp.createIntegration(requireGrant(context).accountId, requireSession(context).user.id, args.input),
    deleteIntegration: (_parent, args, context) => context.services.ramp.deleteIntegration(args.id),
    // The dashboard's test helpers (test mode only), run by the widget's test-mode processing.
    createTestTransaction: (_parent, args, context) => context.services.widget.processing.create(requireGrant(context).accountId, false, args.input),
    moveTestTransaction: (_parent, args, context) => context.services.widget.processing.moveTo(args.id, args.status, args.failureReason ?? null),
  },
  Account: {
    currencyAccountPairs: (account, _args, context) => context.services.ramp.currencyAccountPairs(account.id),
  },
  TestTransaction: {
    __resolveType: (row) => testTransactionType(row),
    // Mercurius reads `resolveType` on unions.
    ...({ resolveType: testTransactionType } as object),
  },
};
