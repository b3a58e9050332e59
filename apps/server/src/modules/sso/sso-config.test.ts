import { describe, expect, it } from 'vitest';
import { identityClientConfigProblems, parseIdentityClientConfig, SSO_SCOPES } from './sso-config.ts';

const scopes = [...SSO_SCOPES];

describe('identity client configuration (spec §5)', () => {
  it('accepts an http or https issuer with an array of scopes', () => {
    expect(identityClientConfigProblems({ issuer: 'https://rampart.okta.com/oauth2/default', scopes })).toEqual([]);
    expect(identityClientConfigProblems({ issuer: 'http://localhost:3001', scopes })).toEqual([]);
    expect(parseIdentityClientConfig({ issuer: 'http://localhost:3001', scopes })).toEqual({
      issuer: 'http://localhost:3001',
      scopes: ['openid', 'email', 'profile'],
    });
  });

  it('requires the issuer', () => {
    expect(identityClientConfigProblems({ scopes })).toEqual(['The issuer is required.']);
    expect(identityClientConfigProblems({ issuer: '', scopes })).toEqual(['The issuer is required.']);
  });

  it('requires a URL starting with http', () => {
    for (const issuer of ['rampart.okta.com', 'ftp://rampart.okta.com', 'okta', 42, 'httpnot a url']) {
      expect(identityClientConfigProblems({ issuer, scopes })).toEqual(['The issuer must be a URL starting with http.']);
    }
  });

  it('refuses an issuer whose host contains "-admin."', () => {
    const problems = identityClientConfigProblems({ issuer: 'https://rampart-admin.okta.com', scopes });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/must not contain "-admin\."/);
    // Only the host counts: "-admin." in the path is fine.
    expect(identityClientConfigProblems({ issuer: 'https://rampart.okta.com/x-admin.y', scopes })).toEqual([]);
  });

  it('requires the scopes to be an array', () => {
    expect(identityClientConfigProblems({ issuer: 'https://rampart.okta.com', scopes: 'openid email profile' })).toEqual(['The scopes must be an array.']);
    expect(identityClientConfigProblems({ issuer: 'https://rampart.okta.com' })).toEqual(['The scopes must be an array.']);
  });

  it('lists every problem at once when parsing', () => {
    expect(() => parseIdentityClientConfig({ issuer: 'https://x-admin.okta.com', scopes: null })).toThrow(
      /Invalid single sign-on configuration: .*-admin\..*The scopes must be an array\./,
    );
  });
});
