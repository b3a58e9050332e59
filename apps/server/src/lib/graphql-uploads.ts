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
  /** The name as busboy gives it: folders already dropped. */
  readonly fileName: string;
  /** The name exactly as the client declared it in the file part's Content-Disposition; null when it could not be read. */
  readonly declaredFileName: string | null;
  readonly declaredType: string;
  readonly sizeBytes: number;
  /** More bytes came than the limit allows; the rest was discarded. */
  readonly isOverLimit: boolean;
  constructor(input: { fileName: string; declaredFileName: string | null; declaredType: string; bytes: Buffer; isOverLimit: boolean }) {
    this.fileName = input.fileName;
    this.declaredFileName = input.declaredFileName;
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

/** Operations and map (200,000 bytes each), their part headers and the file part's header fit with room to spare. */
const MAX_HEAD_BYTES = 512 * 1024;

/**
 * The first bytes of a multipart request, up to the header of its file part. busboy drops the folders from a file's name
 * (processRequest gives no way to ask for preservePath), so the name as the client sent it is read from these bytes.
 */
class RequestHead {
  readonly #chunks: Buffer[] = [];
  #size = 0;
  constructor(readonly contentType: string) {}

  /** Keeps what the request sends until the parser meets a file part: its header is then among the kept bytes. */
  tap(raw: IncomingMessage, parser: NodeJS.WritableStream) {
    const keep = (chunk: Buffer) => {
      const room = MAX_HEAD_BYTES - this.#size;
      this.#chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      this.#size += Math.min(chunk.length, room);
      if (this.#size >= MAX_HEAD_BYTES) stop();
    };
    const stop = () => raw.off('data', keep);
    // Registered before pipe() adds its own listener, so each chunk is kept before the parser reads it.
    raw.on('data', keep);
    parser.once('file', stop);
    parser.once('close', stop);
  }

  /** The declared name of the file in the form field, '' when the part has none, null when its header was not kept. */
  fileNameOf(fieldName: string): string | null {
    const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(this.contentType);
    if (!boundary) return null;
    const body = Buffer.concat([Buffer.from('\r\n'), ...this.#chunks]);
    const delimiter = Buffer.from(`\r\n--${boundary[1] ?? boundary[2]}`);
    let at = body.indexOf(delimiter);
    while (at !== -1) {
      const lineEnd = body.indexOf('\r\n', at + delimiter.length);
      if (lineEnd === -1 || body.subarray(at + delimiter.length, at + delimiter.length + 2).toString() === '--') return null;
      const headerEnd = body.indexOf('\r\n\r\n', lineEnd);
      if (headerEnd === -1) return null;
      // latin1 keeps each byte as one character; the values are decoded from bytes below.
      const disposition = body
        .subarray(lineEnd + 2, headerEnd)
        .toString('latin1')
        .split('\r\n')
        .find((line) => /^content-disposition\s*:/i.test(line));
      const params = disposition ? dispositionParams(disposition) : {};
      if (params.name !== undefined && Buffer.from(params.name, 'latin1').toString('utf8') === fieldName) {
        const extended = params['filename*'] === undefined ? undefined : decodeExtendedValue(params['filename*']);
        if (extended !== undefined) return extended;
        return params.filename === undefined ? '' : Buffer.from(params.filename, 'latin1').toString('utf8');
      }
      at = body.indexOf(delimiter, headerEnd);
    }
    return null;
  }
}

/**
 * The parameters of a Content-Disposition header line, read in order as busboy reads them (a malformed rest is left
 * out). A quoted filename keeps its backslashes: they are part of what the client sent.
 */
function dispositionParams(line: string): Record<string, string> {
  const params: Record<string, string> = {};
  const value = line.slice(line.indexOf(':') + 1);
  const param = /\s*;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s"]*))\s*/y;
  param.lastIndex = /^\s*[^\s;]+/.exec(value)?.[0].length ?? 0;
  for (let match = param.exec(value); match; match = param.exec(value)) {
    const key = match[1]!.toLowerCase();
    if (params[key] !== undefined) continue;
    params[key] = match[2] === undefined ? match[3]! : key === 'filename' ? match[2] : match[2].replace(/\\(.)/g, '$1');
  }
  return params;
}

/** RFC 8187: charset'language'percent-encoded bytes; undefined for a charset we do not read or a malformed value. */
function decodeExtendedValue(value: string): string | undefined {
  const parts = /^([^']*)'[^']*'(.*)$/.exec(value);
  if (!parts) return undefined;
  const charset = parts[1]!.toLowerCase();
  if (charset !== 'utf-8' && charset !== 'iso-8859-1') return undefined;
  if (/%(?![0-9a-f]{2})/i.test(parts[2]!)) return undefined;
  const bytes = Buffer.from(
    parts[2]!.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
  return bytes.toString(charset === 'utf-8' ? 'utf8' : 'latin1');
}

async function readUpload(upload: Upload, maxFileBytes: number, head: RequestHead): Promise<UploadedFile> {
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
  return new UploadedFile({
    fileName: file.filename ?? '',
    declaredFileName: head.fileNameOf(file.fieldName),
    declaredType: file.mimetype ?? '',
    bytes: Buffer.concat(chunks),
    isOverLimit,
  });
}

/** Replaces every Upload placed in the variables by processRequest with the file it stands for. */
async function resolveUploads(value: unknown, maxFileBytes: number, head: RequestHead): Promise<unknown> {
  if (value instanceof Upload) return readUpload(value, maxFileBytes, head);
  if (Array.isArray(value)) return Promise.all(value.map((item) => resolveUploads(item, maxFileBytes, head)));
  if (value && typeof value === 'object') {
    const entries = await Promise.all(Object.entries(value).map(async ([key, item]) => [key, await resolveUploads(item, maxFileBytes, head)] as const));
    return Object.fromEntries(entries);
  }
  return value;
}

/**
 * The request as processRequest uses it, except that the multipart parser it pipes into gets an error listener (after
 * the first error, which rejects processRequest, busboy can emit a second one, which would otherwise be uncaught) and
 * the head of the request is kept for the file's declared name.
 */
function guarded(raw: IncomingMessage, head: RequestHead): IncomingMessage {
  return {
    headers: raw.headers,
    pipe: <T extends NodeJS.WritableStream>(destination: T) => {
      destination.on('error', () => {});
      head.tap(raw, destination);
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
      const head = new RequestHead(request.headers['content-type']);
      const operations = (await processRequest(guarded(request.raw, head), reply.raw, {
        maxFiles: 1,
        maxFileSize: options.maxFileBytes + 1,
        maxFieldSize: 200_000,
      })) as unknown as Record<string, unknown>;
      if (Array.isArray(operations)) return reply.code(400).send(refuse('Batched requests are not accepted: send one GraphQL operation per request.'));
      request.body = { ...operations, variables: await resolveUploads(operations.variables ?? {}, options.maxFileBytes, head) };
    } catch (error) {
      const message = /max file uploads exceeded/.test((error as Error).message)
        ? 'Send one file per request.'
        : `This multipart request could not be read: ${(error as Error).message}`;
      return reply.code(400).send(refuse(message));
    }
  });
}
