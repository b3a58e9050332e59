import { OktaAuth, type AccessToken, type HttpResponse } from '@okta/okta-auth-js/core';
import { describe, expect, it, vi } from 'vitest';
import { createMyAccountClient, MY_ACCOUNT_ACCEPT, toPassword } from './my-account';
import { MISSING_ACCESS_TOKEN } from './my-account-errors';

const ISSUER = 'http://idp.test:3001';

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  data: unknown;
  withCredentials: boolean;
}

function accessToken(value: string, expiresAt: number): AccessToken {
  return {
    accessToken: value,
    claims: { sub: 'user-1' },
    expiresAt,
    tokenType: 'Bearer',
    scopes: ['openid'],
    authorizeUrl: `${ISSUER}/auth`,
    userinfoUrl: `${ISSUER}/me`,
  };
}

/** A real okta-auth-js whose HTTP client answers from `respond` (thrown answers are failures, as its fetch client does). */
function setup(respond: (request: Sent) => { status: number; body?: unknown; headers?: Record<string, string> }) {
  const sent: Sent[] = [];
  const oktaAuth = new OktaAuth({
    issuer: ISSUER,
    clientId: 'rampart-dashboard',
    redirectUri: 'http://localhost/login/okta_callback',
    tokenManager: { storage: 'memory', autoRenew: false, autoRemove: false },
    httpRequestClient: async (method, url, args) => {
      const request = { method, url, headers: (args.headers ?? {}) as Record<string, string>, data: args.data, withCredentials: !!args.withCredentials };
      sent.push(request);
      const answer = respond(request);
      const response: HttpResponse = {
        status: answer.status,
        responseText: answer.body === undefined ? '' : JSON.stringify(answer.body),
        headers: answer.headers ?? {},
      };
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- okta-auth-js's own HTTP client rejects with the response object, and its callers read .status from it
      if (answer.status >= 400) throw response;
      return response;
    },
  });
  // okta-auth-js's memory storage is one per page: each test starts without tokens.
  oktaAuth.tokenManager.clear();
  return { oktaAuth, sent, client: createMyAccountClient(oktaAuth, 'idp.test:3001') };
}

const now = () => Math.floor(Date.now() / 1000);

describe('account-management calls', () => {
  it('send the access token and the version header to the issuer’s MyAccount API', async () => {
    const { oktaAuth, sent, client } = setup(() => ({
      status: 200,
      body: [
        {
          id: 'e1',
          profile: { email: 'ada@example.com' },
          roles: ['PRIMARY'],
          status: 'VERIFIED',
          _links: { self: { href: `${ISSUER}/idp/myaccount/emails/e1` } },
        },
      ],
    }));
    oktaAuth.tokenManager.setTokens({ accessToken: accessToken('token-1', now() + 600) });
    expect(await client.getEmails()).toEqual([{ id: 'e1', email: 'ada@example.com', roles: ['PRIMARY'], status: 'VERIFIED' }]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'GET', url: `${ISSUER}/idp/myaccount/emails` });
    expect(sent[0]!.headers.Authorization).toBe('Bearer token-1');
    expect(sent[0]!.headers.Accept).toContain('okta-version=1.0.0');
  });

  it('renew an expired access token first, and a refused one once before repeating the call', async () => {
    let accepted = 'token-2';
    const { oktaAuth, sent, client } = setup((request) =>
      request.headers.Authorization === `Bearer ${accepted}`
        ? { status: 200, body: { createdAt: '2026-11-23T10:00:00.000Z', modifiedAt: '2026-11-23T11:00:00.000Z', profile: { firstName: 'Ada' }, _links: {} } }
        : {
            status: 401,
            body: { errorCode: 'E0000011', errorSummary: 'Invalid token provided: The access token has expired.' },
            headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
          },
    );
    oktaAuth.tokenManager.setTokens({ accessToken: accessToken('token-1', now() - 60) });
    const renew = vi.spyOn(oktaAuth.tokenManager, 'renew').mockImplementation(async () => {
      const token = accessToken(accepted, now() + 600);
      oktaAuth.tokenManager.setTokens({ accessToken: token });
      return token;
    });
    expect((await client.getProfile()).profile).toEqual({ firstName: 'Ada' });
    expect(renew).toHaveBeenCalledTimes(1);
    expect(sent.map((request) => request.headers.Authorization)).toEqual(['Bearer token-2']);

    // The provider refuses a token that looked valid here: one renewal, one repeat.
    accepted = 'token-3';
    expect((await client.getProfile()).profile).toEqual({ firstName: 'Ada' });
    expect(renew).toHaveBeenCalledTimes(2);
    expect(sent.map((request) => request.headers.Authorization)).toEqual(['Bearer token-2', 'Bearer token-2', 'Bearer token-3']);
  });

  it('without any token, fail with the spec’s message before asking the provider', async () => {
    const { sent, client } = setup(() => ({ status: 200, body: {} }));
    await expect(client.getPhones()).rejects.toMatchObject({ kind: 'missing-token', message: MISSING_ACCESS_TOKEN });
    expect(sent).toHaveLength(0);
  });

  it('turn a 403 insufficient_authentication_context into a step-up with max_age', async () => {
    const { oktaAuth, client } = setup(() => ({
      status: 403,
      body: { errorCode: 'E0000006', errorSummary: 'This change needs a more recent sign-in.' },
      headers: {
        'www-authenticate':
          'Bearer realm="IdpMyAccountAPI", error="insufficient_authentication_context", error_description="The resource request requires a more recent authentication", max_age=900',
      },
    }));
    oktaAuth.tokenManager.setTokens({ accessToken: accessToken('token-1', now() + 600) });
    await expect(client.deleteEmail('e2')).rejects.toMatchObject({
      kind: 'step-up',
      maxAge: 900,
      message: 'The resource request requires a more recent authentication',
    });
    const redirect = vi.spyOn(oktaAuth, 'signInWithRedirect').mockResolvedValue();
    const stepUp = await client.deleteEmail('e2').catch((error: unknown) => error);
    await client.signInAgain('/profile/general', stepUp as never); // a hand-made step-up error, only the fields signInAgain reads
    expect(redirect).toHaveBeenCalledWith({ originalUri: '/profile/general', maxAge: 900 });
  });

  it('read the provider session with the cookie and the token, and a missing one as null', async () => {
    let ended = false;
    const { oktaAuth, sent, client } = setup((request) =>
      request.method === 'DELETE'
        ? ((ended = true), { status: 204 })
        : ended
          ? { status: 404, body: { errorCode: 'E0000007', errorSummary: 'Not found: Resource not found: me (Session)' } }
          : {
              status: 200,
              body: {
                id: 's1',
                login: 'ada@example.com',
                createdAt: '2026-11-23T10:00:00.000Z',
                expiresAt: '2026-11-24T10:00:00.000Z',
                lastPasswordVerification: '2026-11-23T10:00:00.000Z',
                amr: ['pwd'],
                status: 'ACTIVE',
              },
            },
    );
    oktaAuth.tokenManager.setTokens({ accessToken: accessToken('token-1', now() + 600) });
    expect(await client.getSession()).toMatchObject({ id: 's1', login: 'ada@example.com', amr: ['pwd'] });
    await client.endSession();
    expect(await client.getSession()).toBeNull();
    expect(sent.map((request) => [request.method, request.url, request.withCredentials, request.headers.Accept])).toEqual([
      ['GET', `${ISSUER}/api/v1/sessions/me`, true, MY_ACCOUNT_ACCEPT],
      ['DELETE', `${ISSUER}/api/v1/sessions/me`, true, MY_ACCOUNT_ACCEPT],
      ['GET', `${ISSUER}/api/v1/sessions/me`, true, MY_ACCOUNT_ACCEPT],
    ]);
  });
});

