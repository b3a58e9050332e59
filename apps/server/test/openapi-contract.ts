import { expect } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { REQUEST_ID_PATTERN } from '../src/modules/public-api/request-id.ts';

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
  for (const methods of Object.values(document.paths)) for (const operation of Object.values(methods)) operations.set(operation.operationId, operation);
  const seen = new Map<string, Set<number>>();

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
      const validate = ajv.compile({ ...schema, components: document.components });
      expect(validate(body) ? [] : validate.errors, `${operationId} ${status} body: ${JSON.stringify(body).slice(0, 300)}`).toEqual([]);
    } else {
      expect(response.headers.get('content-type')).toBe(contentType);
    }
    expect(response.headers.get('request-id'), `${operationId} ${status} Request-Id`).toMatch(REQUEST_ID_PATTERN);
    if (status >= 400) expect((body as { error: { request_id: string } }).error.request_id).toBe(response.headers.get('request-id'));
    seen.set(operationId, (seen.get(operationId) ?? new Set()).add(status));
    return body;
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

  return { operations, expectDocumented, expectEveryOperationCovered };
}
