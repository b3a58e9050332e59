import { ErrorCode, OpenFeature, type EvaluationContext, type JsonValue, type Provider, type ResolutionDetails } from '@openfeature/server-sdk';
import type { Database } from '../../db/client.ts';
import { featureFlags } from '../../db/schema/accounts.ts';
import { createLaunchDarklyProvider, type LaunchDarklySettings } from './launchdarkly-provider.ts';

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

/**
 * The spec's evaluation context: a user alone (kind user, key and email), or a multi-context of user, account
 * {key, name, isSelfService} and organization {key, name}. The shape is LaunchDarkly's OpenFeature mapping: a single
 * kind's key is the targeting key; a multi-context holds one object per kind, each with its key.
 */
export function evaluationContext(input: {
  user: { id: string; email: string };
  account?: { id: string; name: string; isSelfService: boolean } | null;
  organization?: { id: string; name: string } | null;
}): EvaluationContext {
  if (!input.account) return { kind: 'user', targetingKey: input.user.id, email: input.user.email };
  return {
    kind: 'multi',
    user: { key: input.user.id, email: input.user.email },
    account: { key: input.account.id, name: input.account.name, isSelfService: input.account.isSelfService },
    ...(input.organization ? { organization: { key: input.organization.id, name: input.organization.name } } : {}),
  };
}

function attributeValue(context: EvaluationContext, attribute: string): string | undefined {
  const [kind, field] = attribute.split('.') as [string, string];
  const section =
    context.kind === 'multi'
      ? (context[kind] as Record<string, JsonValue> | undefined)
      : context.kind === kind
        ? ({ ...context, key: context.targetingKey ?? null } as Record<string, JsonValue>)
        : undefined;
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

/**
 * The flags partners are evaluated against: LaunchDarkly when its SDK key is set, else the feature_flags table (which
 * staff edit). `provider` is always the database's (the staff edit empties its cache).
 */
export function createFeatureFlags(db: Database, options: { cacheMs?: number; launchDarkly?: LaunchDarklySettings | null } = {}) {
  const provider = new DatabaseFlagProvider(db, options.cacheMs);
  const hosted = options.launchDarkly ? createLaunchDarklyProvider(options.launchDarkly) : null;
  const domain = `rampart-${Math.random().toString(36).slice(2)}`;
  // A LaunchDarkly that cannot be reached at start-up is logged by its SDK; evaluations answer the defaults meanwhile.
  const ready = OpenFeature.setProviderAndWait(domain, hosted ?? provider).catch(() => undefined);
  const client = OpenFeature.getClient(domain);
  return {
    provider,
    /** Where partners' flags come from: staff edits apply only to the database. */
    source: hosted ? ('launchdarkly' as const) : ('database' as const),
    async seed() {
      await db
        .insert(featureFlags)
        .values(KNOWN_FLAGS.map((flag) => ({ ...flag })))
        .onConflictDoNothing();
    },
    async evaluateAll(context: EvaluationContext): Promise<Array<{ key: string; enabled: boolean }>> {
      await ready;
      // LaunchDarkly: the flags the code knows, each at its built-in default when LaunchDarkly has no such flag.
      const flags = hosted
        ? [...KNOWN_FLAGS].sort((a, b) => a.key.localeCompare(b.key)).map((flag) => ({ key: flag.key, fallback: flag.defaultValue }))
        : [...(await provider.flags()).keys()].sort().map((key) => ({ key, fallback: false }));
      return Promise.all(flags.map(async ({ key, fallback }) => ({ key, enabled: await client.getBooleanValue(key, fallback, context) })));
    },
    /** Sends LaunchDarkly the evaluation events gathered so far (it also does every few seconds, and on close). */
    async flushEvents(): Promise<void> {
      await hosted?.getClient().flush();
    },
    close(): void {
      void hosted?.onClose();
    },
  };
}
