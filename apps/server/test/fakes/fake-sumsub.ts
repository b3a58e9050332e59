import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for SumSub's API (docs.sumsub.com/reference), on 127.0.0.1. Like SumSub it refuses any request
 * whose X-App-Token is not the app token or whose X-App-Access-Sig is not the hex HMAC-SHA256, with the secret key, of
 * X-App-Access-Ts + method + path with query + body (docs.sumsub.com/reference/authentication); it records every
 * request so tests can compare them with the documentation. It also serves a stand-in for the WebSDK's frame
 * (/websdk/websdk.html) that speaks the SDK's postMessage protocol far enough to show it was loaded with a token.
 */
export interface FakeSumSubRequest {
  method: string;
  /** The path with its query, as signed. */
  url: string;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  body: unknown;
  /** Whether the signature headers were right. */
  signed: boolean;
}

interface Applicant {
  id: string;
  externalUserId: string;
  levelName: string;
  type: string;
  fixedInfo: unknown;
}

/** The frame: answers idCheck.onReady, receives idCheck.init with the access token and shows it was given one. */
const WEBSDK_FRAME = `<!doctype html><html><head><meta charset="utf-8"><title>SumSub WebSDK stand-in</title></head>
<body><p id="state">Waiting for the access token…</p><script>
const frameId = new URLSearchParams(location.search).get('_');
window.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.method === 'idCheck.init' || data.method === 'idCheck.updateAccessToken') {
    document.getElementById('state').textContent = 'SumSub verification for ' + data.accessToken;
    parent.postMessage({ method: 'idCheck.onInitialized', frameId, sessionId: 'fake-session' }, '*');
  }
});
parent.postMessage({ method: 'idCheck.onReady', frameId, sessionId: 'fake-session' }, '*');
</script></body></html>`;

export async function startFakeSumSub(options: { appToken: string; secretKey: string }) {
  const requests: FakeSumSubRequest[] = [];
  const applicants = new Map<string, Applicant>();
  let failures: Array<{ status: number; body: string }> = [];

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = request.url ?? '/';
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const send = (status: number, payload: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      // The WebSDK's frame is a public page: no app token, nothing recorded.
      if (request.method === 'GET' && url.startsWith('/websdk/websdk.html')) {
        return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(WEBSDK_FRAME);
      }
      const ts = String(request.headers['x-app-access-ts'] ?? '');
      const expected = crypto
        .createHmac('sha256', options.secretKey)
        .update(ts + (request.method ?? '') + url + rawBody)
        .digest('hex');
      const signed =
        request.headers['x-app-token'] === options.appToken &&
        request.headers['x-app-access-sig'] === expected &&
        /^\d+$/.test(ts) &&
        Math.abs(Date.now() / 1000 - Number(ts)) <= 60;
      let body: unknown = null;
      try {
        body = rawBody ? JSON.parse(rawBody) : null;
      } catch {
        body = rawBody;
      }
      requests.push({ method: request.method ?? '', url, headers: request.headers, rawBody, body, signed });
      if (!signed) return send(401, { description: 'Request signature mismatch', code: 401, correlationId: crypto.randomUUID() });
      const failure = failures.shift();
      if (failure) return void response.writeHead(failure.status, { 'content-type': 'application/json' }).end(failure.body);

      const parsed = new URL(url, 'http://127.0.0.1');
      if (request.method === 'POST' && parsed.pathname === '/resources/applicants') {
        const input = (body ?? {}) as { externalUserId?: unknown; type?: unknown; fixedInfo?: unknown };
        const levelName = parsed.searchParams.get('levelName');
        if (!levelName || typeof input.externalUserId !== 'string' || !input.externalUserId)
          return send(400, { description: 'levelName and externalUserId are required', code: 400 });
        const existing = [...applicants.values()].find((applicant) => applicant.externalUserId === input.externalUserId);
        if (existing) return send(409, { description: `Applicant with external user id '${input.externalUserId}' already exists: ${existing.id}`, code: 409 });
        const applicant: Applicant = {
          id: crypto.randomBytes(12).toString('hex'),
          externalUserId: input.externalUserId,
          levelName,
          type: typeof input.type === 'string' ? input.type : 'individual',
          fixedInfo: input.fixedInfo ?? null,
        };
        applicants.set(applicant.id, applicant);
        return send(201, { ...applicant, createdAt: new Date().toISOString(), review: { reviewStatus: 'init' } });
      }
      const byExternal = /^\/resources\/applicants\/-;externalUserId=([^/]+)\/one$/.exec(parsed.pathname);
      if (request.method === 'GET' && byExternal) {
        const externalUserId = decodeURIComponent(byExternal[1]!);
        const found = [...applicants.values()].find((applicant) => applicant.externalUserId === externalUserId);
        return found ? send(200, found) : send(404, { description: 'Applicant not found', code: 404 });
      }
      if (request.method === 'POST' && parsed.pathname === '/resources/accessTokens/sdk') {
        const input = (body ?? {}) as { userId?: unknown; levelName?: unknown; ttlInSecs?: unknown };
        if (typeof input.userId !== 'string' || typeof input.levelName !== 'string')
          return send(400, { description: 'userId and levelName are required', code: 400 });
        return send(200, { token: `_act-sbx-${crypto.randomUUID()}`, userId: input.userId });
      }
      return send(404, { description: `No such resource: ${request.method} ${parsed.pathname}`, code: 404 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    applicants,
    /** The next signed requests answer with these statuses (and bodies), in order. */
    failNext(...answers: Array<{ status: number; body?: string }>) {
      failures = answers.map((entry) => ({ status: entry.status, body: entry.body ?? JSON.stringify({ description: 'Internal error', code: entry.status }) }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
