import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { listSmsMessages } from './identity-provider/dev-idp-users.ts';
import { escapeHtml, htmlDocument } from '../lib/html.ts';

/**
 * The development SMS outbox: the text messages the development identity provider "sent" (phone
 * verification codes), newest first, beside the development mailbox, whenever that provider runs (no OIDC_ISSUER).
 */
export function registerDevSms(app: FastifyInstance, db: Database) {
  const list = async () =>
    (await listSmsMessages(db)).map((message) => ({ id: message.id, to: message.toNumber, body: message.body, sentAt: message.createdAt.toISOString() }));

  app.get('/dev/sms.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return list();
  });
  app.get('/dev/sms', async (_request, reply) => {
    const items = (await list())
      .map(
        (message) =>
          `<article><h2>To ${escapeHtml(message.to)}</h2><p class="meta"><time datetime="${escapeHtml(message.sentAt)}">${escapeHtml(new Date(message.sentAt).toUTCString())}</time></p><p>${escapeHtml(message.body)}</p></article>`,
      )
      .join('\n');
    reply
      .header('cache-control', 'no-store')
      .type('text/html')
      .send(
        htmlDocument({
          title: 'Development SMS outbox · Rampart',
          head: `<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#0f172a;background:#f8fafc}article{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:1rem 1.25rem;margin:1rem 0}h1{font-size:1.5rem}h2{font-size:1.05rem;margin:0 0 .25rem}.meta{color:#475569;margin:0 0 .75rem;font-size:.875rem}p{margin:0}a{color:#4338ca}
@media (prefers-color-scheme: dark){body{background:#020617;color:#e2e8f0}article{background:#0f172a;border-color:#1e293b}.meta{color:#94a3b8}a{color:#a5b4fc}}</style>`,
          body: `<main><h1>Development SMS outbox</h1><p>Text messages the development identity provider sent, such as phone verification codes (newest first). <a href="/dev/mailbox">Development mailbox</a></p>${items || '<p>No messages yet.</p>'}</main>`,
        }),
      );
  });
}
