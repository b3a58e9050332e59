// `npm run admin -- <command>`: the provider's staff users, managed by the operator (HELP below says how). Connects as
// the server does (DATABASE_URL, or the embedded PostgreSQL under DATA_DIR, sharing it with a server that is running)
// and sends e-mail through the same mailer (SMTP_URL, or the development mailbox).
import os from 'node:os';
import { parseArgs } from 'node:util';
import { ADMIN_ROLES } from '@rampart/shared/permissions';
import { loadEnvOrExit } from './config/env.ts';
import { startInfrastructure, type Infrastructure } from './boot.ts';
import { runUnitOfWork } from './db/unit-of-work.ts';
import { mailingAfterCommit } from './mail/mailer.ts';
import { describeError } from './lib/startup-error.ts';
import { createAuditRepository } from './modules/audit/audit.repository.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { identityAuditSentences } from './modules/identity/identity.audit.ts';
import { createIngestionRepository } from './modules/ingestion/ingestion.repository.ts';
import { createIngestionService, MAX_ACTIVE_CREDENTIALS } from './modules/ingestion/ingestion.service.ts';
import { createTransactionsRepository } from './modules/transactions/transactions.repository.ts';
import { createTransactionsService } from './modules/transactions/transactions.service.ts';
import { isAppError } from './graphql/errors.ts';
import { createIdentityRepository } from './modules/identity/identity.repository.ts';
import { createStaffAdministrationRepository, type StaffListRow } from './modules/identity/staff-administration.repository.ts';
import {
  AdminCommandError,
  commandLineAuditEntry,
  createStaffAdministration,
  MailNotSentError,
  parseStaffEmail,
  parseStaffRole,
  roleLabel,
  STAFF_INVITATION_HOURS,
  type StaffChange,
  type StaffDeactivation,
} from './modules/identity/staff-administration.service.ts';

export const HELP = `Manage the provider's staff users (Rampart staff sign in to the same web app and see every partner).

Usage: npm run admin -- <command> [options]

Commands:
  create-staff --email <address> --role <role> [--name "<first> <last>"] [--change-role]
      Makes <address> a staff user with <role>:
      - no user has this address: creates one, with no usable password, and e-mails a set-password
        invitation (a single-use link, valid ${STAFF_INVITATION_HOURS} hours);
      - a user has it: promotes that user to staff (they keep their password and are told by e-mail; if
        their address was never confirmed, their password is removed and they are sent the invitation);
      - a staff user has it with another role: refused, unless --change-role is given;
      - a staff user has it with the same role and has not set a password yet: sends a new invitation.
      --name is used only for a new user (default: the part of the address before the @).
  list-staff   (or --list)
      Lists the staff users (role, two-factor authentication on, password set, active sessions), then the
      deactivated ones.
  deactivate-staff --email <address>   (or --deactivate --email <address>)
      Takes the staff role away: all their sessions end and their open links stop working. The user and the
      audit trail stay; they can still sign in as an ordinary user. create-staff makes them staff again.
  create-ingestion-credential --name <name>
      Creates a provider service credential for the ingestion API (docs/ingestion.md) and prints its secret,
      once. At most ${MAX_ACTIVE_CREDENTIALS} are active at once: to rotate, create the new one, deploy it, then revoke the old one.
  list-ingestion-credentials
      Lists the ingestion credentials: name, secret prefix, created, last used, revoked.
  revoke-ingestion-credential --id <id>
      Stops a credential at once: events sent with it are refused from then on.
  --help
      This text.

Staff must turn on two-factor authentication (an authenticator app) before their first staff action; the web
app asks them to when they sign in. Every change is written to the audit trail, done by the operator's command
line (with the operating-system user and host that ran it).

Roles: ${ADMIN_ROLES.join(', ')}
(what each may do: packages/shared/src/permissions.ts)

Exit codes: 0 done (or nothing to change), 1 refused or failed (nothing changed, except when the change was made
but its e-mail could not be sent, which is said), 2 the command line itself is wrong.`;

type Command =
  | { name: 'help' }
  | { name: 'create'; email: string; role: string; fullName?: string; changeRole: boolean }
  | { name: 'list' }
  | { name: 'deactivate'; email: string }
  | { name: 'createIngestionCredential'; credentialName: string }
  | { name: 'listIngestionCredentials' }
  | { name: 'revokeIngestionCredential'; id: string };

