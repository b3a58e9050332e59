/** The issuer URL of the development identity provider on a given port (kept apart so the API need not load oidc-provider). */
export function developmentIssuer(port: number): string {
  return `http://localhost:${port}`;
}
