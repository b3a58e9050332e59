import type { FastifyInstance } from 'fastify';
import { DOCUMENT_ONLY_HEADERS } from '../lib/static-assets.ts';

/** An answer's policy: it is JSON, never a page; nothing may load from it or frame it (OWASP's REST headers). */
export const GRAPHQL_ANSWER_CSP = "default-src 'none'; frame-ancestors 'none'";
/** Helmet's page-only headers but X-Frame-Options, the framing guard of browsers that ignore frame-ancestors. */
const PAGE_ONLY_HEADERS = DOCUMENT_ONLY_HEADERS.filter((name) => name !== 'x-frame-options');

/**
 * GraphQL answers carry the headers that protect JSON (nosniff, HSTS, the resource and referrer policies, refusing
 * frames) but not the page's whole policy and page-only headers: about 550 bytes of every answer, and the dashboard's
 * first paint waits for six or seven small ones (issue 40). `urls`: the benchmark gives its Apollo Server and plain
 * routes the same headers, so the comparison stays like for like.
 */
export function trimGraphQLAnswerHeaders(app: FastifyInstance, urls: readonly string[] = ['/graphql']): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!urls.includes(request.routeOptions.url ?? '')) return done(null, payload);
    for (const name of PAGE_ONLY_HEADERS) reply.removeHeader(name);
    reply.header('content-security-policy', GRAPHQL_ANSWER_CSP);
    done(null, payload);
  });
}
