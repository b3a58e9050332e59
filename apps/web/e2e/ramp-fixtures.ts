import http from 'node:http';
import type { AddressInfo } from 'node:net';

// Loopback helpers of ramp.spec.ts: a partner's page that frames the widget, and a webhook receiver that keeps raw bodies.

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * A partner's shop on 127.0.0.1 (its own origin, an ephemeral port): `/?src=<url>` answers a page with an iframe of the
 * URL. The iframe's load events are counted in `window.frameLoads`, so a test knows the browser has settled the frame.
 */
export async function startHostPage(name: string) {
  const server = http.createServer((request, response) => {
    const src = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('src') ?? 'about:blank';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeAttribute(name)}</title></head>
<body>
<h1>${escapeAttribute(name)}</h1>
<script>window.frameLoads = 0;</script>
<iframe title="Buy crypto" src="${escapeAttribute(src)}" width="440" height="760" allow="payment; clipboard-write" onload="window.frameLoads += 1"></iframe>
</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    urlFraming: (widgetUrl: string) => `${origin}/?src=${encodeURIComponent(widgetUrl)}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ReceivedWebhook {
  rawBody: string;
  headers: http.IncomingHttpHeaders;
  body: { type: string; data: { id?: string; status?: string } & Record<string, unknown> };
}

/** A webhook endpoint on 127.0.0.1 that answers 200 to everything and keeps each raw body with its headers. */
export async function startRawReceiver() {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: ReceivedWebhook['body'] = { type: 'unparsable', data: {} };
      try {
        body = JSON.parse(rawBody) as ReceivedWebhook['body'];
      } catch {
        // Kept as unparsable: the test's assertions name it.
      }
      received.push({ rawBody, headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/rampart`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
