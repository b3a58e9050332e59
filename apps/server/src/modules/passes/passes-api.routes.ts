import crypto from 'node:crypto';
import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PASS_API_KEY_PREFIX, PASS_IMAGE_MAX_BYTES } from '@rampart/shared/passes';
import type { Env } from '../../config/env.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { passes, passProjectApiKeys, passProjects } from '../../db/schema/passes.ts';
import type { Services } from '../../services.ts';
import { isUuid } from '../../lib/uuid.ts';
import { invalidatePass, passWebhookData, recordPassEvent, type PassRow } from './pass-lifecycle.ts';
import { PASS_FILES_PATH } from './pass-files.ts';
import { stillHoldsToken } from './policy-check.ts';
import { issueNonce } from './siwe.ts';
import { issuePass, PassesApiError, type ErrorType } from './pass-issuing.ts';
import { registerAppleWebService } from './apple-web-service.ts';
import { frameworkErrorAnswer, restErrorBody, validationMessage, zodIssueDetails } from '../../lib/rest/errors.ts';
import { registerIdempotency } from '../../lib/rest/idempotency.ts';
import { registerOpenApi, type OpenApiDefinition } from '../../lib/rest/openapi.ts';
import { REQUEST_ID_HEADER } from '../../lib/rest/request-id.ts';
import {
  CREATE_BODY_LIMIT,
  createBody,
  invalidateBody,
  listQuery,
  Nonce,
  Pass,
  PassesError,
  passIdParams,
  PassList,
  scanBody,
  ScanResult,
} from './passes-api.schemas.ts';

/** Requests a pass project key may make per minute. */
export const PASSES_API_RATE_PER_MINUTE = 300;

export interface PassKeyContext {
  keyId: string;
  projectId: string;
  accountId: string;
  project: typeof passProjects.$inferSelect;
}

declare module 'fastify' {
  interface FastifyRequest {
    passKey?: PassKeyContext;
  }
}

export { PassesApiError, type ErrorType };

/**
 * Answers in the REST APIs' envelope (lib/rest/errors.ts); `param` is the (first) field at fault.
 */
export function sendProblem(reply: FastifyReply, status: number, type: ErrorType, code: string, message: string, details?: Record<string, unknown>) {
  const fields = details ? Object.keys(details) : [];
  // Policy refusals are keyed by policy, not by a field.
  const param = code === 'policy_refused' ? undefined : fields[0];
  return reply.code(status).send(restErrorBody(reply.request, { type, code, message, param, details }));
}

export const PASSES_API_PREFIX = '/passes-api/v1';
export const PASSES_OPENAPI_PATH = `${PASSES_API_PREFIX}/openapi.json`;

/** The .pkpass download's documented answer: a file, not JSON. */
type PassBody = z.infer<typeof Pass>;

const PKPASS_RESPONSE = z.string().meta({ description: 'The .pkpass file', contentMediaType: 'application/vnd.apple.pkpass' });

const PASSES_API_DEFINITION: OpenApiDefinition = {
  title: 'Rampart Passes API',
  description: `The passes API for a pass project's servers: issue wallet passes (Apple Wallet, Google Wallet) to wallets that
sign in with Ethereum, list and invalidate them, and check scanned barcodes.

## Authentication
Send a project key from Passes › your project › API keys as a bearer token: \`Authorization: Bearer ${PASS_API_KEY_PREFIX}…\`.
A key sees only its project. A project in test mode issues test passes.

## Issuing a pass
1. \`POST /nonces\` gives a single-use nonce.
2. The holder signs a Sign-In with Ethereum (EIP-4361) message with that nonce in their wallet.
3. \`POST /passes\` with the message and signature issues the pass if a policy of the project admits the wallet.

## Requests and errors
Every response carries a \`${REQUEST_ID_HEADER}\` header; errors answer \`{ "error": { "type", "code", "message", "param",
"request_id", "details" } }\`. POST requests accept an \`Idempotency-Key\` header. Each key may make ${PASSES_API_RATE_PER_MINUTE} requests a minute.`,
  tags: [
    { name: 'Sign-in', description: 'Nonces for Sign-In with Ethereum.' },
    { name: 'Passes', description: 'Wallet passes of the project.' },
    { name: 'Scans', description: 'Checking passes at the door.' },
  ],
  securitySchemes: {
    PassKey: { type: 'http', scheme: 'bearer', description: `Your project key: \`Authorization: Bearer ${PASS_API_KEY_PREFIX}…\`.` },
  },
  versioned: false,
  errorSchema: PassesError,
  // The key check and the per-key rate limit, and the masked 500.
  everyOperation: [401, 429, 500],
};

