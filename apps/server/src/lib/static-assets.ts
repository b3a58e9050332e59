// The built web app: files precompressed at build time (apps/web/vite-precompress.ts) chosen by Accept-Encoding,
// content-hashed assets cached for a year, and index.html filled in per response (runtime config, CSP nonce).
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Vite writes this into index.html's tags (`html.cspNonce` in apps/web/vite.config.ts); each response replaces it. */
export const CSP_NONCE_PLACEHOLDER = '__RAMPART_CSP_NONCE__';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Helmet's headers that only mean something on a page (a document), not on a script, style or image: dropped from
 * static files, where they cost about 600 bytes per response. nosniff, CORP, HSTS and the referrer policy stay.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
/**
 * Revalidation (etag, last-modified), range and rate-limit headers say nothing useful on a file cached for a year under
 * a name that changes with its content: about 170 bytes of each of the 20–35 scripts of a cold page (issue 40).
 */
const NOT_FOR_IMMUTABLE_FILES = ['etag', 'last-modified', 'accept-ranges', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];
/** Files without a hash in their name (favicon, icons) may change with a deploy. */
const SHORT_LIVED = 'public, max-age=3600';

/** `/assets/*` and `/widget/assets/*` carry a content hash in their names: a changed file gets a new name. */
export function cacheControlFor(relativePath: string): string {
  const normalized = relativePath.split(path.sep).join('/').replace(/^\/+/, '');
  return /^(widget\/)?assets\//.test(normalized) ? IMMUTABLE : SHORT_LIVED;
}

/** Below this a response is sent as it is: it gains less than compressing it costs. */
export const RESPONSE_COMPRESSION_MIN_BYTES = 1024;
/** Responses compressed as they are sent (the index page, GraphQL answers): a fast setting is enough. */
export const RESPONSE_BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
export const RESPONSE_GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };

export type ResponseEncoding = 'br' | 'gzip';

export function compressResponseSync(body: Buffer, encoding: ResponseEncoding): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(body, RESPONSE_BROTLI_OPTIONS) : zlib.gzipSync(body, RESPONSE_GZIP_OPTIONS);
}

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The same, on zlib's thread pool, for a body large enough to hold up the event loop. */
export function compressResponse(body: Buffer, encoding: ResponseEncoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(body, RESPONSE_GZIP_OPTIONS);
  return brotliCompress(body, { params: { ...RESPONSE_BROTLI_OPTIONS.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
}

/** The best encoding the client accepts, by preference: brotli, then gzip (q=0 refuses one). */
export function negotiateEncoding(acceptEncoding: string | undefined): ResponseEncoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

export interface WebAppOptions {
  webRoot: string;
  /** window.__RAMPART_CONFIG__ of the dashboard. */
  runtimeConfig: Record<string, unknown>;
}

/**
 * The app-wide policy (helmet's header) with one response's nonce allowed for scripts and styles. A directive that
 * already allows inline code (style-src with Intercom's Messenger configured) gets none: browsers ignore
 * 'unsafe-inline' beside a nonce.
 */
export function withNonce(policy: string, nonce: string): string {
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) =>
      /^(script-src|style-src)(\s|$)/.test(directive) && !directive.includes("'unsafe-inline'") ? `${directive} 'nonce-${nonce}'` : directive,
    )
    .join(';');
}

/** Serves the dashboard SPA from `webRoot`: static files, then index.html for any other page a browser asks for. */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const { webRoot, runtimeConfig } = options;
  const indexFile = path.join(webRoot, 'index.html');
  const configScript = `window.__RAMPART_CONFIG__=${JSON.stringify(runtimeConfig).replace(/</g, '\\u003c')}`;
  // Read again when the build changes, so a rebuilt web app is served without restarting the server.
  let cachedIndex: { mtimeMs: number; html: string } | null = null;
  const indexTemplate = () => {
    const { mtimeMs } = fs.statSync(indexFile);
    if (cachedIndex?.mtimeMs !== mtimeMs) {
      const html = fs.readFileSync(indexFile, 'utf8').replace('</head>', `<script nonce="${CSP_NONCE_PLACEHOLDER}">${configScript}</script></head>`);
      cachedIndex = { mtimeMs, html };
    }
    return cachedIndex.html;
  };

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    // A fresh nonce per response: only the page's own inline scripts and styles run (no 'unsafe-inline').
    const nonce = crypto.randomBytes(16).toString('base64');
    const html = Buffer.from(indexTemplate().replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') reply.header('content-security-policy', withNonce(policy, nonce));
    // The page differs per response (nonce), so it is compressed here.
    const encoding = html.length >= RESPONSE_COMPRESSION_MIN_BYTES ? negotiateEncoding(request.headers['accept-encoding']) : null;
    if (encoding) return reply.header('content-encoding', encoding).send(compressResponseSync(html, encoding));
    return reply.send(html);
  };

  // Files are looked up at request time (wildcard); anything that is not a file falls through to the handler below.
  // preCompressed: main.js.br or main.js.gz when the client accepts it and the build wrote it, else main.js.
  await app.register(fastifyStatic, {
    root: webRoot,
    index: false,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', cacheControlFor(path.relative(webRoot, filePath)));
      res.setHeader('vary', 'accept-encoding');
      // An SVG opened on its own is a document: it keeps the page headers (its CSP stops scripts in it).
      if (!filePath.endsWith('.svg') && !filePath.endsWith('.svg.br') && !filePath.endsWith('.svg.gz'))
        for (const name of DOCUMENT_ONLY_HEADERS) (res as unknown as ServerResponse).removeHeader(name);
    },
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.getHeader('cache-control') === IMMUTABLE) for (const name of NOT_FOR_IMMUTABLE_FILES) reply.removeHeader(name);
    done(null, payload);
  });
  app.get('/', sendIndex);
  app.setNotFoundHandler((request, reply) => {
    const accept = request.headers.accept ?? '';
    const isAsset = request.url.startsWith('/assets/') || request.url.startsWith('/widget/assets/');
    // A client-side route: any GET for a page that is not a file or an asset gets the app.
    if (request.method === 'GET' && !isAsset && accept.includes('text/html')) return sendIndex(request, reply);
    return reply.code(404).send({ errors: [{ message: `No route for ${request.method} ${request.url}.`, extensions: { code: 'NOT_FOUND' } }] });
  });
}
