// A partner's webhook endpoint for the chaos benchmark, in its own process on loopback: verifies every delivery's
// Standard Webhooks signature (the `standardwebhooks` library, as a partner would) and records each one — webhook-id,
// arrival time, valid or not — so duplicates and missing events can be counted against the outbox.
// IPC: {type:'secret', secret} before deliveries start; {type:'report'} → {type:'report', deliveries}; {type:'stop'}.
import http from 'node:http';
import { Webhook } from 'standardwebhooks';

let verifier = null;
/** One entry per delivery received: [webhook-id, arrival ms, 1 when the signature verified else 0, event type]. */
const deliveries = [];
const server = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const id = String(request.headers['webhook-id'] ?? '');
    let valid = 0;
    let type = '';
    try {
      const payload = verifier
        ? verifier.verify(body, {
            'webhook-id': id,
            'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
            'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
          })
        : null;
      if (payload) {
        valid = 1;
        type = String(payload.type ?? '');
      }
    } catch {
      valid = 0;
    }
    deliveries.push([id, Date.now(), valid, type]);
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send({ type: 'ready', port: server.address().port }));
process.on('message', (message) => {
  if (message.type === 'secret') {
    verifier = new Webhook(message.secret);
    process.send({ type: 'secret' });
  }
  if (message.type === 'report') process.send({ type: 'report', deliveries });
  if (message.type === 'stop') {
    server.closeAllConnections?.();
    server.close(() => process.exit(0));
  }
});
process.on('disconnect', () => process.exit(0));