/** The scope's validator compiler: the zod schemas of passes-api.schemas.ts parse query, params and body. */
function validatorCompiler({ schema, httpPart }: { schema: unknown; httpPart?: string }) {
  const zodSchema = schema as z.ZodType;
  return (data: unknown) => {
    const parsed = zodSchema.safeParse(data ?? {});
    if (parsed.success) return { value: parsed.data };
    const details = zodIssueDetails(parsed.error, 'body');
    // Code invalid_request, where /v1 says parameter_invalid: clients of this API branch on it.
    return { error: new PassesApiError(400, 'invalid_request_error', 'invalid_request', validationMessage(httpPart, Object.keys(details)), details) };
  };
}

/** Keyset cursor of the pass list: a pass's createdAt (µs precision kept as text) and id. */
function encodeCursor(pass: { createdAtText: string; id: string }): string {
  return Buffer.from(`${pass.createdAtText}|${pass.id}`).toString('base64url');
}
const cursorRefusal = (param: string, message: string) => new PassesApiError(400, 'invalid_request_error', 'invalid_request', message, { [param]: message });
function decodeCursor(cursor: string, param: 'cursor' | 'starting_after' | 'ending_before'): { createdAt: string; id: string } {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || !isUuid(id) || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(createdAt) || Number.isNaN(Date.parse(createdAt))) {
    throw cursorRefusal(param, `${param} is not a cursor this API returned.`);
  }
  return { createdAt, id };
}

/** Whether a pass admits its holder at a scan: null, or why not. */
export function scanRefusal(pass: Pick<PassRow, 'status' | 'invalidatedReason'>): { code: string; message: string } | null {
  if (pass.status !== 'invalidated') return null;
  return pass.invalidatedReason === 'nftTransferred'
    ? { code: 'nft_transferred', message: "This pass was invalidated: its NFT left the holder's wallet." }
    : { code: 'pass_invalidated', message: 'This pass was invalidated.' };
}

/** Where a page of the pass list starts: after a cursor (older passes), before one (newer), or at the newest. */
export function listPosition(query: { cursor?: string; starting_after?: string; ending_before?: string }) {
  const { cursor, starting_after: startingAfterParam, ending_before: endingBefore } = query;
  if (cursor !== undefined && startingAfterParam !== undefined) throw cursorRefusal('cursor', 'cursor and starting_after are the same parameter: send one.');
  const startingAfter = startingAfterParam ?? cursor;
  if (startingAfter !== undefined && endingBefore !== undefined)
    throw cursorRefusal('ending_before', 'starting_after and ending_before cannot be combined: page one way at a time.');
  const position =
    endingBefore !== undefined
      ? decodeCursor(endingBefore, 'ending_before')
      : startingAfter !== undefined
        ? decodeCursor(startingAfter, startingAfterParam !== undefined ? 'starting_after' : 'cursor')
        : null;
  return { position, newer: endingBefore !== undefined };
}

type ListedRow = { pass: PassRow; createdAtText: string };

/**
 * A page of the list from the `limit + 1` rows read in the page's direction, newest first; `otherWay` tells whether
 * passes lie beyond the page's far edge (read only when the page started at a cursor).
 */
export function pageOf(rows: ListedRow[], limit: number, newer: boolean, otherWay: boolean) {
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  if (newer) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  const olderExist = newer ? otherWay : hasMore;
  const newerExist = newer ? hasMore : otherWay;
  const nextCursor = olderExist && last ? encodeCursor({ createdAtText: last.createdAtText, id: last.pass.id }) : null;
  return {
    page: page.map((row) => row.pass),
    has_more: hasMore,
    next_cursor: nextCursor,
    previous_cursor: newerExist && first ? encodeCursor({ createdAtText: first.createdAtText, id: first.pass.id }) : null,
    hasMore: olderExist,
    nextCursor,
  };
}

