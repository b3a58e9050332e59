import { ApolloLink, HttpLink } from '@apollo/client';
import { ServerError, ServerParseError } from '@apollo/client/errors';
import { print } from 'graphql';
import { Observable } from 'rxjs';

// A small upload-capable HTTP link: operations whose variables hold a File/Blob are sent as a
// GraphQL multipart request (https://github.com/jaydenseric/graphql-multipart-request-spec);
// everything else goes through Apollo's HttpLink as JSON.

export interface ExtractedFiles {
  clone: unknown;
  files: Map<Blob, string[]>;
}

function isFile(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

/** Replaces every File/Blob with null and records the paths where each one appeared. */
export function extractFiles(value: unknown, path = 'variables', files = new Map<Blob, string[]>()): ExtractedFiles {
  if (isFile(value)) {
    files.set(value, [...(files.get(value) ?? []), path]);
    return { clone: null, files };
  }
  if (Array.isArray(value)) {
    return { clone: value.map((item, index) => extractFiles(item, `${path}.${index}`, files).clone), files };
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const clone: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) clone[key] = extractFiles(item, `${path}.${key}`, files).clone;
    return { clone, files };
  }
  return { clone: value, files };
}

export function hasFiles(variables: unknown): boolean {
  return extractFiles(variables).files.size > 0;
}

export function buildMultipartBody(operation: ApolloLink.Operation): FormData {
  const { clone, files } = extractFiles(operation.variables);
  const form = new FormData();
  form.append('operations', JSON.stringify({ operationName: operation.operationName, query: print(operation.query), variables: clone }));
  const map: Record<string, string[]> = {};
  let index = 0;
  files.forEach((paths) => {
    map[String(index++)] = paths;
  });
  form.append('map', JSON.stringify(map));
  index = 0;
  files.forEach((_paths, file) => {
    const name = typeof File !== 'undefined' && file instanceof File ? file.name : 'blob';
    form.append(String(index++), file, name);
  });
  return form;
}

function createMultipartLink(uri: string): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        const controller = new AbortController();
        const { headers = {} } = operation.getContext() as { headers?: Record<string, string> };
        fetch(uri, {
          method: 'POST',
          credentials: 'include',
          headers: { accept: 'application/graphql-response+json,application/json;q=0.9', ...headers },
          body: buildMultipartBody(operation),
          signal: controller.signal,
        })
          .then(async (response) => {
            const bodyText = await response.text();
            let body: unknown;
            try {
              body = JSON.parse(bodyText);
            } catch (error) {
              throw new ServerParseError(error, { response, bodyText });
            }
            if (!body || typeof body !== 'object' || !('data' in body || 'errors' in body)) {
              throw new ServerError(`Response not successful: Received status code ${response.status}`, {
                response,
                bodyText,
              });
            }
            observer.next(body as ApolloLink.Result);
            observer.complete();
          })
          .catch((error: unknown) => {
            if (!controller.signal.aborted) observer.error(error);
          });
        return () => controller.abort();
      }),
  );
}

export function createUploadHttpLink(uri: string): ApolloLink {
  return ApolloLink.split((operation) => hasFiles(operation.variables), createMultipartLink(uri), new HttpLink({ uri, credentials: 'include' }));
}
