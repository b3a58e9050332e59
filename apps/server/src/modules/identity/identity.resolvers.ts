import { JOB_TITLES } from '@rampart/shared/enums';
import { adminPermissionsOf } from '@rampart/shared/permissions';
import type { Resolvers } from '../../generated/graphql.ts';
import { requireSession, type GraphQLContext } from '../../graphql/context.ts';
import { badInput } from '../../graphql/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { authPayload, signInPayload } from '../../graphql/auth-payload.ts';

function meta(context: GraphQLContext) {
  return { ipAddress: context.ipAddress, userAgent: context.userAgent };
}

export const identityResolvers: Resolvers = {
  Query: {
    me: (_parent, args, context) => {
      const user = requireSession(context).user;
      const selected = args.selectedAccountId ?? null;
      if (selected !== null && !isUuid(selected)) throw badInput({ selectedAccountId: 'selectedAccountId is an account id (a UUID).' });
      return { ...user, selectedAccountId: selected };
    },
    jobTitles: () => [...JOB_TITLES],
    currentSession: (_parent, _args, context) => context.services.identity.currentSession(requireSession(context)),
    activeSessions: (_parent, _args, context) => context.services.identity.listSessions(requireSession(context)),
  },
  Mutation: {
    signup: (_parent, args, context) => context.services.identity.signup(args, meta(context)),
    confirmSignupEmail: async (_parent, args, context) => authPayload(context, await context.services.identity.confirmSignupEmail(args, meta(context))),
    resendSignupEmail: (_parent, args, context) => context.services.identity.resendSignupEmail(args),
    login: async (_parent, args, context) => {
      const result = await context.services.identity.login(args, meta(context));
      if (!result.session) return { preAuthenticated: true, user: null, csrfToken: null, expiryDate: null };
      return signInPayload(context, result.session, result.recoveryCodesRemaining);
    },
    logout: async (_parent, _args, context) => {
      await context.services.identity.logout(context.cookieSessionId);
      context.sessionCookie.clear();
      return true;
    },
    triggerPasswordReset: (_parent, args, context) => context.services.identity.triggerPasswordReset(args),
    resetPassword: (_parent, args, context) => context.services.identity.resetPassword(args, meta(context)),
    initializeOtp: (_parent, _args, context) => context.services.identity.initializeOtp(requireSession(context)),
    registerOtp: (_parent, args, context) => context.services.identity.registerOtp(requireSession(context), args),
    regenerateRecoveryCodes: (_parent, args, context) => context.services.identity.regenerateRecoveryCodes(requireSession(context), args, meta(context)),
    disableOtp: (_parent, args, context) => context.services.identity.disableOtp(requireSession(context), args, meta(context)),
    requestResetTwoFactorAuth: (_parent, args, context) => context.services.identity.requestResetTwoFactorAuth(args, meta(context)),
    resetTwoFactorAuth: (_parent, args, context) => context.services.identity.resetTwoFactorAuth(args, meta(context)),
    confirmEmailAddress: (_parent, args, context) => context.services.identity.confirmEmailAddress(requireSession(context), args, meta(context)),
    updateUser: (_parent, args, context) => context.services.identity.updateUser(requireSession(context), args, meta(context)),
    revokeSession: (_parent, args, context) => context.services.identity.revokeSession(requireSession(context), args.id),
    revokeOtherSessions: (_parent, _args, context) => context.services.identity.revokeOtherSessions(requireSession(context)),
  },
  User: {
    name: (user) => `${user.firstName} ${user.lastName}`.trim(),
    permissions: (user) => [...adminPermissionsOf(user.adminRole)],
    pendingEmail: (user, _args, context) => context.services.identity.pendingEmail(user),
    recoveryCodesRemaining: (user, _args, context) => context.services.identity.recoveryCodesRemaining(user),
    memberships: (user, args, context) =>
      context.services.accounts.membershipsOfUser(user.id, Math.min(Math.max(args.take ?? 100, 0), 100), {
        selectedAccountId: user.selectedAccountId,
        lastSelectedAccountId: user.lastSelectedAccountId,
      }),
    lastSelectedAccountId: async (user, _args, context) =>
      user.lastSelectedAccountId && (await context.services.authorization.membershipRole(user.id, user.lastSelectedAccountId))
        ? user.lastSelectedAccountId
        : null,
    preferredCurrencyCode: (user) => user.preferredCurrencyCode as 'eur' | 'gbp' | 'usd',
  },
  ActiveSession: {
    ipAddress: (row) => row.ipAddress ?? null,
  },
};
