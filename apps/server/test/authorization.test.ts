/**
 * Generated from the permission table and the SDL's access directives: every Query and Mutation field is called
 * as a visitor, as a member of another organization, as each membership role and as each staff role, and
 * must be allowed or refused exactly as the table says. Fields added later are picked up without editing this file;
 * an @entity type needs a fixture exported by its module's `*.authz-fixtures.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNonNullType, type GraphQLArgument, type GraphQLField, type GraphQLInputType } from 'graphql';
import { MEMBERSHIP_ROLES, type MembershipRole } from '@rampart/shared/enums';
import { ADMIN_ROLES, adminPermissionsOf, roleHasPermission, staffHasAccountPermission } from '@rampart/shared/permissions';
import type { AccessRule } from '../src/graphql/authorization.ts';
import { ApiClient, STAFF_TOTP_SECRET, startTestApp, uniqueEmail, type TestApp } from './harness.ts';
import type { AuthzFixtures } from './authz-fixtures.ts';
import { addMembership } from './accounts-helper.ts';
import { loadFixtures, rootFields, rules, sampleValue, selectionOf } from './operations.ts';

// Every staff role of the table (issue 35): each operation is checked against each role's own permissions.
const STAFF_ROLES = ADMIN_ROLES;

type Actor =
  | { name: string; kind: 'visitor' }
  | { name: string; kind: 'outsider' }
  | { name: string; kind: 'member'; role: MembershipRole }
  | { name: string; kind: 'staff'; adminRole: string }
  /** Staff must turn on two-factor authentication before any staff action (issue 32). */
  | { name: string; kind: 'staffWithoutTwoFactor'; adminRole: string };

const ACTORS: Actor[] = [
  { name: 'visitor', kind: 'visitor' },
  { name: 'administrator of another organization', kind: 'outsider' },
  ...MEMBERSHIP_ROLES.map((role) => ({ name: role, kind: 'member' as const, role })),
  ...STAFF_ROLES.map((adminRole) => ({ name: `staff ${adminRole}`, kind: 'staff' as const, adminRole })),
  { name: 'staff SuperAdmin without two-factor authentication', kind: 'staffWithoutTwoFactor', adminRole: 'SuperAdmin' },
];

function expectedAllowed(rule: AccessRule, actor: Actor): boolean {
  switch (rule.kind) {
    case 'public':
      return true;
    case 'signedIn':
      return actor.kind !== 'visitor';
    case 'staff':
      return actor.kind === 'staff' && adminPermissionsOf(actor.adminRole).includes(rule.permission);
    default:
      if (actor.kind === 'member') return roleHasPermission(actor.role, rule.permission);
      if (actor.kind === 'staff') return staffHasAccountPermission(actor.adminRole, rule.permission);
      return false;
  }
}

/** The refusal expected: a staff role that would allow it, without two-factor authentication, is told to turn it on. */
function expectedRefusal(rule: AccessRule, actor: Actor): string {
  if (actor.kind === 'visitor') return 'UNAUTHENTICATED';
  if (actor.kind !== 'staffWithoutTwoFactor') return 'FORBIDDEN_ERROR';
  const wouldAllow =
    rule.kind === 'staff'
      ? adminPermissionsOf(actor.adminRole).includes(rule.permission)
      : (rule.kind === 'account' || rule.kind === 'entity') && staffHasAccountPermission(actor.adminRole, rule.permission);
  return wouldAllow ? 'STAFF_TWO_FACTOR_REQUIRED' : 'FORBIDDEN_ERROR';
}

function typeString(type: GraphQLInputType): string {
  return type.toString();
}

function operationFor(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>, args: readonly GraphQLArgument[]): string {
  const used = args.filter((arg) => isNonNullType(arg.type) || ['accountId', 'id'].includes(arg.name));
  const variables = used.map((arg) => `$${arg.name}: ${typeString(arg.type)}`).join(', ');
  const call = used.length ? `(${used.map((arg) => `${arg.name}: $${arg.name}`).join(', ')})` : '';
  return `${kind} Authz${variables ? `(${variables})` : ''} { ${field.name}${call}${selectionOf(field)} }`;
}

let t: TestApp;
let fixtures: AuthzFixtures;
let targetAccountId: string;
const sessions = new Map<string, { userId: string | null }>();

async function createUser(adminRole: string | null = null, twoFactor = adminRole !== null) {
  const email = uniqueEmail('authz');
  const result = await t.database.pool.query<{ id: string }>(
    `insert into users (email, first_name, last_name, is_email_verified, admin_role, otp_secret, is_otp_enabled) values ($1, 'Authz', 'Probe', true, $2, $3, $4) returning id`,
    [email, adminRole, twoFactor ? STAFF_TOTP_SECRET : null, twoFactor],
  );
  return result.rows[0]!.id;
}

async function createAccount(ownerId: string, name: string) {
  const org = await t.database.pool.query<{ id: string }>(`insert into organizations (name, owner_id) values ($1, $2) returning id`, [`${name} Ltd`, ownerId]);
  const account = await t.database.pool.query<{ id: string }>(`insert into accounts (organization_id, name) values ($1, $2) returning id`, [
    org.rows[0]!.id,
    name,
  ]);
  return account.rows[0]!.id;
}

