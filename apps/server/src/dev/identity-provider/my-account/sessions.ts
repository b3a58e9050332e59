import type Provider from 'oidc-provider';
import type { DevIdpUsers } from '../dev-idp-users.ts';
import { json, link, noContent, notFound, OktaApiError, type Caller, type Context } from './http.ts';
import { displayNameOf } from './profile.ts';

/** The Sessions API (/api/v1/sessions/me): the provider session of the browser's cookie, or of the access token's sid. */
export function createSessionsApi(deps: {
  issuer: string;
  store: DevIdpUsers;
  provider: Provider;
  sessionTtlSeconds: number;
  verifyAccessToken: (ctx: Context, scopes: readonly string[] | null) => Promise<Caller>;
}) {
  const { issuer, store, verifyAccessToken } = deps;
  type ProviderSession = InstanceType<Provider['Session']>;

  async function findSession(ctx: Context): Promise<ProviderSession | undefined> {
    const fromCookie = await deps.provider.Session.get(ctx);
    if (fromCookie.accountId) return fromCookie;
    if (!ctx.get('authorization')) return undefined;
    const caller = await verifyAccessToken(ctx, ['okta.myAccount.sessions.manage']);
    const sid = caller.claims.sid;
    if (typeof sid !== 'string') return undefined;
    const session = await deps.provider.Session.findByUid(sid);
    if (session?.accountId !== caller.user.id) return undefined;
    return session?.accountId ? session : undefined;
  }

  async function sessionBody(session: ProviderSession) {
    const user = await store.provision(session.accountId!);
    const primary = user ? await store.primaryEmail(user.id) : undefined;
    const iso = (seconds: number | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);
    const self = `${issuer}/api/v1/sessions/me`;
    return {
      id: session.uid,
      login: primary?.email ?? user?.profile.login ?? null,
      userId: session.accountId,
      status: 'ACTIVE',
      createdAt: iso(session.iat),
      expiresAt: iso(session.exp),
      lastPasswordVerification: iso(session.loginTs),
      lastFactorVerification: null,
      amr: session.amr ?? ['pwd'],
      idp: { id: 'development', type: 'OKTA' },
      mfaActive: false,
      _links: {
        self: link(self, ['GET', 'DELETE']),
        refresh: link(`${self}/lifecycle/refresh`, ['POST']),
        user: { name: user ? displayNameOf(user.profile) : '', href: `${issuer}/api/v1/users/me`, hints: { allow: ['GET'] } },
      },
    };
  }

  async function handleSessions(ctx: Context, rest: string) {
    const methods: Record<string, string[]> = { '': ['GET', 'DELETE'], '/lifecycle/refresh': ['POST'] };
    const allowed = methods[rest];
    if (!allowed) throw notFound(`${rest} (Session)`);
    if (!allowed.includes(ctx.method)) {
      ctx.set('Allow', allowed.join(', '));
      throw new OktaApiError(405, 'E0000022', 'The endpoint does not support the provided HTTP method');
    }
    const session = await findSession(ctx);
    if (!session) throw notFound('me (Session)');
    if (ctx.method === 'DELETE') {
      await session.destroy();
      noContent(ctx);
      return;
    }
    if (ctx.method === 'POST') await session.save(deps.sessionTtlSeconds);
    json(ctx, 200, await sessionBody(session));
  }

  return handleSessions;
}
