import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_REFERENCE_CSP, API_REFERENCE_PATH, registerApiReferencePage } from './reference-page.ts';

// The page and its two scripts on a bare Fastify with helmet's app-wide policy, as app.ts registers them. The browser
// side (Scalar rendering the document, "Test Request", no request leaving the origin) is apps/web/e2e/api-reference.spec.ts.

const bundle = fs.readFileSync(createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js'));
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", 'https://www.googletagmanager.com'] } },
  });
  registerApiReferencePage(app);
  await app.ready();
});
afterAll(() => app.close());

async function scriptsOfPage() {
  const response = await app.inject({ method: 'GET', url: API_REFERENCE_PATH });
  return [...response.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].map((match) => ({ attributes: match[1]!, content: match[2]! }));
}

describe('GET /docs/api', () => {
  it('is an HTML page under its own policy: scripts and requests only to this origin, nothing framed', async () => {
    const response = await app.inject({ method: 'GET', url: API_REFERENCE_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toBe(API_REFERENCE_CSP);
    // No host but this one anywhere in the policy: only keywords, 'self', data: and blob:.
    for (const directive of API_REFERENCE_CSP.split(';')) {
      const [, ...sources] = directive.split(' ');
      for (const source of sources) expect(source, directive).toMatch(/^('[a-z-]+'|data:|blob:)$/);
    }
    expect(API_REFERENCE_CSP).toContain("script-src 'self';");
    expect(API_REFERENCE_CSP).toContain("connect-src 'self';");
    expect(API_REFERENCE_CSP).toContain("frame-ancestors 'none'");
    expect(response.body).toContain('<title>API reference · Rampart</title>');
    expect(response.body).not.toMatch(/https?:\/\//);
  });

  it('has no inline script: both scripts are files under /docs/api/assets/', async () => {
    const scripts = await scriptsOfPage();
    expect(scripts).toHaveLength(2);
    for (const script of scripts) {
      expect(script.content.trim()).toBe('');
      expect(script.attributes).toMatch(/^ src="\/docs\/api\/assets\/(scalar|init)-[0-9a-f]{12}\.js"$/);
    }
  });

  it('serves Scalar from node_modules with a year of caching, compressed when the client accepts it', async () => {
    const src = (await scriptsOfPage()).map((script) => /src="([^"]+)"/.exec(script.attributes)![1]!).find((url) => url.includes('/scalar-'))!;
    const plain = await app.inject({ method: 'GET', url: src });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-security-policy']).toBeUndefined();
    expect(plain.rawPayload.equals(bundle)).toBe(true);

    // Compressed off the event loop after the first request that accepts an encoding; plain until then.
    const compressed = async (encoding: string) => {
      for (let attempt = 0; attempt < 300; attempt++) {
        const response = await app.inject({ method: 'GET', url: src, headers: { 'accept-encoding': encoding } });
        if (response.headers['content-encoding']) return response;
        expect(response.rawPayload.equals(bundle)).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`never compressed with ${encoding}`);
    };
    const br = await compressed('gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(bundle.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(bundle)).toBe(true);
    const gzip = await compressed('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).equals(bundle)).toBe(true);
  }, 60_000);

  it('starts Scalar on /v1/openapi.json (and the passes API document) without its fonts, telemetry, agent, proxy or links to its hosted client, sending requests to this origin', async () => {
    const src = (await scriptsOfPage()).map((script) => /src="([^"]+)"/.exec(script.attributes)![1]!).find((url) => url.includes('/init-'))!;
    const init = (await app.inject({ method: 'GET', url: src })).body;
    expect(init).toContain("createApiReference('#app'");
    expect(init).toContain('"url":"/v1/openapi.json"');
    expect(init).toContain('"url":"/passes-api/v1/openapi.json"');
    expect(init.indexOf('/v1/openapi.json')).toBeLessThan(init.indexOf('/passes-api/v1/openapi.json'));
    expect(init).toContain('"withDefaultFonts":false');
    expect(init).toContain('"telemetry":false');
    expect(init).toContain('"agent":{"disabled":true}');
    expect(init).toContain('"hideClientButton":true');
    expect(init).not.toContain('proxyUrl');
    expect(init).toContain('configuration.servers = [{ url: window.location.origin');
    expect(init).not.toMatch(/https?:\/\//);
  });

  it('sends /docs/api/ to /docs/api', async () => {
    const response = await app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/` });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(API_REFERENCE_PATH);
  });
});