const addMember = (accountId: string, userId: string, role: MembershipRole) => addMembership(t, accountId, userId, role);

/** Sessions issued for queries, by actor; a mutation can end sessions, so each one empties this. */
const querySessions = new Map<string, { cookie: string; csrfToken: string }>();

/**
 * A signed-in client for an actor. A mutation gets a session of its own (the very operation under test can end it);
 * queries end none, so those after the last mutation share one per actor (about 4,400 calls: half the file's time).
 */
async function clientFor(actor: Actor, index: number, kind: 'query' | 'mutation'): Promise<ApiClient> {
  const client = t.client(`10.77.${index}.${Math.floor(Math.random() * 200) + 1}`);
  const userId = sessions.get(actor.name)?.userId;
  if (!userId) return client;
  if (kind === 'mutation') querySessions.clear();
  let session = kind === 'query' ? querySessions.get(actor.name) : undefined;
  if (!session) {
    const user = await t.app.services.identity.issueSession(
      (await t.database.pool.query(`select id, email, first_name as "firstName", last_name as "lastName" from users where id = $1`, [userId])).rows[0],
      'password',
      { ipAddress: '127.0.0.1', userAgent: 'authz-test' },
    );
    session = { cookie: `rampart_session=${user.cookieValue}`, csrfToken: user.csrfToken };
    if (kind === 'query') querySessions.set(actor.name, session);
  }
  client.cookie = session.cookie;
  client.csrfToken = session.csrfToken;
  return client;
}

beforeAll(async () => {
  t = await startTestApp();
  fixtures = await loadFixtures();
  const owner = await createUser();
  targetAccountId = await createAccount(owner, 'Authz Target');
  await addMember(targetAccountId, owner, 'administrator');
  const outsider = await createUser();
  await addMember(await createAccount(outsider, 'Authz Other Tenant'), outsider, 'administrator');
  sessions.set('visitor', { userId: null });
  sessions.set('administrator of another organization', { userId: outsider });
  for (const actor of ACTORS) {
    if (actor.kind === 'member') {
      const userId = await createUser();
      await addMember(targetAccountId, userId, actor.role);
      sessions.set(actor.name, { userId });
    }
    if (actor.kind === 'staff') sessions.set(actor.name, { userId: await createUser(actor.adminRole) });
    if (actor.kind === 'staffWithoutTwoFactor') sessions.set(actor.name, { userId: await createUser(actor.adminRole, false) });
  }
});

afterAll(async () => {
  await t.close();
});

describe('every operation follows the permission table', () => {
  const fields = rootFields;

  it('every root field has an access rule', () => {
    for (const { kind, field } of fields) expect(rules.has(`${kind === 'query' ? 'Query' : 'Mutation'}.${field.name}`), field.name).toBe(true);
  });

  for (const { kind, field } of fields) {
    const rule = rules.get(`${kind === 'query' ? 'Query' : 'Mutation'}.${field.name}`)!;
    it(`${kind} ${field.name} (${rule.kind}${'permission' in rule ? ` ${rule.permission}` : ''})`, async () => {
      const outcomes: string[] = [];
      // A query changes nothing, so every actor reads the same entity; a mutation gets one each (it may delete it).
      let queriedEntity: unknown;
      for (const [index, actor] of ACTORS.entries()) {
        const variables: Record<string, unknown> = {};
        for (const arg of field.args) {
          if (isNonNullType(arg.type) || ['accountId', 'id'].includes(arg.name)) variables[arg.name] = sampleValue(arg.type, arg.name);
        }
        if (rule.kind === 'account') variables[rule.arg] = targetAccountId;
        if (rule.kind === 'entity') {
          const create = fixtures[rule.entity];
          if (!create) throw new Error(`No authz fixture for entity "${rule.entity}": export one from a module's *.authz-fixtures.ts`);
          if (kind === 'mutation') variables[rule.arg] = await create({ app: t, accountId: targetAccountId });
          else variables[rule.arg] = queriedEntity ??= await create({ app: t, accountId: targetAccountId });
        }
        const client = await clientFor(actor, index, kind);
        const result = await client.gql(operationFor(kind, field, field.args), variables);
        const code = result.errors?.[0]?.extensions?.code ?? 'OK';
        const refused = code === 'UNAUTHENTICATED' || code === 'FORBIDDEN_ERROR' || code === 'STAFF_TWO_FACTOR_REQUIRED';
        const allowed = expectedAllowed(rule, actor);
        outcomes.push(`${actor.name}: ${code}`);
        expect(code, `${field.name} as ${actor.name} must never fail inside the server`).not.toBe('INTERNAL_SERVER_ERROR');
        expect(result.status, `${field.name} as ${actor.name}`).toBeLessThan(500);
        if (allowed) expect(refused, `${field.name} as ${actor.name} should be allowed, got ${code}: ${result.errors?.[0]?.message}`).toBe(false);
        else {
          expect(refused, `${field.name} as ${actor.name} should be refused, got ${code}`).toBe(true);
          expect(code, `${field.name} as ${actor.name}: ${result.errors?.[0]?.message}`).toBe(expectedRefusal(rule, actor));
        }
      }
      expect(outcomes).toHaveLength(ACTORS.length);
    });
  }
});
