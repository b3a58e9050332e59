import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { apiIdempotencyKeys, apiKeys, type IdempotencyKeySource } from '../../db/schema/developers.ts';
import { passProjectApiKeys } from '../../db/schema/passes.ts';
import { ApiError, errorBody } from './errors.ts';

/** The request header carrying the client's key (Stripe's name). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on a response that is a stored one played back. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a key and its stored response live. */
export const IDEMPOTENCY_KEY_LIFETIME_HOURS = 24;
/**
 * A key unanswered and not refreshed for this long belongs to a request that died (process crash): another request may
 * take it over. A running request refreshes its claim every third of it, so a slow one is never taken over.
 */
export const IDEMPOTENCY_ABANDONED_AFTER_SECONDS = 60;
/** The longest a request keeps its key claimed by refreshing it. */
const MAX_RUNNING_MS = 10 * 60_000;
/** How long a request waits for another one running with its key before answering 409. */
export const IDEMPOTENCY_WAIT_MS = 10_000;
/** Printable ASCII, 1–255 characters. */
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
/** The response headers stored and played back with the body; the rest (Request-Id, rate limit, date) belong to each response. */
const STORED_HEADERS = ['content-type', 'location', 'rampart-version'];

interface Claim {
  source: IdempotencyKeySource;
  ownerId: string;
  key: string;
  /** created_at of our row in microseconds since the epoch: a request that took our key over has another, so we never write over its result. */
  token: string;
  done: boolean;
  /** The claim's refresh timer, and its last write: storing or releasing waits for it (each changes the token it matches). */
  heartbeat: NodeJS.Timeout | null;
  writing: Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyRequest?: { source: IdempotencyKeySource; ownerId: string; key: string; path: string; hash: string };
    idempotencyClaim?: Claim;
  }
}

