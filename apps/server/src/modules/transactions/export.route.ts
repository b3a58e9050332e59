/**
 * GET /exports/transactions.csv?accountId=…&liveMode=true&kind=buy&status=failed&…: the filtered view as CSV,
 * streamed from PostgreSQL with COPY … TO STDOUT straight into the response (never held in memory).
 * Signed in by the session cookie plus the X-CSRF-TOKEN header, like GraphQL; needs transactions:export.
 */
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import copyStreams from 'pg-copy-streams';
import { TRANSACTION_KINDS, type TransactionKind } from '@rampart/shared/transactions';
import type { Env } from '../../config/env.ts';
import type { Services } from '../../services.ts';
import { createContextFactory } from '../../graphql/context-factory.ts';
import { auditEvent, grantFor } from '../../graphql/authorization.ts';
import { isAppError } from '../../graphql/errors.ts';
import { FORBIDDEN_CHARACTERS_MESSAGE, hasForbiddenCharacters } from '../../lib/text.ts';
import { filterOf, type ListArgs } from './transactions.service.ts';
import { orderOf, whereOf } from './transactions.repository.ts';
import { isUuid } from '../../lib/uuid.ts';

/**
 * Every text column is neutralised against spreadsheet formula injection (OWASP CSV injection): a cell that starts
 * with = + - @, a tab or a carriage return gets a leading apostrophe. Numbers, ids and timestamps are typed and safe.
 */
const EXPORTED_COLUMNS: [expression: string, name: string, isText: boolean][] = [
  ['t.id', 'id', false],
  ['t.created_at', 'created_at', false],
  ['t.updated_at', 'updated_at', false],
  ['t.kind', 'kind', true],
  ['t.balance_type', 'type', true],
  ['t.status', 'status', true],
  ['t.failure_reason', 'failure_reason', true],
  ['t.base_currency_code', 'base_currency_code', true],
  ['t.base_currency_amount', 'base_currency_amount', false],
  ['t.quote_currency_code', 'quote_currency_code', true],
  ['t.quote_currency_amount', 'quote_currency_amount', false],
  ['t.fee_amount', 'fee_amount', false],
  ['t.extra_fee_amount', 'extra_fee_amount', false],
  ['t.network_fee_amount', 'network_fee_amount', false],
  ['t.usd_rate', 'usd_rate', false],
  ['t.eur_rate', 'eur_rate', false],
  ['t.gbp_rate', 'gbp_rate', false],
  ['t.payment_method', 'payment_method', true],
  ['t.country', 'country', true],
  ['t.wallet_address', 'wallet_address', true],
  ['t.crypto_transaction_id', 'crypto_transaction_id', true],
  ['t.external_transaction_id', 'external_transaction_id', true],
  ['t.external_customer_id', 'external_customer_id', true],
  ['t.customer_id', 'customer_id', false],
  // NFT purchases (issue 38): the token bought, from the row's nftTransaction.
  ['t.is_nft', 'is_nft', false],
  ["(t.nft_transaction ->> 'collectionName')", 'nft_collection_name', true],
  ["(t.nft_transaction ->> 'contractAddress')", 'nft_contract_address', true],
  ["(t.nft_transaction ->> 'tokenId')", 'nft_token_id', true],
  ["(t.nft_transaction ->> 'networkCode')", 'nft_network_code', true],
];
const FORMULA_STARTS = `('=', '+', '-', '@', chr(9), chr(13))`;
const COLUMNS = sql.raw(
  EXPORTED_COLUMNS.map(([expression, name, isText]) =>
    isText ? `case when left(${expression}, 1) in ${FORMULA_STARTS} then '''' || ${expression} else ${expression} end as ${name}` : `${expression} as ${name}`,
  ).join(', '),
);

const dialect = new PgDialect();

/** COPY takes no bind parameters: inline them as escaped literals (all were validated by the list schema first). */
export function inlineParameters(client: pg.PoolClient, query: { sql: string; params: unknown[] }): string {
  return query.sql.replace(/\$(\d+)/g, (_match, index: string) => {
    const value = query.params[Number(index) - 1];
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'boolean') return value ? 'true' : 'false';
    return client.escapeLiteral(String(value));
  });
}

