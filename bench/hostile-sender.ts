/**
 * Sends the hostile uploads of bench/hostile.bench.ts from its own process, so building and sending them never shares an
 * event loop with the server being measured. Each wave sends every file at once and waits for all the answers; waves
 * follow each other until the time is up. The parent sends a SenderRequest over IPC and receives a SenderResult.
 */
import fs from 'node:fs';

export interface HostileUpload {
  label: string;
  query: string;
  variables: Record<string, unknown>;
  /** The Upload variable the file goes to. */
  fileVariable: string;
  filePath: string;
  fileName: string;
  /** A text variable made unique on each send (a theme's name is unique in its account). */
  uniqueVariable?: string;
  /** Sent after a successful upload with { id } of the mutation's result, to undo it (a stored KYB document). */
  cleanup?: string;
}

export interface SenderRequest {
  baseUrl: string;
  headers: Record<string, string>;
  uploads: HostileUpload[];
  durationSeconds: number;
}

export interface UploadOutcome {
  label: string;
  sent: number;
  /** What the server answered, with how often: the error message, or "accepted". */
  answers: Record<string, number>;
  latenciesMs: number[];
}

export type SenderResult = { outcomes: UploadOutcome[] } | { error: string };

async function send(request: SenderRequest, upload: HostileUpload, bytes: Buffer, attempt: number): Promise<{ answer: string; ms: number }> {
  const form = new FormData();
  const variables = { ...upload.variables, [upload.fileVariable]: null };
  if (upload.uniqueVariable) variables[upload.uniqueVariable] = `${String(variables[upload.uniqueVariable])} ${process.pid}-${attempt}`;
  form.append('operations', JSON.stringify({ query: upload.query, variables }));
  form.append('map', JSON.stringify({ 0: [`variables.${upload.fileVariable}`] }));
  form.append('0', new Blob([bytes]), upload.fileName);
  const started = performance.now();
  const response = await fetch(`${request.baseUrl}/graphql`, { method: 'POST', headers: request.headers, body: form });
  const body = (await response.json()) as { data?: Record<string, { id?: string } | null>; errors?: Array<{ message: string }> };
  const ms = performance.now() - started;
  const result = body.data ? Object.values(body.data)[0] : null;
  if (upload.cleanup && result?.id) {
    await fetch(`${request.baseUrl}/graphql`, {
      method: 'POST',
      headers: { ...request.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ query: upload.cleanup, variables: { id: result.id } }),
    });
  }
  return { answer: body.errors?.[0]?.message ?? (result ? 'accepted' : `HTTP ${response.status}`), ms };
}

process.once('message', (request: SenderRequest) => {
  void (async () => {
    const files = request.uploads.map((upload) => fs.readFileSync(upload.filePath));
    const outcomes: UploadOutcome[] = request.uploads.map((upload) => ({ label: upload.label, sent: 0, answers: {}, latenciesMs: [] }));
    const deadline = Date.now() + request.durationSeconds * 1000;
    // At least one wave, then more until the time is up.
    do {
      await Promise.all(
        request.uploads.map(async (upload, index) => {
          const outcome = outcomes[index]!;
          const { answer, ms } = await send(request, upload, files[index]!, outcome.sent);
          outcome.sent += 1;
          outcome.answers[answer] = (outcome.answers[answer] ?? 0) + 1;
          outcome.latenciesMs.push(ms);
        }),
      );
    } while (Date.now() < deadline);
    process.send?.({ outcomes } satisfies SenderResult, () => process.exit(0));
  })().catch((error: unknown) => process.send?.({ error: String(error) } satisfies SenderResult, () => process.exit(1)));
});
