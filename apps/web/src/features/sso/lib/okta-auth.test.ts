import type { RequestOptions } from '@okta/okta-auth-js/core';
import { describe, expect, it } from 'vitest';
import { oktaAuthOptions, publicClientRevocation, type SsoConfig } from './okta-auth';

const config: SsoConfig = {
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

describe('okta-auth-js options', () => {
  it('give every endpoint explicitly, with PKCE and the spec scopes', () => {
    const options = oktaAuthOptions(config, 'http://localhost:3000');
    expect(options).toMatchObject({
      issuer: config.issuer,
      clientId: 'rampart-dashboard',
      scopes: ['openid', 'email', 'profile'],
      authorizeUrl: config.authorizeUrl,
      tokenUrl: config.tokenUrl,
      userinfoUrl: config.userinfoUrl,
      revokeUrl: config.revokeUrl,
      logoutUrl: config.logoutUrl,
      redirectUri: 'http://localhost:3000/login/okta_callback',
      postLogoutRedirectUri: 'http://localhost:3000/login',
      pkce: true,
      responseType: 'code',
      cookies: { secure: false },
    });
    expect(oktaAuthOptions(config, 'https://dashboard.example').cookies).toEqual({ secure: true });
  });
});

describe('public-client revocation', () => {
  const rewrite = publicClientRevocation(config);

  it('moves the client id from okta-auth-js’s Basic header into the body', () => {
    const request: RequestOptions = {
      url: config.revokeUrl,
      args: 'token_type_hint=refresh_token&token=abc',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${btoa('rampart-dashboard')}` },
    };
    rewrite(request);
    expect(request.headers).toEqual({ 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(request.args).toBe('token_type_hint=refresh_token&token=abc&client_id=rampart-dashboard');
  });

  it('leaves other requests and real client credentials alone', () => {
    const token: RequestOptions = { url: config.tokenUrl, args: 'grant_type=refresh_token', headers: { Authorization: `Basic ${btoa('rampart-dashboard')}` } };
    rewrite(token);
    expect(token.headers).toEqual({ Authorization: `Basic ${btoa('rampart-dashboard')}` });
    const confidential: RequestOptions = { url: config.revokeUrl, args: 'token=abc', headers: { Authorization: `Basic ${btoa('rampart-dashboard:secret')}` } };
    rewrite(confidential);
    expect(confidential.args).toBe('token=abc');
  });
});
