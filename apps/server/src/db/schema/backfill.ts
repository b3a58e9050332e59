import { bigint, bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * `npm run import` (issue 34): one row per history file, its progress recorded with each chunk's merge so a crashed
 * import resumes where its last commit left it. The file is known by its name, size and the SHA-256 of its first MiB.
 */
export const backfillImports = pgTable('backfill_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  fileName: text('file_name').notNull(),
  fingerprint: text('fingerprint').notNull().unique(),
  fileBytes: bigint('file_bytes', { mode: 'number' }).notNull(),
  /** Uncompressed bytes and lines of the file merged so far: a resumed import reads on from here. */
  bytesDone: bigint('bytes_done', { mode: 'number' }).notNull().default(0),
  linesDone: bigint('lines_done', { mode: 'number' }).notNull().default(0),
  merged: bigint('merged', { mode: 'number' }).notNull().default(0),
  stale: bigint('stale', { mode: 'number' }).notNull().default(0),
  refused: bigint('refused', { mode: 'number' }).notNull().default(0),
  /** Accounts whose transactions the import changed: their rollups are rebuilt once every line is merged. */
  accountIds: uuid('account_ids').array().notNull().default([]),
  /** copying → rollups (every line merged) → done. */
  state: text('state', { enum: ['copying', 'rollups', 'done'] })
    .notNull()
    .default('copying'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** Lines an import refused, each with the field at fault (the first 10,000 per import are kept). */
export const backfillRefusals = pgTable(
  'backfill_refusals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    importId: uuid('import_id')
      .notNull()
      .references(() => backfillImports.id, { onDelete: 'cascade' }),
    line: bigint('line', { mode: 'number' }).notNull(),
    error: text('error').notNull(),
  },
  (table) => [index('backfill_refusals_import_idx').on(table.importId, table.line)],
);

/**
 * The lines of the chunk being merged, as COPY wrote them (UNLOGGED: no WAL for rows that live seconds; emptied by a
 * PostgreSQL crash, which the recorded progress survives). `n` numbers the chunk's lines from 1, in file order.
 */
export const backfillStaging = pgTable('backfill_staging', {
  n: integer('n').generatedAlwaysAsIdentity(),
  doc: text('doc'),
});
