import fs from 'node:fs';
import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { z } from 'zod';
import { isDecimalString } from '@rampart/shared/money';
import { UploadScalar } from '../lib/graphql-uploads.ts';
import { modules } from '../modules/index.ts';
import type { Resolvers } from '../generated/graphql.ts';
import type { Services } from '../services.ts';
import { applyAuthorization, readAccessRules } from './authorization.ts';
import { guardArguments, InvalidValueError } from './input-guard.ts';

/** The SDL of every module of the list, in name order (a stable schema whatever the list's order); codegen reads the same files. */
export function loadTypeDefs(): string {
  const moduleFiles = modules
    .flatMap((module) => (module.schema ? [{ name: module.name, file: module.schema }] : []))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map(({ file }) => file);
  return [new URL('./base.graphql', import.meta.url), ...moduleFiles].map((file) => fs.readFileSync(file, 'utf8')).join('\n');
}

const DECIMAL_FORMAT = 'Decimal values are strings such as "12.50": up to 30 digits, an optional point and 18 decimals, no exponent.';
const DATE_TIME_FORMAT = 'DateTime values are ISO-8601 date-times with an offset, such as "2026-01-31T00:00:00Z".';
const isoDateTime = z.iso.datetime({ offset: true });

function parseDecimal(value: unknown, node?: ValueNode): string {
  if (typeof value !== 'string' || !isDecimalString(value)) throw new InvalidValueError(DECIMAL_FORMAT, node);
  return value;
}

function parseDateTime(value: unknown, node?: ValueNode): string {
  if (typeof value !== 'string' || !isoDateTime.safeParse(value).success) throw new InvalidValueError(DATE_TIME_FORMAT, node);
  return new Date(value).toISOString();
}

const Decimal = new GraphQLScalarType({
  name: 'Decimal',
  serialize: (value) => String(value),
  parseValue: (value) => parseDecimal(value),
  parseLiteral: (ast) => parseDecimal(ast.kind === Kind.STRING ? ast.value : undefined, ast),
});

const DateTime = new GraphQLScalarType({
  name: 'DateTime',
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString()),
  parseValue: (value) => parseDateTime(value),
  parseLiteral: (ast) => parseDateTime(ast.kind === Kind.STRING ? ast.value : undefined, ast),
});

/** Module resolver maps merged per type; a type defined twice is a programming error. */
export function mergeResolvers(...maps: Resolvers[]): Record<string, Record<string, unknown>> {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const map of maps) {
    for (const [typeName, fields] of Object.entries(map)) {
      merged[typeName] ??= {};
      for (const [field, resolver] of Object.entries(fields as Record<string, unknown>)) {
        if (field in merged[typeName]) throw new Error(`Resolver ${typeName}.${field} is defined twice`);
        merged[typeName][field] = resolver;
      }
    }
  }
  return merged;
}

/**
 * All resolvers, each root field wrapped with the access rule its SDL directive declares, and every field that takes
 * arguments with the input guard, which runs first.
 */
export function buildResolvers(services: Services) {
  const resolvers = mergeResolvers({ Query: { health: () => 'ok' }, Mutation: { _noop: () => null } }, ...modules.flatMap((module) => module.resolvers ?? []));
  const typeDefs = loadTypeDefs();
  applyAuthorization(resolvers, readAccessRules(typeDefs), services.authorization);
  guardArguments(resolvers, typeDefs);
  return { Decimal, DateTime, Upload: UploadScalar, ...resolvers };
}
