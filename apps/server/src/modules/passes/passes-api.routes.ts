import crypto from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  PASS_API_KEY_PREFIX,
  PASS_BARCODE_FORMATS,
  PASS_FIELD_GROUP_LIMITS,
  PASS_FIELD_GROUPS,
  PASS_IMAGE_MAX_BYTES,
  PASS_STATUSES,
  type PassFields,
} from '@rampart/shared/passes';
import type { Env } from '../../config/env.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { passes, passPolicies, passProjectApiKeys, passProjects, passTemplates } from '../../db/schema/passes.ts';
import type { Services } from '../../services.ts';
import { FORBIDDEN_CHARACTERS_MESSAGE, hasForbiddenCharacters } from '../../lib/text.ts';
import { isUuid } from '../../lib/uuid.ts';
import { invalidatePass, passWebhookData, recordPassEvent, type PassRow } from './pass-lifecycle.ts';
import { PASS_FILES_PATH } from './pass-files.ts';
import { checkPolicies, stillHoldsToken } from './policy-check.ts';
import { checkSiweMessage, consumeNonce, issueNonce, type SiweRefusalCode } from './siwe.ts';
import { registerAppleWebService } from './apple-web-service.ts';

/** Requests a pass project key may make per minute. */
export const PASSES_API_RATE_PER_MINUTE = 300;
/** Bodies of POST /passes may carry a base64 PNG of PASS_IMAGE_MAX_BYTES. */
const CREATE_BODY_LIMIT = Math.ceil((PASS_IMAGE_MAX_BYTES * 4) / 3) + 200_000;

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

export type ErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'not_found_error'
  | 'conflict_error'
  | 'signature_error'
  | 'rate_limit_error'
  | 'api_error';

export class PassesApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export function sendProblem(reply: FastifyReply, status: number, type: ErrorType, code: string, message: string, details?: Record<string, unknown>) {
  return reply.code(status).send({ error: { type, code, message, ...(details ? { details } : {}) } });
}

/** Status of each sign-in refusal. */
const SIWE_STATUS: Record<SiweRefusalCode, number> = {
  invalid_message: 400,
  signature_mismatch: 401,
  nonce_unknown: 400,
  nonce_used: 409,
  nonce_expired: 400,
  message_expired: 400,
  wrong_chain: 400,
  wrong_domain: 403,
};