const PASSES_RATE_LIMIT = {
  max: PASSES_API_RATE_PER_MINUTE,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) =>
    crypto
      .createHash('sha256')
      .update(`passes:${request.headers.authorization ?? request.ip}`)
      .digest('hex'),
  errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => ({
    statusCode: 429,
    error: {
      type: 'rate_limit_error',
      code: 'rate_limited',
      message: `Too many requests for this key. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    },
  }),
};
/** Every operation's route config: the per-key rate limit. */
const routeConfig = { rateLimit: PASSES_RATE_LIMIT };
const operation = (operationId: string, summary: string, tags: string[] = ['Passes']) => ({ operationId, summary, tags });

/** What the passes API's handlers share: the database, the pass files and the chain, and how a pass is answered. */
interface PassesApiContext {
  config: Env;
  db: DatabaseHandle['db'];
  passFiles: Services['passFiles'];
  chain: Services['chain'];
  /** The API's pass: the webhook's pass data with its wallet links (unless `links: false`). */
  present: (pass: PassRow, options?: { links?: boolean }) => Promise<PassBody>;
  /** The project's pass with this id; another project's pass does not exist for this key (404). */
  projectPass: (projectId: string, id: string) => Promise<PassRow>;
}

type PassesApiScope = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

function passesApiContext(deps: { config: Env; database: DatabaseHandle; services: Services }): PassesApiContext {
  const { config, services } = deps;
  const db = deps.database.db;
  const passFiles = services.passFiles;
  return {
    config,
    db,
    passFiles,
    chain: services.chain,
    async present(pass, options = {}) {
      // The webhook's pass data is the API's pass (without its links).
      const base = passWebhookData(pass) as Omit<PassBody, 'object' | 'appleWalletUrl' | 'googleWalletUrl'>;
      if (options.links === false) return { object: 'pass', ...base };
      return {
        object: 'pass',
        ...base,
        appleWalletUrl: `${config.PUBLIC_URL.replace(/\/$/, '')}${passFiles.appleWalletUrl(pass)}`,
        googleWalletUrl: await passFiles.googleWalletUrl(pass),
      };
    },
    async projectPass(projectId, id) {
      const [pass] = isUuid(id)
        ? await db
            .select()
            .from(passes)
            .where(and(eq(passes.id, id), eq(passes.projectId, projectId)))
        : [];
      if (!pass) throw new PassesApiError(404, 'not_found_error', 'pass_not_found', 'No pass with this id in this project.');
      return pass;
    },
  };
}

/** JSON errors for whatever the scope throws: ours as they are, Fastify's by status, anything else a masked 500. */
function errorHandler(error: FastifyError | PassesApiError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof PassesApiError) return sendProblem(reply, error.status, error.type, error.code, error.message, error.details);
  // The passes API's body limit is its own (CREATE_BODY_LIMIT), so its 413 names none.
  const answer = frameworkErrorAnswer(error, request, { tooLargeMessage: 'The request body is too large.', logMessage: 'passes api: unhandled error' });
  return sendProblem(reply, answer.status, answer.type, answer.code, answer.message);
}

/** The dashboard's signed download link (Pass.appleWalletUrl): /passes-files/<id>.pkpass?expires=…&signature=…. */
function registerPassFileDownload(app: FastifyInstance, passFiles: Services['passFiles']) {
  app.get<{ Params: { file: string }; Querystring: Record<string, unknown> }>(`${PASS_FILES_PATH}/:file`, async (request, reply) => {
    reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
    const match = /^([0-9a-f-]{36})\.pkpass$/i.exec(request.params.file);
    const opened = match
      ? await passFiles.openDownloadLink(match[1]!.toLowerCase(), request.query.expires, request.query.signature)
      : ({ status: 404 } as const);
    if (opened.status === 403)
      return sendProblem(
        reply,
        403,
        'permission_error',
        'link_expired',
        'This download link is not valid or has expired. Open the pass again to get a new one.',
      );
    if (opened.status !== 200) return sendProblem(reply, 404, 'not_found_error', 'pass_not_found', 'No such pass.');
    return reply
      .header('content-type', 'application/vnd.apple.pkpass')
      .header('content-disposition', `attachment; filename="${opened.pass.serialNumber}.pkpass"`)
      .send(opened.bytes);
  });
}

/** The onRequest key check: a live project key as a bearer token makes `request.passKey`; else a 401. */
function authenticatePassKey(db: PassesApiContext['db']) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store').header(REQUEST_ID_HEADER, String(request.id));
    if (request.routeOptions.url === PASSES_OPENAPI_PATH) return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match)
      return sendProblem(reply, 401, 'authentication_error', 'missing_key', `Send your project's key as "Authorization: Bearer ${PASS_API_KEY_PREFIX}…".`);
    const key = match[1]!;
    if (!key.startsWith(PASS_API_KEY_PREFIX) || !/^[A-Za-z0-9_-]{16,200}$/.test(key)) {
      return sendProblem(reply, 401, 'authentication_error', 'invalid_key', `This is not a pass project key (they start with ${PASS_API_KEY_PREFIX}).`);
    }
    const hash = crypto.createHash('sha256').update(key).digest('hex');
    const [found] = await db
      .select({ keyId: passProjectApiKeys.id, revokedAt: passProjectApiKeys.revokedAt, project: passProjects })
      .from(passProjectApiKeys)
      .innerJoin(passProjects, eq(passProjects.id, passProjectApiKeys.projectId))
      .where(eq(passProjectApiKeys.keyHash, hash));
    if (!found) return sendProblem(reply, 401, 'authentication_error', 'invalid_key', 'This key is not valid, or its project was deleted.');
    if (found.revokedAt)
      return sendProblem(
        reply,
        401,
        'authentication_error',
        'key_revoked',
        "This key was revoked and has stopped working. Create a new one in the project's keys.",
      );
    request.passKey = { keyId: found.keyId, projectId: found.project.id, accountId: found.project.accountId, project: found.project };
    await db
      .update(passProjectApiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(passProjectApiKeys.id, found.keyId));
  };
}

/** POST /nonces. */
function registerNonceRoutes(api: PassesApiScope, { db }: PassesApiContext) {
  api.post(
    '/nonces',
    {
      config: routeConfig,
      schema: {
        ...operation('createNonce', 'Create a sign-in nonce', ['Sign-in']),
        description: 'A single-use nonce for the Sign-In with Ethereum (EIP-4361) message the holder signs, valid for 10 minutes.',
        response: { 201: Nonce },
      },
    },
    async (request, reply) => {
      const issued = await issueNonce(db, request.passKey!.projectId);
      return reply.code(201).send({ nonce: issued.nonce, expiresAt: issued.expiresAt.toISOString() });
    },
  );
}

type CreateBody = z.infer<typeof createBody>;

/** POST /passes: a pass for the signed-in wallet a policy admits. */
async function createPass(context: PassesApiContext, request: FastifyRequest, body: CreateBody, reply: FastifyReply) {
  const { message, signature, ...rest } = body;
  const created = await issuePass(
    { db: context.db, passFiles: context.passFiles, chain: context.chain, imageMaxBytes: PASS_IMAGE_MAX_BYTES, log: request.log },
    request.passKey!.project,
    { holder: { kind: 'signature', message, signature }, ...rest },
  );
  return reply.code(201).send(await context.present(created));
}

/** GET /passes: the project's passes, newest first, a page at a time. */
async function listPasses({ db, present }: PassesApiContext, projectId: string, query: z.infer<typeof listQuery>) {
  const { position, newer } = listPosition(query);
  const createdAtText = sql<string>`to_char(${passes.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  const filters = and(
    eq(passes.projectId, projectId),
    query.status ? eq(passes.status, query.status) : undefined,
    query.holder ? sql`lower(${passes.holderAddress}) = ${query.holder.toLowerCase()}` : undefined,
  );
  // Row comparisons on (created_at, id), the order of passes_project_created_idx.
  const beyond = (at: { createdAt: string; id: string }, way: 'older' | 'newer') =>
    way === 'older'
      ? sql`(${passes.createdAt}, ${passes.id}) < (${at.createdAt}::timestamptz, ${at.id}::uuid)`
      : sql`(${passes.createdAt}, ${passes.id}) > (${at.createdAt}::timestamptz, ${at.id}::uuid)`;
  const rows = await db
    .select({ pass: passes, createdAtText })
    .from(passes)
    .where(and(filters, position ? beyond(position, newer ? 'newer' : 'older') : undefined))
    .orderBy(...(newer ? [asc(passes.createdAt), asc(passes.id)] : [desc(passes.createdAt), desc(passes.id)]))
    .limit(query.limit + 1);
  // Whether passes lie the other way from the page: past its newest after starting_after, its oldest before
  // ending_before (in both, the first row read).
  const edge = position ? rows[0] : undefined;
  const otherWay = edge
    ? (
        await db
          .select({ id: passes.id })
          .from(passes)
          .where(and(filters, beyond({ createdAt: edge.createdAtText, id: edge.pass.id }, newer ? 'older' : 'newer')))
          .limit(1)
      ).length > 0
    : false;
  const { page, ...cursors } = pageOf(rows, query.limit, newer, otherWay);
  return { object: 'list' as const, data: await Promise.all(page.map((pass) => present(pass))), ...cursors };
}

/** POST /scans: whether the pass with this barcode admits its holder now; an NFT pass whose token moved is invalidated. */
async function scanPass({ db, chain, present, projectPass }: PassesApiContext, request: FastifyRequest, barcode: string) {
  const { projectId, keyId } = request.passKey!;
  const [found] = await db
    .select()
    .from(passes)
    .where(and(eq(passes.projectId, projectId), eq(passes.barcodeMessage, barcode)));
  if (!found) return { valid: false, refusal: { code: 'pass_unknown', message: 'No pass of this project has this barcode.' }, pass: null };
  let pass = found;
  let refusal: { code: string; message: string } | null = null;
  if (pass.status === 'active' && pass.tokenId && pass.contractAddress) {
    try {
      const held = await stillHoldsToken(chain, { holderAddress: pass.holderAddress, contractAddress: pass.contractAddress, tokenId: pass.tokenId });
      if (!held.holds) {
        pass =
          (await db.transaction((tx) => invalidatePass(tx, pass.id, 'nftTransferred', { toAddress: held.owner, detectedBy: 'scan' }))) ??
          (await projectPass(projectId, pass.id));
      }
    } catch (error) {
      request.log.warn({ err: error }, 'passes api: the chain could not be read at a scan');
      refusal = { code: 'chain_unavailable', message: "The NFT's ownership could not be read on chain just now: scan again in a moment." };
    }
  }
  refusal ??= scanRefusal(pass);
  const valid = refusal === null;
  await db.transaction((tx) => recordPassEvent(tx, pass, 'scanned', { valid, ...(refusal ? { refusal: refusal.code } : {}), keyId }));
  return { valid, ...(refusal ? { refusal } : {}), pass: await present(pass, { links: false }) };
}

/** The pass resource: create, list, retrieve, invalidate, download. */
function registerPassRoutes(api: PassesApiScope, context: PassesApiContext) {
  const { db, passFiles, present, projectPass } = context;
  api.post(
    '/passes',
    {
      config: routeConfig,
      bodyLimit: CREATE_BODY_LIMIT,
      schema: {
        ...operation('createPass', 'Create a pass'),
        description:
          "Issues a pass to the wallet that signed `message` (a Sign-In with Ethereum message with a nonce from POST /nonces), if one of the project's policies admits it: a listed wallet, or the holder of an NFT (`nft`, checked on chain).",
        body: createBody,
        response: { 201: Pass, 403: PassesError, 404: PassesError },
      },
    },
    (request, reply) => createPass(context, request, request.body, reply),
  );

  api.get(
    '/passes',
    {
      config: routeConfig,
      schema: {
        ...operation('listPasses', 'List passes'),
        description: 'Passes of the project, newest first. Page with `starting_after` (a next_cursor) or `ending_before` (a previous_cursor).',
        querystring: listQuery,
        response: { 200: PassList },
      },
    },
    (request) => listPasses(context, request.passKey!.projectId, request.query),
  );

  api.get(
    '/passes/:id',
    {
      config: routeConfig,
      schema: { ...operation('getPass', 'Retrieve a pass'), params: passIdParams, response: { 200: Pass, 404: PassesError } },
    },
    async (request) => present(await projectPass(request.passKey!.projectId, request.params.id)),
  );

  api.post(
    '/passes/:id/invalidate',
    {
      config: routeConfig,
      schema: {
        ...operation('invalidatePass', 'Invalidate a pass'),
        description: 'Invalidates the pass (its wallet copies are updated through the pass services). Invalidating an invalidated pass answers it as it is.',
        params: passIdParams,
        body: invalidateBody,
        response: { 200: Pass, 404: PassesError },
      },
    },
    async (request) => {
      const pass = await projectPass(request.passKey!.projectId, request.params.id);
      // Idempotent: invalidating an invalidated pass answers the pass as it is.
      const invalidated = await db.transaction((tx) => invalidatePass(tx, pass.id, 'invalidatedByPartner', { by: 'api', keyId: request.passKey!.keyId }));
      return present(invalidated ?? (await projectPass(request.passKey!.projectId, pass.id)));
    },
  );

  api.get(
    '/passes/:id/pkpass',
    {
      config: routeConfig,
      schema: {
        ...operation('downloadPkpass', 'Download the Apple Wallet file'),
        description: 'The signed .pkpass file of the pass (application/vnd.apple.pkpass).',
        params: passIdParams,
        response: { 200: PKPASS_RESPONSE, 404: PassesError },
      },
    },
    async (request, reply) => {
      const pass = await projectPass(request.passKey!.projectId, request.params.id);
      const bytes = await passFiles.pkpass(pass);
      // The bytes of a file: the reply untyped by the documented (string) schema.
      const fileReply: FastifyReply = reply;
      return fileReply
        .header('content-type', 'application/vnd.apple.pkpass')
        .header('content-disposition', `attachment; filename="${pass.serialNumber}.pkpass"`)
        .send(bytes);
    },
  );
}

/** POST /scans. */
function registerScanRoutes(api: PassesApiScope, context: PassesApiContext) {
  api.post(
    '/scans',
    {
      config: routeConfig,
      schema: {
        ...operation('scanPass', 'Check a scanned barcode', ['Scans']),
        description:
          'Whether the pass with this barcode admits its holder now: unknown, invalidated and transferred-NFT passes are refused (valid: false, with a refusal).',
        body: scanBody,
        response: { 200: ScanResult },
      },
    },
    (request) => scanPass(context, request, request.body.barcode),
  );
}

/**
 * The passes REST API under /passes-api/v1 for a pass project's servers: `Authorization: Bearer pass_sk_…` (the key
 * sees only its project), rate limited per key, JSON errors `{ error: { type, code, message, details? } }`. Also the
 * dashboard's signed .pkpass downloads (/passes-files/<id>.pkpass) and Apple's PassKit web service
 * (/passes-api/apple/v1).
 */
export async function registerPassesApi(app: FastifyInstance, deps: { config: Env; database: DatabaseHandle; services: Services }) {
  const { config, database } = deps;
  const context = passesApiContext(deps);
  registerPassFileDownload(app, context.passFiles);

  await app.register(
    async (scope) => {
      const api = scope.withTypeProvider<ZodTypeProvider>();
      api.setValidatorCompiler(validatorCompiler);
      // Responses are plain JSON: their schemas document them (passes-api.test.ts checks every answer against the document).
      api.setSerializerCompiler(() => (data) => JSON.stringify(data));
      api.setErrorHandler(errorHandler);
      await registerOpenApi(api, { publicUrl: config.PUBLIC_URL, definition: PASSES_API_DEFINITION });
      api.setNotFoundHandler((request, reply) =>
        sendProblem(reply, 404, 'not_found_error', 'route_not_found', `No route ${request.method} ${request.url.split('?')[0]}.`),
      );
      api.addHook('onRequest', authenticatePassKey(context.db));
      // Idempotency-Key on every POST (lib/rest/idempotency.ts): after the key check, per project key.
      registerIdempotency(api, { database, source: 'pass_key', keyOf: (request) => request.passKey?.keyId });

      api.get(PASSES_OPENAPI_PATH.slice(PASSES_API_PREFIX.length), { schema: { hide: true } }, async () => scope.swagger());
      registerNonceRoutes(api, context);
      registerPassRoutes(api, context);
      registerScanRoutes(api, context);
    },
    { prefix: PASSES_API_PREFIX },
  );

  await app.register(
    async (apple) => {
      apple.setErrorHandler(errorHandler);
      await registerAppleWebService(apple, { db: context.db, passFiles: context.passFiles });
    },
    { prefix: '/passes-api/apple' },
  );
}
