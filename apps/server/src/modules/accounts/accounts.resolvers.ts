import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant, requireSession } from '../../graphql/context.ts';
import { notFound } from '../../graphql/errors.ts';
import { requestLoader } from '../../graphql/request-loader.ts';
import { canUseLiveMode } from '../../lib/live-mode.ts';

/** An account is demo data when its organization is: the accounts of a list share one query. */
const loadIsDemo = requestLoader<boolean>((context, organizationIds) => context.services.accounts.demoOrganizationFlags(organizationIds));

const FLAG_NAMES = [
  'isWidgetUrlBuilt',
  'areCurrenciesConfigured',
  'areDomainsConfigured',
  'isOnRampEnabled',
  'isOffRampEnabled',
  'isSwapsEnabled',
  'isMintingEnabled',
  'isNftCheckoutEnabled',
  'isOnRampLoginEnabled',
  'isOffRampLoginEnabled',
  'isSwapsLoginEnabled',
  'isFreeClaimsEnabled',
  'migratedToSelfService',
] as const;

export const accountsResolvers: Resolvers = {
  Query: {
    account: (_parent, _args, context) => context.services.accounts.account(requireGrant(context).accountId),
    getCountries: (_parent, _args, context) => context.services.accounts.countries(),
    businessIndustries: (_parent, _args, context) => context.services.accounts.businessIndustries(),
    productInterests: (_parent, _args, context) => context.services.accounts.productInterests(),
    expectedMonthlyVolumes: (_parent, _args, context) => context.services.accounts.expectedMonthlyVolumes(),
    userHash: (_parent, _args, context) => context.services.accounts.userHash(requireSession(context).user.id),
    organizations: (_parent, args, context) => context.services.accounts.searchOrganizations(args),
    featureFlags: (_parent, args, context) => context.services.accounts.featureFlags(requireSession(context), args.accountId ?? null),
  },
  Mutation: {
    createOnboardingInfo: (_parent, args, context) => context.services.accounts.createOnboardingInfo(requireSession(context), args.input),
    updateOnboardingInfo: (_parent, args, context) => context.services.accounts.updateOnboardingInfo(requireGrant(context).accountId, args.input),
    markFaqAsRead: (_parent, _args, context) => context.services.accounts.markFaqAsRead(requireGrant(context).accountId),
    syncUserWithAccount: (_parent, _args, context) =>
      context.services.accounts.syncUserWithAccount(requireSession(context).user.id, requireGrant(context).accountId),
    clearUserToken: (_parent, _args, context) => context.services.accounts.clearUserToken(requireSession(context).user.id),
    createSupportContact: (_parent, args, context) =>
      context.services.accounts.createSupportContact(requireSession(context), requireGrant(context).accountId, args),
  },
  Account: {
    organization: async (account, _args, context) => {
      const organization = await context.services.accounts.organization(account.organizationId);
      if (!organization) throw notFound('The organization');
      return organization;
    },
    canUseLiveMode: (account) => canUseLiveMode(account),
    isDemo: async (account, _args, context) => (await loadIsDemo(context, account.organizationId)) ?? false,
    whiteGloveInformation: (account) => ({ requiresEnhancedKyb: account.requiresEnhancedKyb }),
    hasConfiguredRampFees: (account) => ({ buyFees: account.hasConfiguredBuyFees, sellFees: account.hasConfiguredSellFees }),
    balanceLedgerAccount: (account) => ({ consumerId: account.balanceLedgerConsumerId }),
    domainReviews: (account, _args, context) => context.services.accounts.domainReviews(account.id),
    onboardingInfo: (account) =>
      ({
        ...Object.fromEntries(FLAG_NAMES.map((name) => [name, Boolean(account.onboardingInfo[name])])),
        hasReadFaq: account.faqReadAt !== null,
      }) as Record<(typeof FLAG_NAMES)[number] | 'hasReadFaq', boolean>,
    memberships: (account, _args, context) => context.services.accounts.membershipsOfAccount(account.id),
  },
  Membership: {
    // Not async: the account usually came with the membership, and a promise per list item costs every `me` (issue 40).
    account: (membership, _args, context) => membership.account ?? context.services.accounts.account(membership.accountId),
  },
  Organization: {
    accounts: (organization, _args, context) => context.services.accounts.accountsOfOrganization(organization.id),
  },
};
