import type { FastifyInstance } from 'fastify';
import { compressResponse, compressResponseSync, negotiateEncoding, RESPONSE_COMPRESSION_MIN_BYTES } from '../lib/static-assets.ts';

/** Up to this size an answer is compressed at once; a larger one on libuv's threads, so the event loop stays free. */
const COMPRESS_SYNC_MAX_BYTES = 64 * 1024;

/**
 * GraphQL answers of 1 KB or more go out compressed (brotli, else gzip) when the client accepts it: a list or a
 * dashboard's figures are JSON that shrinks five to ten times, and the browser's first paint waits for them. Static
 * files come precompressed (lib/static-assets.ts); the REST APIs are left to a proxy, since their idempotency replay
 * stores the body as sent. Cross-site pages cannot read sizes of these answers (every /graphql request needs a header
 * only a same-origin script sends), which is what BREACH-style guessing needs.
 */
export function compressGraphQLAnswers(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.routeOptions.url !== '/graphql' || (typeof payload !== 'string' && !Buffer.isBuffer(payload)) || reply.hasHeader('content-encoding'))
      return done(null, payload);
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < RESPONSE_COMPRESSION_MIN_BYTES) return done(null, payload);
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    if (body.length <= COMPRESS_SYNC_MAX_BYTES) return done(null, compressResponseSync(body, encoding));
    compressResponse(body, encoding).then(
      (compressed) => done(null, compressed),
      (error: unknown) => done(error as Error),
    );
  });
}
