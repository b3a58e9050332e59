import type { RequestOptions } from '@okta/okta-auth-js/core';
import { describe, expect, it } from 'vitest';
import { oktaAuthOptions, publicClientRevocation, refreshWithSignInScopes } from './okta-auth';
import { TEST_SSO_CONFIG } from './test-sso-config';

const config = TEST_SSO_CONFIG;

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

describe('refreshes with the sign-in scopes', () => {
  const rewrite = refreshWithSignInScopes({ ...config, scopes: ['openid', 'email', 'profile', 'okta.myAccount.profile.read'] });

  it('adds the scopes signed in with to a refresh that names only the access token’s', () => {
    const request: RequestOptions = {
      url: config.tokenUrl,
      args: 'client_id=rampart-dashboard&grant_type=refresh_token&scope=okta.myAccount.profile.read&refresh_token=r%2B1',
    };
    rewrite(request);
    const params = new URLSearchParams(request.args as string);
    expect(params.get('scope')).toBe('okta.myAccount.profile.read openid email profile');
    expect(params.get('refresh_token')).toBe('r+1');
    expect(params.get('grant_type')).toBe('refresh_token');
  });

  it('leaves code exchanges and other endpoints alone', () => {
    const exchange: RequestOptions = { url: config.tokenUrl, args: 'grant_type=authorization_code&code=abc' };
    rewrite(exchange);
    expect(exchange.args).toBe('grant_type=authorization_code&code=abc');
    const revoke: RequestOptions = { url: config.revokeUrl, args: 'grant_type=refresh_token&scope=x' };
    rewrite(revoke);
    expect(revoke.args).toBe('grant_type=refresh_token&scope=x');
  });
});
