import { ErrorCode, OpenFeature, type EvaluationContext, type JsonValue, type Provider, type ResolutionDetails } from '@openfeature/server-sdk';
import type { Database } from '../../db/client.ts';
import { featureFlags } from '../../db/schema/accounts.ts';

type FlagRow = typeof featureFlags.$inferSelect;
type FlagRule = FlagRow['rules'][number];

/**
 * Targeting precedence: a rule on the user wins over one on the account, which wins over one on the organization, and
 * the flag's default comes last; within one attribute the stored order decides. Staff set organization and account
 * values (modules/feature-flags), so an account's value overrides its organization's whatever order they were added in.
 */
const PRECEDENCE: Record<FlagRule['attribute'], number> = {
  'user.key': 0,
  'user.email': 0,
  'account.key': 1,
  'account.isSelfService': 2,
  'organization.key': 3,
};

export function byPrecedence(rules: readonly FlagRule[]): FlagRule[] {
  return rules
    .map((rule, index) => ({ rule, index }))
    .sort((a, b) => PRECEDENCE[a.rule.attribute] - PRECEDENCE[b.rule.attribute] || a.index - b.index)
    .map(({ rule }) => rule);
}

/** The spec's evaluation context: a user alone, or a multi-context of user, account and organization. */
export function evaluationContext(input: {
  user: { id: string; email: string };
  account?: { id: string; name: string; isSelfService: boolean } | null;
  organization?: { id: string; name: string } | null;
}): EvaluationContext {
  const user = { key: input.user.id, email: input.user.email };
  if (!input.account) return { targetingKey: user.key, kind: 'user', user };
  return {
    targetingKey: user.key,
    kind: 'multi',
    user,
    account: { key: input.account.id, name: input.account.name, isSelfService: input.account.isSelfService },
    organization: input.organization ? { key: input.organization.id, name: input.organization.name } : {},
  };
}

function attributeValue(context: EvaluationContext, attribute: string): string | undefined {
  const [kind, field] = attribute.split('.') as [string, string];
  const section = context[kind] as Record<string, JsonValue> | undefined;
  const value = section?.[field];
  if (value === undefined || value === null) return undefined;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** An OpenFeature provider over the feature_flags table: the first matching rule by precedence wins, else the flag's default. */
export class DatabaseFlagProvider implements Provider {
  readonly metadata = { name: 'rampart-database' } as const;
  readonly runsOn = 'server' as const;
  private cache: { at: number; flags: Map<string, FlagRow> } | null = null;

  constructor(
    private readonly db: Database,
    private readonly cacheMs = 5_000,
  ) {}

  async flags(): Promise<Map<string, FlagRow>> {
    if (!this.cache || Date.now() - this.cache.at > this.cacheMs) {
      const rows = await this.db.select().from(featureFlags);
      this.cache = { at: Date.now(), flags: new Map(rows.map((row) => [row.key, { ...row, rules: byPrecedence(row.rules) }])) };
    }
    return this.cache.flags;
  }

  /** Forgets the cached flags: this process reads a staff edit at once (other processes within the cache's time). */
  invalidate(): void {
    this.cache = null;
  }

  async resolveBooleanEvaluation(flagKey: string, defaultValue: boolean, context: EvaluationContext): Promise<ResolutionDetails<boolean>> {
    const flag = (await this.flags()).get(flagKey);
    if (!flag) return { value: defaultValue, reason: 'ERROR', errorCode: ErrorCode.FLAG_NOT_FOUND };
    for (const rule of flag.rules) {
      const value = attributeValue(context, rule.attribute);
      if (value !== undefined && rule.values.includes(value)) return { value: rule.value, reason: 'TARGETING_MATCH' };
    }
    return { value: flag.defaultValue, reason: 'STATIC' };
  }
  async resolveStringEvaluation(_flagKey: string, defaultValue: string): Promise<ResolutionDetails<string>> {
    return { value: defaultValue, reason: 'DEFAULT' };
  }
  async resolveNumberEvaluation(_flagKey: string, defaultValue: number): Promise<ResolutionDetails<number>> {
    return { value: defaultValue, reason: 'DEFAULT' };
  }
  async resolveObjectEvaluation<T extends JsonValue>(_flagKey: string, defaultValue: T): Promise<ResolutionDetails<T>> {
    return { value: defaultValue, reason: 'DEFAULT' };
  }
}

/** Flags the app knows; new ones are seeded off. */
export const KNOWN_FLAGS = [
  { key: 'analytics-dashboards', description: 'Analytics area with embedded dashboards', defaultValue: true },
  { key: 'passes', description: 'Passes area (NFT passes and projects)', defaultValue: true },
  { key: 'quarterly-review', description: 'Quarterly business review page', defaultValue: true },
  { key: 'helio-commerce', description: 'Commerce through Helio wallets', defaultValue: true },
] as const;

export function createFeatureFlags(db: Database, cacheMs?: number) {
  const provider = new DatabaseFlagProvider(db, cacheMs);
  const domain = `rampart-${Math.random().toString(36).slice(2)}`;
  OpenFeature.setProvider(domain, provider);
  const client = OpenFeature.getClient(domain);
  return {
    provider,
    async seed() {
      await db
        .insert(featureFlags)
        .values(KNOWN_FLAGS.map((flag) => ({ ...flag })))
        .onConflictDoNothing();
    },
    async evaluateAll(context: EvaluationContext): Promise<Array<{ key: string; enabled: boolean }>> {
      const keys = [...(await provider.flags()).keys()].sort();
      return Promise.all(keys.map(async (key) => ({ key, enabled: await client.getBooleanValue(key, false, context) })));
    },
  };
}
