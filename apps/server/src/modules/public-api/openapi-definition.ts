import { API_VERSION_HEADER, API_VERSIONS, CURRENT_API_VERSION } from '@rampart/shared/api-versions';
import { REQUEST_ID_HEADER } from '../../lib/rest/request-id.ts';
import type { OpenApiDefinition } from '../../lib/rest/openapi.ts';
import { ErrorBody } from './schemas.ts';

// The /v1 API's own part of its OpenAPI document (lib/rest/openapi.ts builds the rest, alike for the passes API).

export const OPENAPI_PATH = '/v1/openapi.json';

const DESCRIPTION = `The Rampart REST API for your servers: your account's transactions and customers, and test helpers that
create test transactions and move them along.

## Authentication
Send a secret key from Developers › API keys in the \`Authorization\` header: \`Authorization: Api-Key sk_test_…\`.
A test key (\`sk_test_…\`) sees test mode only, a live key (\`sk_live_…\`) live mode only; restricted keys (\`rk_…\`) only
the resources they were given. Publishable keys (\`pk_…\`) cannot call this API. Keep secret keys on your server.

## Versions
Send \`${API_VERSION_HEADER}: YYYY-MM-DD\` to choose a version (${API_VERSIONS.join(', ')}; current: ${CURRENT_API_VERSION}).
Without it, your account's pinned version applies: the current version at your account's first request. Every response
says which version answered it in its \`${API_VERSION_HEADER}\` header. In ${API_VERSIONS[0]}, lists answer
\`{ data, limit, offset, liveMode }\`; from 2026-11-23 they answer \`{ object: "list", url, data, has_more, next_cursor,
previous_cursor, liveMode }\` and page with \`starting_after\` / \`ending_before\` cursors.

## Requests and errors
Every response carries a \`${REQUEST_ID_HEADER}\` header (\`req_…\`); it is also in error bodies and in your request log.
Errors answer \`{ "error": { "type", "code", "message", "param", "request_id", "details" } }\`. POST requests accept an
\`Idempotency-Key\` header (up to 255 characters): a retry with the same key and body gets the first response again.
Each key may make 300 requests a minute.`;

export const RAMPART_API_DEFINITION: OpenApiDefinition = {
  errorSchema: ErrorBody,
  // 400: a Rampart-Version that is not one; 401: the key check; 403: a restricted key without the route's resource.
  everyOperation: [400, 401, 403, 429, 500],
  title: 'Rampart API',
  description: DESCRIPTION,
  tags: [
    { name: 'Transactions', description: 'Buy, sell, swap and balance transactions of your account.' },
    { name: 'Customers', description: 'Your end customers.' },
    { name: 'Test helpers', description: 'Test mode only (sk_test_ keys): create test transactions and move them along their states.' },
  ],
  securitySchemes: {
    ApiKey: {
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
      description: 'Your secret key as `Api-Key sk_test_…` (or sk_live_…, rk_…).',
    },
  },
  versioned: true,
};
