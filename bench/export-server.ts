// The app alone in its own process (forked by transactions.bench.ts), so the CSV export's memory is the server's only.
import type { AddressInfo } from 'node:net';
import { parseEnv } from '../apps/server/src/config/env.ts';
import { startInfrastructure } from '../apps/server/src/boot.ts';
import { buildApp } from '../apps/server/src/app.ts';

const config = parseEnv(process.env);
const infrastructure = await startInfrastructure(config);
const app = await buildApp({ config, database: infrastructure.database, mailer: infrastructure.mailer, chain: infrastructure.chain, webRoot: null });
await app.listen({ port: 0, host: '127.0.0.1' });
process.send!({ port: (app.server.address() as AddressInfo).port });
process.on('message', (message) => {
  if (message !== 'stop') return;
  void app
    .close()
    .then(() => infrastructure.close())
    .finally(() => process.exit(0));
});
