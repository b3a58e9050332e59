// The provider's staff users, managed by the operator from the command line (`npm run admin`, src/admin-cli.ts): the
// first staff user has nobody to invite them. Each change commits with its audit row; e-mail goes out after the commit.
import crypto from 'node:crypto';
import { ADMIN_ROLES, type AdminRole } from '@rampart/shared/permissions';
import { ADMIN_ROLE_LABEL } from '@rampart/shared/labels';
import { emailSchema, personNameSchema } from '@rampart/shared/identity-schemas';
import type { Env } from '../../config/env.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { sha256 } from '../../lib/sha256.ts';
import type { AuditInput } from '../audit/audit.types.ts';
import type { IdentityRepository, UserRow } from './identity.repository.ts';
import type { StaffAdministrationRepository, StaffListRow } from './staff-administration.repository.ts';
import * as templates from './identity.mail.ts';

/** How long a staff invitation's set-password link works: long enough to reach someone the next working day. */
export const STAFF_INVITATION_HOURS = 72;

/** A refusal written for the operator: printed as it is, the command exits 1 and nothing changed. */
export class AdminCommandError extends Error {}

/** The change committed (and was audited), but its e-mail could not be sent. */
export class MailNotSentError<T = unknown> extends Error {
  constructor(
    readonly result: T,
    readonly reason: unknown,
  ) {
    super('the e-mail could not be sent');
  }
}

export interface StaffChange {
  /** created: a new user; promoted: an existing user made staff; reactivated: a deactivated staff user made staff again. */
  action: 'created' | 'promoted' | 'reactivated' | 'roleChanged' | 'invitationResent' | 'unchanged';
  email: string;
  role: AdminRole;
  previousRole: string | null;
  /** The set-password invitation e-mailed, or null (the user already has a password). */
  invitation: { expiresAt: Date } | null;
  /** An existing user whose e-mail address was never confirmed loses the password whoever signed up chose. */
  passwordRemoved: boolean;
}

export interface StaffDeactivation {
  email: string;
  previousRole: string;
  sessionsEnded: number;
  linksRetired: number;
}

export function roleLabel(role: string): string {
  return (ADMIN_ROLE_LABEL as Record<string, string>)[role] ?? role;
}

export function parseStaffEmail(value: unknown): string {
  const parsed = emailSchema.safeParse(value ?? '');
  if (!parsed.success) throw new AdminCommandError(`--email: ${parsed.error.issues[0]!.message} (got ${JSON.stringify(value ?? '')}).`);
  return parsed.data;
}

export function parseStaffRole(value: unknown): AdminRole {
  const role = typeof value === 'string' ? value.trim() : '';
  if ((ADMIN_ROLES as readonly string[]).includes(role)) return role as AdminRole;
  // "superadmin" for "SuperAdmin": say which one was meant rather than guessing.
  const near = ADMIN_ROLES.find((candidate) => candidate.toLowerCase() === role.toLowerCase());
  const hint = near ? ` Did you mean ${near}?` : '';
  const what = role ? `"${role}" is not a staff role.` : '--role is required.';
  return fail(`--role: ${what}${hint} The staff roles are: ${ADMIN_ROLES.join(', ')}.`);
}

function parseName(value: string | undefined, email: string): { firstName: string; lastName: string } {
  if (value === undefined) return { firstName: email.split('@')[0]!.slice(0, 100), lastName: '' };
  const parsed = personNameSchema.max(201).safeParse(value);
  if (!parsed.success) return fail(`--name: ${parsed.error.issues[0]!.message}.`);
  const [firstName, ...rest] = parsed.data.split(/\s+/);
  return { firstName: firstName!.slice(0, 100), lastName: rest.join(' ').slice(0, 100) };
}

function fail(message: string): never {
  throw new AdminCommandError(message);
}

/** The audit row of a change made with the admin command: no signed-in actor or request, the operator named in its arguments. */
export function commandLineAuditEntry(operation: string, args: Record<string, unknown>, operator: string): AuditInput {
  return {
    actor: null,
    viaCommandLine: true,
    access: null,
    ipAddress: null,
    requestId: null,
    operation,
    kind: 'mutation',
    outcome: 'success',
    errorCode: null,
    args: { ...args, operator },
  };
}

