/**
 * Generated from the SDL like the authorization test: every argument of every Query and Mutation field (and each
 * field of its input objects) is sent the bad values its type admits, by a caller with access and by a visitor.
 * No call may fail inside the server. Values that are never valid (NUL or an unpaired surrogate in any string,
 * malformed DateTime or Decimal, an out-of-range Int, an unknown enum value) must be answered BAD_USER_INPUT naming
 * the argument, whoever asks; the others (a non-uuid id, a very long string, a negative count) only must not be a 5xx.
 * Fields added later are covered without editing this file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNamedType, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType, type GraphQLArgument, type GraphQLInputType } from 'graphql';
import { startTestApp, type ApiClient, type GraphQLResult, type TestApp } from './harness.ts';
import { accountWithMember, sessionFor, signedInUser } from './accounts-helper.ts';
import type { AuthzFixtures } from './authz-fixtures.ts';
import { loadFixtures, rootFields, sampleValue, selectionOf, type RootField } from './operations.ts';

interface BadValue {
  value: unknown;
  /** Never valid: must be answered BAD_USER_INPUT naming the argument. */
  refused: boolean;
  what: string;
}

const TEXT: BadValue[] = [
  { value: 'before\u0000after', refused: true, what: 'NUL' },
  { value: 'lone \ud800 high surrogate', refused: true, what: 'lone high surrogate' },
  { value: '\udc00', refused: true, what: 'lone low surrogate' },
  { value: 'x'.repeat(20_000), refused: false, what: '20,000 characters' },
];

const BAD_SCALARS: Record<string, BadValue[]> = {
  String: TEXT,
  ID: [{ value: 'not-a-uuid', refused: false, what: 'non-uuid id' }, ...TEXT],
  DateTime: [
    ...['2024-13-45', 'yesterday', '2024-02-30T00:00:00Z', '', 'x\u0000'].map((value) => ({ value, refused: true, what: `DateTime ${JSON.stringify(value)}` })),
    { value: 1_700_000_000, refused: true, what: 'DateTime as a number' },
  ],
  // Sent as JSON, an Upload variable holds no file: refused once access is checked (the service says a file is needed), never a failure.
  Upload: [
    { value: 'not-a-file', refused: false, what: 'Upload as a string' },
    { value: { name: 'x.pdf' }, refused: false, what: 'Upload as an object' },
  ],
  Decimal: [
    ...['1e5', 'abc', '1.2.3', '9'.repeat(400), '', '1\u0000'].map((value) => ({
      value,
      refused: true,
      what: `Decimal ${JSON.stringify(value).slice(0, 12)}`,
    })),
    { value: 12.5, refused: true, what: 'Decimal as a number' },
    { value: '999999999999999999999999999999.999999999999999999', refused: false, what: 'largest Decimal' },
    { value: '-1', refused: false, what: 'negative Decimal' },
  ],
  Int: [
    { value: 2_147_483_648, refused: true, what: 'Int above 32 bits' },
    { value: 1e21, refused: true, what: 'Int 1e21' },
    { value: 1.5, refused: true, what: 'Int 1.5' },
    { value: 2_147_483_647, refused: false, what: 'largest Int' },
    { value: -2_147_483_648, refused: false, what: 'smallest Int' },
    { value: -1, refused: false, what: 'Int -1' },
  ],
  Float: [{ value: 'NaN', refused: true, what: 'Float as a string' }],
  Boolean: [{ value: 'yes', refused: true, what: 'Boolean as a string' }],
};

/** Each bad value of a type, wrapped so it sits inside lists and input objects (whose other fields keep valid values). */
function badValues(type: GraphQLInputType): BadValue[] {
  if (isNonNullType(type)) return badValues(type.ofType);
  if (isListType(type)) return badValues(type.ofType).map((bad) => ({ ...bad, value: [bad.value] }));
  if (isEnumType(type)) return [{ value: 'NOT_A_VALUE', refused: true, what: `unknown ${type.name}` }];
  if (isInputObjectType(type)) {
    const valid = sampleValue(type, type.name) as Record<string, unknown>;
    return Object.values(type.getFields()).flatMap((field) =>
      badValues(field.type).map((bad) => ({ ...bad, value: { ...valid, [field.name]: bad.value }, what: `${field.name}: ${bad.what}` })),
    );
  }
  if (isScalarType(type)) {
    const bad = BAD_SCALARS[type.name];
    if (!bad) throw new Error(`No bad values for scalar ${type.name}: add them to BAD_SCALARS`);
    return bad;
  }
  return [];
}

/** A literal spelling of the values a literal can carry, to check the parseLiteral path too. */
const LITERALS: Record<string, string> = { String: 'before\u0000after', ID: 'before\u0000after', DateTime: '2024-13-45', Decimal: '1.2.3' };

let t: TestApp;
let fixtures: AuthzFixtures;
let accountId: string;
let administratorId: string;
let staffId: string;

