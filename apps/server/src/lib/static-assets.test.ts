import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { cacheControlFor, IMMUTABLE, negotiateEncoding, withNonce } from './static-assets.ts';

// A built web app as Vite and apps/web/vite-precompress.ts leave it: hashed assets with .br/.gz beside them,
// index.html whose tags carry the nonce placeholder, a small unhashed favicon.
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-web-'));
const script = `console.log(${JSON.stringify('rampart '.repeat(400))});\n`;
const widgetScript = `export const widget = ${JSON.stringify('widget '.repeat(300))};\n`;
const indexHtml = `<!doctype html><html><head><title>Rampart</title>
<script nonce="__RAMPART_CSP_NONCE__">document.documentElement.classList.toggle('dark', false)</script>
<meta property="csp-nonce" nonce="__RAMPART_CSP_NONCE__">
<script type="module" crossorigin src="/assets/index-abc123.js" nonce="__RAMPART_CSP_NONCE__"></script>
<link rel="stylesheet" crossorigin href="/assets/index-abc123.css" nonce="__RAMPART_CSP_NONCE__">
</head><body><div id="root"></div>${'<!-- padding -->'.repeat(60)}</body></html>`;

function write(relative: string, content: string, compressed = true) {
  const file = path.join(webRoot, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  if (!compressed) return;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
}

/** Raw HTTP (fetch would decode the body): status, headers and the bytes as sent. */
function get(baseUrl: string, urlPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${baseUrl}${urlPath}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

let t: TestApp;
beforeAll(async () => {
  write('index.html', indexHtml, false);
  write('assets/index-abc123.js', script);
  write('assets/index-abc123.css', `.a{color:red}${' '.repeat(2000)}`);
  write('widget/assets/widget-def456.js', widgetScript);
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
  t = await startTestApp({}, { webRoot });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('precompressed assets', () => {
  it('sends the brotli file when the browser accepts it, with vary and a year of immutable caching', async () => {
    const response = await get(t.baseUrl, '/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.body).toString()).toBe(script);
    expect(response.body.length).toBeLessThan(script.length / 5);
    // A script is not a page: no CSP or framing headers on it, but nosniff and the resource policy stay.
    expect(response.headers['content-security-policy']).toBeUndefined();
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    // Cached for a year under a name that changes with it: nothing to revalidate, no range or rate-limit notes.
    for (const name of ['etag', 'last-modified', 'accept-ranges', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'])
      expect(response.headers[name], name).toBeUndefined();
  });

  it('falls back to gzip, then to the original file', async () => {
    const gzip = await get(t.baseUrl, '/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(script);
    const refusedBrotli = await get(t.baseUrl, '/assets/index-abc123.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(refusedBrotli.headers['content-encoding']).toBe('gzip');
    const identity = await get(t.baseUrl, '/assets/index-abc123.js', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(script);
    expect(identity.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('serves the widget bundle the same way, and unhashed files for an hour only', async () => {
    const widget = await get(t.baseUrl, '/widget/assets/widget-def456.js', { 'accept-encoding': 'br' });
    expect(widget.headers['content-encoding']).toBe('br');
    expect(widget.headers['cache-control']).toBe(IMMUTABLE);
    const css = await get(t.baseUrl, '/assets/index-abc123.css', { 'accept-encoding': 'gzip' });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    const favicon = await get(t.baseUrl, '/favicon.svg', { 'accept-encoding': 'br' });
    expect(favicon.status).toBe(200);
    expect(favicon.headers['content-encoding']).toBeUndefined();
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
    // Cached for an hour: after that it is revalidated, not downloaded again.
    expect(favicon.headers.etag).toBeTruthy();
    // An SVG can be opened as a page of its own: it keeps the page's CSP.
    expect(favicon.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers a missing asset with 404, not the app', async () => {
    const missing = await get(t.baseUrl, '/assets/gone-000000.js', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
  });
});

describe('index.html', () => {
  it('is never cached, compressed per response, and its inline and module scripts carry the nonce of the CSP header', async () => {
    const first = await get(t.baseUrl, '/login', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['vary']).toMatch(/accept-encoding/i);
    const html = zlib.brotliDecompressSync(first.body).toString();
    const csp = String(first.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((directive) => directive.startsWith('script-src '))!;
    const styleSrc = csp.split(';').find((directive) => directive.startsWith('style-src '))!;
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(styleSrc).not.toContain("'unsafe-inline'");
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1]!;
    expect(styleSrc).toContain(`'nonce-${nonce}'`);
    const scripts = html.match(/<script\b[^>]*>/g)!;
    // The theme script, the module entry and the runtime config the server adds.
    expect(scripts).toHaveLength(3);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(html).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
    expect(html).toContain('window.__RAMPART_CONFIG__=');
    expect(html).not.toContain('__RAMPART_CSP_NONCE__');

    const second = await get(t.baseUrl, '/', { accept: 'text/html' });
    expect(second.headers['content-encoding']).toBeUndefined();
    const secondNonce = /'nonce-([^']+)'/.exec(String(second.headers['content-security-policy']))![1];
    expect(secondNonce).not.toBe(nonce);
    expect(second.body.toString()).toContain(`nonce="${secondNonce}"`);
  });

  it('keeps the API answers free of inline script permissions too', async () => {
    const response = await fetch(`${t.baseUrl}/healthz`);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("'unsafe-inline'");
    // No GA4 measurement id in this app: no Google host at all (test/ga4-csp.test.ts has the configured policy).
    expect(csp).not.toMatch(/google|doubleclick/);
  });
});

describe('helpers', () => {
  it('negotiates brotli before gzip and honours q=0', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });

  it('caches only content-hashed paths for a year', () => {
    expect(cacheControlFor('assets/index-abc.js.br')).toBe(IMMUTABLE);
    expect(cacheControlFor('widget/assets/widget-abc.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('favicon.svg')).toBe('public, max-age=3600');
    expect(cacheControlFor('icons/btc.svg')).toBe('public, max-age=3600');
  });

  it('adds the nonce to script-src and style-src only', () => {
    expect(withNonce("default-src 'self';script-src 'self';style-src 'self';img-src 'self'", 'abc')).toBe(
      "default-src 'self';script-src 'self' 'nonce-abc';style-src 'self' 'nonce-abc';img-src 'self'",
    );
    // Intercom's Messenger needs inline styles: a nonce beside 'unsafe-inline' would switch it off.
    expect(withNonce("script-src 'self';style-src 'self' 'unsafe-inline'", 'abc')).toBe("script-src 'self' 'nonce-abc';style-src 'self' 'unsafe-inline'");
  });
});
