import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  name: text('name').notNull(),
  publicName: text('public_name'),
  accessTier: text('access_tier').notNull().default('standard'),
  ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
  subscriptionPlanType: text('subscription_plan_type', { enum: ['Free', 'Basic', 'Pro'] }).notNull().default('Free'),
});

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    internalName: text('internal_name'),
    status: text('status', { enum: ['Active', 'Closed', 'Dormant'] }).notNull().default('Active'),
    isVerified: boolean('is_verified').notNull().default(false),
    isSelfService: boolean('is_self_service').notNull().default(true),
    allowedIframeAncestorUrls: text('allowed_iframe_ancestor_urls').array().notNull().default([]),
    customerDataWebhookUrl: text('customer_data_webhook_url'),
    onboardingInfo: jsonb('onboarding_info').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [index('accounts_organization_idx').on(table.organizationId)],
);

export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['administrator', 'analyst', 'developer', 'support_specialist'] }).notNull(),
    hasAcceptedInvite: boolean('has_accepted_invite').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('memberships_account_user_unique').on(table.accountId, table.userId), index('memberships_user_idx').on(table.userId)],
);
