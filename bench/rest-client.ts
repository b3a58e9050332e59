/**
 * Sends REST GET requests one after another from a process of its own (the GraphQL client's twin, bench/graphql-client.ts):
 * each request's latency (send → whole body parsed) comes back in milliseconds. A response counts as an error unless it
 * is a 200 whose `data` holds `expectRows` items (starting with `expectFirstId` when given).
 */
interface CaseRequest {
  urls: string[];
  headers: Record<string, string>;
  expectRows: number;
  /** The id the page must start with, when known: a cursor or offset the route ignored would give another page. */
  expectFirstId?: string;
}

async function runRequests(message: CaseRequest | 'stop') {
  if (message === 'stop') process.exit(0);
  const times: number[] = [];
  let errors = 0;
  let firstError: unknown = null;
  for (const url of message.urls) {
    const started = performance.now();
    const response = await fetch(url, { headers: message.headers });
    const body = (await response.json()) as { data?: Array<{ id?: string }> };
    times.push(performance.now() - started);
    if (response.status !== 200 || body.data?.length !== message.expectRows || (message.expectFirstId && body.data[0]?.id !== message.expectFirstId)) {
      errors += 1;
      firstError ??= { status: response.status, body: JSON.stringify(body).slice(0, 500) };
    }
  }
  process.send?.({ times, errors, firstError });
}
process.on('message', (message: CaseRequest | 'stop') => void runRequests(message));
process.send?.('ready');
