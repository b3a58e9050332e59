// `node --import tsx bench/webhooks-only.ts [--smoke]`: only the webhook delivery benchmark.
import os from 'node:os';
import { runWebhookDeliveryBench, writeWebhookSection } from './webhook-delivery.bench.ts';

const smoke = process.argv.includes('--smoke') || process.env.BENCH_SMOKE === '1';
const loadAverage = os.loadavg().map((value) => value.toFixed(1)).join(' / ');
const result = await runWebhookDeliveryBench(
  smoke ? { events: 500, ratePerSecond: 500, concurrency: 32 } : { events: Number(process.env.BENCH_WEBHOOK_EVENTS ?? 20_000), ratePerSecond: Number(process.env.BENCH_WEBHOOK_RATE ?? 1200), concurrency: Number(process.env.BENCH_WEBHOOK_CONCURRENCY ?? 48) },
  console.log,
);
if (!smoke) console.log(`Wrote ${writeWebhookSection(result, loadAverage)}`);
