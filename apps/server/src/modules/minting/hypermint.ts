import crypto from 'node:crypto';

/**
 * Signed embedding of a minting host (spec §7 getHyperMintEmbedUrl). The format below is Rampart's own: HyperMint
 * publishes no embedding API, so it is an integration point that the host at HYPERMINT_HOST must implement (verify
 * the signature as verifyHyperMintEmbedUrl does). With HYPERMINT_HOST and HYPERMINT_EMBED_SECRET set, the dashboard
 * frames that host's page through a URL Rampart signs; without them getHyperMintEmbedUrl is null and the built-in
 * minting screens are used. docs/integrations.md ("HyperMint") says the same for operators.
 *
 * The URL format (what the embedding host must verify):
 *
 *   ${HYPERMINT_HOST}${path}?accountId=<account id>&expires=<unix seconds>&signature=<hex>
 *
 * - `path` is the page on the host the dashboard asked for (`url` argument): it starts with one `/`, has no query
 *   string or fragment, and is at most 512 characters of URL path characters.
 * - `accountId` is the Rampart account (UUID); `expires` is when the link stops working, in Unix seconds
 *   (HYPERMINT_LINK_TTL_SECONDS after signing).
 * - The canonical string is `${path}?accountId=${accountId}&expires=${expires}` (exactly that order, values URL-encoded
 *   with encodeURIComponent); `signature` is the lower-case hex HMAC-SHA256 of it under HYPERMINT_EMBED_SECRET (UTF-8).
 * - The host refuses a link whose `expires` is past, or whose signature differs (compared in constant time).
 */
export const HYPERMINT_LINK_TTL_SECONDS = 300;

const PATH = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;

/** Why a path is not one to embed, in words; null when it is fine. */
export function hyperMintPathProblem(path: string): string | null {
  if (path.length === 0 || path.length > 512) return 'Give a path on the HyperMint host of 1 to 512 characters, such as /collections.';
  if (!PATH.test(path)) return 'Give a path on the HyperMint host, such as /collections: it starts with one /, with no scheme, host, query string or fragment.';
  return null;
}

export function canonicalHyperMintString(path: string, accountId: string, expires: number): string {
  return `${path}?accountId=${encodeURIComponent(accountId)}&expires=${expires}`;
}

function hmac(secret: string, value: string): string {
  return crypto.createHmac('sha256', secret).update(value, 'utf8').digest('hex');
}

/** The signed embed URL for `path` (validated by the caller with hyperMintPathProblem). */
export function signHyperMintEmbedUrl(options: { host: string; secret: string; path: string; accountId: string; now?: Date }): string {
  const expires = Math.floor((options.now ?? new Date()).getTime() / 1000) + HYPERMINT_LINK_TTL_SECONDS;
  const host = options.host.replace(/\/+$/, '');
  const canonical = canonicalHyperMintString(options.path, options.accountId, expires);
  return `${host}${canonical}&signature=${hmac(options.secret, canonical)}`;
}

/** What the embedding host must do with a link (used by the tests, and the reference for the host's check). */
export function verifyHyperMintEmbedUrl(url: string, secret: string, now: Date = new Date()): { accountId: string; path: string } | null {
  const parsed = new URL(url);
  const accountId = parsed.searchParams.get('accountId');
  const expires = Number(parsed.searchParams.get('expires'));
  const signature = parsed.searchParams.get('signature') ?? '';
  if (!accountId || !Number.isInteger(expires) || expires < Math.floor(now.getTime() / 1000)) return null;
  const expected = hmac(secret, canonicalHyperMintString(parsed.pathname, accountId, expires));
  if (signature.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return null;
  return { accountId, path: parsed.pathname };
}
