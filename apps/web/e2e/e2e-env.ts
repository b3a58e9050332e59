// Ports of the end-to-end stack, apart from `npm start`'s so both can run at once.
// E2E_PORT_BASE (app; IdP +1, mail API +2, the app's built-in local EVM chain +3) and E2E_POSTGRES_PORT move the whole stack, so two
// checkouts can run the suite side by side.
const base = Number(process.env.E2E_PORT_BASE ?? 3100);
const postgresPort = Number(process.env.E2E_POSTGRES_PORT ?? 5488);

export const E2E = {
  appPort: base,
  idpPort: base + 1,
  mailApiPort: base + 2,
  /** The app's built-in local chain (anvil, chain id 31337); tests sign and transfer against it with viem. */
  chainPort: base + 3,
  /** A second app on the run's database with Intercom configured (support-chat.spec.ts). */
  postgresPort,
  get appUrl() {
    return `http://localhost:${this.appPort}`;
  },
  get idpUrl() {
    return `http://localhost:${this.idpPort}`;
  },
  get chainUrl() {
    return `http://127.0.0.1:${this.chainPort}`;
  },
  /** Data directory of the run's server (its embedded PostgreSQL lives in `pg/`). */
  get dataDir() {
    return base === 3100 ? '.data/e2e' : `.data/e2e-${base}`;
  },
  demo: { email: 'demo@rampart.dev', password: 'rampart-demo-2026!' },
} as const;