class UsageError extends Error {}

const COMMANDS = 'create-staff, list-staff, deactivate-staff, create-ingestion-credential, list-ingestion-credentials or revoke-ingestion-credential';

/** Reads the command line; the issue's spellings `--list` and `--deactivate` name the same commands. */
export function parseCommand(argv: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        role: { type: 'string' },
        name: { type: 'string' },
        id: { type: 'string' },
        'change-role': { type: 'boolean', default: false },
        list: { type: 'boolean', default: false },
        deactivate: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(describeError(error));
  }
  const { values, positionals } = parsed;
  if (values.help || positionals[0] === 'help' || argv.length === 0) return { name: 'help' };
  const commands = [...new Set([...positionals.slice(0, 1), ...(values.list ? ['list-staff'] : []), ...(values.deactivate ? ['deactivate-staff'] : [])])];
  if (commands.length === 0) throw new UsageError(`Name a command: ${COMMANDS}.`);
  if (commands.length > 1) throw new UsageError(`Name one command, not ${commands.join(' and ')}.`);
  if (positionals.length > 1) throw new UsageError(`Unexpected argument "${positionals[1]}".`);
  const command = commands[0]!;
  const unused = (allowed: string[]) => {
    const given = Object.entries({
      email: values.email,
      role: values.role,
      name: values.name,
      id: values.id,
      'change-role': values['change-role'] || undefined,
    })
      .filter(([option, value]) => value !== undefined && !allowed.includes(option))
      .map(([option]) => `--${option}`);
    if (given.length) throw new UsageError(`${command} does not take ${given.join(', ')}.`);
  };
  switch (command) {
    case 'create-staff':
      unused(['email', 'role', 'name', 'change-role']);
      return { name: 'create', email: values.email ?? '', role: values.role ?? '', fullName: values.name, changeRole: values['change-role'] };
    case 'list-staff':
      unused([]);
      return { name: 'list' };
    case 'deactivate-staff':
      unused(['email']);
      return { name: 'deactivate', email: values.email ?? '' };
    case 'create-ingestion-credential':
      unused(['name']);
      if (!values.name?.trim()) throw new UsageError('create-ingestion-credential needs --name <name>, such as --name "Core (eu-west-1)".');
      return { name: 'createIngestionCredential', credentialName: values.name };
    case 'list-ingestion-credentials':
      unused([]);
      return { name: 'listIngestionCredentials' };
    case 'revoke-ingestion-credential':
      unused(['id']);
      if (!values.id?.trim()) throw new UsageError('revoke-ingestion-credential needs --id <id> (list-ingestion-credentials shows them).');
      return { name: 'revokeIngestionCredential', id: values.id.trim() };
    default:
      throw new UsageError(`Unknown command "${command}": the commands are ${COMMANDS}.`);
  }
}

function operator(): string {
  try {
    return `${os.userInfo().username}@${os.hostname()}`;
  } catch {
    return `unknown user@${os.hostname()}`;
  }
}

const when = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const role = (value: string) => `${value} (${roleLabel(value)})`;

export function describeChange(change: StaffChange): string[] {
  const lines: string[] = [];
  switch (change.action) {
    case 'created':
      lines.push(`Created the staff user ${change.email} with the role ${role(change.role)}.`);
      break;
    case 'promoted':
      lines.push(`${change.email} already had a Rampart user: promoted it to staff with the role ${role(change.role)}.`);
      break;
    case 'reactivated':
      lines.push(`${change.email} was deactivated (as ${change.previousRole ?? 'staff'}): made staff again with the role ${role(change.role)}.`);
      break;
    case 'roleChanged':
      lines.push(`Changed the staff role of ${change.email} from ${change.previousRole} to ${role(change.role)}.`);
      break;
    case 'invitationResent':
      lines.push(`${change.email} is already staff with the role ${role(change.role)} and has not set a password yet: sent a new invitation.`);
      break;
    case 'unchanged':
      lines.push(`Nothing changed: ${change.email} is already staff with the role ${role(change.role)}.`);
      break;
  }
  if (change.passwordRemoved) lines.push('Their e-mail address was never confirmed, so the password chosen at sign-up was removed.');
  if (change.invitation) {
    lines.push(
      `A set-password invitation was e-mailed to ${change.email}: its link works once, until ${when(change.invitation.expiresAt)}. ` +
        'They have no usable password until they set one.',
    );
  } else if (change.action === 'promoted' || change.action === 'reactivated') {
    lines.push(`They keep their password; an e-mail told ${change.email} they are now staff.`);
  }
  if (change.action !== 'unchanged' && change.action !== 'roleChanged')
    lines.push('They must turn on two-factor authentication before their first staff action (the web app asks them to).');
  return lines;
}

