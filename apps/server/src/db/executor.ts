import type { Database } from './client.ts';

/**
 * The database or one of its transactions: what a repository function takes when its caller may hold a transaction
 * (a row lock, or an event that must commit with the change).
 */
export type Executor = Pick<Database, 'select' | 'selectDistinctOn' | 'insert' | 'update' | 'delete' | 'execute'>;

/** The same for a function that only sends SQL text (the webhook outbox, the job queue, rollups). */
export type SqlExecutor = Pick<Database, 'execute'>;