const safeText = (name: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} is text`) })
    .max(max, `${name} has at most ${max} characters`)
    .refine((value) => !hasForbiddenCharacters(value), `${name} ${FORBIDDEN_CHARACTERS_MESSAGE}`);

const addressSchema = (name: string) => z.string({ error: `${name} is a 0x address` }).regex(/^0x[0-9a-fA-F]{40}$/, `${name} is a 0x address: 0x and 40 hex digits`);
const MAX_UINT256 = (1n << 256n) - 1n;
const tokenIdSchema = z
  .string({ error: 'nft.tokenId is a decimal string such as "1" (not a number)' })
  .regex(/^\d{1,78}$/, 'nft.tokenId is a decimal string such as "1"')
  .refine((value) => BigInt(value) <= MAX_UINT256, 'nft.tokenId is at most 2^256 - 1')
  .transform((value) => BigInt(value).toString());

const fieldSchema = z.object({
  key: safeText('key', 64).refine((value) => /^[A-Za-z0-9_.-]+$/.test(value), 'key has only letters, digits, _ . and -'),
  label: safeText('label', 100),
  value: safeText('value', 500),
});
const layoutSchema = z
  .object(Object.fromEntries(PASS_FIELD_GROUPS.map((group) => [group, z.array(fieldSchema).max(PASS_FIELD_GROUP_LIMITS[group], `${group} holds at most ${PASS_FIELD_GROUP_LIMITS[group]} fields`).optional()])) as Record<
    (typeof PASS_FIELD_GROUPS)[number],
    z.ZodOptional<z.ZodArray<typeof fieldSchema>>
  >)
  .strict();

const createBody = z
  .object({
    message: safeText('message', 4000).refine((value) => value.length > 0, 'message is required'),
    signature: z.string({ error: 'signature is required: the 0x hex signature of message' }).max(200, 'signature is at most 200 characters'),
    templateId: z.string({ error: 'templateId is required' }).refine(isUuid, 'templateId is a template id (UUID)'),
    policyIds: z.array(z.string().refine(isUuid, 'each policy id is a UUID')).max(50, 'at most 50 policyIds').optional(),
    nft: z.object({ contractAddress: addressSchema('nft.contractAddress'), tokenId: tokenIdSchema }, { error: 'nft is {contractAddress, tokenId}' }).strict().optional(),
    barcode: z
      .object({
        message: safeText('barcode.message', 500)
          .refine((value) => value.trim().length > 0, 'barcode.message cannot be empty')
          .optional(),
        format: z.enum(PASS_BARCODE_FORMATS, { message: `barcode.format is one of ${PASS_BARCODE_FORMATS.join(', ')}` }).optional(),
      })
      .strict()
      .optional(),
    image: z.string({ error: 'image is a base64 PNG' }).max(CREATE_BODY_LIMIT, `image is at most ${PASS_IMAGE_MAX_BYTES} bytes`).optional(),
    layout: layoutSchema.optional(),
    externalId: safeText('externalId', 200).optional(),
  })
  .strict();

const listQuery = z
  .object({
    status: z.enum(PASS_STATUSES, { message: `status is one of ${PASS_STATUSES.join(', ')}` }).optional(),
    holder: addressSchema('holder').optional(),
    limit: z.coerce.number({ message: 'limit is a number' }).int('limit is a whole number').min(1, 'limit is at least 1').max(100, 'limit is at most 100').default(20),
    cursor: z.string({ error: 'cursor is text' }).max(200, 'cursor is not one this API returned').optional(),
  })
  .strict();

const scanBody = z.object({ barcode: safeText('barcode', 500).refine((value) => value.length > 0, 'barcode is required') }).strict();
const invalidateBody = z.object({}).strict();

function zodDetails(error: z.ZodError): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'body';
    if (issue.code === 'unrecognized_keys') {
      for (const name of issue.keys) details[[...issue.path, name].join('.')] = `${name} is not a field of this request`;
    } else details[key] ??= issue.message;
  }
  return details;
}

function parse<T extends z.ZodType>(schema: T, input: unknown, what: 'body' | 'query'): z.infer<T> {
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success) {
    const details = zodDetails(parsed.error);
    throw new PassesApiError(400, 'invalid_request_error', 'invalid_request', `Some ${what === 'body' ? 'fields' : 'query parameters'} are not valid: ${Object.keys(details).join(', ')}.`, details);
  }
  return parsed.data;
}

/** Keyset cursor of the pass list: the last pass's createdAt (µs precision kept as text) and id. */
function encodeCursor(pass: { createdAtText: string; id: string }): string {
  return Buffer.from(`${pass.createdAtText}|${pass.id}`).toString('base64url');
}
function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || !isUuid(id) || Number.isNaN(Date.parse(createdAt))) {
    throw new PassesApiError(400, 'invalid_request_error', 'invalid_request', 'cursor is not one this API returned.', { cursor: 'cursor is not one this API returned' });
  }
  return { createdAt, id };
}

/** A PNG given as base64 (optionally a data: URL), at most PASS_IMAGE_MAX_BYTES. */
function decodePng(image: string): Buffer {
  const base64 = image.replace(/^data:image\/png;base64,/, '');
  const refuse = (message: string) => new PassesApiError(400, 'invalid_request_error', 'invalid_request', message, { image: message });
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw refuse('image is not base64.');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > PASS_IMAGE_MAX_BYTES) throw refuse(`image is ${bytes.length} bytes; at most ${PASS_IMAGE_MAX_BYTES}.`);
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) throw refuse('image is not a PNG.');
  return bytes;
}

/**
 * The passes REST API under /passes-api/v1 for a pass project's servers: `Authorization: Bearer pass_sk_…` (the key
 * sees only its project), rate limited per key, JSON errors `{ error: { type, code, message, details? } }`. Also the
 * dashboard's signed .pkpass downloads (/passes-files/<id>.pkpass) and Apple's PassKit web service
 * (/passes-api/apple/v1).
 */
export async function registerPassesApi(app: FastifyInstance, deps: { config: Env; database: DatabaseHandle; services: Services }) {
  const { config, database, services } = deps;
  const db = database.db;
  const passFiles = services.passFiles;
  const storage = passFiles.storage;
  const chain = services.chain;

  async function present(pass: PassRow, options: { links?: boolean } = {}) {
    const base = passWebhookData(pass);
    if (options.links === false) return { object: 'pass', ...base };
    return {
      object: 'pass',
      ...base,
      appleWalletUrl: `${config.PUBLIC_URL.replace(/\/$/, '')}${passFiles.appleWalletUrl(pass)}`,
      googleWalletUrl: await passFiles.googleWalletUrl(pass),
    };
  }

  async function projectPass(projectId: string, id: string): Promise<PassRow> {
    const [pass] = isUuid(id) ? await db.select().from(passes).where(and(eq(passes.id, id), eq(passes.projectId, projectId))) : [];
    // Another project's pass does not exist for this key.
    if (!pass) throw new PassesApiError(404, 'not_found_error', 'pass_not_found', 'No pass with this id in this project.');
    return pass;
  }

  const errorHandler = (error: FastifyError | PassesApiError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof PassesApiError) return sendProblem(reply, error.status, error.type, error.code, error.message, error.details);
    const built = error as unknown as { error?: { message?: string }; statusCode?: number };
    if (built.statusCode === 429) {
      return sendProblem(reply, 429, 'rate_limit_error', 'rate_limited', built.error?.message ?? error.message);
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'passes api: unhandled error');
      return sendProblem(reply, 500, 'api_error', 'internal_error', `Something went wrong on our side. Reference: ${request.id}.`);
    }
    if (status === 413) return sendProblem(reply, 413, 'invalid_request_error', 'body_too_large', 'The request body is too large.');
    if (status === 415) return sendProblem(reply, 415, 'invalid_request_error', 'unsupported_media_type', 'Send JSON bodies with content-type: application/json.');
    if ((error as FastifyError).code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || /JSON/i.test(error.message)) {
      return sendProblem(reply, 400, 'invalid_request_error', 'invalid_json', 'The request body is not valid JSON.');
    }
    return sendProblem(reply, status, 'invalid_request_error', 'invalid_request', error.message);
  };

  // The dashboard's signed download link (Pass.appleWalletUrl).
  app.get<{ Params: { file: string }; Querystring: Record<string, unknown> }>(`${PASS_FILES_PATH}/:file`, async (request, reply) => {
    reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
    const match = /^([0-9a-f-]{36})\.pkpass$/i.exec(request.params.file);
    const opened = match ? await passFiles.openDownloadLink(match[1]!.toLowerCase(), request.query.expires, request.query.signature) : ({ status: 404 } as const);
    if (opened.status === 403) return sendProblem(reply, 403, 'permission_error', 'link_expired', 'This download link is not valid or has expired. Open the pass again to get a new one.');
    if (opened.status !== 200) return sendProblem(reply, 404, 'not_found_error', 'pass_not_found', 'No such pass.');
    return reply
      .header('content-type', 'application/vnd.apple.pkpass')
      .header('content-disposition', `attachment; filename="${opened.pass.serialNumber}.pkpass"`)
      .send(opened.bytes);
  });

  await app.register(
    async (api) => {
      api.setErrorHandler(errorHandler);
      api.setNotFoundHandler((request, reply) => sendProblem(reply, 404, 'not_found_error', 'route_not_found', `No route ${request.method} ${request.url.split('?')[0]}.`));

      api.addHook('onRequest', async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const header = request.headers.authorization ?? '';
        const match = /^Bearer\s+(\S+)$/i.exec(header);
        if (!match) return sendProblem(reply, 401, 'authentication_error', 'missing_key', `Send your project's key as "Authorization: Bearer ${PASS_API_KEY_PREFIX}…".`);
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
        if (found.revokedAt) return sendProblem(reply, 401, 'authentication_error', 'key_revoked', 'This key was revoked and has stopped working. Create a new one in the project\'s keys.');
        request.passKey = { keyId: found.keyId, projectId: found.project.id, accountId: found.project.accountId, project: found.project };
        await db.update(passProjectApiKeys).set({ lastUsedAt: sql`now()` }).where(eq(passProjectApiKeys.id, found.keyId));
      });

      const rateLimit = {
        max: PASSES_API_RATE_PER_MINUTE,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) => crypto.createHash('sha256').update(`passes:${request.headers.authorization ?? request.ip}`).digest('hex'),
        errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => ({
          statusCode: 429,
          error: { type: 'rate_limit_error', code: 'rate_limited', message: `Too many requests for this key. Try again in ${Math.ceil(context.ttl / 1000)} seconds.` },
        }),
      };
      const config_ = { rateLimit };

      api.post('/nonces', { config: config_ }, async (request, reply) => {
        const issued = await issueNonce(db, request.passKey!.projectId);
        return reply.code(201).send({ nonce: issued.nonce, expiresAt: issued.expiresAt.toISOString() });
      });

      api.post('/passes', { config: config_, bodyLimit: CREATE_BODY_LIMIT }, async (request, reply) => {
        const body = parse(createBody, request.body, 'body');
        const { projectId, accountId, project } = request.passKey!;

        const [template] = await db.select().from(passTemplates).where(and(eq(passTemplates.id, body.templateId), eq(passTemplates.projectId, projectId)));
        if (!template) throw new PassesApiError(404, 'not_found_error', 'template_not_found', 'No template with this id in this project.', { templateId: 'No template with this id in this project' });
        let policies = await db
          .select()
          .from(passPolicies)
          .where(body.policyIds ? and(eq(passPolicies.projectId, projectId), inArray(passPolicies.id, body.policyIds)) : eq(passPolicies.projectId, projectId))
          .orderBy(asc(passPolicies.createdAt), asc(passPolicies.id));
        if (body.policyIds) {
          const missing = body.policyIds.filter((id) => !policies.some((policy) => policy.id === id));
          if (missing.length > 0) throw new PassesApiError(404, 'not_found_error', 'policy_not_found', `No policy ${missing.join(', ')} in this project.`, { policyIds: `Unknown in this project: ${missing.join(', ')}` });
          policies = body.policyIds.map((id) => policies.find((policy) => policy.id === id)!);
        }
        if (policies.length === 0) throw new PassesApiError(403, 'permission_error', 'policy_refused', 'This project has no policies, so nobody is entitled to a pass yet: add a policy first.');
        const image = body.image ? decodePng(body.image) : null;

        const checked = await checkSiweMessage(body.message, body.signature, { chainId: chain.chainId, allowedDomains: project.allowedDomains });
        if (!checked.ok) throw new PassesApiError(SIWE_STATUS[checked.code], 'signature_error', checked.code, checked.message);
        // Once the signature is good the nonce is spent, whatever follows: a signed message works once.
        const nonceRefusal = await consumeNonce(db, projectId, checked.fields.nonce);
        if (nonceRefusal) throw new PassesApiError(SIWE_STATUS[nonceRefusal.code], 'signature_error', nonceRefusal.code, nonceRefusal.message);

        const headBlock = body.nft ? await chain.blockNumber() : null;
        const decision = await checkPolicies(policies, checked.address, body.nft ?? null, chain);
        if (!decision.admitted) {
          const details = Object.fromEntries(decision.reasons.map((reason) => [reason.policyId, reason.reason]));
          throw new PassesApiError(403, 'permission_error', 'policy_refused', `No policy admits ${checked.address}: ${decision.reasons.map((reason) => `${reason.policyName}: ${reason.reason}`).join(' ')}`, details);
        }

        const id = crypto.randomUUID();
        const serialNumber = crypto.randomBytes(12).toString('hex');
        const barcodeMessage = body.barcode?.message ?? `RP-${serialNumber}`;
        const [taken] = await db.select({ id: passes.id }).from(passes).where(and(eq(passes.projectId, projectId), eq(passes.barcodeMessage, barcodeMessage)));
        if (taken) throw new PassesApiError(409, 'conflict_error', 'barcode_taken', 'Another pass of this project has this barcode message: each pass needs its own.', { 'barcode.message': 'Already used by another pass of this project' });
        const imageKey = image ? await storage.put(image, 'image/png') : null;
        const nft = decision.nft;
        try {
          const created = await db.transaction(async (tx) => {
            const [row] = await tx
              .insert(passes)
              .values({
                id,
                projectId,
                accountId,
                templateId: template.id,
                policyIds: [decision.policy.id],
                holderAddress: checked.address,
                networkCode: nft?.networkCode ?? null,
                chainId: nft?.chainId ?? null,
                contractAddress: nft?.contractAddress ?? null,
                tokenId: nft?.tokenId ?? null,
                serialNumber,
                authenticationTokenHash: passFiles.authenticationTokenHash(id),
                barcodeMessage,
                barcodeFormat: body.barcode?.format ?? template.barcodeFormat,
                imageKey,
                layout: (body.layout as Partial<PassFields> | undefined) ?? null,
                externalId: body.externalId ?? null,
                signedMessage: body.message,
                signature: body.signature,
              })
              .returning();
            if (nft && headBlock !== null) {
              // The transfer watcher reads this contract from (at the latest) the block ownership was checked at.
              const start = (headBlock > 0n ? headBlock - 1n : 0n).toString();
              await tx.execute(sql`
                insert into nft_transfer_cursors (chain_id, contract_address, last_block) values (${nft.chainId}, ${nft.contractAddress}, ${start})
                on conflict (chain_id, contract_address) do update set last_block = least(nft_transfer_cursors.last_block::numeric, excluded.last_block::numeric)::text, updated_at = now()`);
            }
            await recordPassEvent(tx, row!, 'created', { policyId: decision.policy.id, ...(nft ? { contractAddress: nft.contractAddress, tokenId: nft.tokenId, blockNumber: headBlock?.toString() } : {}) });
            return row!;
          });
          return reply.code(201).send(await present(created));
        } catch (error) {
          if (imageKey) await storage.delete(imageKey).catch(() => {});
          if ((error as { code?: string }).code === '23505') {
            throw new PassesApiError(409, 'conflict_error', 'barcode_taken', 'Another pass of this project has this barcode message: each pass needs its own.', { 'barcode.message': 'Already used by another pass of this project' });
          }
          throw error;
        }
      });

      api.get('/passes', { config: config_ }, async (request) => {
        const query = parse(listQuery, request.query, 'query');
        const { projectId } = request.passKey!;
        const after = query.cursor ? decodeCursor(query.cursor) : null;
        const createdAtText = sql<string>`to_char(${passes.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
        const rows = await db
          .select({ pass: passes, createdAtText })
          .from(passes)
          .where(
            and(
              eq(passes.projectId, projectId),
              query.status ? eq(passes.status, query.status) : undefined,
              query.holder ? sql`lower(${passes.holderAddress}) = ${query.holder.toLowerCase()}` : undefined,
              after ? or(lt(passes.createdAt, sql`${after.createdAt}::timestamptz`), and(eq(passes.createdAt, sql`${after.createdAt}::timestamptz`), lt(passes.id, after.id))) : undefined,
            ),
          )
          .orderBy(desc(passes.createdAt), desc(passes.id))
          .limit(query.limit + 1);
        const page = rows.slice(0, query.limit);
        const last = page[page.length - 1];
        return {
          object: 'list',
          data: await Promise.all(page.map((row) => present(row.pass))),
          hasMore: rows.length > query.limit,
          nextCursor: rows.length > query.limit && last ? encodeCursor({ createdAtText: last.createdAtText, id: last.pass.id }) : null,
        };
      });

      api.get<{ Params: { id: string } }>('/passes/:id', { config: config_ }, async (request) => present(await projectPass(request.passKey!.projectId, request.params.id)));

      api.post<{ Params: { id: string } }>('/passes/:id/invalidate', { config: config_ }, async (request) => {
        parse(invalidateBody, request.body, 'body');
        const pass = await projectPass(request.passKey!.projectId, request.params.id);
        // Idempotent: invalidating an invalidated pass answers the pass as it is.
        const invalidated = await db.transaction((tx) => invalidatePass(tx, pass.id, 'invalidatedByPartner', { by: 'api', keyId: request.passKey!.keyId }));
        return present(invalidated ?? (await projectPass(request.passKey!.projectId, pass.id)));
      });

      api.get<{ Params: { id: string } }>('/passes/:id/pkpass', { config: config_ }, async (request, reply) => {
        const pass = await projectPass(request.passKey!.projectId, request.params.id);
        const bytes = await passFiles.pkpass(pass);
        return reply.header('content-type', 'application/vnd.apple.pkpass').header('content-disposition', `attachment; filename="${pass.serialNumber}.pkpass"`).send(bytes);
      });

      api.post('/scans', { config: config_ }, async (request) => {
        const { barcode } = parse(scanBody, request.body, 'body');
        const { projectId, keyId } = request.passKey!;
        const [found] = await db.select().from(passes).where(and(eq(passes.projectId, projectId), eq(passes.barcodeMessage, barcode)));
        if (!found) return { valid: false, refusal: { code: 'pass_unknown', message: 'No pass of this project has this barcode.' }, pass: null };
        let pass = found;
        let refusal: { code: string; message: string } | null = null;
        if (pass.status === 'active' && pass.tokenId && pass.contractAddress) {
          try {
            const held = await stillHoldsToken(chain, { holderAddress: pass.holderAddress, contractAddress: pass.contractAddress, tokenId: pass.tokenId });
            if (!held.holds) {
              pass = (await db.transaction((tx) => invalidatePass(tx, pass.id, 'nftTransferred', { toAddress: held.owner, detectedBy: 'scan' }))) ?? (await projectPass(projectId, pass.id));
            }
          } catch (error) {
            request.log.warn({ err: error }, 'passes api: the chain could not be read at a scan');
            refusal = { code: 'chain_unavailable', message: "The NFT's ownership could not be read on chain just now: scan again in a moment." };
          }
        }
        if (!refusal && pass.status === 'invalidated') {
          refusal =
            pass.invalidatedReason === 'nftTransferred'
              ? { code: 'nft_transferred', message: "This pass was invalidated: its NFT left the holder's wallet." }
              : { code: 'pass_invalidated', message: 'This pass was invalidated.' };
        }
        const valid = refusal === null;
        await db.transaction((tx) => recordPassEvent(tx, pass, 'scanned', { valid, ...(refusal ? { refusal: refusal.code } : {}), keyId }));
        return { valid, ...(refusal ? { refusal } : {}), pass: await present(pass, { links: false }) };
      });
    },
    { prefix: '/passes-api/v1' },
  );

  await app.register(
    async (apple) => {
      apple.setErrorHandler(errorHandler);
      await registerAppleWebService(apple, { db, passFiles });
    },
    { prefix: '/passes-api/apple' },
  );
}

