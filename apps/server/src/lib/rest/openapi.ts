import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_VERSION_HEADER, API_VERSIONS, CURRENT_API_VERSION } from '@rampart/shared/api-versions';
import { REQUEST_ID_HEADER } from './request-id.ts';

const versionHeader = {
  type: 'string',
  // Newest first: a client that presets the first value sends the current version.
  enum: [...API_VERSIONS].reverse(),
  example: CURRENT_API_VERSION,
  description: `The API version to answer in (default: your account's pinned version; current ${CURRENT_API_VERSION}).`,
};
const idempotencyHeader = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  description: 'A unique key (e.g. a UUID) per operation: a retry with the same key and body replays the first response for 24 hours.',
};
const responseHeaders = {
  [REQUEST_ID_HEADER]: { type: 'string', pattern: '^req_[0-9A-Za-z]{22}$', description: 'The id of this request.' },
  [API_VERSION_HEADER]: { type: 'string', description: 'The API version that answered.' },
};
const replayedHeader = {
  type: 'string',
  enum: ['true'],
  description: 'Present when this is the stored response of an earlier request with the same Idempotency-Key.',
};
const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  400: 'A parameter, field or header is not valid, the body is not JSON, or the Idempotency-Key was used for another request.',
  401: 'No valid key.',
  403: 'The key may not do this.',
  404: 'Nothing with this id for this key.',
  409: 'Not possible in the current state, or a request with this Idempotency-Key is still running.',
  413: 'The request body is too large.',
  415: 'The body is not JSON: send it with content-type: application/json.',
  429: 'Too many requests for this key.',
  500: 'Our fault: quote the request id.',
};

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The error answers an operation can give without declaring them, from the code paths every route of the scope shares:
 * the scope's own (its key check, its rate limit, the masked 500: `everyOperation`), 400 for a query or body that fails
 * its schema, and on a POST what comes before the handler runs: a body that is not JSON (400, 415), too large (413),
 * an Idempotency-Key that is malformed or reused (400) or still running (409).
 */
function sharedErrorStatuses(definition: Pick<OpenApiDefinition, 'everyOperation'>, route: { method: string; hasQuery: boolean; hasBody: boolean }): number[] {
  const statuses = new Set(definition.everyOperation);
  if (route.hasQuery || route.hasBody) statuses.add(400);
  if (route.method === 'POST') for (const status of [400, 409, 413, 415]) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * The type provider's zod → JSON schema transform, plus the headers every operation takes and every response has
 * (Rampart-Version only for an API that has versions), and the shared error answers (sharedErrorStatuses).
 */
function transformFor(definition: OpenApiDefinition) {
  const options = { versioned: definition.versioned };
  return function transform(input: TransformInput) {
    const method = String((input as { route?: { method?: string | string[] } }).route?.method ?? '');
    const declared = input.schema as { hide?: boolean; querystring?: unknown; body?: unknown; response?: Record<string, unknown> } | undefined;
    if (declared && !declared.hide) {
      const shared = sharedErrorStatuses(definition, { method, hasQuery: Boolean(declared.querystring), hasBody: Boolean(declared.body) });
      // The route's own declarations win (a route may document a status with another schema).
      input = {
        ...input,
        schema: { ...declared, response: { ...Object.fromEntries(shared.map((status) => [status, definition.errorSchema])), ...declared.response } },
      };
    }
    const out = jsonSchemaTransform(input) as {
      schema: { hide?: boolean; headers?: unknown; response?: Record<string, unknown> } & Record<string, unknown>;
      url: string;
    };
    if (out.schema?.hide) return out;
    const requestHeaders = {
      ...(options.versioned ? { [API_VERSION_HEADER]: versionHeader } : {}),
      ...(method === 'POST' ? { 'Idempotency-Key': idempotencyHeader } : {}),
    };
    if (Object.keys(requestHeaders).length > 0) out.schema.headers = { type: 'object', properties: requestHeaders };
    const everyResponse = options.versioned ? responseHeaders : { [REQUEST_ID_HEADER]: responseHeaders[REQUEST_ID_HEADER] };
    const responses = out.schema.response ?? {};
    for (const [status, schema] of Object.entries(responses)) {
      const description = RESPONSE_DESCRIPTIONS[status] ?? 'Response';
      // A bare $ref would lose the description: @fastify/swagger reads it from the raw schema.
      const headers = method === 'POST' ? { ...everyResponse, 'Idempotent-Replayed': replayedHeader } : everyResponse;
      const mediaType = (schema as { contentMediaType?: string }).contentMediaType;
      // A file answer (a zod string with contentMediaType): documented under its own media type, as binary.
      responses[status] = mediaType
        ? { description, headers, content: { [mediaType]: { schema: { type: 'string', format: 'binary', contentMediaType: mediaType } } } }
        : { ...(schema as object), description, 'x-response-description': description, headers };
    }
    return out;
  };
}

/** Drops the zod registry's components that no operation uses (the input copies of output-only schemas). */
function transformObject(input: Parameters<typeof jsonSchemaTransformObject>[0]) {
  const document = jsonSchemaTransformObject(input) as { components?: { schemas?: Record<string, unknown> } } & Record<string, unknown>;
  const schemas = document.components?.schemas;
  if (schemas) {
    let text = JSON.stringify({ ...document, components: { ...document.components, schemas: {} } });
    const used = new Set<string>();
    // Components referenced by operations, then by the components they reference.
    for (let grew = true; grew;) {
      grew = false;
      for (const name of Object.keys(schemas)) {
        if (!used.has(name) && text.includes(`"#/components/schemas/${name}"`)) {
          used.add(name);
          text += JSON.stringify(schemas[name]);
          grew = true;
        }
      }
    }
    for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  }
  return document as ReturnType<typeof jsonSchemaTransformObject>;
}

/** An API's own part of its document: what it is called, its tags and how it authenticates. */
export interface OpenApiDefinition {
  title: string;
  description: string;
  tags: Array<{ name: string; description: string }>;
  securitySchemes: Record<string, Record<string, unknown>>;
  /** Whether operations take Rampart-Version (the /v1 API) or not (the passes API). */
  versioned: boolean;
  /** The API's error body: every error answer is documented with it. */
  errorSchema: z.ZodType;
  /** The error statuses every operation can answer, whatever its route (the scope's key check, rate limit, 500). */
  everyOperation: number[];
}

/**
 * @fastify/swagger inside an API's scope (before its routes, so it sees them all and nothing else): the OpenAPI 3.1
 * document of that API, which the scope serves without a key (/v1/openapi.json, /passes-api/v1/openapi.json).
 */
export async function registerOpenApi(api: FastifyInstance, options: { publicUrl: string; definition: OpenApiDefinition }) {
  const { definition } = options;
  await api.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: definition.title,
        version: definition.versioned ? CURRENT_API_VERSION : '1',
        description: definition.description,
        // Rampart's licence (LICENSE), which covers the document too.
        license: { name: 'Apache 2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' },
      },
      servers: [{ url: options.publicUrl.replace(/\/$/, ''), description: 'Rampart' }],
      tags: definition.tags,
      components: { securitySchemes: definition.securitySchemes as never }, // a plain-object scheme, typed by swagger as a union
      security: Object.keys(definition.securitySchemes).map((name) => ({ [name]: [] })),
    },
    transform: transformFor(definition),
    transformObject,
  });
}
