import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { importSPKI, jwtVerify } from 'jose';

/**
 * A local stand-in for Google's documented OAuth 2.0 token endpoint for service accounts (a JWT bearer assertion, RFC
 * 7523: oauth2.googleapis.com/token) and Google Wallet's generic class REST resource (walletobjects/v1/genericClass:
 * insert, get, update), on 127.0.0.1. The token endpoint verifies each assertion's RS256 signature with the service
 * account's public key, its issuer, audience, scope and lifetime; the Wallet API takes only the tokens it issued, for
 * classes of the issuers their service account may use. Every request is recorded.
 */
export interface FakeGoogleRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** JSON bodies parsed; form bodies as their fields. */
  body: unknown;
}

const WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';

export async function startFakeGoogleWallet() {
  const requests: FakeGoogleRequest[] = [];
  /** Service account e-mail → its public key (SPKI PEM) and the issuer ids it may use. */
  const accounts = new Map<string, { publicKeyPem: string; issuerIds: Set<string> }>();
  const tokens = new Map<string, string>();
  const classes = new Map<string, Record<string, unknown>>();
  let tokenUrl = '';

  const googleError = (code: number, status: string, message: string) => ({ error: { code, message, status } });

  async function token(fields: URLSearchParams): Promise<[number, unknown]> {
    if (fields.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      return [400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' }];
    const assertion = fields.get('assertion') ?? '';
    const claimed = (() => {
      try {
        return JSON.parse(Buffer.from(assertion.split('.')[1] ?? '', 'base64url').toString('utf8')) as { iss?: string };
      } catch {
        return {};
      }
    })();
    const account = claimed.iss ? accounts.get(claimed.iss) : undefined;
    if (!account) return [400, { error: 'invalid_grant', error_description: 'Invalid JWT: unknown service account' }];
    try {
      const { payload } = await jwtVerify(assertion, await importSPKI(account.publicKeyPem, 'RS256'), {
        issuer: claimed.iss,
        audience: tokenUrl,
        algorithms: ['RS256'],
        requiredClaims: ['iat', 'exp'],
      });
      if (payload.scope !== WALLET_SCOPE) return [400, { error: 'invalid_scope', error_description: `Expected scope ${WALLET_SCOPE}` }];
      if (payload.exp! - payload.iat! > 3600) return [400, { error: 'invalid_grant', error_description: 'Invalid JWT: exp is more than an hour after iat' }];
    } catch (error) {
      return [400, { error: 'invalid_grant', error_description: `Invalid JWT Signature: ${(error as Error).message}` }];
    }
    const accessToken = `ya29.fake-${crypto.randomBytes(24).toString('base64url')}`;
    tokens.set(accessToken, claimed.iss!);
    return [200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' }];
  }

  function wallet(method: string, path: string, authorization: string | undefined, body: unknown): [number, unknown] {
    const email = tokens.get(/^Bearer (\S+)$/.exec(authorization ?? '')?.[1] ?? '');
    if (!email) return [401, googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.')];
    const permitted = (id: string) => accounts.get(email)!.issuerIds.has(id.split('.')[0]!);
    const match = /^\/walletobjects\/v1\/genericClass(?:\/([^/]+))?$/.exec(path);
    if (!match) return [404, googleError(404, 'NOT_FOUND', `No resource at ${path}`)];
    const resourceId = match[1] ? decodeURIComponent(match[1]) : null;
    const input = body as { id?: unknown } | null;
    if (method === 'POST' && !resourceId) {
      if (!input || typeof input.id !== 'string' || !/^\d+\.[\w.-]+$/.test(input.id))
        return [400, googleError(400, 'INVALID_ARGUMENT', 'Invalid resource ID: <issuer id>.<identifier>')];
      if (!permitted(input.id)) return [403, googleError(403, 'PERMISSION_DENIED', 'The caller does not have permission')];
      if (classes.has(input.id)) return [409, googleError(409, 'ALREADY_EXISTS', `Resource already exists: ${input.id}`)];
      classes.set(input.id, input);
      return [200, input];
    }
    if (!resourceId) return [405, googleError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed')];
    if (!permitted(resourceId)) return [403, googleError(403, 'PERMISSION_DENIED', 'The caller does not have permission')];
    if (!classes.has(resourceId)) return [404, googleError(404, 'NOT_FOUND', `Resource not found: ${resourceId}`)];
    if (method === 'GET') return [200, classes.get(resourceId)];
    if (method === 'PUT') {
      if (!input || input.id !== resourceId) return [400, googleError(400, 'INVALID_ARGUMENT', 'The body id differs from the resource id')];
      classes.set(resourceId, input);
      return [200, input];
    }
    return [405, googleError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed')];
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      const raw = Buffer.concat(chunks).toString('utf8');
      const form = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      let body: unknown = null;
      try {
        body = form ? Object.fromEntries(new URLSearchParams(raw)) : raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      requests.push({ method: request.method ?? '', path, headers: request.headers, body });
      const answer: Promise<[number, unknown]> =
        request.method === 'POST' && path === '/token'
          ? token(new URLSearchParams(raw))
          : Promise.resolve(wallet(request.method ?? '', path, request.headers.authorization, body));
      void answer.then(([status, payload]) => response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(payload)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tokenUrl = `${url}/token`;
  return {
    /** GOOGLE_WALLET_API_BASE. */
    url,
    /** GOOGLE_OAUTH_TOKEN_URL. */
    tokenUrl,
    requests,
    classes,
    /** A service account Google knows: its public key, and the issuer ids it may manage. */
    addServiceAccount(email: string, publicKeyPem: string, issuerIds: string[]) {
      accounts.set(email, { publicKeyPem, issuerIds: new Set(issuerIds) });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeGoogleWallet = Awaited<ReturnType<typeof startFakeGoogleWallet>>;
