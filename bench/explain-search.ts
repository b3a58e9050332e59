/**
 * The query plans of the transactions benchmark's prefix searches (issue 13), on its generated data: for each search
 * the page's ids and the count, exactly as the repository builds them, with EXPLAIN (ANALYZE, BUFFERS), each after one
 * unexplained run (a warm cache, as the benchmark measures).
 *
 *   node --import tsx bench/explain-search.ts [connection string]
 *
 * Without a connection string it starts the benchmark's embedded PostgreSQL (.data/bench-tx, port 5620); give one to
 * read a database that is already running (for example while the benchmark generates its data).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres.ts';
import { countQuery, pageIdsQuery, type TransactionFilter } from '../apps/server/src/modules/transactions/transactions.repository.ts';
import { SEARCH_COUNT_LIMIT } from '../apps/server/src/modules/transactions/transactions.service.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The prefix searches the benchmark measures, from sample rows of the big account (see transactions.bench.ts). */
export function prefixSearches(sample: { externalTransactionId: string; walletAddress: string; email: string }) {
  const dot = sample.email.indexOf('.');
  return {
    // A first name and the first letter of a last name ("sigurd.s"): tens to hundreds of customers.
    'e-mail prefix': sample.email.slice(0, dot > 0 ? dot + 2 : 4),
    // An order id without its last two characters: up to ~1,300 ids of the account.
    'external id prefix': sample.externalTransactionId.slice(0, -2),
    // The first ten characters of an address ("0x" and 8 hex digits): usually one row.
    'wallet prefix': sample.walletAddress.slice(0, 10),
    // Three characters that start every Bitcoin address: a third of the rows match, the list index serves it.
    'broad prefix (3 characters)': 'bc1',
  };
}

async function main() {
  const given = process.argv[2];
  const embedded = given ? null : await startEmbeddedPostgres(path.join(here, '..', '.data/bench-tx/pg'), 5620);
  const pool = new pg.Pool({ connectionString: given ?? embedded!.connectionString, max: 1 });
  const dialect = new PgDialect();
  try {
    const accountId = (await pool.query<{ id: string }>(`select id from accounts where name = 'Bench Big'`)).rows[0]!.id;
    const sample = (
      await pool.query<{ externalTransactionId: string; walletAddress: string; email: string }>(
        `select t.external_transaction_id as "externalTransactionId", t.wallet_address as "walletAddress", c.email
         from transactions t join customers c on c.id = t.customer_id
         where t.account_id = $1 and t.live_mode and t.kind = 'buy' order by t.created_at desc limit 1 offset 100`,
        [accountId],
      )
    ).rows[0]!;
    const explain = async (title: string, query: SQL) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      // Once before, so the plan shows the steady state (cache warm), as the benchmark measures it.
      await pool.query({ text, values: params });
      const plan = await pool.query<{ 'QUERY PLAN': string }>({ text: `explain (analyze, buffers, costs off, summary on) ${text}`, values: params });
      console.log(`\n### ${title}\n`);
      console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
    };
    for (const [name, searchString] of Object.entries(prefixSearches(sample))) {
      const filter: TransactionFilter = { accountId, liveMode: true, kind: 'buy', searchString };
      await explain(`${name} "${searchString}": first page`, pageIdsQuery(filter, 'createdAt_DESC', 0, 20));
      await explain(`${name} "${searchString}": count up to ${SEARCH_COUNT_LIMIT + 1}`, countQuery(filter, SEARCH_COUNT_LIMIT + 1));
    }
  } finally {
    await pool.end();
    await embedded?.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