export function describeDeactivation(done: StaffDeactivation): string[] {
  return [
    `Deactivated the staff user ${done.email} (was ${done.previousRole}): ${done.sessionsEnded} session${done.sessionsEnded === 1 ? '' : 's'} ended, ${done.linksRetired} open e-mailed link${done.linksRetired === 1 ? '' : 's'} retired.`,
    'The user and their audit trail stay; they no longer have staff access.',
  ];
}

export function describeStaffList(rows: StaffListRow[]): string[] {
  const active = rows.filter((row) => row.adminRole !== null);
  const deactivated = rows.filter((row) => row.adminRole === null);
  if (rows.length === 0)
    return ['No staff users yet. Create the first one with:', '  npm run admin -- create-staff --email you@provider.example --role SuperAdmin'];
  const table = (header: string[], body: string[][]) => {
    const widths = header.map((cell, column) => Math.max(cell.length, ...body.map((row) => row[column]!.length)));
    return [header, ...body].map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    );
  };
  const lines = [`${active.length} staff user${active.length === 1 ? '' : 's'}${deactivated.length ? `, ${deactivated.length} deactivated` : ''}.`];
  if (active.length) {
    lines.push(
      '',
      ...table(
        ['E-MAIL', 'NAME', 'ROLE', 'TWO-FACTOR', 'PASSWORD', 'SESSIONS'],
        active.map((row) => [
          row.email,
          `${row.firstName} ${row.lastName}`.trim(),
          row.adminRole!,
          row.isOtpEnabled ? 'on' : 'not yet',
          row.hasPassword ? 'set' : 'not set',
          String(row.activeSessions),
        ]),
      ),
    );
  }
  if (deactivated.length) {
    lines.push(
      '',
      'Deactivated:',
      ...table(
        ['E-MAIL', 'NAME', 'FORMER ROLE', 'DEACTIVATED'],
        deactivated.map((row) => [
          row.email,
          `${row.firstName} ${row.lastName}`.trim(),
          row.staffDeactivatedRole ?? '',
          row.staffDeactivatedAt ? when(row.staffDeactivatedAt) : '',
        ]),
      ),
    );
  }
  return lines;
}

type IngestionCommand = Extract<Command, { name: 'createIngestionCredential' | 'listIngestionCredentials' | 'revokeIngestionCredential' }>;

/** The ingestion credential commands; each change is written to the audit trail as done by the command line. */
export async function ingestionCommand(
  command: IngestionCommand,
  ingestion: ReturnType<typeof createIngestionService>,
  record: (operation: string, args: Record<string, unknown>) => Promise<void>,
): Promise<string[]> {
  if (command.name === 'createIngestionCredential') {
    const { credential, secret } = await ingestion.createCredential({ name: command.credentialName, createdBy: operator() });
    await record('createIngestionCredential', { name: credential.name, id: credential.id });
    return [
      `Created the ingestion credential "${credential.name}" (${credential.id}). Its secret, shown only now:`,
      '',
      `  ${secret}`,
      '',
      'The core sends it as "Authorization: Bearer <secret>" (docs/ingestion.md). Rampart keeps only its hash.',
    ];
  }
  if (command.name === 'revokeIngestionCredential') {
    const credential = await ingestion.revokeCredential(command.id);
    await record('revokeIngestionCredential', { id: credential.id, name: credential.name });
    return [`Revoked the ingestion credential "${credential.name}": events sent with it are refused from now on.`];
  }
  const rows = await ingestion.listCredentials();
  if (rows.length === 0) return ['No ingestion credentials yet. Create one with:', '  npm run admin -- create-ingestion-credential --name "Core"'];
  return rows.map(
    (row) =>
      `${row.id}  ${row.secretPrefix}…  ${row.name}  created ${when(row.createdAt)} by ${row.createdBy}` +
      `${row.lastUsedAt ? `, last used ${when(row.lastUsedAt)}` : ', never used'}${row.revokedAt ? `, REVOKED ${when(row.revokedAt)}` : ''}`,
  );
}