/** JSON with object keys sorted at every level: `{"a":1,"b":2}` and `{"b":2,"a":1}` are one request. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? '';
  if (Buffer.isBuffer(value)) return `base64:${value.toString('base64')}`;
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
}

/** The request's fingerprint: SHA-256 of its method, path (with the query string) and canonical body. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return crypto
    .createHash('sha256')
    .update(`${method.toUpperCase()}\n${url}\n`)
    .update(typeof body === 'string' ? `text:${body}` : canonicalJson(body))
    .digest('hex');
}

const MICROS = sql<string>`(extract(epoch from ${apiIdempotencyKeys.createdAt}) * 1000000)::bigint::text`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function problem(request: FastifyRequest, reply: FastifyReply, error: ApiError) {
  return reply
    .code(error.status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify(errorBody(request, error)));
}

/** Deletes keys older than their lifetime, and those of deleted API keys (the api_idempotency_key_retention job); returns how many. */
export async function purgeExpiredIdempotencyKeys(db: Database): Promise<number> {
  const deleted = await db
    .delete(apiIdempotencyKeys)
    .where(
      or(
        lt(apiIdempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_LIFETIME_HOURS})`),
        and(eq(apiIdempotencyKeys.keySource, 'api_key'), sql`not exists (select 1 from ${apiKeys} where ${apiKeys.id} = ${apiIdempotencyKeys.apiKeyId})`),
        and(
          eq(apiIdempotencyKeys.keySource, 'pass_key'),
          sql`not exists (select 1 from ${passProjectApiKeys} where ${passProjectApiKeys.id} = ${apiIdempotencyKeys.apiKeyId})`,
        ),
      ),
    )
    .returning({ key: apiIdempotencyKeys.key });
  return deleted.length;
}

/**
 * `Idempotency-Key` for the POST routes of a scope (the public API's /v1, the passes API): the first request with a key
 * claims it (a row with no response yet) and runs; its response (status, a few headers, body) is stored unless it is a
 * 5xx (then the key is released and a retry runs again). A retry with the same method, path and body gets the stored
 * response back with `Idempotent-Replayed: true`; another request under the key is refused (400 idempotency_key_reused);
 * a request arriving while the first runs waits for it, then replays, or answers 409 idempotency_key_in_use. Keys are
 * per API key (`keyOf`, from the table `source`: api_keys by default, pass_project_api_keys for the passes API): another
 * key's identical key is another key. They live 24 hours.
 *
 * Register it after the scope's authentication (an onRequest hook setting what keyOf reads) and after hooks that reshape
 * responses (its onSend stores what they produced). The header is checked and the body fingerprinted in preValidation;
 * the key is claimed in preHandler, after schema validation: a request refused before it ran stores nothing (as Stripe).
 */
export function registerIdempotency(
  // Any scope, whatever its type provider (the public API's zod one, the passes API's default); the hooks type their own request and reply.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- FastifyInstance is invariant in its generics: no one type takes both scopes
  scope: FastifyInstance<any, any, any, any, any>,
  deps: {
    database: Pick<DatabaseHandle, 'db'>;
    keyOf: (request: FastifyRequest) => string | undefined;
    source?: IdempotencyKeySource;
    /** Tests: shorter waits. */
    waitMs?: number;
    abandonedAfterSeconds?: number;
  },
) {
  const { db } = deps.database;
  const source = deps.source ?? 'api_key';
  const rowOf = (ownerId: string, key: string) =>
    and(eq(apiIdempotencyKeys.keySource, source), eq(apiIdempotencyKeys.apiKeyId, ownerId), eq(apiIdempotencyKeys.key, key));
  const waitMs = deps.waitMs ?? IDEMPOTENCY_WAIT_MS;
  const abandonedAfterSeconds = deps.abandonedAfterSeconds ?? IDEMPOTENCY_ABANDONED_AFTER_SECONDS;

  function claimed(request: FastifyRequest, fields: Pick<Claim, 'source' | 'ownerId' | 'key' | 'token'>) {
    const claim: Claim = { ...fields, done: false, heartbeat: null, writing: Promise.resolve() };
    const since = Date.now();
    claim.heartbeat = setInterval(
      () => {
        // A request is not kept alive for ever: past this, its key may be taken over.
        if (Date.now() - since > MAX_RUNNING_MS && claim.heartbeat) clearInterval(claim.heartbeat);
        claim.writing = claim.writing
          .then(async () => {
            if (claim.done) return;
            const [refreshed] = await db
              .update(apiIdempotencyKeys)
              .set({ createdAt: sql`clock_timestamp()` })
              .where(and(rowOf(claim.ownerId, claim.key), isNull(apiIdempotencyKeys.responseStatus), sql`${MICROS} = ${claim.token}`))
              .returning({ token: MICROS });
            if (refreshed) claim.token = refreshed.token;
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'idempotency: could not refresh a claim'));
      },
      (abandonedAfterSeconds * 1000) / 3,
    );
    claim.heartbeat.unref();
    request.idempotencyClaim = claim;
  }

  /** Stops refreshing the claim and waits for a refresh under way: the claim's token is final. */
  async function finish(claim: Claim) {
    claim.done = true;
    if (claim.heartbeat) clearInterval(claim.heartbeat);
    await claim.writing;
  }

  async function release(claim: Claim) {
    await finish(claim);
    await db.delete(apiIdempotencyKeys).where(and(rowOf(claim.ownerId, claim.key), isNull(apiIdempotencyKeys.responseStatus), sql`${MICROS} = ${claim.token}`));
  }

  // Before validation: the header is checked first, and the body is fingerprinted as sent (not as the route's schema reshapes it).
  scope.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'POST') return;
    const raw = request.headers['idempotency-key'];
    if (raw === undefined) return;
    const ownerId = deps.keyOf(request);
    if (!ownerId) return;
    const key = Array.isArray(raw) ? raw.join(', ') : raw;
    if (!KEY_PATTERN.test(key)) {
      return problem(
        request,
        reply,
        new ApiError(
          400,
          'invalid_request_error',
          'idempotency_key_invalid',
          `${IDEMPOTENCY_KEY_HEADER} is 1 to 255 printable ASCII characters (a UUID is a good choice).`,
          { param: IDEMPOTENCY_KEY_HEADER },
        ),
      );
    }
    request.idempotencyRequest = {
      source,
      ownerId,
      key,
      path: request.url.split('?')[0]!.slice(0, 2048),
      hash: requestFingerprint(request.method, request.url, request.body),
    };
  });

  // After validation, right before the handler: a request refused by its schema stores nothing (as Stripe).
  scope.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const pending = request.idempotencyRequest;
    if (!pending) return;
    const { ownerId, key, path, hash } = pending;
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      const [inserted] = await db
        .insert(apiIdempotencyKeys)
        .values({ keySource: source, apiKeyId: ownerId, key, method: request.method, path, requestHash: hash, requestId: String(request.id) })
        .onConflictDoNothing()
        .returning({ token: MICROS });
      if (inserted) {
        claimed(request, { source, ownerId, key, token: inserted.token });
        return;
      }
      const [row] = await db
        .select({
          method: apiIdempotencyKeys.method,
          path: apiIdempotencyKeys.path,
          requestHash: apiIdempotencyKeys.requestHash,
          responseStatus: apiIdempotencyKeys.responseStatus,
          responseHeaders: apiIdempotencyKeys.responseHeaders,
          responseBody: apiIdempotencyKeys.responseBody,
          token: MICROS,
          expired: sql<boolean>`${apiIdempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_KEY_LIFETIME_HOURS})`,
          abandoned: sql<boolean>`${apiIdempotencyKeys.completedAt} is null and ${apiIdempotencyKeys.createdAt} < now() - make_interval(secs => ${abandonedAfterSeconds})`,
        })
        .from(apiIdempotencyKeys)
        .where(rowOf(ownerId, key));
      if (!row) continue; // Released or purged between our insert and select: try to claim it again.
      if (row.expired) {
        // Past its lifetime (the retention job has not run yet): the key is free again.
        await db.delete(apiIdempotencyKeys).where(and(rowOf(ownerId, key), sql`${MICROS} = ${row.token}`));
        continue;
      }
      if (row.requestHash !== hash) {
        const same = row.method === request.method && row.path === path;
        return problem(
          request,
          reply,
          new ApiError(
            400,
            'idempotency_error',
            'idempotency_key_reused',
            same
              ? `This ${IDEMPOTENCY_KEY_HEADER} was used with another request body in the last ${IDEMPOTENCY_KEY_LIFETIME_HOURS} hours. Send the same body to get the first response back, or use a new key for a new request.`
              : `This ${IDEMPOTENCY_KEY_HEADER} was used for ${row.method} ${row.path} in the last ${IDEMPOTENCY_KEY_LIFETIME_HOURS} hours. Use a new key for a new request.`,
            { param: IDEMPOTENCY_KEY_HEADER },
          ),
        );
      }
      if (row.responseStatus !== null) {
        reply.code(row.responseStatus);
        for (const [name, value] of Object.entries(row.responseHeaders ?? {})) reply.header(name, value);
        return reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true').send(row.responseBody ?? '');
      }
      if (row.abandoned) {
        // Its request died without an answer (the process stopped): take the key over and run.
        const [taken] = await db
          .update(apiIdempotencyKeys)
          .set({ createdAt: sql`clock_timestamp()`, requestId: String(request.id) })
          .where(and(rowOf(ownerId, key), isNull(apiIdempotencyKeys.responseStatus), sql`${MICROS} = ${row.token}`))
          .returning({ token: MICROS });
        if (taken) {
          claimed(request, { source, ownerId, key, token: taken.token });
          return;
        }
        continue;
      }
      if (Date.now() - started >= waitMs) {
        return problem(
          request,
          reply,
          new ApiError(
            409,
            'idempotency_error',
            'idempotency_key_in_use',
            `Another request with this ${IDEMPOTENCY_KEY_HEADER} is still running. Retry in a few seconds to get its response.`,
            { param: IDEMPOTENCY_KEY_HEADER },
          ),
        );
      }
      await sleep(Math.min(50 * 2 ** Math.min(attempt, 3), 400));
    }
  });

  scope.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = request.idempotencyClaim;
    if (!claim || claim.done) return payload;
    const status = reply.statusCode;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload == null ? '' : null;
    try {
      // 5xx: the request may not have happened; a retry runs again. A stream or binary body cannot be stored either.
      if (status >= 500 || body === null || (Buffer.isBuffer(payload) && !Buffer.from(body, 'utf8').equals(payload))) {
        await release(claim);
        return payload;
      }
      const headers: Record<string, string> = {};
      for (const name of STORED_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
      }
      await finish(claim);
      await db
        .update(apiIdempotencyKeys)
        .set({ responseStatus: status, responseHeaders: headers, responseBody: body, completedAt: sql`now()` })
        .where(and(rowOf(claim.ownerId, claim.key), isNull(apiIdempotencyKeys.responseStatus), sql`${MICROS} = ${claim.token}`));
    } catch (error) {
      // The response goes out anyway; the key stays unanswered and is taken over once abandoned.
      request.log.error({ err: error }, 'idempotency: could not store the response');
    }
    return payload;
  });

  // No onSend (hijacked reply, failed serialization, connection gone): release the key so a retry runs.
  scope.addHook('onResponse', async (request: FastifyRequest) => {
    const claim = request.idempotencyClaim;
    if (!claim || claim.done) return;
    await release(claim).catch((error: unknown) => request.log.error({ err: error }, 'idempotency: could not release a key'));
  });
}
