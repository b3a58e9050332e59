// The provider's staff users, managed by the operator from the command line (`npm run admin`, src/admin-cli.ts: the
// first staff user has nobody to invite them) and by staff holding staff:manage in the back office (GraphQL, under the
// rules of staffChangeRefusal). Each change commits with its audit row; e-mail goes out after the commit.
import crypto from 'node:crypto';
import { ADMIN_ROLES, adminPermissionsOf, type AdminPermission, type AdminRole } from '@rampart/shared/permissions';
import { ADMIN_ROLE_LABEL } from '@rampart/shared/labels';
import { emailSchema, personNameSchema } from '@rampart/shared/identity-schemas';
import type { Env } from '../../config/env.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { AppError, badInput, forbidden, notFound } from '../../graphql/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { sha256 } from '../../lib/sha256.ts';
import type { AuditInput } from '../audit/audit.types.ts';
import type { IdentityRepository, UserRow } from './identity.repository.ts';
import type { StaffAdministrationRepository, StaffListRow } from './staff-administration.repository.ts';
import { withAuditChange } from '../../lib/audit-words.ts';
import * as templates from './identity.mail.ts';

/** How long a staff invitation's set-password link works: long enough to reach someone the next working day. */
export const STAFF_INVITATION_HOURS = 72;

/**
 * A refusal: the command line prints `message` as it is (exit 1, nothing changed); the back office answers `detail` as
 * the GraphQL error of its kind, on `field` where an argument was wrong.
 */
export class AdminCommandError extends Error {
  constructor(
    message: string,
    readonly kind: 'input' | 'notFound' | 'conflict' | 'forbidden' = 'conflict',
    readonly field?: string,
    readonly detail = message,
  ) {
    super(message);
  }

  /** The same refusal as the back office's GraphQL error. */
  toAppError(): AppError {
    if (this.kind === 'input') return badInput({ [this.field ?? 'input']: this.detail });
    if (this.kind === 'notFound') return notFound(this.detail);
    if (this.kind === 'forbidden') return forbidden(this.detail);
    return new AppError('CONFLICT', this.detail);
  }
}

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

/** Wrong input, said for both callers: `--email: …` to the operator, on the field `email` to the back office. */
function inputError(field: string, detail: string, cliDetail = detail): never {
  throw new AdminCommandError(`--${field}: ${cliDetail}`, 'input', field, detail);
}

export function parseStaffEmail(value: unknown): string {
  const parsed = emailSchema.safeParse(value ?? '');
  if (!parsed.success) inputError('email', `${parsed.error.issues[0]!.message}.`, `${parsed.error.issues[0]!.message} (got ${JSON.stringify(value ?? '')}).`);
  return parsed.data;
}

export function parseStaffRole(value: unknown): AdminRole {
  const role = typeof value === 'string' ? value.trim() : '';
  if ((ADMIN_ROLES as readonly string[]).includes(role)) return role as AdminRole;
  // "superadmin" for "SuperAdmin": say which one was meant rather than guessing.
  const near = ADMIN_ROLES.find((candidate) => candidate.toLowerCase() === role.toLowerCase());
  const hint = near ? ` Did you mean ${near}?` : '';
  const what = role ? `"${role}" is not a staff role.` : '--role is required.';
  return inputError(
    'role',
    `${role ? what : 'Choose a staff role.'}${hint} The staff roles are: ${ADMIN_ROLES.join(', ')}.`,
    `${what}${hint} The staff roles are: ${ADMIN_ROLES.join(', ')}.`,
  );
}

function parseName(value: string | undefined, email: string): { firstName: string; lastName: string } {
  if (value === undefined) return { firstName: email.split('@')[0]!.slice(0, 100), lastName: '' };
  const parsed = personNameSchema.max(201).safeParse(value);
  if (!parsed.success) return inputError('name', `${parsed.error.issues[0]!.message}.`);
  const [firstName, ...rest] = parsed.data.split(/\s+/);
  return { firstName: firstName!.slice(0, 100), lastName: rest.join(' ').slice(0, 100) };
}

