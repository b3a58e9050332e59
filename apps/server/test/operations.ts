/**
 * The operation list the generated tests walk: every Query and Mutation field read from the SDL, a value of the
 * right type for any argument, and the entity fixtures modules export from their `*.authz-fixtures.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { loadTypeDefs } from '../src/graphql/schema.ts';
import { readAccessRules, type AccessRule } from '../src/graphql/authorization.ts';
import type { AuthzFixtures } from './authz-fixtures.ts';

export const schema = buildSchema(loadTypeDefs());
export const rules = readAccessRules(loadTypeDefs());

export interface RootField {
  kind: 'query' | 'mutation';
  field: GraphQLField<unknown, unknown>;
  rule: AccessRule;
}

export const rootFields: RootField[] = [
  ...Object.values(schema.getQueryType()!.getFields()).map((field) => ({ kind: 'query' as const, field, rule: rules.get(`Query.${field.name}`)! })),
  ...Object.values(schema.getMutationType()!.getFields()).map((field) => ({ kind: 'mutation' as const, field, rule: rules.get(`Mutation.${field.name}`)! })),
];

export async function loadFixtures(): Promise<AuthzFixtures> {
  const modulesDir = path.resolve(import.meta.dirname, '../src/modules');
  const all: AuthzFixtures = {};
  // Module folders (modules/ also holds the list, index.ts, and defineModule, module.ts).
  const folders = fs.readdirSync(modulesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const moduleName of folders.map((entry) => entry.name)) {
    for (const file of fs.readdirSync(path.join(modulesDir, moduleName)).filter((name) => name.endsWith('.authz-fixtures.ts'))) {
      const loaded = (await import(path.join(modulesDir, moduleName, file))) as { fixtures: AuthzFixtures };
      Object.assign(all, loaded.fixtures);
    }
  }
  return all;
}

/** A value of the right type for an argument; for inputs only required fields are filled. */
export function sampleValue(type: GraphQLInputType, name: string): unknown {
  if (isNonNullType(type)) return sampleValue(type.ofType, name);
  if (isListType(type)) return [sampleValue(type.ofType, name)];
  if (isEnumType(type)) return type.getValues()[0]!.value;
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((field) => isNonNullType(field.type))
        .map((field) => [field.name, sampleValue(field.type, field.name)]),
    );
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'ID':
        return '00000000-0000-4000-8000-000000000000';
      case 'Int':
        return 1;
      case 'Float':
        return 1.5;
      case 'Boolean':
        return false;
      case 'Decimal':
        return '1.00';
      case 'DateTime':
        return new Date().toISOString();
      default:
        return /email/i.test(name) ? 'authz-probe@example.com' : 'authz-probe';
    }
  }
  return null;
}

/** The smallest selection a field's result type accepts. */
export function selectionOf(field: GraphQLField<unknown, unknown>): string {
  const named = getNamedType(field.type);
  return isScalarType(named) || isEnumType(named) ? '' : ' { __typename }';
}
