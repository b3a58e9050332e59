/**
 * Sends GraphQL requests one after another from a process of its own, so the client's HTTP and JSON work never
 * shares the server's event loop. The parent sends one case at a time; each request's latency (send → whole body
 * parsed) comes back in milliseconds.
 */
interface CaseRequest {
  url: string;
  headers: Record<string, string>;
  query: string;
  variables: Array<Record<string, unknown>>;
}

async function runCase(message: CaseRequest | 'stop') {
  if (message === 'stop') process.exit(0);
  const times: number[] = [];
  let errors = 0;
  let firstError: unknown = null;
  for (const variables of message.variables) {
    const started = performance.now();
    const response = await fetch(message.url, { method: 'POST', headers: message.headers, body: JSON.stringify({ query: message.query, variables }) });
    const body = (await response.json()) as { errors?: unknown[] };
    times.push(performance.now() - started);
    if (body.errors?.length) {
      errors += 1;
      firstError ??= body.errors[0];
    }
  }
  process.send?.({ times, errors, firstError });
}
process.on('message', (message: CaseRequest | 'stop') => void runCase(message));
process.send?.('ready');
