import { Kind, parse, type ConstArgumentNode, type FieldDefinitionNode, type GraphQLResolveInfo } from 'graphql';
import {
  ACCOUNT_PERMISSIONS,
  ADMIN_PERMISSIONS,
  adminPermissionsOf,
  roleHasPermission,
  staffHasAccountPermission,
  type AccountPermission,
  type AdminPermission,
} from '@rampart/shared/permissions';
import type { MembershipRole } from '@rampart/shared/enums';
import { subjectOf } from '../modules/audit/audit-sentences.ts';
import type { AuditInput } from '../modules/audit/audit.types.ts';
import { forbidden, isAppError, notFound, staffTwoFactorRequired } from './errors.ts';
import { hasTwoFactor } from '../lib/staff-two-factor.ts';
import { requireSession, type GraphQLContext } from './context.ts';
import type { AccountGrant } from './grant.ts';
import { isUuid } from '../lib/uuid.ts';

export type AccessRule =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'account'; permission: AccountPermission; arg: string }
  | { kind: 'entity'; permission: AccountPermission; entity: string; arg: string }
  | { kind: 'staff'; permission: AdminPermission };

export interface AuthorizationDeps {
  membershipRole(userId: string, accountId: string): Promise<MembershipRole | null>;
  accountExists(accountId: string): Promise<boolean>;
  /** Finds the account owning an entity, per entity type; modules declare theirs (`entities` of their build). */
  entityAccount: Record<string, (id: string) => Promise<string | null>>;
  /** Entities in words, where a module declared a name. */
  entityNames?: Record<string, string>;
  audit(event: AuditInput): Promise<void>;
  /**
   * Runs a mutation as one unit of work (decision 0007): `work` and its audit row commit together or not at all.
   * `afterCommit` then runs what waited for the commit (e-mails).
   */
  unitOfWork<T>(work: () => Promise<T>): Promise<{ result: T; afterCommit: () => Promise<void> }>;
}

/** An audit record of an operation called through GraphQL (or the CSV export) by this context's caller. */
export function auditEvent(
  context: GraphQLContext,
  grant: AccountGrant | null,
  event: Pick<AuditInput, 'operation' | 'kind' | 'outcome' | 'errorCode' | 'args' | 'subject'>,
): AuditInput {
  const user = context.session?.user ?? null;
  return {
    ...event,
    actor: user && { id: user.id, email: user.email, adminRole: user.adminRole },
    access: grant,
    ipAddress: context.ipAddress,
    requestId: context.requestId,
  };
}

/**
 * An entity in words, as its module declared it ("Transaction not found.", not "The anyTransaction was not found.");
 * one without a declared name is split into words ("requestLogEntry" → "request log entry").
 */
export function entityName(entity: string, names: Record<string, string> = {}): string {
  return names[entity] ?? entity.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

function stringArg(args: readonly ConstArgumentNode[] | undefined, name: string): string | undefined {
  const node = args?.find((arg) => arg.name.value === name)?.value;
  return node?.kind === Kind.STRING ? node.value : undefined;
}

/** Reads the access rule of every Query and Mutation field from the SDL; a field without exactly one rule is an error. */
export function readAccessRules(typeDefs: string): Map<string, AccessRule> {
  const rules = new Map<string, AccessRule>();
  const document = parse(typeDefs);
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION && definition.kind !== Kind.OBJECT_TYPE_EXTENSION) continue;
    const typeName = definition.name.value;
    if (typeName !== 'Query' && typeName !== 'Mutation') continue;
    for (const field of definition.fields ?? []) rules.set(`${typeName}.${field.name.value}`, ruleOf(typeName, field));
  }
  return rules;
}

