import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getAddress, isHex, verifyMessage } from 'viem';
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import type { SiweMessage } from 'viem/siwe';
import { PASS_MESSAGE_MAX_AGE_MINUTES, PASS_NONCE_TTL_MINUTES } from '@rampart/shared/passes';
import type { Executor } from '../../db/executor.ts';

/**
 * Sign-In with Ethereum (EIP-4361) for the passes REST API: the holder signs a message naming a nonce this project
 * issued, and the signature proves control of the address (EIP-191 personal_sign, recovered with viem).
 */
export const SIWE_REFUSAL_CODES = [
  'invalid_message',
  'signature_mismatch',
  'nonce_unknown',
  'nonce_used',
  'nonce_expired',
  'message_expired',
  'wrong_chain',
  'wrong_domain',
] as const;
export type SiweRefusalCode = (typeof SIWE_REFUSAL_CODES)[number];

export interface SiweRefusal {
  ok: false;
  code: SiweRefusalCode;
  message: string;
}

export interface CheckedSiweMessage {
  ok: true;
  /** The holder, EIP-55 checksummed. */
  address: `0x${string}`;
  fields: SiweMessage;
}

/** Clock skew tolerated on issuedAt/notBefore. */
const SKEW_MS = 60_000;

const refuse = (code: SiweRefusalCode, message: string): SiweRefusal => ({ ok: false, code, message });

/** A new nonce: 32 alphanumeric characters (EIP-4361 asks for at least 8). */
export function newNonce(): string {
  return crypto.randomBytes(16).toString('hex');
}

/** Issues a nonce for a project: single use, for PASS_NONCE_TTL_MINUTES. */
export async function issueNonce(executor: Executor, projectId: string, now = new Date()): Promise<{ nonce: string; expiresAt: Date }> {
  const nonce = newNonce();
  const expiresAt = new Date(now.getTime() + PASS_NONCE_TTL_MINUTES * 60_000);
  await executor.execute(sql`insert into pass_nonces (nonce, project_id, expires_at) values (${nonce}, ${projectId}, ${expiresAt.toISOString()}::timestamptz)`);
  return { nonce, expiresAt };
}

/**
 * Checks the message and its signature, without touching the nonce: the message is EIP-4361, signed by its address,
 * for this chain, for an allowed domain, and current. The nonce is consumed afterwards (consumeNonce).
 */
export async function checkSiweMessage(
  text: string,
  signature: string,
  options: { chainId: number; allowedDomains: readonly string[]; now?: Date; maxAgeMinutes?: number },
): Promise<CheckedSiweMessage | SiweRefusal> {
  const now = options.now ?? new Date();
  const parsed = parseSiweMessage(text);
  const missing = (['domain', 'address', 'uri', 'version', 'chainId', 'nonce', 'issuedAt'] as const).filter((name) => parsed[name] === undefined);
  if (missing.length > 0) {
    return refuse('invalid_message', `message is not an EIP-4361 (Sign-In with Ethereum) message: ${missing.join(', ')} missing or malformed.`);
  }
  if (parsed.version !== '1') return refuse('invalid_message', 'message has version ' + String(parsed.version) + '; EIP-4361 version 1 is expected.');
  for (const name of ['issuedAt', 'expirationTime', 'notBefore'] as const) {
    const value = parsed[name];
    if (value !== undefined && Number.isNaN(value.getTime())) return refuse('invalid_message', `message's ${name} is not an RFC 3339 date-time.`);
  }
  const fields = parsed as SiweMessage;
  if (!isHex(signature) || signature.length !== 132) {
    return refuse('signature_mismatch', 'signature is not a 65-byte hex signature (0x + 130 hex characters) of the message.');
  }
  let verified = false;
  try {
    verified = await verifyMessage({ address: fields.address, message: text, signature });
  } catch {
    verified = false;
  }
  if (!verified) return refuse('signature_mismatch', `The signature was not made by ${getAddress(fields.address)}, the address the message names.`);
  if (fields.chainId !== options.chainId) {
    return refuse('wrong_chain', `The message is for chain id ${fields.chainId}; this project's passes are issued on chain id ${options.chainId}.`);
  }
  if (options.allowedDomains.length > 0 && !options.allowedDomains.some((domain) => domain.toLowerCase() === fields.domain.toLowerCase())) {
    return refuse(
      'wrong_domain',
      `The message was made for ${fields.domain}, which is not one of this project's allowed domains (${options.allowedDomains.join(', ')}).`,
    );
  }
  const maxAgeMs = (options.maxAgeMinutes ?? PASS_MESSAGE_MAX_AGE_MINUTES) * 60_000;
  if (fields.expirationTime && fields.expirationTime.getTime() <= now.getTime()) {
    return refuse('message_expired', `The message expired at ${fields.expirationTime.toISOString()}: sign a new one.`);
  }
  if (fields.notBefore && fields.notBefore.getTime() > now.getTime() + SKEW_MS) {
    return refuse('message_expired', `The message is not valid before ${fields.notBefore.toISOString()}.`);
  }
  if (fields.issuedAt!.getTime() > now.getTime() + SKEW_MS) {
    return refuse('message_expired', `The message's issuedAt (${fields.issuedAt!.toISOString()}) is in the future.`);
  }
  if (fields.issuedAt!.getTime() < now.getTime() - maxAgeMs) {
    return refuse(
      'message_expired',
      `The message was issued at ${fields.issuedAt!.toISOString()}, more than ${maxAgeMs / 60_000} minutes ago: sign a new one.`,
    );
  }
  // viem's own checks, as a second look (address form, domain, nonce, time window).
  if (!validateSiweMessage({ message: fields, time: new Date(Math.max(now.getTime(), fields.notBefore?.getTime() ?? 0)) })) {
    return refuse('invalid_message', 'message is not a valid EIP-4361 message.');
  }
  return { ok: true, address: getAddress(fields.address), fields };
}

/**
 * Consumes the project's nonce atomically: exactly one request can use it, so a replayed message is refused. Commits on
 * the executor it is given.
 */
export async function consumeNonce(executor: Executor, projectId: string, nonce: string): Promise<SiweRefusal | null> {
  const used = await executor.execute(
    sql`update pass_nonces set used_at = now() where nonce = ${nonce} and project_id = ${projectId} and used_at is null and expires_at > now() returning nonce`,
  );
  if (used.rows.length === 1) return null;
  const found = await executor.execute(
    sql`select used_at, expires_at <= now() as expired from pass_nonces where nonce = ${nonce} and project_id = ${projectId}`,
  );
  const row = found.rows[0] as { used_at: Date | null; expired: boolean } | undefined;
  if (!row) return refuse('nonce_unknown', 'The message names a nonce this project did not issue: get one from POST /passes-api/v1/nonces.');
  if (row.used_at) return refuse('nonce_used', 'This nonce was already used: each signed message works once. Get a new nonce and sign again.');
  return refuse('nonce_expired', `This nonce expired (nonces last ${PASS_NONCE_TTL_MINUTES} minutes): get a new one and sign again.`);
}
