import { z } from 'zod';
import {
  PASS_BARCODE_FORMATS,
  PASS_FIELD_GROUP_LIMITS,
  PASS_FIELD_GROUPS,
  PASS_IMAGE_MAX_BYTES,
  PASS_INVALIDATION_REASONS,
  PASS_STATUSES,
} from '@rampart/shared/passes';
import { FORBIDDEN_CHARACTERS_MESSAGE, hasForbiddenCharacters } from '../../lib/text.ts';
import { isUuid } from '../../lib/uuid.ts';

/*
 * The passes API's schemas, declared once: the routes validate requests with them (passes-api.routes.ts) and
 * @fastify/swagger turns them into /passes-api/v1/openapi.json. Those with `.meta({ id })` become components.
 */

/** Bodies of POST /passes may carry a base64 PNG of PASS_IMAGE_MAX_BYTES. */
export const CREATE_BODY_LIMIT = Math.ceil((PASS_IMAGE_MAX_BYTES * 4) / 3) + 200_000;

const safeText = (name: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} is text`) })
    .max(max, `${name} has at most ${max} characters`)
    .refine((value) => !hasForbiddenCharacters(value), `${name} ${FORBIDDEN_CHARACTERS_MESSAGE}`);

const addressSchema = (name: string) =>
  z.string({ error: `${name} is a 0x address` }).regex(/^0x[0-9a-fA-F]{40}$/, `${name} is a 0x address: 0x and 40 hex digits`);
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
  .object(
    Object.fromEntries(
      PASS_FIELD_GROUPS.map((group) => [
        group,
        z.array(fieldSchema).max(PASS_FIELD_GROUP_LIMITS[group], `${group} holds at most ${PASS_FIELD_GROUP_LIMITS[group]} fields`).optional(),
      ]),
    ) as Record<(typeof PASS_FIELD_GROUPS)[number], z.ZodOptional<z.ZodArray<typeof fieldSchema>>>,
  )
  .strict();

export const createBody = z
  .object({
    message: safeText('message', 4000).refine((value) => value.length > 0, 'message is required'),
    signature: z.string({ error: 'signature is required: the 0x hex signature of message' }).max(200, 'signature is at most 200 characters'),
    templateId: z.string({ error: 'templateId is required' }).refine(isUuid, 'templateId is a template id (UUID)'),
    policyIds: z.array(z.string().refine(isUuid, 'each policy id is a UUID')).max(50, 'at most 50 policyIds').optional(),
    nft: z
      .object({ contractAddress: addressSchema('nft.contractAddress'), tokenId: tokenIdSchema }, { error: 'nft is {contractAddress, tokenId}' })
      .strict()
      .optional(),
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

export const listQuery = z
  .object({
    status: z
      .enum(PASS_STATUSES, { message: `status is one of ${PASS_STATUSES.join(', ')}` })
      .optional()
      .describe('Only passes in this status.'),
    holder: addressSchema('holder').optional().describe('Only the passes of this wallet.'),
    limit: z.coerce
      .number({ message: 'limit is a number' })
      .int('limit is a whole number')
      .min(1, 'limit is at least 1')
      .max(100, 'limit is at most 100')
      .default(20),
    cursor: z
      .string({ error: 'cursor is text' })
      .max(200, 'cursor is not one this API returned')
      .optional()
      .describe('The same as starting_after (kept for existing callers).'),
    starting_after: z
      .string({ error: 'starting_after is text' })
      .max(200, 'starting_after is not a cursor this API returned')
      .optional()
      .describe('A next_cursor: the page of passes after it.'),
    ending_before: z
      .string({ error: 'ending_before is text' })
      .max(200, 'ending_before is not a cursor this API returned')
      .optional()
      .describe('A previous_cursor: the page of passes before it.'),
  })
  .strict();

export const scanBody = z.object({ barcode: safeText('barcode', 500).refine((value) => value.length > 0, 'barcode is required') }).strict();
export const invalidateBody = z.object({}).strict();

export const passIdParams = z.object({ id: z.string().describe('The pass id (a UUID).') });

const PASS_EXAMPLE = {
  object: 'pass',
  id: '8c1d1d4e-2b7a-4d0e-9a55-0f6d3f2f5a11',
  projectId: '1f0c0a52-7d44-4f0e-8c55-5f6d3f2f5a00',
  templateId: '2a9b7c10-3d11-4e2f-9b0a-6c1d2e3f4a5b',
  policyIds: ['3b8a6d21-4e22-4f3a-8c1b-7d2e3f4a5b6c'],
  holderAddress: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
  nft: null,
  status: 'active',
  invalidatedReason: null,
  invalidatedAt: null,
  serialNumber: '5f0e3c1a9b7d2e4f6a8c0b1d',
  barcode: { message: 'RP-5f0e3c1a9b7d2e4f6a8c0b1d', format: 'QR' },
  externalId: 'member-1',
  createdAt: '2026-11-23T10:15:30.123Z',
  appleWalletUrl: 'https://rampart.example/passes-files/8c1d1d4e-2b7a-4d0e-9a55-0f6d3f2f5a11.pkpass?expires=1795000000&signature=…',
  googleWalletUrl: 'https://pay.google.com/gp/v/save/eyJhbGciOi…',
};

export const Pass = z
  .object({
    object: z.literal('pass'),
    id: z.uuid(),
    projectId: z.uuid(),
    templateId: z.uuid(),
    policyIds: z.array(z.uuid()).describe('The policy that admitted the holder.'),
    holderAddress: z.string().describe("The holder's wallet, as signed in (checksummed 0x address)."),
    nft: z
      .object({
        networkCode: z.string().nullable(),
        chainId: z.int().nullable(),
        contractAddress: z.string().nullable(),
        tokenId: z.string().describe('A decimal string.'),
      })
      .nullable()
      .describe('The NFT the pass is bound to; the pass is invalidated when it leaves the holder.'),
    status: z.enum(PASS_STATUSES),
    invalidatedReason: z.enum(PASS_INVALIDATION_REASONS).nullable(),
    invalidatedAt: z.iso.datetime().nullable(),
    serialNumber: z.string(),
    barcode: z.object({ message: z.string(), format: z.enum(PASS_BARCODE_FORMATS) }),
    externalId: z.string().nullable().describe('Your id of the pass or its holder.'),
    createdAt: z.iso.datetime(),
    appleWalletUrl: z.string().optional().describe('A signed link to the .pkpass, valid for a limited time.'),
    googleWalletUrl: z.string().optional().describe("Google Wallet's save link (a signed JWT)."),
  })
  .meta({ id: 'Pass', description: 'A wallet pass of your project, held by one wallet.', example: PASS_EXAMPLE });

export const PassList = z
  .object({
    object: z.literal('list'),
    data: z.array(Pass),
    has_more: z.boolean().describe('Whether more passes follow in this direction.'),
    next_cursor: z.string().nullable().describe('Pass as starting_after for the next (older) page; null at the end.'),
    previous_cursor: z.string().nullable().describe('Pass as ending_before for the previous (newer) page; null at the start.'),
    hasMore: z.boolean().describe('The same as has_more (kept for existing callers).'),
    nextCursor: z.string().nullable().describe('The same as next_cursor (kept for existing callers; pass it as cursor).'),
  })
  .meta({
    id: 'PassList',
    description: 'A page of passes, newest first.',
    example: { object: 'list', data: [PASS_EXAMPLE], has_more: false, next_cursor: null, previous_cursor: null, hasMore: false, nextCursor: null },
  });

export const Nonce = z
  .object({ nonce: z.string().describe('Put it in the Sign-In with Ethereum message the holder signs; it works once.'), expiresAt: z.iso.datetime() })
  .meta({ id: 'Nonce', example: { nonce: 'k3Jd8sQ0pLm2Xv7T', expiresAt: '2026-11-23T10:25:30.123Z' } });

export const ScanResult = z
  .object({
    valid: z.boolean().describe('Whether to let the holder in.'),
    refusal: z.object({ code: z.string(), message: z.string() }).optional().describe('Why not, when valid is false.'),
    pass: Pass.nullable(),
  })
  .meta({ id: 'ScanResult', description: 'The answer to a scanned barcode. An NFT-bound pass is checked on chain at the scan.' });

export const PASSES_ERROR_TYPES = [
  'invalid_request_error',
  'authentication_error',
  'permission_error',
  'not_found_error',
  'conflict_error',
  'signature_error',
  'rate_limit_error',
  // Idempotency-Key reused with another request, or still running (lib/rest/idempotency.ts).
  'idempotency_error',
  'api_error',
] as const;

export const PassesError = z
  .object({
    error: z.object({
      type: z.enum(PASSES_ERROR_TYPES).describe('The kind of problem: branch on it.'),
      code: z.string().describe('Which problem, a stable snake_case string (e.g. nonce_used, policy_refused).'),
      message: z.string(),
      param: z.string().optional().describe('The field or parameter at fault.'),
      request_id: z.string().describe('The Request-Id of the request that was answered (a replayed answer keeps the first request’s).'),
      details: z.record(z.string(), z.string()).optional().describe('A message per invalid field, or per refusing policy.'),
    }),
  })
  .meta({
    id: 'PassesError',
    description: 'Every error of the passes API.',
    example: {
      error: {
        type: 'signature_error',
        code: 'nonce_used',
        message: 'This nonce was already used: ask for a new one.',
        request_id: 'req_3kTq8ZpX0mB7vN2cR5sW1a',
      },
    },
  });
