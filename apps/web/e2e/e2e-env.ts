// Ports of the end-to-end stack, apart from `npm start`'s so both can run at once.
export const E2E = {
  appPort: 3100,
  idpPort: 3101,
  mailApiPort: 3102,
  postgresPort: 5488,
  get appUrl() {
    return `http://localhost:${this.appPort}`;
  },
  get idpUrl() {
    return `http://localhost:${this.idpPort}`;
  },
  demo: { email: 'demo@rampart.dev', password: 'rampart-demo-2026!' },
} as const;
