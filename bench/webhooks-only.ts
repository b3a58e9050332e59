// `node --import tsx bench/webhooks-only.ts [--smoke]` (same as `npm run bench -- --webhooks`): only the webhook delivery benchmark.
import os from 'node:os';
import { runWebhookDeliveryBench, writeWebhookSection, WEBHOOK_DEFAULTS } from './webhook-delivery.bench.ts';

const smoke = process.argv.includes('--smoke') || process.env.BENCH_SMOKE === '1';
const loadAverage = os.loadavg().map((value) => value.toFixed(1)).join(' / ');
const result = await runWebhookDeliveryBench(smoke ? { events: 500, ratePerSecond: 500, concurrency: 32 } : WEBHOOK_DEFAULTS, console.log);
if (!smoke) console.log(`Wrote ${writeWebhookSection(result, loadAverage)}`);
