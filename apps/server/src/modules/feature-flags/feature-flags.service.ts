import { z } from 'zod';
import { afterCommit } from '../../db/unit-of-work.ts';
import { AppError, badInput, notFound } from '../../graphql/errors.ts';
import { parseInput } from '../../graphql/validate.ts';
import { withAuditChange } from '../../lib/audit-words.ts';
import type { FeatureFlagRow, FeatureFlagRule, FeatureFlagsRepository } from './feature-flags.repository.ts';

type ContextKind = 'organization' | 'account';
const ATTRIBUTE = { organization: 'organization.key', account: 'account.key' } as const satisfies Record<ContextKind, FeatureFlagRule['attribute']>;

const uuid = (what: string) => z.uuid(`${what} is not an id.`).optional().nullable();
const setSchema = z
  .object({
    flag: z.string().trim().min(1, 'Name the flag.').max(100, 'At most 100 characters'),
    organizationId: uuid('organizationId'),
    accountId: uuid('accountId'),
    enabled: z.boolean().optional().nullable(),
    reason: z.string().trim().min(1, 'Say why the flag changes: it is kept in the audit trail.').max(500, 'At most 500 characters'),
  })
  .superRefine((input, ctx) => {
    if (input.organizationId && input.accountId)
      ctx.addIssue({ code: 'custom', path: ['accountId'], message: 'Name an organization or an account, not both.' });
    if (!input.organizationId && !input.accountId && (input.enabled === null || input.enabled === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['enabled'], message: 'The default is on or off: choose one.' });
    }
  });

/** The value a context has set for itself: on, off, or inherited (it follows its organization or the default). */
function valueFor(rules: readonly FeatureFlagRule[], attribute: FeatureFlagRule['attribute'], id: string): boolean | null {
  return rules.find((rule) => rule.attribute === attribute && rule.values.includes(id))?.value ?? null;
}

/** The rules with `id`'s value for `attribute` replaced: one rule per attribute and value, its ids in a list. */
export function withValue(rules: readonly FeatureFlagRule[], attribute: FeatureFlagRule['attribute'], id: string, enabled: boolean | null): FeatureFlagRule[] {
  const next = rules
    .map((rule) => (rule.attribute === attribute ? { ...rule, values: rule.values.filter((value) => value !== id) } : rule))
    .filter((rule) => rule.values.length > 0);
  if (enabled === null) return next;
  const same = next.find((rule) => rule.attribute === attribute && rule.value === enabled);
  if (same) same.values = [...same.values, id];
  else next.push({ attribute, values: [id], value: enabled });
  return next;
}

const words = (value: boolean | null) => (value === null ? 'inherited' : value ? 'on' : 'off');

export const LAUNCHDARKLY_FLAGS_MESSAGE =
  'Feature flags are served by LaunchDarkly on this server: change them in LaunchDarkly. Values set here would not apply.';

/**
 * `invalidate`: drops the provider's cache, so the partner's next evaluation reads the edit. `source`: where partners'
 * flags come from; with LaunchDarkly, edits here would change nothing a partner sees, so none is taken.
 */
export function createFeatureFlagsService(deps: { repository: FeatureFlagsRepository; invalidate: () => void; source: 'database' | 'launchdarkly' }) {
  const { repository } = deps;

  async function toStaffFlags(rows: FeatureFlagRow[]) {
    const ids = (kind: ContextKind) => [
      ...new Set(rows.flatMap((row) => row.rules.filter((rule) => rule.attribute === ATTRIBUTE[kind]).flatMap((rule) => rule.values))),
    ];
    const [organizationNames, accountNames] = await Promise.all([repository.organizationNames(ids('organization')), repository.accountNames(ids('account'))]);
    const names = { organization: organizationNames, account: accountNames };
    return rows.map((row) => {
      const overrides = (['account', 'organization'] as const).flatMap((kind) => {
        const seen = new Set<string>();
        return row.rules
          .filter((rule) => rule.attribute === ATTRIBUTE[kind])
          .flatMap((rule) =>
            rule.values.map((contextKey) => ({ contextKind: kind, contextKey, contextName: names[kind].get(contextKey) ?? null, enabled: rule.value })),
          )
          .filter((override) => !seen.has(override.contextKey) && Boolean(seen.add(override.contextKey)));
      });
      const otherRuleCount = row.rules.filter((rule) => rule.attribute !== ATTRIBUTE.account && rule.attribute !== ATTRIBUTE.organization).length;
      return { key: row.key, description: row.description, defaultValue: row.defaultValue, overrides, otherRuleCount, updatedAt: row.updatedAt };
    });
  }

  return {
    list: async () => toStaffFlags(await repository.list()),

    async setFeatureFlag(input: Record<string, unknown>) {
      if (deps.source === 'launchdarkly') throw new AppError('CONFLICT', LAUNCHDARKLY_FLAGS_MESSAGE);
      const values = parseInput(setSchema, input);
      const kind: ContextKind | null = values.accountId ? 'account' : values.organizationId ? 'organization' : null;
      const contextId = values.accountId ?? values.organizationId ?? null;
      let contextName = 'the default';
      if (kind && contextId) {
        const name = (await (kind === 'account' ? repository.accountNames([contextId]) : repository.organizationNames([contextId]))).get(contextId);
        if (!name) throw notFound(`The ${kind}`);
        contextName = name;
      }
      const flag = await repository.lock(values.flag);
      if (!flag) throw badInput({ flag: `There is no feature flag "${values.flag}".` });
      const enabled = values.enabled ?? null;
      let before: string;
      let updated: FeatureFlagRow;
      if (kind && contextId) {
        before = words(valueFor(flag.rules, ATTRIBUTE[kind], contextId));
        updated = await repository.update(flag.key, { defaultValue: flag.defaultValue, rules: withValue(flag.rules, ATTRIBUTE[kind], contextId, enabled) });
      } else {
        before = words(flag.defaultValue);
        updated = await repository.update(flag.key, { defaultValue: enabled!, rules: flag.rules });
      }
      await afterCommit(async () => deps.invalidate());
      const [staffFlag] = await toStaffFlags([updated]);
      // `name` is the audit row's subject (audit-sentences.ts), not a field of the type.
      return withAuditChange({ ...staffFlag!, name: contextName }, { before, after: words(enabled) });
    },
  };
}

export type FeatureFlagsService = ReturnType<typeof createFeatureFlagsService>;