function fail(message: string, kind: AdminCommandError['kind'] = 'conflict'): never {
  throw new AdminCommandError(message, kind);
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

/** What only a SuperAdmin may hand out or take away (staffChangeRefusal). */
const STAFF_POWER: readonly AdminPermission[] = ['staff:manage', 'superAdmin:access'];

/** The signed-in staff user acting in the back office. */
export interface StaffActor {
  id: string;
  email: string;
  adminRole: string | null;
}

/**
 * Why `actor` may not give `target` the staff role `newRole` (null: take their staff access away), or null when they may:
 * - nobody changes their own staff access (nobody raises their own role; the last SuperAdmin cannot lock everyone out);
 * - a role allowing staff:manage or superAdmin:access is given or taken only by a SuperAdmin (superAdmin:access), since a
 *   staff manager who is not SuperAdmin could otherwise make an accomplice a staff manager, who then raises them;
 * - nobody gives a role that allows more than their own, nor changes someone whose role allows more than theirs.
 * Today only SuperAdmin holds staff:manage, so the last two are what keep a future table change safe.
 * `permissionsOf` is the table's; a parameter so the rule can be shown against a table giving staff:manage to more roles.
 */
export function staffChangeRefusal(
  actor: { id: string; adminRole: string | null },
  target: { id: string; adminRole: string | null },
  newRole: string | null,
  permissionsOf: (role: string | null) => readonly AdminPermission[] = adminPermissionsOf,
): string | null {
  if (actor.id === target.id) return 'You cannot change your own staff access: another SuperAdmin has to do it.';
  const mine = new Set(permissionsOf(actor.adminRole));
  for (const role of new Set([target.adminRole, newRole])) {
    if (!role) continue;
    const what = role === newRole ? `give the role ${role}` : `change the staff access of a ${role}`;
    const theirs = permissionsOf(role);
    const power = theirs.filter((permission) => STAFF_POWER.includes(permission));
    if (power.length && !mine.has('superAdmin:access'))
      return `Only a SuperAdmin can ${what}: it allows ${power.join(' and ')}, and a staff manager who is not SuperAdmin could otherwise make someone a staff manager who then raises them.`;
    const beyond = theirs.filter((permission) => !mine.has(permission));
    if (beyond.length)
      return `Your role (${actor.adminRole}) cannot ${what}: it allows ${beyond.slice(0, 3).join(', ')}${beyond.length > 3 ? ` and ${beyond.length - 3} more` : ''}, which yours does not.`;
  }
  return null;
}

/** A staff member as the back office shows one (GraphQL StaffMember). */
export interface StaffMemberView {
  id: string;
  email: string;
  name: string;
  role: string | null;
  formerRole: string | null;
  status: 'Invited' | 'Active' | 'Deactivated';
  isTwoFactorEnabled: boolean;
  hasPassword: boolean;
  invitationExpiresAt: Date | null;
  lastSignInAt: Date | null;
  activeSessions: number;
  createdAt: Date;
  deactivatedAt: Date | null;
}

export function staffMember(row: StaffListRow): StaffMemberView {
  return {
    id: row.id,
    email: row.email,
    name: `${row.firstName} ${row.lastName}`.trim(),
    role: row.adminRole,
    formerRole: row.adminRole ? null : row.staffDeactivatedRole,
    // Invited: no password yet, with the invitation open or never signed in at all (SSO staff have no password).
    status: !row.adminRole ? 'Deactivated' : !row.hasPassword && (row.invitationExpiresAt !== null || row.lastSignInAt === null) ? 'Invited' : 'Active',
    isTwoFactorEnabled: row.isOtpEnabled,
    hasPassword: row.hasPassword,
    invitationExpiresAt: row.invitationExpiresAt,
    lastSignInAt: row.lastSignInAt,
    activeSessions: row.activeSessions,
    createdAt: row.createdAt,
    deactivatedAt: row.adminRole ? null : row.staffDeactivatedAt,
  };
}

function statusOf(user: UserRow | undefined): string {
  if (!user) return 'none';
  if (user.adminRole) return user.passwordHash || user.lastSignInAt ? 'Active' : 'Invited';
  return user.staffDeactivatedAt ? 'Deactivated' : 'none';
}

export function createStaffAdministration(deps: {
  identity: IdentityRepository;
  repository: StaffAdministrationRepository;
  /** Sends after the unit of work commits (mailingAfterCommit). */
  mailer: Mailer;
  config: Pick<Env, 'PUBLIC_URL'>;
  /**
   * The command line's audit rows. Absent in the app: there the GraphQL wrapper writes each mutation's row, with the
   * before and after its result carries.
   */
  commandLine?: {
    audit: (event: AuditInput) => Promise<void>;
    /** Who ran the command, as the audit trail keeps it: the operating-system user and host. */
    operator: string;
  };
  /** Runs the change and its audit row as one transaction (joining a GraphQL mutation's); `afterCommit` sends the e-mail. */
  unitOfWork<T>(work: () => Promise<T>): Promise<{ result: T; afterCommit: () => Promise<void> }>;
}) {
  const { identity, repository, mailer, config } = deps;
  const link = (path: string) => new URL(path, config.PUBLIC_URL).toString();

  async function audit(operation: string, args: Record<string, unknown>) {
    if (deps.commandLine) await deps.commandLine.audit(commandLineAuditEntry(operation, args, deps.commandLine.operator));
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

  /** A back-office change: its refusals as GraphQL errors. */
  async function inApp<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw error instanceof AdminCommandError ? error.toAppError() : error;
    }
  }

  function refuseUnless(actor: StaffActor | undefined, target: { id: string; adminRole: string | null }, newRole: string | null) {
    const refusal = actor ? staffChangeRefusal(actor, target, newRole) : null;
    if (refusal) fail(refusal, 'forbidden');
  }

  async function changeRole(user: UserRow, role: AdminRole): Promise<StaffChange> {
    await identity.updateUser(user.id, { adminRole: role });
    await audit('changeStaffRole', { email: user.email, role, previousRole: user.adminRole });
    return { action: 'roleChanged', email: user.email, role, previousRole: user.adminRole, invitation: null, passwordRemoved: false };
  }

  /**
   * Makes `email` staff with `role` (the command line's create-staff, the back office's invitation). An existing staff
   * user with another role: `otherRole` decides (the command line changes it when asked; the back office refuses).
   */
  async function makeStaff(
    input: { email: unknown; role: unknown; name?: string | null },
    otherRole: (existing: UserRow, role: AdminRole) => Promise<StaffChange>,
    actor?: StaffActor,
  ): Promise<StaffChange & { userId: string; before: UserRow | undefined }> {
    const email = parseStaffEmail(input.email);
    const role = parseStaffRole(input.role);
    const name = parseName(input.name ?? undefined, email);
    return run(async () => {
      const existing = await identity.findUserByEmail(email);
      refuseUnless(actor, existing ?? { id: '', adminRole: null }, role);
      const change = async (): Promise<StaffChange & { userId?: string }> => {
        if (!existing) {
          const user = await identity.insertUser({ email, ...name, passwordHash: null, isEmailVerified: false, adminRole: role });
          const invitation = await invite(user, role);
          await audit('createStaffUser', { email: user.email, role, invitationSent: true });
          return { action: 'created', email: user.email, role, previousRole: null, invitation, passwordRemoved: false, userId: user.id };
        }
        if (existing.adminRole) {
          if (existing.adminRole !== role) return otherRole(existing, role);
          if (existing.passwordHash) {
            if (actor) fail(`${existing.email} is already staff with the role ${role}.`);
            return { action: 'unchanged', email: existing.email, role, previousRole: role, invitation: null, passwordRemoved: false };
          }
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
      };
      const done = await change();
      return { ...done, userId: done.userId ?? existing!.id, before: existing };
    });
  }

  async function deactivate(user: UserRow, actor?: StaffActor): Promise<StaffDeactivation> {
    if (!user.adminRole)
      fail(
        user.staffDeactivatedAt
          ? `${user.email} was already deactivated on ${user.staffDeactivatedAt.toISOString()}.`
          : `${user.email} is not a staff user: nothing to deactivate.`,
      );
    refuseUnless(actor, user, null);
    const previousRole = user.adminRole;
    await identity.updateUser(user.id, { adminRole: null, staffDeactivatedAt: new Date(), staffDeactivatedRole: previousRole });
    const sessionsEnded = await identity.deleteSessionsOfUser(user.id);
    const linksRetired = await repository.retireAllTokens(user.id);
    await audit('deactivateStaffUser', { email: user.email, previousRole, sessionsEnded });
    return { email: user.email, previousRole, sessionsEnded, linksRetired };
  }

  /** The user an id names, or NOT_FOUND (an id that is not a UUID names nobody). */
  async function userById(userId: string): Promise<UserRow> {
    const user = isUuid(userId) ? await identity.findUserById(userId) : undefined;
    if (!user || (!user.adminRole && !user.staffDeactivatedAt)) fail('Staff member', 'notFound');
    return user;
  }

  /** A back-office change: the member after it, marked with what the audit trail keeps of before and after. */
  async function member(userId: string, before: UserRow | undefined, after: Record<string, unknown> = {}): Promise<StaffMemberView> {
    const row = await repository.findStaff(userId);
    if (!row) throw new Error(`staff member ${userId} vanished within its own change`);
    const shown = staffMember(row);
    return withAuditChange(shown, {
      before: { role: before?.adminRole ?? null, status: statusOf(before) },
      after: { role: shown.role, status: shown.status, ...after },
    });
  }

  return {
    /**
     * Makes `email` a staff user with `role`: a new user (no usable password until they set one through the e-mailed
     * link), or an existing user promoted. An existing staff user's role changes only with `changeRole`.
     */
    async createStaff(input: { email: unknown; role: unknown; name?: string; changeRole?: boolean }): Promise<StaffChange> {
      const {
        userId: _userId,
        before: _before,
        ...change
      } = await makeStaff(input, (existing, role) => {
        if (!input.changeRole)
          fail(`${existing.email} is already staff with the role ${existing.adminRole}. To change it to ${role}, run the command again with --change-role.`);
        return changeRole(existing, role);
      });
      return change;
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
        return deactivate(user);
      });
    },

    /** The back office's staff list: active staff first, then deactivated ones. */
    async staffMembers(): Promise<StaffMemberView[]> {
      return (await repository.listStaff()).map(staffMember);
    },

    /** The back office's invitation: the same e-mail as create-staff; an existing staff user's role is changed in the list instead. */
    inviteStaffMember(input: { email: string; role: string; name?: string | null }, actor: StaffActor): Promise<StaffMemberView> {
      return inApp(async () => {
        if (typeof input.email === 'string' && input.email.trim().toLowerCase() === actor.email.toLowerCase())
          fail('You cannot change your own staff access: another SuperAdmin has to do it.', 'forbidden');
        const change = await makeStaff(
          input,
          (existing) => fail(`${existing.email} is already staff with the role ${existing.adminRole}: change their role in the staff list instead.`),
          actor,
        );
        return member(change.userId, change.before, { invitationSent: change.invitation !== null });
      });
    },

    changeStaffRole(input: { userId: string; role: string }, actor: StaffActor): Promise<StaffMemberView> {
      return inApp(async () => {
        const role = parseStaffRole(input.role);
        return run(async () => {
          const user = await userById(input.userId);
          if (!user.adminRole) fail(`${user.email} was deactivated: invite them again with the role they should have.`);
          refuseUnless(actor, user, role);
          if (user.adminRole !== role) await changeRole(user, role);
          return member(user.id, user);
        });
      });
    },

    /** Takes the staff role away; their sessions end at once (the next request of any of them is refused). */
    deactivateStaffMember(input: { userId: string }, actor: StaffActor): Promise<StaffMemberView> {
      return inApp(() =>
        run(async () => {
          const user = await userById(input.userId);
          const done = await deactivate(user, actor);
          return member(user.id, user, { sessionsEnded: done.sessionsEnded });
        }),
      );
    },
  };
}

export type StaffAdministration = ReturnType<typeof createStaffAdministration>;
