import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { negotiateEncoding } from '../lib/static-assets.ts';

/** Smaller answers gain less than their compression costs (the index page uses the same bound). */
export const COMPRESS_MIN_BYTES = 1024;
/** Up to this size an answer is compressed at once; a larger one on libuv's threads, so the event loop stays free. */
const COMPRESS_SYNC_MAX_BYTES = 64 * 1024;
const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

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
    if (body.length < COMPRESS_MIN_BYTES) return done(null, payload);
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    if (body.length <= COMPRESS_SYNC_MAX_BYTES)
      return done(null, encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI_OPTIONS) : zlib.gzipSync(body, GZIP_OPTIONS));
    (encoding === 'br' ? brotli(body, BROTLI_OPTIONS) : gzip(body, GZIP_OPTIONS)).then(
      (compressed) => done(null, compressed),
      (error: unknown) => done(error as Error),
    );
  });
}