beforeAll(async () => {
  t = await startTestApp();
  fixtures = await loadFixtures();
  const administrator = await accountWithMember(t, { name: 'Bad Input Target' });
  accountId = administrator.accountId;
  administratorId = administrator.userId;
  staffId = (await signedInUser(t, { adminRole: 'SuperAdmin' })).userId;
});

afterAll(async () => {
  await t.close();
});

/** Valid values for the other required arguments, and the ids the access rule needs to let the call through. */
async function validArguments({ field, rule }: RootField): Promise<Record<string, unknown>> {
  const variables: Record<string, unknown> = {};
  for (const arg of field.args) if (isNonNullType(arg.type)) variables[arg.name] = sampleValue(arg.type, arg.name);
  if (rule.kind === 'account') variables[rule.arg] = accountId;
  if (rule.kind === 'entity') {
    const create = fixtures[rule.entity];
    if (!create) throw new Error(`No authz fixture for entity "${rule.entity}": export one from a module's *.authz-fixtures.ts`);
    variables[rule.arg] = await create({ app: t, accountId });
  }
  return variables;
}

function operation({ kind, field }: RootField, args: readonly GraphQLArgument[], literal?: { name: string; value: string }): string {
  const variables = args.filter((arg) => arg.name !== literal?.name).map((arg) => `$${arg.name}: ${arg.type.toString()}`);
  const call = args.map((arg) => `${arg.name}: ${arg.name === literal?.name ? JSON.stringify(literal.value) : `$${arg.name}`}`);
  return `${kind} BadInput${variables.length ? `(${variables.join(', ')})` : ''} { ${field.name}${call.length ? `(${call.join(', ')})` : ''}${selectionOf(field)} }`;
}

interface Call {
  label: string;
  argument: string;
  refused: boolean;
  send: () => Promise<GraphQLResult>;
}

/** Runs the calls a few at a time (each one a real request) and collects every broken expectation. */
async function runAll(calls: Call[]): Promise<string[]> {
  const problems: string[] = [];
  const queue = [...calls];
  const worker = async () => {
    for (let call = queue.shift(); call; call = queue.shift()) {
      const result = await call.send();
      const codes = (result.errors ?? []).map((error) => error.extensions?.code);
      const summary = `${call.label}: HTTP ${result.status} ${JSON.stringify(result.errors?.map((e) => [e.extensions?.code, e.message.slice(0, 160)]))}`;
      if (result.status >= 500 || codes.includes('INTERNAL_SERVER_ERROR')) problems.push(`failed inside the server: ${summary}`);
      else if (call.refused) {
        const error = result.errors?.find((e) => e.extensions?.code === 'BAD_USER_INPUT');
        if (!error) problems.push(`not refused as BAD_USER_INPUT: ${summary}`);
        else if (!error.message.includes(call.argument) && !Object.keys(error.extensions?.fields ?? {}).some((key) => key.split(/[.[]/)[0] === call.argument)) {
          problems.push(`refusal does not name "${call.argument}": ${summary}`);
        }
      }
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  return problems;
}

describe('bad input is refused, never an internal error', () => {
  for (const root of rootFields) {
    const { kind, field, rule } = root;
    if (field.args.length === 0) continue;
    it(`${kind} ${field.name}`, async () => {
      const calls: Call[] = [];
      // Sessions can be ended by the operations under test: one per operation.
      const caller = await sessionFor(t, rule.kind === 'staff' ? staffId : administratorId);
      const visitor: ApiClient = t.client();
      for (const arg of field.args) {
        const args = field.args.filter((other) => other === arg || isNonNullType(other.type) || ('arg' in rule && other.name === rule.arg));
        for (const bad of badValues(arg.type)) {
          const label = `${field.name}(${arg.name}: ${bad.what})`;
          calls.push({
            label,
            argument: arg.name,
            refused: bad.refused,
            send: async () => caller.gql(operation(root, args), { ...(await validArguments(root)), [arg.name]: bad.value }),
          });
          if (bad.refused) {
            calls.push({
              label: `${label} as a visitor`,
              argument: arg.name,
              refused: true,
              send: async () => visitor.gql(operation(root, args), { ...(await validArguments(root)), [arg.name]: bad.value }),
            });
          }
        }
        const literal = LITERALS[getNamedType(arg.type).name];
        if (literal && !isListType(isNonNullType(arg.type) ? arg.type.ofType : arg.type)) {
          calls.push({
            label: `${field.name}(${arg.name}: literal ${JSON.stringify(literal)})`,
            argument: arg.name,
            refused: true,
            send: async () => {
              const { [arg.name]: _replaced, ...variables } = await validArguments(root);
              return caller.gql(operation(root, args, { name: arg.name, value: literal }), variables);
            },
          });
        }
      }
      const problems = await runAll(calls);
      expect(problems, problems.join('\n')).toEqual([]);
      expect(calls.length).toBeGreaterThan(0);
    });
  }
});