function listArgs(query: Record<string, string | string[] | undefined>): ListArgs {
  const one = (name: string) => {
    const value = query[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const statuses = [query.status]
    .flat()
    .filter((s): s is string => typeof s === 'string')
    .flatMap((s) => s.split(','))
    .filter(Boolean);
  return {
    liveMode: one('liveMode') === 'true',
    searchString: one('searchString') ?? null,
    status: statuses.length ? statuses : null,
    minAmount: one('minAmount') ?? null,
    maxAmount: one('maxAmount') ?? null,
    minCreatedAt: one('minCreatedAt') ?? null,
    maxCreatedAt: one('maxCreatedAt') ?? null,
    transactionType: one('transactionType') ?? null,
    sort: (one('sort') ?? null) as ListArgs['sort'],
  };
}

export function registerTransactionExport(app: FastifyInstance, deps: { config: Env; services: Services; pool: pg.Pool; readPool: pg.Pool }) {
  const contextFor = createContextFactory({ config: deps.config, services: deps.services, pool: deps.pool });
  app.get('/exports/transactions.csv', async (request, reply) => {
    const fail = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) =>
      reply.code(status).send({ errors: [{ message, extensions: { code, ...extra } }] });
    const query = request.query as Record<string, string | string[] | undefined>;
    // searchString and the rest end up inlined in COPY: refuse what no column can hold before anything reads them.
    const unreadable = Object.entries(query).find(([name, value]) =>
      [name, value].flat().some((item) => typeof item === 'string' && hasForbiddenCharacters(item)),
    );
    if (unreadable) {
      const name = hasForbiddenCharacters(unreadable[0]) ? 'query' : unreadable[0];
      const message = `${name} ${FORBIDDEN_CHARACTERS_MESSAGE}`;
      return fail(400, 'BAD_USER_INPUT', message, { fields: { [name]: message } });
    }
    const context = await contextFor(request, reply);
    if (!context.session) return fail(401, 'UNAUTHENTICATED', 'You are not signed in, or your session has ended. Please sign in again.');
    const kind = (typeof query.kind === 'string' ? query.kind : 'buy') as TransactionKind;
    if (!TRANSACTION_KINDS.includes(kind)) return fail(400, 'BAD_USER_INPUT', 'kind is buy, sell, swap or balance.', { fields: { kind: 'Unknown kind.' } });
    const accountId = typeof query.accountId === 'string' ? query.accountId : '';
    if (!isUuid(accountId)) return fail(403, 'FORBIDDEN_ERROR', 'You do not have access to this account.');
    let parsed: ReturnType<typeof filterOf>;
    let grant;
    try {
      grant = await grantFor(context, context.session.user.id, context.session.user.adminRole, accountId, 'transactions:export', deps.services.authorization);
      parsed = filterOf(kind, accountId, listArgs(query));
    } catch (error) {
      if (!isAppError(error)) throw error;
      const status = { FORBIDDEN_ERROR: 403, STAFF_TWO_FACTOR_REQUIRED: 403, NOT_FOUND: 404, BAD_USER_INPUT: 400 }[error.code as string] ?? 400;
      return fail(status, error.code, error.message, error.extensions);
    }
    if (grant.via === 'staff') {
      await deps.services.authorization.audit(
        auditEvent(context, grant, {
          operation: 'exportTransactionsCsv',
          kind: 'view',
          outcome: 'success',
          errorCode: null,
          args: { accountId, kind, ...query },
        }),
      );
    }

    const client = await deps.readPool.connect();
    let released = false;
    const release = (error?: Error) => {
      if (released) return;
      released = true;
      // A connection left mid-COPY is not reusable: drop it.
      client.release(error);
    };
    const compiled = dialect.sqlToQuery(sql`select ${COLUMNS} from transactions t where ${whereOf(parsed.filter)} order by ${orderOf(parsed.sort)}`);
    const copy = `copy (${inlineParameters(client, compiled)}) to stdout with (format csv, header true)`;
    const stream = client.query(copyStreams.to(copy));
    stream.on('end', () => release());
    stream.on('error', (error) => release(error));
    request.raw.on('close', () => {
      if (!stream.readableEnded) {
        stream.destroy();
        release(new Error('client went away'));
      }
    });
    const date = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${kind}-transactions-${parsed.filter.liveMode ? 'live' : 'test'}-${date}.csv"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
}