export function createStaffAdministration(deps: {
  identity: IdentityRepository;
  repository: StaffAdministrationRepository;
  /** Sends after the unit of work commits (mailingAfterCommit). */
  mailer: Mailer;
  config: Pick<Env, 'PUBLIC_URL'>;
  audit: (event: AuditInput) => Promise<void>;
  /** Runs the change and its audit row as one transaction; `afterCommit` sends the e-mail. */
  unitOfWork<T>(work: () => Promise<T>): Promise<{ result: T; afterCommit: () => Promise<void> }>;
  /** Who ran the command, as the audit trail keeps it: the operating-system user and host. */
  operator: string;
}) {
  const { identity, repository, mailer, config } = deps;
  const link = (path: string) => new URL(path, config.PUBLIC_URL).toString();

  function audit(operation: string, args: Record<string, unknown>) {
    return deps.audit(commandLineAuditEntry(operation, args, deps.operator));
  }

  /** A single-use set-password link (the password-reset machinery: hashed, expiring), replacing any earlier one. */
  async function invite(user: UserRow, role: AdminRole): Promise<{ expiresAt: Date }> {
    await identity.retireTokens(user.id, 'password_reset');
    const token = crypto.randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + STAFF_INVITATION_HOURS * 3_600_000);
    await identity.insertToken({ userId: user.id, purpose: 'password_reset', tokenHash: sha256(token), expiresAt, payload: { invitation: 'staff' } });
    await mailer.send(templates.staffInvitation(user.email, user.firstName, roleLabel(role), link(`/reset?token=${token}`), STAFF_INVITATION_HOURS));
    return { expiresAt };
  }

  async function run<T>(work: () => Promise<T>): Promise<T> {
    const { result, afterCommit } = await deps.unitOfWork(async () => {
      await repository.lockStaffAdministration();
      return work();
    });
    try {
      await afterCommit();
    } catch (error) {
      throw new MailNotSentError(result, error);
    }
    return result;
  }

  return {
    /**
     * Makes `email` a staff user with `role`: a new user (no usable password until they set one through the e-mailed
     * link), or an existing user promoted. An existing staff user's role changes only with `changeRole`.
     */
    async createStaff(input: { email: unknown; role: unknown; name?: string; changeRole?: boolean }): Promise<StaffChange> {
      const email = parseStaffEmail(input.email);
      const role = parseStaffRole(input.role);
      const name = parseName(input.name, email);
      return run(async (): Promise<StaffChange> => {
        const existing = await identity.findUserByEmail(email);
        if (!existing) {
          const user = await identity.insertUser({ email, ...name, passwordHash: null, isEmailVerified: false, adminRole: role });
          const invitation = await invite(user, role);
          await audit('createStaffUser', { email: user.email, role, invitationSent: true });
          return { action: 'created', email: user.email, role, previousRole: null, invitation, passwordRemoved: false };
        }
        if (existing.adminRole) {
          if (existing.adminRole !== role) {
            if (!input.changeRole)
              fail(
                `${existing.email} is already staff with the role ${existing.adminRole}. To change it to ${role}, run the command again with --change-role.`,
              );
            await identity.updateUser(existing.id, { adminRole: role });
            await audit('changeStaffRole', { email: existing.email, role, previousRole: existing.adminRole });
            return { action: 'roleChanged', email: existing.email, role, previousRole: existing.adminRole, invitation: null, passwordRemoved: false };
          }
          if (existing.passwordHash) return { action: 'unchanged', email: existing.email, role, previousRole: role, invitation: null, passwordRemoved: false };
          // Invited but the link was never used (or has expired): a new link replaces the old one.
          const invitation = await invite(existing, role);
          await audit('resendStaffInvitation', { email: existing.email, role });
          return { action: 'invitationResent', email: existing.email, role, previousRole: role, invitation, passwordRemoved: false };
        }
        // Whoever signed up with an address they never confirmed does not own it: their password and second factor go,
        // and the owner of the mailbox chooses a password through the invitation.
        const unconfirmed = !existing.isEmailVerified;
        const reactivated = existing.staffDeactivatedAt !== null;
        const user = await identity.updateUser(existing.id, {
          adminRole: role,
          staffDeactivatedAt: null,
          staffDeactivatedRole: null,
          ...(unconfirmed ? { passwordHash: null, otpSecret: null, otpPendingSecret: null, isOtpEnabled: false, otpLastUsedStep: null } : {}),
        });
        if (unconfirmed) await identity.deleteSessionsOfUser(user.id);
        let invitation: { expiresAt: Date } | null = null;
        if (user.passwordHash) await mailer.send(templates.staffPromotion(user.email, user.firstName, roleLabel(role), link('/login')));
        else invitation = await invite(user, role);
        await audit(reactivated ? 'reactivateStaffUser' : 'promoteToStaff', { email: user.email, role, invitationSent: invitation !== null });
        return {
          action: reactivated ? 'reactivated' : 'promoted',
          email: user.email,
          role,
          previousRole: existing.staffDeactivatedRole,
          invitation,
          passwordRemoved: unconfirmed && existing.passwordHash !== null,
        };
      });
    },

    listStaff(): Promise<StaffListRow[]> {
      return repository.listStaff();
    },

    /**
     * Takes the staff role away: every session of the user ends and their open links stop working. The user row
     * stays (as a user without staff access), so the audit trail keeps naming who did what.
     */
    async deactivateStaff(input: { email: unknown }): Promise<StaffDeactivation> {
      const email = parseStaffEmail(input.email);
      return run(async () => {
        const user = await identity.findUserByEmail(email);
        if (!user) fail(`No user has the e-mail address ${email}.`);
        if (!user.adminRole)
          fail(
            user.staffDeactivatedAt
              ? `${user.email} was already deactivated on ${user.staffDeactivatedAt.toISOString()}.`
              : `${user.email} is not a staff user: nothing to deactivate.`,
          );
        const previousRole = user.adminRole;
        await identity.updateUser(user.id, { adminRole: null, staffDeactivatedAt: new Date(), staffDeactivatedRole: previousRole });
        const sessionsEnded = await identity.deleteSessionsOfUser(user.id);
        const linksRetired = await repository.retireAllTokens(user.id);
        await audit('deactivateStaffUser', { email: user.email, previousRole, sessionsEnded });
        return { email: user.email, previousRole, sessionsEnded, linksRetired };
      });
    },
  };
}

export type StaffAdministration = ReturnType<typeof createStaffAdministration>;
