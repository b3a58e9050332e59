import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { API_VERSION_HEADER, API_VERSIONS, CURRENT_API_VERSION, isApiVersion, type ApiVersion } from '@rampart/shared/api-versions';
import { ApiError } from '../../lib/rest/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The /v1 version this request is answered in (Rampart-Version header, else the account's pin). */
    apiVersion?: ApiVersion;
  }
}

/** The Rampart-Version header of a request: a known version, absent (undefined), or an ApiError for anything else. */
export function requestedVersion(request: FastifyRequest): ApiVersion | undefined {
  const header = request.headers[API_VERSION_HEADER.toLowerCase()];
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header.join(',') : header.trim();
  if (isApiVersion(value)) return value;
  throw new ApiError(
    400,
    'invalid_request_error',
    'api_version_invalid',
    `Rampart-Version ${JSON.stringify(value.slice(0, 40))} is not a version of this API: use one of ${API_VERSIONS.join(', ')} (the current one is ${CURRENT_API_VERSION}).`,
    { param: API_VERSION_HEADER },
  );
}

/**
 * The account's pinned version, pinning it to the current version on its first /v1 request (one round trip: the
 * update only touches an account without a pin).
 */
export async function pinnedVersion(pool: pg.Pool, accountId: string): Promise<ApiVersion> {
  const result = await pool.query<{ api_version: string | null }>(
    `with pinned as (update accounts set api_version = $2 where id = $1 and api_version is null returning api_version)
     select coalesce((select api_version from pinned), (select api_version from accounts where id = $1)) as api_version`,
    [accountId, CURRENT_API_VERSION],
  );
  const version = result.rows[0]?.api_version;
  return isApiVersion(version) ? version : CURRENT_API_VERSION;
}

/** Echoes the version a response was answered in. */
export function echoVersion(request: FastifyRequest, reply: FastifyReply) {
  reply.header(API_VERSION_HEADER, request.apiVersion ?? CURRENT_API_VERSION);
}
