import { expect } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { REQUEST_ID_PATTERN } from '../src/lib/rest/request-id.ts';

export interface Operation {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object>; securitySchemes?: Record<string, object> };
  [key: string]: unknown;
}

/** Validates a document against the OpenAPI 3.1 schema (its own meta-schema, not ours). */
export async function expectValidOpenApi31(document: OpenApiDocument) {
  expect(document.openapi).toBe('3.1.0');
  const validator = new Validator();
  const result = await validator.validate(structuredClone(document));
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  expect(validator.version).toBe('3.1');
}

/**
 * A contract check of real responses against a document: each answer's status must be documented for its operation and
 * its body valid against that status's schema (ajv, draft 2020-12), with a Request-Id header that error bodies repeat.
 * `expectEveryOperationCovered` then asks for a success and an error of every documented operation.
 */
export function contractChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormatsModule as unknown as (ajv: Ajv2020) => void)(ajv);
  const operations = new Map<string, Operation>();
  // Each documented path as a pattern ({id} matches one segment), for finding the operation of a request.
  const routes: Array<{ method: string; pattern: RegExp; operationId: string }> = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    const pattern = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
    for (const [method, operation] of Object.entries(methods)) {
      operations.set(operation.operationId, operation);
      routes.push({ method: method.toUpperCase(), pattern, operationId: operation.operationId });
    }
  }
  const seen = new Map<string, Set<number>>();
  // Compiled once per operation and status: request helpers check every answer.
  const validators = new Map<string, ReturnType<Ajv2020['compile']>>();

  async function expectDocumented(operationId: string, response: Response, options: { contentType?: string } = {}): Promise<unknown> {
    const operation = operations.get(operationId);
    expect(operation, `${operationId} is in the document`).toBeDefined();
    const status = response.status;
    const documented = operation!.responses[String(status)];
    const contentType = options.contentType ?? 'application/json';
    const body = contentType === 'application/json' ? await response.json() : Buffer.from(await response.arrayBuffer());
    expect(documented, `${operationId} answered ${status}, which its document does not list: ${JSON.stringify(body).slice(0, 300)}`).toBeDefined();
    const schema = documented!.content?.[contentType]?.schema;
    expect(schema, `${operationId} ${status} has a ${contentType} schema`).toBeDefined();
    if (contentType === 'application/json') {
      const cacheKey = `${operationId} ${status}`;
      const validate = validators.get(cacheKey) ?? ajv.compile({ ...schema, components: document.components });
      validators.set(cacheKey, validate);
      expect(validate(body) ? [] : validate.errors, `${operationId} ${status} body: ${JSON.stringify(body).slice(0, 300)}`).toEqual([]);
    } else {
      expect(response.headers.get('content-type')).toBe(contentType);
    }
    expect(response.headers.get('request-id'), `${operationId} ${status} Request-Id`).toMatch(REQUEST_ID_PATTERN);
    // An error repeats its Request-Id; a replayed one (Idempotency-Key) is the first request's answer, with its id.
    if (status >= 400) {
      const requestId = (body as { error: { request_id: string } }).error.request_id;
      if (response.headers.get('idempotent-replayed') === 'true') expect(requestId).toMatch(REQUEST_ID_PATTERN);
      else expect(requestId).toBe(response.headers.get('request-id'));
    }
    seen.set(operationId, (seen.get(operationId) ?? new Set()).add(status));
    return body;
  }

  /** The documented operation a request reaches, if any (by method and path, the query string ignored). */
  function operationOf(method: string, url: string): string | undefined {
    const path = new URL(url, 'http://localhost').pathname;
    return routes.find((route) => route.method === method.toUpperCase() && route.pattern.test(path))?.operationId;
  }

  /**
   * Checks any answer against the document when its request reaches a documented operation (a clone is read, so the
   * caller can still read the response): for a test's own request helper, so every answer a test provokes is checked.
   */
  async function expectAnswerDocumented(method: string, url: string, response: Response): Promise<void> {
    const operationId = operationOf(method, url);
    if (!operationId) return;
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
    await expectDocumented(operationId, response.clone(), type && type !== 'application/json' ? { contentType: type } : {});
  }

  function expectEveryOperationCovered() {
    expect([...seen.keys()].sort()).toEqual([...operations.keys()].sort());
    for (const [operationId, statuses] of seen) {
      expect(
        [...statuses].some((status) => status < 300),
        `${operationId} success`,
      ).toBe(true);
      expect(
        [...statuses].some((status) => status >= 400),
        `${operationId} error`,
      ).toBe(true);
    }
  }

  return { operations, operationOf, expectDocumented, expectAnswerDocumented, expectEveryOperationCovered };
}

/**
 * A request helper's check: each answer whose request reaches an operation of the document at `documentUrl` (fetched
 * once, on first use) is checked against it, so every answer a test provokes, not only the contract test's, is one the
 * document describes.
 */
export function documentedAnswers(documentUrl: string) {
  let checker: Promise<ReturnType<typeof contractChecker>> | null = null;
  return async function expectAnswerDocumented(method: string, url: string, response: Response): Promise<void> {
    checker ??= fetch(documentUrl).then(async (answer) => contractChecker((await answer.json()) as OpenApiDocument));
    await (await checker).expectAnswerDocumented(method, url, response);
  };
}
