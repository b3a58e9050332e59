import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';

/** RFC 6266 filename parameters: an ASCII fallback and the exact UTF-8 name. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * GET /files/kyb/:documentId?expires=…&sig=…: a KYB document behind a short-lived signed link (kybDocumentLink);
 * POST /webhooks/sumsub: SumSub's review results, verified by their payload digest.
 */
export async function registerKybRoutes(app: FastifyInstance, deps: { services: Services }) {
  const { services } = deps;
  const refuse = (code: string, message: string) => ({ errors: [{ message, extensions: { code } }] });

  app.get<{ Params: { documentId: string }; Querystring: Record<string, unknown> }>('/files/kyb/:documentId', async (request, reply) => {
    reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
    const opened = await services.kyb.openDocumentLink(request.params.documentId, request.query.expires, request.query.sig);
    if (opened.status === 403)
      return reply.code(403).send(refuse('FORBIDDEN_ERROR', 'This link is not valid or has expired. Open the document again from the application.'));
    if (opened.status !== 200) return reply.code(404).send(refuse('NOT_FOUND', 'This document was deleted.'));
    return (
      reply
        .code(200)
        .header('content-type', opened.document.contentType)
        .header('content-disposition', contentDisposition(opened.document.fileName))
        // A sandboxed document runs nothing and reaches nothing, whatever it contains; only our own pages may frame it.
        .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'")
        .header('x-frame-options', 'SAMEORIGIN')
        .send(opened.bytes)
    );
  });

  await app.register(async (scope) => {
    // The digest covers the exact bytes SumSub sent, so the body is kept raw.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/webhooks/sumsub', async (request, reply) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const result = await services.kyb.handleSumSubWebhook(body, { digest: header('x-payload-digest'), algorithm: header('x-payload-digest-alg') });
      const code = result.status === 401 ? 'UNAUTHENTICATED' : result.status === 404 ? 'NOT_FOUND' : result.status === 400 ? 'BAD_REQUEST' : 'OK';
      return reply.code(result.status).send(result.status === 200 ? { ok: true, message: result.message } : refuse(code, result.message));
    });
  });
}
