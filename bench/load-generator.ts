/**
 * Runs one autocannon load in its own process, so the load generator never shares an event loop with the
 * server under test. The parent sends the options over IPC and receives autocannon's result.
 */
import autocannon from 'autocannon';

export interface LoadRequest {
  title: string;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Every response must carry exactly this body; autocannon counts the others as mismatches. Omitted: any 2xx body. */
  expectBody?: string;
  connections: number;
  durationSeconds: number;
}

process.once('message', (message: LoadRequest) => {
  const instance = autocannon(
    {
      title: message.title,
      url: message.url,
      method: message.method,
      headers: message.headers,
      ...(message.body === undefined ? {} : { body: message.body }),
      ...(message.expectBody === undefined ? {} : { expectBody: message.expectBody }),
      connections: message.connections,
      duration: message.durationSeconds,
    },
    (error, result) => {
      if (error) {
        process.send?.({ error: String(error) }, () => process.exit(1));
        return;
      }
      process.send?.({ result }, () => process.exit(0));
    },
  );
  process.once('SIGTERM', () => instance.stop());
});
