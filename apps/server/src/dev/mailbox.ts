import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../mail/mailer.ts';
import { escapeHtml, htmlDocument } from '../lib/html.ts';

const linkify = (text: string) => escapeHtml(text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** A page listing every message the app "sent", so all e-mail flows work with no mail server. */
export function registerDevMailbox(app: FastifyInstance, mailer: Mailer) {
  app.get('/dev/mailbox.json', async () => mailer.list());
  app.get('/dev/mailbox', async (_request, reply) => {
    const items = mailer
      .list()
      .map(
        (mail) =>
          `<article><h2>${escapeHtml(mail.subject)}</h2><p class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(new Date(mail.sentAt).toUTCString())}</p><pre>${linkify(mail.text)}</pre></article>`,
      )
      .join('\n');
    reply.type('text/html').send(
      htmlDocument({
        title: 'Development mailbox · Rampart',
        head: `<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#0f172a;background:#f8fafc}article{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:1rem 1.25rem;margin:1rem 0}h1{font-size:1.5rem}h2{font-size:1.05rem;margin:0 0 .25rem}.meta{color:#475569;margin:0 0 .75rem;font-size:.875rem}pre{white-space:pre-wrap;font-family:inherit;margin:0}a{color:#4338ca}
@media (prefers-color-scheme: dark){body{background:#020617;color:#e2e8f0}article{background:#0f172a;border-color:#1e293b}.meta{color:#94a3b8}a{color:#a5b4fc}}</style>`,
        body: `<main><h1>Development mailbox</h1><p>Messages Rampart sent while no SMTP server is configured (newest first). <a href="/login">Back to sign in</a></p>${items || '<p>No messages yet.</p>'}</main>`,
      }),
    );
  });
}
