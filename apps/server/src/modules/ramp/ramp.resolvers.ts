import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant, requireSession, type GraphQLContext } from '../../graphql/context.ts';

/** A staff field's caller as the ramp service sees viewers (no membership role). */
const staffViewer = (context: GraphQLContext) => ({ via: 'staff' as const, role: null, adminRole: requireSession(context).user.adminRole });

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
    accountPricingRules: async (_parent, args, context) => {
      await context.services.ramp.requireAccount(args.accountId);
      return context.services.ramp.pricingRules(args.accountId, null, staffViewer(context));
    },
    previewPricingRules: async (_parent, args, context) => {
      const { current, draft } = await context.services.ramp.previewPricingRules(args.accountId, args.type, args.rules, args.sample);
      const editable = context.services.ramp.editableTypes(staffViewer(context));
      const view = (quote: typeof current) => ({
        ...quote,
        applied: quote.applied.map((each) => ({ ...each, rule: each.rule ? context.services.ramp.ruleView(each.rule, editable) : null })),
      });
      return { current: view(current), draft: view(draft) };
    },
  },
  Mutation: {
    updateCurrencyAccountPairs: (_parent, args, context) => context.services.ramp.updateCurrencyAccountPairs(requireGrant(context).accountId, args.pairs),
    updatePricingRules: (_parent, args, context) =>
      context.services.ramp.updatePricingRules(requireGrant(context).accountId, args.type, args.rules, requireGrant(context), requireSession(context).user.id),
    updateAccountPricingRules: (_parent, args, context) =>
      context.services.ramp.updateAccountPricingRules(args.accountId, args.type, args.rules, staffViewer(context), requireSession(context).user.id),
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