async function staffAudit(audit: ReturnType<typeof createAuditService>, operation: string, args: Record<string, unknown>) {
  await audit.record(commandLineAuditEntry(operation, args, operator()));
}

function mailboxHint(infrastructure: Infrastructure, publicUrl: string): string[] {
  if (!infrastructure.mailer.usesDevelopmentMailbox) return [];
  return [`No SMTP_URL is set: the e-mail is in the development mailbox, ${new URL('/dev/mailbox', publicUrl).toString()} (while the server runs).`];
}

export async function main(argv: string[]): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(argv);
    // Checked before anything starts: a wrong address or role changes nothing and needs no database.
    if (command.name === 'create') {
      parseStaffEmail(command.email);
      parseStaffRole(command.role);
    }
    if (command.name === 'deactivate') parseStaffEmail(command.email);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\nRun npm run admin -- --help for the commands.`);
      return 2;
    }
    if (error instanceof AdminCommandError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  if (command.name === 'help') {
    console.log(HELP);
    return 0;
  }
  const config = loadEnvOrExit();
  const infrastructure = await startInfrastructure(config, (line) => console.error(line), { chain: false, shareRunningEmbeddedPostgres: true });
  try {
    const { db, pool } = infrastructure.database;
    // The staff commands' sentences (identity's): the command only writes events, and the whole module list would load
    // every module's code into each command.
    const audit = createAuditService({ repository: createAuditRepository(db), sentences: identityAuditSentences });
    const staff = createStaffAdministration({
      identity: createIdentityRepository(db),
      repository: createStaffAdministrationRepository(db),
      mailer: mailingAfterCommit(infrastructure.mailer),
      config,
      commandLine: { audit: (event) => audit.record(event), operator: operator() },
      unitOfWork: (work) => runUnitOfWork(pool, work),
    });
    if (command.name === 'createIngestionCredential' || command.name === 'listIngestionCredentials' || command.name === 'revokeIngestionCredential') {
      const transactions = createTransactionsService({ repository: createTransactionsRepository(db, db), db });
      const ingestion = createIngestionService({ repository: createIngestionRepository(db), transactions });
      try {
        console.log((await ingestionCommand(command, ingestion, (operation, args) => staffAudit(audit, operation, args))).join('\n'));
        return 0;
      } catch (error) {
        if (!isAppError(error)) throw error;
        console.error(error.message);
        return 1;
      }
    }
    try {
      if (command.name === 'list') {
        console.log(describeStaffList(await staff.listStaff()).join('\n'));
      } else if (command.name === 'create') {
        const change = await staff.createStaff({ email: command.email, role: command.role, name: command.fullName, changeRole: command.changeRole });
        console.log([...describeChange(change), ...(change.invitation ? mailboxHint(infrastructure, config.PUBLIC_URL) : [])].join('\n'));
      } else {
        console.log(describeDeactivation(await staff.deactivateStaff({ email: command.email })).join('\n'));
      }
      return 0;
    } catch (error) {
      if (error instanceof AdminCommandError) {
        console.error(error.message);
        return 1;
      }
      if (error instanceof MailNotSentError) {
        const change = error.result as StaffChange;
        console.log(describeChange(change).join('\n'));
        console.error(
          `The change was made, but its e-mail could not be sent: ${describeError(error.reason)}. Fix the mail settings (SMTP_URL), then run the same create-staff command again to send a new link.`,
        );
        return 1;
      }
      throw error;
    }
  } finally {
    await infrastructure.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`npm run admin failed: ${describeError(error)}`);
      if (error instanceof Error && error.stack) console.error(error.stack);
      process.exit(1);
    },
  );
}
