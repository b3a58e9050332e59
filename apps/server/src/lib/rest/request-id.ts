import crypto from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** The id of a /v1 request: `req_` and 22 base62 characters (about 131 random bits). */
export const REQUEST_ID_PATTERN = /^req_[0-9A-Za-z]{22}$/;
export const REQUEST_ID_HEADER = 'Request-Id';

/** A new request id (`req_…`), sent in the Request-Id header, written to the request log and put in error bodies. */
export function newRequestId(): string {
  let id = 'req_';
  // 248 = 4 × 62: bytes at or above it are dropped so every character is equally likely.
  while (id.length < 26) {
    for (const byte of crypto.randomBytes(32)) {
      if (byte < 248 && id.length < 26) id += BASE62[byte % 62];
    }
  }
  return id;
}

/** The REST APIs whose requests get `req_…` ids: /v1 and the passes API. */
const REST_API_PREFIXES = ['/v1', '/passes-api/v1'];

/** Fastify's genReqId: REST API requests get `req_…` ids, the rest keep UUIDs. */
export function genRequestId(request: { url?: string }): string {
  const url = request.url ?? '';
  return REST_API_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`))
    ? newRequestId()
    : crypto.randomUUID();
}
