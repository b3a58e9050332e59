// The crypto catalogue screens: grouping by network, search, and the pairs a save sends.

export interface PairCurrency {
  id: string;
  code: string;
  name: string;
  networkCode: string;
  isSellSupported: boolean;
  isSuspended: boolean;
  isSuspendedUS: boolean;
}

export interface PairState {
  isEnabled: boolean;
  isSellEnabled: boolean;
}

export interface Pair extends PairState {
  id: string;
  currency: PairCurrency;
}

/** Which switch a page edits: buying (on-ramp) or buying and selling (off-ramp shows both). */
export type PairField = 'isEnabled' | 'isSellEnabled';

export type Draft = Record<string, PairState>;

/** A network's display name: the catalogue's name when known, else the code in words ("binance-smart-chain" → "Binance Smart Chain"). */
export function networkName(code: string, names: ReadonlyMap<string, string>): string {
  const known = names.get(code);
  if (known) return known;
  return code
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

export interface NetworkGroup<P extends Pair> {
  networkCode: string;
  networkName: string;
  pairs: P[];
}

/** Pairs by network, networks and assets sorted by name. */
export function groupByNetwork<P extends Pair>(pairs: readonly P[], names: ReadonlyMap<string, string>): NetworkGroup<P>[] {
  const groups = new Map<string, P[]>();
  for (const pair of pairs) {
    const list = groups.get(pair.currency.networkCode) ?? [];
    list.push(pair);
    groups.set(pair.currency.networkCode, list);
  }
  return [...groups.entries()]
    .map(([networkCode, list]) => ({
      networkCode,
      networkName: networkName(networkCode, names),
      pairs: list.sort((a, b) => a.currency.name.localeCompare(b.currency.name)),
    }))
    .sort((a, b) => a.networkName.localeCompare(b.networkName));
}

/** Search by asset name, code or network (code or name), case-insensitive. */
export function matchesSearch(pair: Pair, query: string, names: ReadonlyMap<string, string>): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const { name, code, networkCode } = pair.currency;
  return [name, code, networkCode, networkName(networkCode, names)].some((text) => text.toLowerCase().includes(q));
}

/** The state a pair shows: the draft's when edited, else the saved one. */
export function stateOf(pair: Pair, draft: Draft): PairState {
  return draft[pair.id] ?? { isEnabled: pair.isEnabled, isSellEnabled: pair.isSellEnabled };
}

/** Whether a switch can be turned on: never for a suspended asset, selling only where supported. */
export function canEnable(currency: PairCurrency, field: PairField): boolean {
  if (currency.isSuspended) return false;
  return field === 'isEnabled' || currency.isSellSupported;
}

/**
 * The draft after setting one switch. Switching off is always allowed (a suspended asset may be turned off).
 * Buying (the buy widget) and selling (the sell widget) are independent, each page edits its own.
 */
export function setField(draft: Draft, pair: Pair, field: PairField, value: boolean): Draft {
  if (value && !canEnable(pair.currency, field)) return draft;
  return { ...draft, [pair.id]: { ...stateOf(pair, draft), [field]: value } };
}

/** Sets one switch on many pairs (bulk), skipping those that cannot be enabled. */
export function setFieldOf(draft: Draft, pairs: readonly Pair[], field: PairField, value: boolean): Draft {
  return pairs.reduce((next, pair) => setField(next, pair, field, value), draft);
}

/** Only the pairs whose state differs from the saved one, as the mutation takes them. */
export function changedPairs(pairs: readonly Pair[], draft: Draft): { currencyId: string; isEnabled: boolean; isSellEnabled: boolean }[] {
  const changes: { currencyId: string; isEnabled: boolean; isSellEnabled: boolean }[] = [];
  for (const pair of pairs) {
    const edited = draft[pair.id];
    if (!edited) continue;
    const isSellEnabled = pair.currency.isSellSupported ? edited.isSellEnabled : false;
    if (edited.isEnabled === pair.isEnabled && isSellEnabled === pair.isSellEnabled) continue;
    changes.push({ currencyId: pair.currency.id, isEnabled: edited.isEnabled, isSellEnabled });
  }
  return changes;
}

/** Enabled out of offered (not suspended) for a field. */
export function countsOf(pairs: readonly Pair[], draft: Draft, field: PairField): { enabled: number; available: number; total: number } {
  let enabled = 0;
  let available = 0;
  for (const pair of pairs) {
    if (field === 'isSellEnabled' && !pair.currency.isSellSupported) continue;
    if (!pair.currency.isSuspended) available += 1;
    if (stateOf(pair, draft)[field]) enabled += 1;
  }
  return { enabled, available, total: pairs.length };
}
