import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The provider's service credentials for the ingestion API (docs/ingestion.md): its transaction-processing core
 * sends events with one. Stored as a SHA-256 like secret API keys; at most two active at once, so they rotate
 * without downtime.
 */
export const ingestionCredentials = pgTable(
  'ingestion_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** The first characters of the secret, to tell credentials apart (`rpi_3f9a…`). */
    secretPrefix: text('secret_prefix').notNull(),
    /** Who created it: a staff user's e-mail address, or the operator of the admin command (`user@host`). */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Last request with it (updated at most once a minute). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('ingestion_credentials_secret_hash_unique').on(table.secretHash)],
);

/** Every event applied or recorded, by its CloudEvents source and id: a redelivery finds itself here and changes nothing. */
export const ingestionInbox = pgTable(
  'ingestion_inbox',
  {
    source: text('source').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** The transaction or customer the event is about. */
    entityId: uuid('entity_id').notNull(),
    /** accepted (applied) or stale (an older version than stored: recorded in ingestion_stale_events). */
    outcome: text('outcome', { enum: ['accepted', 'stale'] }).notNull(),
    credentialId: uuid('credential_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.source, table.eventId] })],
);

/** Events older than the stored version of their entity: kept, never applied. */
export const ingestionStaleEvents = pgTable(
  'ingestion_stale_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    source: text('source').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    entityId: uuid('entity_id').notNull(),
    version: integer('version').notNull(),
    storedVersion: integer('stored_version').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [index('ingestion_stale_events_entity_idx').on(table.entityId, table.receivedAt)],
);