describe('the provider session’s lifecycle', () => {
  const SESSION = {
    id: 's1',
    login: 'ada@example.com',
    createdAt: '2026-11-23T10:00:00.000Z',
    expiresAt: '2026-12-07T10:00:00.000Z',
    lastPasswordVerification: '2026-11-23T10:00:00.000Z',
    amr: ['pwd'],
    status: 'ACTIVE',
  };

  it('refresh it with POST /api/v1/sessions/me/lifecycle/refresh and the provider’s cookie, a missing one as null', async () => {
    let live = true;
    const { sent, client } = setup(() =>
      live ? { status: 200, body: SESSION } : { status: 404, body: { errorCode: 'E0000007', errorSummary: 'Not found: Resource not found: me (Session)' } },
    );
    expect(await client.refreshSession()).toMatchObject({ id: 's1', expiresAt: '2026-12-07T10:00:00.000Z' });
    live = false;
    expect(await client.refreshSession()).toBeNull();
    expect(sent.map((request) => [request.method, request.url, request.withCredentials])).toEqual([
      ['POST', `${ISSUER}/api/v1/sessions/me/lifecycle/refresh`, true],
      ['POST', `${ISSUER}/api/v1/sessions/me/lifecycle/refresh`, true],
    ]);
  });

  it('start one with classic authn, then hand the session token to the provider’s session-cookie redirect', async () => {
    const { oktaAuth, sent, client } = setup((request) =>
      (request.data as { password?: string }).password === 'right-password'
        ? {
            status: 200,
            body: { status: 'SUCCESS', sessionToken: 'session-token-1', expiresAt: '2026-11-23T10:05:00.000Z', _embedded: { user: { id: 'u1' } } },
          }
        : { status: 401, body: { errorCode: 'E0000004', errorSummary: 'Authentication failed', errorCauses: [] } },
    );
    const redirect = vi.spyOn(oktaAuth.session, 'setCookieAndRedirect').mockImplementation(() => {});
    await expect(client.startSession('ada@example.com', 'wrong-password', '/profile/security')).rejects.toMatchObject({
      fields: { password: 'The e-mail address or password is not correct.' },
    });
    expect(redirect).not.toHaveBeenCalled();

    await client.startSession('ada@example.com', 'right-password', '/profile/security');
    expect(sent.map((request) => [request.method, request.url, request.data])).toEqual([
      ['POST', `${ISSUER}/api/v1/authn`, { username: 'ada@example.com', password: 'wrong-password' }],
      ['POST', `${ISSUER}/api/v1/authn`, { username: 'ada@example.com', password: 'right-password' }],
    ]);
    expect(redirect).toHaveBeenCalledWith('session-token-1', `${window.location.origin}/profile/security`);
  });
});

describe('the password resource', () => {
  it('offers what the provider’s hints allow', () => {
    const link = (allow: string[]) => ({ href: `${ISSUER}/idp/myaccount/password`, hints: { allow } });
    expect(toPassword({ status: 'ACTIVE', created: 'c', lastUpdated: 'u', _links: { self: link(['GET', 'PUT']) } })).toEqual({
      status: 'ACTIVE',
      created: 'c',
      lastUpdated: 'u',
      canEnroll: false,
      canChange: true,
      canRemove: false,
    });
    expect(toPassword({ status: 'NOT_ENROLLED', _links: { self: link(['GET']), enroll: link(['POST']) } })).toMatchObject({
      canEnroll: true,
      canChange: false,
      canRemove: false,
    });
    // Without hints, what okta-auth-js offers: change and remove an active password.
    expect(toPassword({ status: 'ACTIVE' })).toMatchObject({ canChange: true, canRemove: true });
  });
});
