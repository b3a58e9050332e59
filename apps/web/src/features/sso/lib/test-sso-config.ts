import type { SsoConfig } from './okta-auth';

/** The development identity provider's configuration as the tests of this feature use it. */
export const TEST_SSO_CONFIG: SsoConfig = {
  issuer: 'http://localhost:3001',
  clientId: 'rampart-dashboard',
  scopes: ['openid', 'email', 'profile'],
  authorizeUrl: 'http://localhost:3001/auth',
  tokenUrl: 'http://localhost:3001/token',
  userinfoUrl: 'http://localhost:3001/me',
  revokeUrl: 'http://localhost:3001/token/revocation',
  logoutUrl: 'http://localhost:3001/session/end',
  isDevelopmentProvider: true,
};
