import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { z } from 'zod';
import { isDecimalString } from '@rampart/shared/money';
import type { Resolvers } from '../generated/graphql.ts';
import { accountsResolvers } from '../modules/accounts/accounts.resolvers.ts';
import { identityResolvers } from '../modules/identity/identity.resolvers.ts';
import { ssoResolvers } from '../modules/sso/sso.resolvers.ts';
import { auditResolvers } from '../modules/audit/audit.resolvers.ts';
import { teamResolvers } from '../modules/team/team.resolvers.ts';
import { transactionsResolvers } from '../modules/transactions/transactions.resolvers.ts';
import { dashboardsResolvers } from '../modules/dashboards/dashboards.resolvers.ts';
import { analyticsResolvers } from '../modules/analytics/analytics.resolvers.ts';
import { quarterlyReviewResolvers } from '../modules/analytics/quarterly-review.resolvers.ts';
import { developersResolvers } from '../modules/developers/developers.resolvers.ts';
import { webhooksResolvers } from '../modules/webhooks/webhooks.resolvers.ts';
import { settingsResolvers } from '../modules/settings/settings.resolvers.ts';
import { kybResolvers } from '../modules/kyb/kyb.resolvers.ts';
import { UploadScalar } from '../lib/graphql-uploads.ts';
import { goLiveResolvers } from '../modules/go-live/go-live.resolvers.ts';
import { rampResolvers } from '../modules/ramp/ramp.resolvers.ts';
import { gettingStartedResolvers } from '../modules/getting-started/getting-started.resolvers.ts';
import { themesResolvers } from '../modules/themes/themes.resolvers.ts';
import { billingResolvers } from '../modules/billing/billing.resolvers.ts';
import { commerceResolvers } from '../modules/commerce/commerce.resolvers.ts';
import { passesResolvers } from '../modules/passes/passes.resolvers.ts';
import { mintingResolvers } from '../modules/minting/minting.resolvers.ts';
import { ingestionResolvers } from '../modules/ingestion/ingestion.resolvers.ts';
import type { Services } from '../services.ts';
import { applyAuthorization, readAccessRules } from './authorization.ts';
import { guardArguments, InvalidValueError } from './input-guard.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The SDL of every module, in a stable order; the same files feed codegen. */
export function loadTypeDefs(): string {
  const modulesDir = path.join(here, '../modules');
  const moduleFiles = fs
    .readdirSync(modulesDir)
    .sort()
    .map((name) => path.join(modulesDir, name, 'schema.graphql'))
    .filter((file) => fs.existsSync(file));
  return [path.join(here, 'base.graphql'), ...moduleFiles].map((file) => fs.readFileSync(file, 'utf8')).join('\n');
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
  const resolvers = mergeResolvers(
    { Query: { health: () => 'ok' }, Mutation: { _noop: () => null } },
    identityResolvers,
    accountsResolvers,
    teamResolvers,
    ssoResolvers,
    auditResolvers,
    developersResolvers,
    webhooksResolvers,
    settingsResolvers,
    transactionsResolvers,
    dashboardsResolvers,
    analyticsResolvers,
    quarterlyReviewResolvers,
    goLiveResolvers,
    kybResolvers,
    rampResolvers,
    gettingStartedResolvers,
    themesResolvers,
    commerceResolvers,
    passesResolvers,
    mintingResolvers,
    billingResolvers,
    ingestionResolvers,
  );
  const typeDefs = loadTypeDefs();
  applyAuthorization(resolvers, readAccessRules(typeDefs), services.authorization);
  guardArguments(resolvers, typeDefs);
  return { Decimal, DateTime, Upload: UploadScalar, ...resolvers };
}
