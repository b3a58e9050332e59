import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, timestamptz } from './columns.ts';

// The development identity provider's own records (decision 0017). Conceptually a separate system:
// no foreign keys into Rampart's tables. A user is provisioned from the Rampart user of the same id
// the first time it signs in or calls the account-management API.

/** The provider's user: its profile and password belong to the provider, not to Rampart. */
export const devIdpUsers = pgTable('dev_idp_users', {
  /** The subject (`sub`) of its tokens: the id of the Rampart user it was provisioned from. */
  id: uuid('id').primaryKey(),
  createdAt: createdAt(),
  modifiedAt: timestamptz('modified_at').notNull().defaultNow(),
  /** Attributes of the profile schema (firstName, lastName, displayName, …), as the MyAccount API returns them. */
  profile: jsonb('profile').$type<Record<string, string | null>>().notNull(),
  /** argon2id; null when no password is enrolled (status NOT_ENROLLED). */
  passwordHash: text('password_hash'),
  passwordCreatedAt: timestamptz('password_created_at'),
  passwordUpdatedAt: timestamptz('password_updated_at'),
});

export const devIdpEmails = pgTable(
  'dev_idp_emails',
  {
    id: text('id').primaryKey(),
    userId: ownedBy('user_id', () => devIdpUsers.id),
    email: text('email').notNull(),
    role: text('role', { enum: ['PRIMARY', 'SECONDARY'] }).notNull(),
    status: text('status', { enum: ['VERIFIED', 'UNVERIFIED'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('dev_idp_emails_user_email_unique').on(table.userId, sql`lower(${table.email})`),
    uniqueIndex('dev_idp_emails_primary_unique')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.role} = 'PRIMARY'`),
  ],
);

export const devIdpPhones = pgTable(
  'dev_idp_phones',
  {
    id: text('id').primaryKey(),
    userId: ownedBy('user_id', () => devIdpUsers.id),
    /** E.164. */
    number: text('number').notNull(),
    status: text('status', { enum: ['VERIFIED', 'UNVERIFIED'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('dev_idp_phones_user_number_unique').on(table.userId, table.number)],
);

/** A code sent to an e-mail address or phone number; only its hash is kept. */
export const devIdpChallenges = pgTable(
  'dev_idp_challenges',
  {
    id: text('id').primaryKey(),
    userId: ownedBy('user_id', () => devIdpUsers.id),
    kind: text('kind', { enum: ['email', 'phone'] }).notNull(),
    /** The e-mail or phone id the challenge verifies. */
    targetId: text('target_id').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    verifiedAt: timestamptz('verified_at'),
  },
  (table) => [index('dev_idp_challenges_target_idx').on(table.targetId)],
);

/** Text messages the development provider "sent", shown at /dev/sms beside the development mailbox. */
export const devIdpSmsMessages = pgTable(
  'dev_idp_sms_messages',
  {
    id: id(),
    createdAt: createdAt(),
    toNumber: text('to_number').notNull(),
    body: text('body').notNull(),
  },
  (table) => [index('dev_idp_sms_messages_created_idx').on(table.createdAt)],
);