function ruleOf(typeName: string, field: FieldDefinitionNode): AccessRule {
  const where = `${typeName}.${field.name.value}`;
  const directives = (field.directives ?? []).filter((d) => ['public', 'signedIn', 'account', 'entity', 'staff'].includes(d.name.value));
  if (directives.length !== 1) throw new Error(`${where} needs exactly one access directive (@public, @signedIn, @account, @entity or @staff)`);
  const directive = directives[0]!;
  const permission = stringArg(directive.arguments, 'permission');
  const checkAccountPermission = (value: string | undefined): AccountPermission => {
    if (!value || !(ACCOUNT_PERMISSIONS as readonly string[]).includes(value)) throw new Error(`${where}: unknown account permission "${value}"`);
    return value as AccountPermission;
  };
  const argumentNames = (field.arguments ?? []).map((arg) => arg.name.value);
  const checkArg = (name: string) => {
    if (!argumentNames.includes(name)) throw new Error(`${where}: access directive names argument "${name}", which the field does not have`);
    return name;
  };
  switch (directive.name.value) {
    case 'public':
      return { kind: 'public' };
    case 'signedIn':
      return { kind: 'signedIn' };
    case 'account':
      return { kind: 'account', permission: checkAccountPermission(permission), arg: checkArg(stringArg(directive.arguments, 'arg') ?? 'accountId') };
    case 'entity': {
      const entity = stringArg(directive.arguments, 'entity');
      if (!entity) throw new Error(`${where}: @entity needs an entity name`);
      return { kind: 'entity', permission: checkAccountPermission(permission), entity, arg: checkArg(stringArg(directive.arguments, 'arg') ?? 'id') };
    }
    default:
      if (!permission || !(ADMIN_PERMISSIONS as readonly string[]).includes(permission)) throw new Error(`${where}: unknown admin permission "${permission}"`);
      return { kind: 'staff', permission: permission as AdminPermission };
  }
}

type Resolver = (parent: unknown, args: Record<string, unknown>, context: GraphQLContext, info: GraphQLResolveInfo) => unknown;

/**
 * Mutations that change nothing security-relevant and run as a side effect of using the app, so an audit row each time
 * would bury the real events: the support chat registers its contact on sign-in (createSupportContact).
 */
const NOT_AUDITED = new Set(['createSupportContact']);

/** Wraps every root resolver with its access rule, and writes the audit trail for mutations and staff views. */
export function applyAuthorization(resolvers: Record<string, Record<string, unknown>>, rules: Map<string, AccessRule>, deps: AuthorizationDeps) {
  for (const [key, rule] of rules) {
    const [typeName, fieldName] = key.split('.') as [string, string];
    const resolver = resolvers[typeName]?.[fieldName] as Resolver | undefined;
    if (typeof resolver !== 'function') throw new Error(`${key} has no resolver`);
    if (rule.kind === 'entity' && !deps.entityAccount[rule.entity]) throw new Error(`${key}: no account lookup registered for entity "${rule.entity}"`);
    const isMutation = typeName === 'Mutation';

    if (!isMutation && (rule.kind === 'public' || rule.kind === 'signedIn')) {
      // A query open to everyone or to any signed-in user has no grant and no audit row: no promise, closures or
      // try/catch of its own on every call (`me` runs on every page; issue 40). Refusals are the same error.
      const signedIn = rule.kind === 'signedIn';
      resolvers[typeName]![fieldName] = (parent: unknown, args: Record<string, unknown>, context: GraphQLContext, info: GraphQLResolveInfo) => {
        if (signedIn) requireSession(context);
        return resolver(parent, args, context, info);
      };
      continue;
    }

    resolvers[typeName]![fieldName] = async (parent: unknown, args: Record<string, unknown>, context: GraphQLContext, info: GraphQLResolveInfo) => {
      let grant: AccountGrant | null = null;
      const audited = () => (isMutation && !NOT_AUDITED.has(fieldName)) || grant?.via === 'staff';
      const kind = isMutation ? 'mutation' : 'view';
      let committed: { result: unknown; afterCommit: () => Promise<void> };
      try {
        grant = await authorize(rule, args, context, deps, !isMutation);
        const run = () => resolver(parent, args, grant ? { ...context, grant } : context, info);
        if (isMutation) {
          // The audit row is part of the change: if it cannot be written, the change is rolled back.
          committed = await deps.unitOfWork(async () => {
            const result = await run();
            if (audited())
              await deps.audit(
                auditEvent(context, grant, { operation: fieldName, kind, outcome: 'success', errorCode: null, args, subject: subjectOf(result) }),
              );
            return result;
          });
        } else {
          const result = await run();
          if (audited()) await deps.audit(auditEvent(context, grant, { operation: fieldName, kind, outcome: 'success', errorCode: null, args }));
          return result;
        }
      } catch (error) {
        if (audited()) {
          // Written on its own, after the rollback.
          const code = isAppError(error) ? error.code : 'INTERNAL_SERVER_ERROR';
          await deps
            .audit(auditEvent(context, grant, { operation: fieldName, kind, outcome: 'failure', errorCode: code, args }))
            .catch((auditError: unknown) => context.log.error({ err: auditError }, 'audit write failed'));
        }
        throw error;
      }
      // The change stands, audited as a success; an e-mail that then fails to go out is still answered as an error.
      await committed.afterCommit();
      return committed.result;
    };
  }
}

