import crypto from 'node:crypto';
import { z } from 'zod';
import { hasFreeSeat, teamLimitMessage } from '@rampart/shared/billing';
import { INVITE_VALID_DAYS, inviteMemberSchema, membershipRoleSchema, signupByInviteSchema } from '@rampart/shared/team-schemas';
import type { Env } from '../../config/env.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { AppError, badInput } from '../../graphql/errors.ts';
import { parseInput } from '../../graphql/validate.ts';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import type { IdentityRepository } from '../identity/identity.repository.ts';
import { sha256 } from '../../lib/sha256.ts';
import { hashPassword, isCommonPassword } from '../../lib/password-policy.ts';
import type { IdentityService, RequestMeta } from '../identity/identity.service.ts';
import type { LoadedSession } from '../identity/session-store.ts';
import type { TeamRepository } from './team.repository.ts';
import * as templates from './team.mail.ts';

const LAST_ADMIN = 'An account needs at least one administrator: make someone else administrator first.';

export function createTeamService(deps: {
  repository: TeamRepository;
  accounts: AccountsRepository;
  identityRepository: IdentityRepository;
  identity: IdentityService;
  mailer: Mailer;
  config: Env;
}) {
  const { repository, accounts, identityRepository, identity, mailer, config } = deps;

  async function sendInvite(membershipId: string, accountId: string, email: string, role: string, inviterName: string) {
    const token = crypto.randomBytes(32).toString('base64url');
    await repository.updateMembership(membershipId, { inviteTokenHash: sha256(token), inviteExpiresAt: new Date(Date.now() + INVITE_VALID_DAYS * 86_400_000) });
    const account = await accounts.findAccount(accountId);
    const url = new URL(`/register?inviteToken=${token}`, config.PUBLIC_URL).toString();
    await mailer.send(templates.invitation({ to: email, inviterName, accountName: account?.name ?? 'an account', role, url, days: INVITE_VALID_DAYS }));
  }

  /** The invitation behind a link, or a clear reason why it no longer works; unknown tokens count against the IP. */
  async function openInvite(token: string, ipAddress: string) {
    if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,200}$/.test(token)) throw badInput({ inviteToken: 'This invitation link is not valid.' });
    const found = await identity.findBySecret(ipAddress, () => repository.findByInviteHash(sha256(token)));
    if (!found || found.membership.hasAcceptedInvite) throw badInput({ inviteToken: 'This invitation is not valid or has already been used.' });
    if (!found.membership.inviteExpiresAt || found.membership.inviteExpiresAt < new Date()) {
      throw badInput({ inviteToken: 'This invitation has expired. Ask an administrator of the account to send a new one.' });
    }
    return found;
  }

  const nameOf = (session: LoadedSession) => `${session.user.firstName} ${session.user.lastName}`.trim() || session.user.email;

  return {
    accountOfMembership: (id: string) => repository.accountOfMembership(id),

    async createMembership(session: LoadedSession, accountId: string, input: { email: string; role: string }) {
      const values = parseInput(inviteMemberSchema, input);
      let user = await identityRepository.findUserByEmail(values.email);
      if (user) {
        const existing = await repository.findMembershipOf(accountId, user.id);
        if (existing?.hasAcceptedInvite) throw badInput({ email: 'This person is already a member of the account.' });
        if (existing) throw badInput({ email: 'This person is already invited. Use "Resend invitation" to send the e-mail again.' });
      }
      // Before anything is written: a refusal leaves no user, membership or e-mail behind.
      const seats = await repository.lockSeats(accountId);
      if (seats && !hasFreeSeat(seats.plan, seats.taken)) throw new AppError('CONFLICT', teamLimitMessage(seats.plan));
      user ??= await identityRepository.insertUser({ email: values.email, firstName: '', lastName: '' });
      const membership = await repository.insertMembership({
        accountId,
        userId: user.id,
        role: values.role,
        hasAcceptedInvite: false,
        invitedByUserId: session.user.id,
      });
      await sendInvite(membership.id, accountId, user.email, values.role, nameOf(session));
      return repository.membershipRow(membership.id);
    },

    async resendInvitationEmail(session: LoadedSession, id: string) {
      const membership = await repository.findMembership(id);
      if (!membership) throw badInput({ id: 'This membership does not exist.' });
      if (membership.hasAcceptedInvite) throw badInput({ id: 'This invitation has already been accepted.' });
      const user = await identityRepository.findUserById(membership.userId);
      await sendInvite(membership.id, membership.accountId, user!.email, membership.role, nameOf(session));
      return repository.membershipRow(membership.id);
    },

    async updateMembership(accountId: string, input: { id: string; role: string }) {
      const role = parseInput(membershipRoleSchema, input.role);
      if (!(await repository.changeKeepingAnAdministrator(input.id, accountId, { role }))) throw new AppError('CONFLICT', LAST_ADMIN);
      return repository.membershipRow(input.id);
    },

    async deleteMembership(accountId: string, id: string) {
      if (!(await repository.changeKeepingAnAdministrator(id, accountId, 'delete'))) throw new AppError('CONFLICT', LAST_ADMIN);
      return true;
    },

    async membershipInvite(inviteToken: string, meta: RequestMeta) {
      const found = await openInvite(inviteToken, meta.ipAddress);
      const inviter = found.membership.invitedByUserId ? await identityRepository.findUserById(found.membership.invitedByUserId) : undefined;
      return {
        email: found.user.email,
        role: found.membership.role,
        accountName: found.account.name,
        organizationName: found.organization.name,
        invitedBy: inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : null,
        expiresAt: found.membership.inviteExpiresAt!,
        isExistingUser: Boolean(found.user.passwordHash),
      };
    },

    async signupByInvite(input: unknown, meta: RequestMeta) {
      const values = parseInput(signupByInviteSchema, input);
      if (isCommonPassword(values.password)) throw badInput({ password: 'This password is one of the most common passwords. Choose a less predictable one.' });
      const found = await openInvite(values.inviteToken, meta.ipAddress);
      if (found.user.passwordHash) throw badInput({ inviteToken: 'You already have a Rampart account: sign in, then accept the invitation.' });
      // Its members have no Rampart password: they sign in with SSO (which finds this user by e-mail), then accept.
      if (found.organization.requireSso)
        throw new AppError('BAD_USER_INPUT', 'This organization requires single sign-on: sign in with SSO, then accept the invitation.', {
          ssoRequired: true,
          fields: {},
        });
      const [firstName, ...rest] = values.name.split(/\s+/);
      if (!(await repository.acceptInvite(found.membership.id, sha256(values.inviteToken))))
        throw badInput({ inviteToken: 'This invitation has already been used.' });
      const user = await identityRepository.updateUser(found.user.id, {
        firstName: firstName!,
        lastName: rest.join(' '),
        passwordHash: await hashPassword(values.password),
        isEmailVerified: true,
      });
      return identity.issueSession(user, 'invite', meta);
    },

    async acceptInvite(session: LoadedSession, input: { inviteToken: string }, meta: RequestMeta) {
      const { inviteToken } = parseInput(z.object({ inviteToken: z.string().max(200) }), input);
      const found = await openInvite(inviteToken, meta.ipAddress);
      if (found.user.id !== session.user.id) {
        throw badInput({ inviteToken: `This invitation is for ${found.user.email}. Sign in as that user to accept it.` });
      }
      if (!(await repository.acceptInvite(found.membership.id, sha256(inviteToken)))) throw badInput({ inviteToken: 'This invitation has already been used.' });
      return repository.membershipRow(found.membership.id);
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
