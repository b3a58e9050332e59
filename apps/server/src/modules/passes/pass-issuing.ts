import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PassBarcodeFormat, PassFields } from '@rampart/shared/passes';
import type { Database } from '../../db/client.ts';
import { passes, passPolicies, passTemplates, type passProjects } from '../../db/schema/passes.ts';
import type { EvmChain } from '../../lib/chain/evm-chain.ts';
import type { PassFiles } from './pass-files.ts';
import { recordPassEvent, type PassRow } from './pass-lifecycle.ts';
import { checkPolicies, type NftClaim } from './policy-check.ts';
import type { PASSES_ERROR_TYPES } from './passes-api.schemas.ts';
import { checkSiweMessage, consumeNonce, type SiweRefusalCode } from './siwe.ts';

// Issuing a pass, one code path for the REST API's POST /passes (the holder's signed sign-in message) and the
// dashboard's test pass (a wallet the partner pastes, in test mode): the template and policies, the policy check,
// the row, its created event and webhook, the Google Wallet class.

export type ErrorType = (typeof PASSES_ERROR_TYPES)[number];

/** A refusal in the REST API's terms (status, type, code); the GraphQL path turns it into its own error. */
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

/** A PNG given as base64 (optionally a data: URL), at most PASS_IMAGE_MAX_BYTES. */
function decodePng(image: string, maxBytes: number): Buffer {
  const base64 = image.replace(/^data:image\/png;base64,/, '');
  const refuse = (message: string) => new PassesApiError(400, 'invalid_request_error', 'invalid_request', message, { image: message });
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw refuse('image is not base64.');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > maxBytes) throw refuse(`image is ${bytes.length} bytes; at most ${maxBytes}.`);
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) throw refuse('image is not a PNG.');
  return bytes;
}

/** The barcode message is the pass's own: another pass of the project has it (found before the insert, or by it). */
const barcodeTaken = () =>
  new PassesApiError(409, 'conflict_error', 'barcode_taken', 'Another pass of this project has this barcode message: each pass needs its own.', {
    'barcode.message': 'Already used by another pass of this project',
  });

/** How the holder's wallet was vouched for: their signed sign-in message, or a partner's test pass from the dashboard. */
export type HolderProof = { kind: 'signature'; message: string; signature: string } | { kind: 'test'; address: `0x${string}` };

export interface IssuePassRequest {
  holder: HolderProof;
  templateId: string;
  policyIds?: string[];
  nft?: NftClaim;
  barcode?: { message?: string; format?: PassBarcodeFormat };
  image?: string;
  layout?: Partial<PassFields>;
  externalId?: string;
}