/**
 * Queries read the roles loaded with the session at the start of the request (one round trip fewer); mutations look
 * the membership up again, so a mutation that changed it earlier in the same request is seen.
 */
async function authorize(
  rule: AccessRule,
  args: Record<string, unknown>,
  context: GraphQLContext,
  deps: AuthorizationDeps,
  rolesOfRequest: boolean,
): Promise<AccountGrant | null> {
  if (rule.kind === 'public') return null;
  const session = requireSession(context);
  if (rule.kind === 'signedIn') return null;
  if (rule.kind === 'staff') {
    if (!adminPermissionsOf(session.user.adminRole).includes(rule.permission)) throw forbidden();
    if (!hasTwoFactor(session.user)) throw staffTwoFactorRequired();
    return null;
  }
  let accountId: string | null;
  if (rule.kind === 'entity') {
    const id = args[rule.arg];
    accountId = typeof id === 'string' && id.length <= 100 ? await deps.entityAccount[rule.entity]!(id) : null;
    if (!accountId) throw notFound(entityName(rule.entity, deps.entityNames));
  } else {
    const id = args[rule.arg];
    accountId = typeof id === 'string' && isUuid(id) ? id : null;
    if (!accountId) throw forbidden('You do not have access to this account.');
  }
  return grantFor(context, session.user.id, session.user.adminRole, accountId, rule.permission, deps, rolesOfRequest ? session.accountRoles : undefined);
}

/**
 * Membership first; staff reach any existing account through their admin role's equivalent permission, once they have
 * two-factor authentication on (before that, their admin role adds nothing to a membership either).
 */
export async function grantFor(
  context: GraphQLContext,
  userId: string,
  adminRole: string | null,
  accountId: string,
  permission: AccountPermission,
  deps: Pick<AuthorizationDeps, 'membershipRole' | 'accountExists'>,
  accountRoles?: Record<string, MembershipRole>,
): Promise<AccountGrant> {
  const role = accountRoles ? (accountRoles[accountId] ?? null) : await deps.membershipRole(userId, accountId);
  const user = context.session?.user;
  const staffReady = user !== undefined && user.id === userId && hasTwoFactor(user);
  if (role && roleHasPermission(role, permission)) return { accountId, via: 'membership', role, adminRole: staffReady ? adminRole : null };
  if (staffHasAccountPermission(adminRole, permission)) {
    // Before the account's existence: a staff user without two-factor authentication learns nothing about it.
    if (!staffReady) throw staffTwoFactorRequired();
    if (!(await deps.accountExists(accountId))) throw notFound('The account');
    return { accountId, via: 'staff', role, adminRole };
  }
  if (role) throw forbidden(`Your role (${role.replace('_', ' ')}) does not allow this.`);
  throw forbidden('You do not have access to this account.');
}
