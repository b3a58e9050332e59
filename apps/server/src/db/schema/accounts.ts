import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, timestamptz, updatedAt } from './columns.ts';
import type { OnboardingInfoInput } from '@rampart/shared/onboarding';
import { users } from './identity.ts';

export const organizations = pgTable('organizations', {
  id: id(),
  createdAt: createdAt(),
  name: text('name').notNull(),
  publicName: text('public_name'),
  accessTier: text('access_tier').notNull().default('standard'),
  ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
  subscriptionPlanType: text('subscription_plan_type', { enum: ['Free', 'Basic', 'Pro'] })
    .notNull()
    .default('Free'),
  /** Made up by the demo seed: its accounts, and every row that hangs off them, are what `--remove-demo` removes. */
  isDemo: boolean('is_demo').notNull().default(false),
  /** Members sign in only with single sign-on: password sign-in, password reset and setting a password are refused. */
  requireSso: boolean('require_sso').notNull().default(false),
});

/** One row once the demo was removed (`npm run seed -- --remove-demo`), so that later starts do not seed it again. */
export const demoRemovals = pgTable(
  'demo_removals',
  {
    id: boolean('id').primaryKey().default(true),
    removedAt: timestamptz('removed_at').notNull().defaultNow(),
  },
  (table) => [check('demo_removals_one_row', sql`${table.id}`)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    /** The /v1 API version (Rampart-Version, dated) requests without the header get; null until the account's first /v1 request pins the current one. */
    apiVersion: text('api_version'),
    createdAt: createdAt(),
    organizationId: ownedBy('organization_id', () => organizations.id),
    name: text('name').notNull(),
    internalName: text('internal_name'),
    status: text('status', { enum: ['Active', 'Closed', 'Dormant'] })
      .notNull()
      .default('Active'),
    isVerified: boolean('is_verified').notNull().default(false),
    isSelfService: boolean('is_self_service').notNull().default(true),
    allowedIframeAncestorUrls: text('allowed_iframe_ancestor_urls').array().notNull().default([]),
    customerDataWebhookUrl: text('customer_data_webhook_url'),
    /** The spec's onboardingInfo progress flags (isWidgetUrlBuilt, isOnRampEnabled, …). */
    onboardingInfo: jsonb('onboarding_info').$type<Record<string, boolean>>().notNull().default({}),
    /** What the partner answered at onboarding. */
    onboardingDetails: jsonb('onboarding_details').$type<OnboardingInfoInput | null>(),
    faqReadAt: timestamptz('faq_read_at'),
    kybInformation: jsonb('kyb_information')
      .$type<{
        country: string | null;
        kybLevelRequiredToGoLive: string;
        manuallyRequestedKybLevel: string | null;
        isEnhancedKybRequired: boolean;
        requiredKybCheck: string | null;
      }>()
      .notNull()
      .default({ country: null, kybLevelRequiredToGoLive: 'Basic', manuallyRequestedKybLevel: null, isEnhancedKybRequired: false, requiredKybCheck: null }),
    requiresEnhancedKyb: boolean('requires_enhanced_kyb').notNull().default(false),
    hasConfiguredBuyFees: boolean('has_configured_buy_fees').notNull().default(false),
    hasConfiguredSellFees: boolean('has_configured_sell_fees').notNull().default(false),
    balanceLedgerConsumerId: text('balance_ledger_consumer_id'),
  },
  (table) => [index('accounts_organization_idx').on(table.organizationId)],
);

export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    accountId: ownedBy('account_id', () => accounts.id),
    userId: ownedBy('user_id', () => users.id),
    role: text('role', { enum: ['administrator', 'analyst', 'developer', 'support_specialist'] }).notNull(),
    hasAcceptedInvite: boolean('has_accepted_invite').notNull().default(false),
    createdAt: createdAt(),
    joinedAt: timestamptz('joined_at'),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** SHA-256 of the invitation link's secret; cleared once accepted, so a link works once. */
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: timestamptz('invite_expires_at'),
  },
  (table) => [
    uniqueIndex('memberships_account_user_unique').on(table.accountId, table.userId),
    index('memberships_user_idx').on(table.userId),
    uniqueIndex('memberships_invite_token_unique').on(table.inviteTokenHash),
  ],
);

export const domainReviews = pgTable(
  'domain_reviews',
  {
    id: id(),
    accountId: ownedBy('account_id', () => accounts.id),
    domain: text('domain').notNull(),
    status: text('status', { enum: ['clear', 'rejected'] }),
    reason: text('reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('domain_reviews_account_domain_unique').on(table.accountId, table.domain)],
);

/** The support-contact record created once e-mail, name and company are known (spec §7). */
export const supportContacts = pgTable('support_contacts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  name: text('name').notNull(),
  companyName: text('company_name').notNull(),
  companyId: uuid('company_id').notNull(),
  updatedAt: updatedAt(),
});

/** Flags evaluated through OpenFeature by our own provider; rules target users, accounts or organizations. */
export const featureFlags = pgTable('feature_flags', {
  key: text('key').primaryKey(),
  description: text('description').notNull(),
  defaultValue: boolean('default_value').notNull().default(false),
  rules: jsonb('rules')
    .$type<Array<{ attribute: 'user.email' | 'user.key' | 'account.key' | 'account.isSelfService' | 'organization.key'; values: string[]; value: boolean }>>()
    .notNull()
    .default([]),
  updatedAt: updatedAt(),
});
