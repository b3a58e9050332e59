import { importPKCS8, SignJWT } from 'jose';
import type { GoogleSigningMaterial } from './pass-credentials.ts';

/**
 * Google Wallet's REST API (walletobjects v1) for a project with the partner's own Google credentials: the pass class
 * of a template is inserted (`POST /walletobjects/v1/genericClass`) or, when Google answers 409 (it exists), replaced
 * (`PUT /walletobjects/v1/genericClass/{resourceId}`), with an OAuth 2.0 access token the service account obtains by
 * a signed JWT assertion (RFC 7523, `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer`) at Google's token
 * endpoint. Both base URLs come from the configuration (GOOGLE_WALLET_API_BASE, GOOGLE_OAUTH_TOKEN_URL).
 */

/** The scope Google Wallet's issuer API needs. */
export const GOOGLE_WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
/** A class's sync (token, insert, update) gives up after this long: the pass is issued anyway (its save link carries the class too). */
const SYNC_TIMEOUT_MS = 10_000;
/** A cached token is renewed this long before it expires. */
const TOKEN_MARGIN_MS = 60_000;

export interface GoogleGenericClass {
  id: string;
  [field: string]: unknown;
}

export class GoogleWalletError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'GoogleWalletError';
  }
}

/** Google's error body `{ error: { code, message, status } }`, in words for a log line. */
async function describeFailure(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const parsed = JSON.parse(text) as { error?: { message?: string; status?: string } | string; error_description?: string };
    if (typeof parsed.error === 'object' && parsed.error?.message) return `${parsed.error.status ?? response.status}: ${parsed.error.message}`;
    if (typeof parsed.error === 'string') return `${parsed.error}${parsed.error_description ? `: ${parsed.error_description}` : ''}`;
  } catch {
    // Not JSON: the status says enough.
  }
  return `HTTP ${response.status}`;
}

export function createGoogleWalletClient(options: { apiBase: string; tokenUrl: string }) {
  const apiBase = options.apiBase.replace(/\/$/, '');
  const tokens = new Map<string, { token: string; expiresAt: number }>();

  /** An access token for the service account (cached per account and key until shortly before it expires). */
  async function accessToken(google: GoogleSigningMaterial, signal: AbortSignal): Promise<string> {
    const cacheKey = `${google.serviceAccountEmail}|${google.keyId}`;
    const cached = tokens.get(cacheKey);
    if (cached && cached.expiresAt - TOKEN_MARGIN_MS > Date.now()) return cached.token;
    const key = await importPKCS8(google.privateKeyPem, 'RS256');
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: GOOGLE_WALLET_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(google.keyId ? { kid: google.keyId } : {}) })
      .setIssuer(google.serviceAccountEmail)
      .setAudience(options.tokenUrl)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(key);
    const response = await fetch(options.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal,
    });
    if (!response.ok) throw new GoogleWalletError(`Google refused the service account's token request (${await describeFailure(response)})`, response.status);
    const body = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string' || !body.access_token) throw new GoogleWalletError("Google's token answer has no access_token", response.status);
    const lifetimeSeconds = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
    tokens.set(cacheKey, { token: body.access_token, expiresAt: Date.now() + lifetimeSeconds * 1000 });
    return body.access_token;
  }

  async function call(google: GoogleSigningMaterial, method: 'POST' | 'PUT', path: string, body: unknown, signal: AbortSignal): Promise<Response> {
    return fetch(`${apiBase}${path}`, {
      method,
      headers: { authorization: `Bearer ${await accessToken(google, signal)}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  }

  return {
    /** Inserts the generic class, or replaces it when it exists; says which. */
    async upsertGenericClass(google: GoogleSigningMaterial, genericClass: GoogleGenericClass): Promise<'inserted' | 'updated'> {
      const signal = AbortSignal.timeout(SYNC_TIMEOUT_MS);
      const inserted = await call(google, 'POST', '/walletobjects/v1/genericClass', genericClass, signal);
      if (inserted.ok) return 'inserted';
      if (inserted.status !== 409)
        throw new GoogleWalletError(`Google Wallet did not insert the class ${genericClass.id} (${await describeFailure(inserted)})`, inserted.status);
      await inserted.body?.cancel();
      const updated = await call(google, 'PUT', `/walletobjects/v1/genericClass/${encodeURIComponent(genericClass.id)}`, genericClass, signal);
      if (!updated.ok)
        throw new GoogleWalletError(`Google Wallet did not update the class ${genericClass.id} (${await describeFailure(updated)})`, updated.status);
      return 'updated';
    },
  };
}

export type GoogleWalletClient = ReturnType<typeof createGoogleWalletClient>;
