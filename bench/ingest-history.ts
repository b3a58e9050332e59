/**
 * History files for the backfill benchmark: `rows` transactions of one account as `npm run import` reads them, one
 * `{"data": {…}}` per line, written as a stream (bounded memory) and gzip'd on the way when the name ends in .gz.
 * Every 10th transaction appears twice (an earlier version after its later one), so the merge's version rule works too.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

const STATUSES = ['completed', 'completed', 'completed', 'completed', 'failed', 'pending', 'waitingPayment'];
const CRYPTO = ['btc', 'eth', 'usdc', 'sol'];
const COUNTRIES = ['GB', 'DE', 'FR', 'ES', 'US', 'BR'];

export async function writeHistoryFile(file: string, accountId: string, rows: number): Promise<{ lines: number; bytes: number }> {
  let lines = 0;
  const start = Date.UTC(2022, 0, 1);
  const span = Date.UTC(2025, 11, 31) - start;
  function* generate(): Generator<string> {
    let buffer = '';
    for (let n = 0; n < rows; n += 1) {
      const id = crypto.randomUUID();
      const created = new Date(start + Math.floor((n / rows) * span)).toISOString();
      const amount = (20 + ((n * 7919) % 300_000) / 100).toFixed(2);
      const status = STATUSES[n % STATUSES.length]!;
      const record = (version: number, state: string) =>
        `{"data":{"id":"${id}","version":${version},"accountId":"${accountId}","liveMode":true,"kind":"buy","status":"${state}","createdAt":"${created}","customerId":null,"externalCustomerId":"cus_${n % 50_000}","externalTransactionId":"hist_${n}","baseCurrencyCode":"eur","quoteCurrencyCode":"${CRYPTO[n % 4]}","fiatCurrencyCode":"eur","amount":"${amount}","baseCurrencyAmount":"${amount}","quoteCurrencyAmount":"0.00150000","feeAmount":"1.50","extraFeeAmount":"0.50","networkFeeAmount":"0.20","usdRate":"1.08","eurRate":"1","gbpRate":"0.85","paymentMethod":"creditCard","country":"${COUNTRIES[n % COUNTRIES.length]}","networkCode":"ethereum"${state === 'failed' ? ',"failureReason":"cardDeclined"' : ''}}}\n`;
      buffer += record(2, status);
      lines += 1;
      if (n % 10 === 0) {
        buffer += record(1, 'waitingPayment');
        lines += 1;
      }
      if (buffer.length > 1 << 20) {
        yield buffer;
        buffer = '';
      }
    }
    if (buffer) yield buffer;
  }
  const out = fs.createWriteStream(file);
  if (file.endsWith('.gz')) await pipeline(Readable.from(generate()), zlib.createGzip({ level: 1 }), out);
  else await pipeline(Readable.from(generate()), out);
  return { lines, bytes: fs.statSync(file).size };
}
