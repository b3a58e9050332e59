import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { GraphQLScalarType } from 'graphql';
import { processRequest, Upload } from 'graphql-upload-minimal';

/**
 * A file of a GraphQL multipart request, read whole before the operation runs. The bytes are a private field so the
 * audit trail, which records a mutation's arguments, keeps only the name, the declared type and the size.
 */
export class UploadedFile {
  readonly #bytes: Buffer;
  readonly fileName: string;
  readonly declaredType: string;
  readonly sizeBytes: number;
  /** More bytes came than the limit allows; the rest was discarded. */
  readonly isOverLimit: boolean;
  constructor(input: { fileName: string; declaredType: string; bytes: Buffer; isOverLimit: boolean }) {
    this.fileName = input.fileName;
    this.declaredType = input.declaredType;
    this.#bytes = input.bytes;
    this.sizeBytes = input.bytes.length;
    this.isOverLimit = input.isOverLimit;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

/** Any value passes; the service refuses what is not an UploadedFile, after the caller's access was checked. */
export const UploadScalar = new GraphQLScalarType({
  name: 'Upload',
  description: 'A file sent as a GraphQL multipart request.',
  serialize: () => {
    throw new TypeError('Upload is an input only.');
  },
  parseValue: (value) => value,
  parseLiteral: () => null,
});

async function readUpload(upload: Upload, maxFileBytes: number): Promise<UploadedFile> {
  const file = await upload.promise;
  const stream = file.createReadStream();
  const chunks: Buffer[] = [];
  let size = 0;
  let isOverLimit = false;
  stream.on('limit', () => {
    isOverLimit = true;
  });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= maxFileBytes) chunks.push(chunk);
    else isOverLimit = true;
  }
  return new UploadedFile({ fileName: file.filename ?? '', declaredType: file.mimetype ?? '', bytes: Buffer.concat(chunks), isOverLimit });
}

/** Replaces every Upload placed in the variables by processRequest with the file it stands for. */
async function resolveUploads(value: unknown, maxFileBytes: number): Promise<unknown> {
  if (value instanceof Upload) return readUpload(value, maxFileBytes);
  if (Array.isArray(value)) return Promise.all(value.map((item) => resolveUploads(item, maxFileBytes)));
  if (value && typeof value === 'object') {
    const entries = await Promise.all(Object.entries(value).map(async ([key, item]) => [key, await resolveUploads(item, maxFileBytes)] as const));
    return Object.fromEntries(entries);
  }
  return value;
}

/**
 * The request as processRequest uses it, except that the multipart parser it pipes into gets an error listener: after
 * the first error (which rejects processRequest) busboy can emit a second one, which would otherwise be uncaught.
 */
function guarded(raw: IncomingMessage): IncomingMessage {
  return {
    headers: raw.headers,
    pipe: <T extends NodeJS.WritableStream>(destination: T) => {
      destination.on('error', () => {});
      return raw.pipe(destination);
    },
    unpipe: (destination?: NodeJS.WritableStream) => raw.unpipe(destination),
    once: (event: string, listener: (...args: unknown[]) => void) => raw.once(event, listener),
    resume: () => raw.resume(),
    get readableEnded() {
      return raw.readableEnded;
    },
  } as unknown as IncomingMessage;
}

/**
 * The GraphQL multipart request spec on /graphql only (https://github.com/jaydenseric/graphql-multipart-request-spec),
 * one file per request. Files over the limit are read to the limit and flagged, so the service answers with a clear
 * message instead of the HTTP layer answering 413.
 */
export function registerGraphQLUploads(app: FastifyInstance, options: { maxFileBytes: number }) {
  const refuse = (message: string) => ({ errors: [{ message, extensions: { code: 'BAD_USER_INPUT' } }] });
  app.addContentTypeParser('multipart/form-data', (request, _payload, done) => {
    if (request.routeOptions.url !== '/graphql') {
      done(Object.assign(new Error('Multipart bodies are accepted only by /graphql.'), { statusCode: 415 }), undefined);
      return;
    }
    done(null, undefined);
  });
  app.addHook('preValidation', async (request, reply) => {
    if (request.routeOptions.url !== '/graphql' || !request.headers['content-type']?.startsWith('multipart/form-data')) return;
    try {
      const operations = (await processRequest(guarded(request.raw), reply.raw, { maxFiles: 1, maxFileSize: options.maxFileBytes + 1, maxFieldSize: 200_000 })) as unknown as Record<string, unknown>;
      if (Array.isArray(operations)) return reply.code(400).send(refuse('Batched requests are not accepted: send one GraphQL operation per request.'));
      request.body = { ...operations, variables: await resolveUploads(operations.variables ?? {}, options.maxFileBytes) };
    } catch (error) {
      const message = /max file uploads exceeded/.test((error as Error).message) ? 'Send one file per request.' : `This multipart request could not be read: ${(error as Error).message}`;
      return reply.code(400).send(refuse(message));
    }
  });
}
