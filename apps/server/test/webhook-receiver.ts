import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  at: number;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  body: { type: string; data: Record<string, unknown>; externalCustomerId: string | null };
}

/** A real HTTP endpoint on loopback that records what it receives and answers as told. */
export async function startWebhookReceiver(
  answer: (request: ReceivedWebhook) => { status: number; body?: string; delayMs?: number; after?: Promise<unknown> } = () => ({ status: 200, body: 'ok' }),
) {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const entry: ReceivedWebhook = { at: Date.now(), headers: request.headers, rawBody, body: JSON.parse(rawBody) };
      received.push(entry);
      const reply = answer(entry);
      const send = () => response.writeHead(reply.status, { 'content-type': 'text/plain' }).end(reply.body ?? '');
      void Promise.resolve(reply.after).then(() => setTimeout(send, reply.delayMs ?? 0));
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    async waitFor(predicate: (all: ReceivedWebhook[]) => boolean, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline) throw new Error(`receiver: condition not met within ${timeoutMs} ms (received ${received.length})`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