export interface PassIssuingDeps {
  db: Database;
  passFiles: PassFiles;
  chain: EvmChain;
  imageMaxBytes: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

type ProjectRow = typeof passProjects.$inferSelect;

/** The template and the policies a new pass names (all of the project's when it names none), in the order given. */
async function templateAndPolicies(db: Database, projectId: string, request: IssuePassRequest) {
  const [template] = await db
    .select()
    .from(passTemplates)
    .where(and(eq(passTemplates.id, request.templateId), eq(passTemplates.projectId, projectId)));
  if (!template)
    throw new PassesApiError(404, 'not_found_error', 'template_not_found', 'No template with this id in this project.', {
      templateId: 'No template with this id in this project',
    });
  let policies = await db
    .select()
    .from(passPolicies)
    .where(request.policyIds ? and(eq(passPolicies.projectId, projectId), inArray(passPolicies.id, request.policyIds)) : eq(passPolicies.projectId, projectId))
    .orderBy(asc(passPolicies.createdAt), asc(passPolicies.id));
  if (request.policyIds) {
    const missing = request.policyIds.filter((id) => !policies.some((policy) => policy.id === id));
    if (missing.length > 0)
      throw new PassesApiError(404, 'not_found_error', 'policy_not_found', `No policy ${missing.join(', ')} in this project.`, {
        policyIds: `Unknown in this project: ${missing.join(', ')}`,
      });
    policies = request.policyIds.map((id) => policies.find((policy) => policy.id === id)!);
  }
  if (policies.length === 0)
    throw new PassesApiError(
      403,
      'permission_error',
      'policy_refused',
      'This project has no policies, so nobody is entitled to a pass yet: add a policy first.',
    );
  return { template, policies };
}

/** The wallet: signed in (the signature checked, its nonce spent) or given for a test pass. */
async function holderAddress(db: Database, chain: EvmChain, project: ProjectRow, holder: HolderProof): Promise<`0x${string}`> {
  if (holder.kind === 'test') return holder.address;
  const checked = await checkSiweMessage(holder.message, holder.signature, { chainId: chain.chainId, allowedDomains: project.allowedDomains });
  if (!checked.ok) throw new PassesApiError(SIWE_STATUS[checked.code], 'signature_error', checked.code, checked.message);
  // Once the signature is good the nonce is spent, whatever follows: a signed message works once.
  const nonceRefusal = await consumeNonce(db, project.id, checked.fields.nonce);
  if (nonceRefusal) throw new PassesApiError(SIWE_STATUS[nonceRefusal.code], 'signature_error', nonceRefusal.code, nonceRefusal.message);
  return checked.address;
}

/** The wallet a policy admits (asked on chain for an NFT), with the head block an NFT's ownership was read at. */
async function admittedHolder({ db, chain }: PassIssuingDeps, project: ProjectRow, request: IssuePassRequest, policies: Parameters<typeof checkPolicies>[0]) {
  const address = await holderAddress(db, chain, project, request.holder);
  const headBlock = request.nft ? await chain.blockNumber() : null;
  const decision = await checkPolicies(policies, address, request.nft ?? null, chain);
  if (!decision.admitted) {
    const details = Object.fromEntries(decision.reasons.map((reason) => [reason.policyId, reason.reason]));
    throw new PassesApiError(
      403,
      'permission_error',
      'policy_refused',
      `No policy admits ${address}: ${decision.reasons.map((reason) => `${reason.policyName}: ${reason.reason}`).join(' ')}`,
      details,
    );
  }
  return { address, decision, headBlock };
}

/** What a test pass keeps where a signed pass keeps the holder's message: nobody signed it. */
export function testPassStatement(address: string): string {
  return `Test pass issued from the Rampart dashboard for ${address}. The holder did not sign: test-mode passes only.`;
}

/** Issues a pass the project's policies admit: its row, created event and pass.created webhook. */
export async function issuePass(deps: PassIssuingDeps, project: ProjectRow, request: IssuePassRequest): Promise<PassRow> {
  const { db, passFiles } = deps;
  const storage = passFiles.storage;
  const { template, policies } = await templateAndPolicies(db, project.id, request);
  const image = request.image ? decodePng(request.image, deps.imageMaxBytes) : null;
  const { address, decision, headBlock } = await admittedHolder(deps, project, request, policies);

  const id = crypto.randomUUID();
  const serialNumber = crypto.randomBytes(12).toString('hex');
  const barcodeMessage = request.barcode?.message ?? `RP-${serialNumber}`;
  const [taken] = await db
    .select({ id: passes.id })
    .from(passes)
    .where(and(eq(passes.projectId, project.id), eq(passes.barcodeMessage, barcodeMessage)));
  if (taken) throw barcodeTaken();
  const imageKey = image ? await storage.put(image, 'image/png') : null;
  const nft = decision.nft;
  const signed = request.holder.kind === 'signature' ? request.holder : { message: testPassStatement(address), signature: '' };
  try {
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(passes)
        .values({
          id,
          projectId: project.id,
          accountId: project.accountId,
          templateId: template.id,
          policyIds: [decision.policy.id],
          holderAddress: address,
          networkCode: nft?.networkCode ?? null,
          chainId: nft?.chainId ?? null,
          contractAddress: nft?.contractAddress ?? null,
          tokenId: nft?.tokenId ?? null,
          serialNumber,
          authenticationTokenHash: passFiles.authenticationTokenHash(id),
          barcodeMessage,
          barcodeFormat: request.barcode?.format ?? template.barcodeFormat,
          imageKey,
          layout: request.layout ?? null,
          externalId: request.externalId ?? null,
          signedMessage: signed.message,
          signature: signed.signature,
        })
        .returning();
      if (nft && headBlock !== null) {
        // The transfer watcher reads this contract from (at the latest) the block ownership was checked at.
        const start = (headBlock > 0n ? headBlock - 1n : 0n).toString();
        await tx.execute(sql`
        insert into nft_transfer_cursors (chain_id, contract_address, last_block) values (${nft.chainId}, ${nft.contractAddress}, ${start})
        on conflict (chain_id, contract_address) do update set last_block = least(nft_transfer_cursors.last_block::numeric, excluded.last_block::numeric)::text, updated_at = now()`);
      }
      await recordPassEvent(tx, row!, 'created', {
        policyId: decision.policy.id,
        ...(nft ? { contractAddress: nft.contractAddress, tokenId: nft.tokenId, blockNumber: headBlock?.toString() } : {}),
        ...(request.holder.kind === 'test' ? { test: true } : {}),
      });
      return row!;
    });
    // The template's class in the partner's Google Wallet issuer account, before its first save link goes out.
    // A failure does not undo the pass: its save link carries the class, which Google creates on a save.
    await passFiles
      .syncGoogleClass(created)
      .catch((error: unknown) => deps.log.warn({ err: error, passId: created.id }, 'passes api: the Google Wallet class could not be saved'));
    return created;
  } catch (error) {
    if (imageKey) await storage.delete(imageKey).catch(() => {});
    if ((error as { code?: string }).code === '23505') throw barcodeTaken();
    throw error;
  }
}
