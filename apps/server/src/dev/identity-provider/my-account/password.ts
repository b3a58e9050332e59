import { newPasswordSchema } from '@rampart/shared/identity-schemas';
import { hashPassword, isCommonPassword, verifyPassword } from '../../../lib/password-policy.ts';
import type { DevIdpUser } from '../dev-idp-users.ts';
import { cause, json, link, noContent, notFound, profileOf, readJson, validationFailed, type MyAccountContext, type Route } from './http.ts';

/** /password: enrol, change, remove (the login page also signs in with an e-mailed code, decision 0017). */
export function passwordRoutes({ base, store, requireRecentSignIn }: MyAccountContext): Route[] {
  function passwordBody(user: DevIdpUser) {
    const self = `${base}/password`;
    if (!user.passwordHash) {
      return {
        id: `pwd${user.id.replace(/-/g, '').slice(0, 17)}`,
        status: 'NOT_ENROLLED',
        _links: { self: link(self, ['GET']), enroll: link(self, ['POST']) },
      };
    }
    return {
      id: `pwd${user.id.replace(/-/g, '').slice(0, 17)}`,
      status: 'ACTIVE',
      created: (user.passwordCreatedAt ?? user.createdAt).toISOString(),
      lastUpdated: (user.passwordUpdatedAt ?? user.createdAt).toISOString(),
      // Removable: the login page also signs in with an e-mailed code (decision 0017).
      _links: { self: link(self, ['GET', 'PUT', 'DELETE']) },
    };
  }

  async function checkedPassword(body: unknown): Promise<{ password: string; currentPassword?: string }> {
    const profile = profileOf(body);
    if (typeof profile.password !== 'string' || profile.password.length === 0) throw validationFailed([cause('password', 'Enter a password.')]);
    const length = newPasswordSchema.safeParse(profile.password);
    if (!length.success)
      throw validationFailed(
        [cause('password', `Password requirements were not met: ${length.error.issues[0]!.message}.`)],
        'Password requirements were not met',
      );
    if (isCommonPassword(profile.password)) {
      throw validationFailed(
        [cause('password', 'Password requirements were not met: this password is one of the most common passwords. Choose a less predictable one.')],
        'Password requirements were not met',
      );
    }
    const currentPassword = typeof profile.currentPassword === 'string' ? profile.currentPassword : undefined;
    return { password: profile.password, ...(currentPassword !== undefined ? { currentPassword } : {}) };
  }

  return [
    {
      pattern: /^\/password$/,
      methods: {
        GET: { scope: 'okta.myAccount.password.read', handler: async (ctx, caller) => json(ctx, 200, passwordBody(caller.user)) },
        POST: {
          scope: 'okta.myAccount.password.manage',
          handler: async (ctx, caller) => {
            if (caller.user.passwordHash)
              throw validationFailed([cause('password', 'A password is already set. Change it instead.')], 'A password is already enrolled.');
            requireRecentSignIn(caller);
            const { password } = await checkedPassword(await readJson(ctx.req));
            json(ctx, 201, passwordBody(await store.setPassword(caller.user.id, await hashPassword(password))));
          },
        },
        PUT: {
          scope: 'okta.myAccount.password.manage',
          handler: async (ctx, caller) => {
            if (!caller.user.passwordHash) throw validationFailed([cause('password', 'No password is set yet. Set one first.')], 'No password is enrolled.');
            requireRecentSignIn(caller);
            const { password, currentPassword } = await checkedPassword(await readJson(ctx.req));
            if (currentPassword !== undefined && !(await verifyPassword(caller.user.passwordHash, currentPassword))) {
              throw validationFailed([cause('currentPassword', 'The current password is not correct.')]);
            }
            if (await verifyPassword(caller.user.passwordHash, password))
              throw validationFailed(
                [cause('password', 'Password requirements were not met: choose a password different from the current one.')],
                'Password requirements were not met',
              );
            json(ctx, 200, passwordBody(await store.setPassword(caller.user.id, await hashPassword(password))));
          },
        },
        DELETE: {
          scope: 'okta.myAccount.password.manage',
          handler: async (ctx, caller) => {
            if (!caller.user.passwordHash) throw notFound('password (Password)');
            requireRecentSignIn(caller);
            await store.clearPassword(caller.user.id);
            noContent(ctx);
          },
        },
      },
    },
  ];
}
