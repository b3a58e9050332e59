/**
 * The ingestion API over HTTP (docs/ingestion.md): `POST /provider/v1/events` (one CloudEvent, structured mode) and
 * `POST /provider/v1/events/batch` (a JSON array of them), for the provider's core only — a provider service
 * credential as `Authorization: Bearer rpi_…`; partners' API keys and sessions never count here.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../services.ts';
import { EVENT_TYPES, SCHEMAS, type SchemaName } from './event-types.ts';
import type { EventResult } from './ingestion.service.ts';

export const MAX_BATCH_EVENTS = 10_000;
/** 10 MiB: a full batch of typical events (about 1 KB each) fits with room to spare. */
export const MAX_BATCH_BYTES = 10 * 1024 * 1024;
export const MAX_EVENT_BYTES = 1024 * 1024;

const STRUCTURED = 'application/cloudevents+json';
const BATCH = 'application/cloudevents-batch+json';

class IngestionHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const send = (reply: FastifyReply, status: number, code: string, message: string) => reply.code(status).send({ error: { code, message } });

/** The bearer secret of a request, refusing what a partner might try instead. */
function bearerOf(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (bearer) return bearer;
  if (/^Api-Key\s/i.test(header) || /^Basic\s/i.test(header))
    throw new IngestionHttpError(401, 'credential_invalid', 'Partner API keys cannot send events: use a provider service credential (Bearer rpi_…).');
  throw new IngestionHttpError(401, 'credential_missing', 'Send a provider service credential as "Authorization: Bearer rpi_…".');
}

export async function registerIngestionRoutes(app: FastifyInstance, deps: { services: Services }) {
  const ingestion = deps.services.ingestion;
  await app.register(
    async (scope) => {
      // The envelope media types of the CloudEvents HTTP binding; the route's body limit applies while reading.
      scope.addContentTypeParser([STRUCTURED, BATCH], { parseAs: 'string' }, (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(new IngestionHttpError(400, 'malformed_json', 'The body is not valid JSON.'), undefined);
        }
      });
      scope.setErrorHandler((error: FastifyError | IngestionHttpError, request, reply) => {
        if (error instanceof IngestionHttpError) return send(reply, error.status, error.code, error.message);
        if (error.statusCode === 413)
          return send(
            reply,
            413,
            'batch_too_large',
            `A request is at most ${MAX_BATCH_BYTES.toLocaleString('en')} bytes (10 MiB) and ${MAX_BATCH_EVENTS.toLocaleString('en')} events for a batch, ${MAX_EVENT_BYTES.toLocaleString('en')} bytes for one event: split it.`,
          );
        if (error.statusCode === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
          return send(reply, 415, 'unsupported_media_type', `Send ${STRUCTURED} (one event) or ${BATCH} (a batch), CloudEvents structured mode.`);
        if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return send(reply, error.statusCode, 'bad_request', error.message);
        request.log.error({ err: error }, 'ingestion failed');
        return send(reply, 503, 'unavailable', `Nothing was applied; send the same events again. Reference: ${request.id}.`);
      });

      // Before the body is read: an unauthenticated sender never gets 10 MiB parsed.
      const credentials = new WeakMap<FastifyRequest, string>();
      scope.addHook('onRequest', async (request) => {
        if (request.method !== 'POST') return;
        const credential = await ingestion.authenticate(bearerOf(request));
        if (!credential) throw new IngestionHttpError(401, 'credential_invalid', 'This credential is not valid, or it was revoked.');
        credentials.set(request, credential.id);
      });
      const credentialOf = (request: FastifyRequest) => credentials.get(request)!;
      const mediaType = (request: FastifyRequest) => (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      const counts = (results: EventResult[]) =>
        Object.fromEntries(
          (['accepted', 'duplicate', 'stale', 'refused'] as const).map((status) => [status, results.filter((r) => r.status === status).length]),
        );

      scope.post('/events', { bodyLimit: MAX_EVENT_BYTES, config: { rateLimit: false } }, async (request, reply) => {
        if (mediaType(request) !== STRUCTURED)
          throw new IngestionHttpError(
            415,
            'unsupported_media_type',
            `Send one event as ${STRUCTURED} (structured mode); a batch goes to /provider/v1/events/batch.`,
          );
        const [result] = await ingestion.ingestEvents([request.body], { credentialId: credentialOf(request), transport: 'http' });
        return reply.code(result!.status === 'refused' ? 400 : 200).send(result);
      });

      scope.post('/events/batch', { bodyLimit: MAX_BATCH_BYTES, config: { rateLimit: false } }, async (request, reply) => {
        if (mediaType(request) !== BATCH) throw new IngestionHttpError(415, 'unsupported_media_type', `Send a batch as ${BATCH}: a JSON array of events.`);
        const events = request.body;
        if (!Array.isArray(events)) throw new IngestionHttpError(400, 'not_a_batch', 'A batch is a JSON array of CloudEvents.');
        if (events.length > MAX_BATCH_EVENTS)
          throw new IngestionHttpError(
            413,
            'batch_too_large',
            `A batch holds at most ${MAX_BATCH_EVENTS.toLocaleString('en')} events; this one has ${events.length.toLocaleString('en')}: split it.`,
          );
        const results = await ingestion.ingestEvents(events, { credentialId: credentialOf(request), transport: 'http' });
        return reply.code(200).send({ ...counts(results), results });
      });

      // The contract is public: no credential needed to read it.
      scope.get('/schemas', { config: { rateLimit: false } }, async () => ({
        types: Object.entries(EVENT_TYPES).map(([type, schema]) => ({ type, schema: `/provider/v1/schemas/${schema}.json` })),
      }));
      scope.get<{ Params: { name: string } }>('/schemas/:name', async (request, reply) => {
        const name = request.params.name.replace(/\.json$/, '');
        const schema = (EVENT_TYPES as Record<string, SchemaName>)[name] ?? (Object.hasOwn(SCHEMAS, name) ? (name as SchemaName) : null);
        if (!schema) return send(reply, 404, 'not_found', 'No such event type or schema; the list is at /provider/v1/schemas.');
        return reply.type('application/schema+json').send(SCHEMAS[schema]);
      });
    },
    { prefix: '/provider/v1' },
  );
}
