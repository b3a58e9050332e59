// The API reference at /docs/api: Scalar's standalone renderer (@scalar/api-reference, read from node_modules and served
// here under content-hashed names — no CDN, no external fonts) showing /v1/openapi.json, with "Test Request" sending to
// this same origin, where a test key (sk_test_…) answers in test mode.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { compressResponse, IMMUTABLE, negotiateEncoding, type ResponseEncoding } from '../../lib/static-assets.ts';
import { htmlDocument } from '../../lib/html.ts';

export const API_REFERENCE_PATH = '/docs/api';
export const OPENAPI_DOCUMENT_PATH = '/v1/openapi.json';
/** The document's security scheme for `Authorization: Api-Key sk_…` (components.securitySchemes). */
export const API_KEY_SECURITY_SCHEME = 'ApiKey';
/** The passes API's document, and its scheme for `Authorization: Bearer pass_sk_…`. */
export const PASSES_OPENAPI_DOCUMENT_PATH = '/passes-api/v1/openapi.json';
export const PASS_KEY_SECURITY_SCHEME = 'PassKey';

/**
 * The page's own policy, instead of the app-wide one: scripts only from this server, requests only to it (the
 * document and "Test Request"), nothing framed, no forms. Scalar injects its stylesheet through <style> elements at
 * run time, so styles also allow inline ones; scripts stay limited to the two files below.
 */
export const API_REFERENCE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join(';');

/** The dashboard's font stack (apps/web/src/index.css), so the reference looks like the rest of Rampart. */
const CUSTOM_CSS = `
.scalar-app, .light-mode, .dark-mode {
  --scalar-font: ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace;
}`;

/**
 * Starts Scalar on the page. A file rather than an inline script, so the policy needs no 'unsafe-inline' or nonce
 * for scripts. The dashboard's theme choice (localStorage `theme`, same origin) picks light or dark.
 */
function initScript(): string {
  const shared = {
    withDefaultFonts: false,
    telemetry: false,
    showDeveloperTools: 'never',
    documentDownloadType: 'json',
    hideClientButton: true,
    persistAuth: false,
    agent: { disabled: true },
    customCss: CUSTOM_CSS,
  };
  // Two documents, one selector: the /v1 API (first, the default) and the passes API, each with its own key scheme.
  const configurations = [
    {
      ...shared,
      url: OPENAPI_DOCUMENT_PATH,
      slug: 'rampart',
      title: 'Rampart API',
      authentication: { preferredSecurityScheme: API_KEY_SECURITY_SCHEME, securitySchemes: { [API_KEY_SECURITY_SCHEME]: { value: 'Api-Key ' } } },
    },
    {
      ...shared,
      url: PASSES_OPENAPI_DOCUMENT_PATH,
      slug: 'passes',
      title: 'Passes API',
      authentication: { preferredSecurityScheme: PASS_KEY_SECURITY_SCHEME },
    },
  ];
  return `(function () {
  var theme = null;
  try { theme = window.localStorage.getItem('theme'); } catch (error) { theme = null; }
  var dark = theme === 'dark' || (theme !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var configurations = ${JSON.stringify(configurations)};
  configurations.forEach(function (configuration, index) {
    configuration.darkMode = dark;
    // "Test Request" goes to the server that served this page, whatever the documents' servers say.
    configuration.servers = [{ url: window.location.origin, description: index === 0 ? 'This server — test mode with a test key (sk_test_…)' : 'This server — a test-mode project key' }];
  });
  window.Scalar.createApiReference('#app', configurations);
})();
`;
}

function page(scalarPath: string, initPath: string): string {
  return htmlDocument({
    title: 'API reference · Rampart',
    head: `<meta name="description" content="Rampart's REST API under /v1: authentication with Api-Key sk_…, versions, idempotency, errors and every operation, with requests you can send in test mode.">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">`,
    body: `<noscript>The API reference needs JavaScript. The OpenAPI document itself is at <a href="${OPENAPI_DOCUMENT_PATH}">${OPENAPI_DOCUMENT_PATH}</a>.</noscript>
<div id="app"></div>
<script src="${scalarPath}"></script>
<script src="${initPath}"></script>`,
  });
}

interface Asset {
  path: string;
  body: Buffer;
  /** Compressed copies, made off the event loop on the first request that accepts them (the bundle is 3.5 MB). */
  encoded: Partial<Record<ResponseEncoding, Buffer>>;
  compressing: Set<ResponseEncoding>;
}

function hashed(name: string, body: Buffer): Asset {
  const hash = crypto.createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { path: `${API_REFERENCE_PATH}/assets/${name}-${hash}.js`, body, encoded: {}, compressing: new Set() };
}

/** The compressed copy when it is ready; else starts making it (once) and answers null, so this response goes plain. */
function encodedCopy(asset: Asset, encoding: ResponseEncoding, log: FastifyBaseLogger): Buffer | null {
  const ready = asset.encoded[encoding];
  if (ready || asset.compressing.has(encoding)) return ready ?? null;
  asset.compressing.add(encoding);
  // Brotli at quality 5: about a second on zlib's thread pool for 3.5 MB → 0.9 MB; 11 would take most of a minute for 10 % less.
  compressResponse(asset.body, encoding).then(
    (copy) => {
      asset.encoded[encoding] = copy;
    },
    (error: unknown) => {
      asset.compressing.delete(encoding);
      log.warn({ err: error, asset: asset.path }, 'could not compress an API reference script');
    },
  );
  return null;
}

function sendAsset(asset: Asset, request: FastifyRequest, reply: FastifyReply) {
  reply.type('text/javascript; charset=utf-8').header('cache-control', IMMUTABLE).header('vary', 'accept-encoding');
  // A script is not a document: the page's policy is what applies to it.
  reply.removeHeader('content-security-policy');
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  const copy = encoding ? encodedCopy(asset, encoding, request.log) : null;
  if (encoding && copy) return reply.header('content-encoding', encoding).send(copy);
  return reply.send(asset.body);
}

/** Registers GET /docs/api and its two scripts; the bundle is read once, at registration. */
export function registerApiReferencePage(app: FastifyInstance): void {
  const require = createRequire(import.meta.url);
  const scalar = hashed('scalar', fs.readFileSync(require.resolve('@scalar/api-reference/browser/standalone.js')));
  const init = hashed('init', Buffer.from(initScript()));
  const html = page(scalar.path, init.path);

  app.get(API_REFERENCE_PATH, (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('content-security-policy', API_REFERENCE_CSP).send(html),
  );
  // A trailing slash would resolve the page's relative links elsewhere: one address.
  app.get(`${API_REFERENCE_PATH}/`, (_request, reply) => reply.redirect(API_REFERENCE_PATH, 301));
  for (const asset of [scalar, init]) app.get(asset.path, (request, reply) => sendAsset(asset, request, reply));
}
