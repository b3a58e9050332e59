import { useMutation, useQuery, useReactiveVar } from '@apollo/client/react';
import { InfoIcon, SearchIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import type { RampProductKey } from '@/config/routes';
import { CurrencyPairsQuery, UpdateCurrencyPairsMutation } from '@/features/ramp/api/currencies';
import { RampFrame } from '@/features/ramp/components/ramp-frame';
import {
  canEnable,
  changedPairs,
  countsOf,
  groupByNetwork,
  matchesSearch,
  setField,
  setFieldOf,
  stateOf,
  type Draft,
  type PairField,
} from '@/features/ramp/lib/currencies';
import type { Ramp_CurrencyPairFragment } from '@/gql/graphql';
import { usePermission } from '@/hooks/use-permission';
import { toast } from '@/hooks/use-toast';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { describeApiError } from '@/lib/graphql-errors';
import { selectedAccountIdVar } from '@/lib/local-state';
import { QueryBoundary } from '@/components/query-boundary';

const COPY = {
  isEnabled: { verb: 'buying', column: 'Buy', description: 'Choose the crypto your customers can buy. The widget offers only what is switched on here.' },
  isSellEnabled: {
    verb: 'selling',
    column: 'Sell',
    description: 'Choose the crypto your customers can sell. Only assets the provider can buy back can be switched on.',
  },
} as const;

/** Why a switch cannot be turned on, or null. */
function lockedReason(pair: Ramp_CurrencyPairFragment, field: PairField): string | null {
  if (pair.currency.isSuspended) return 'Suspended by the provider: it cannot be offered until the provider resumes it.';
  if (!canEnable(pair.currency, field)) return 'The provider does not buy this asset back, so it cannot be offered for selling.';
  return null;
}

/** /dashboard/{on-ramp,off-ramp}/cryptos: the catalogue by network, switches, bulk changes and one save. */
export function CryptosScreen({ product }: { product: Extract<RampProductKey, 'OnRamp' | 'OffRamp'> }) {
  const field: PairField = product === 'OnRamp' ? 'isEnabled' : 'isSellEnabled';
  const copy = COPY[field];
  const accountId = useReactiveVar(selectedAccountIdVar);
  const canManage = usePermission('currencies:manage');
  const { data, loading, error, refetch } = useQuery(CurrencyPairsQuery, { variables: { accountId: accountId ?? '' }, skip: !accountId });
  const [save, saving] = useMutation(UpdateCurrencyPairsMutation);
  const [draft, setDraft] = useState<Draft>({});
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [query, setQuery] = useState('');
  const [saveError, setSaveError] = useState<string | null>(null);

  // Another account starts clean.
  useEffect(() => {
    setDraft({});
    setSelected(new Set());
  }, [accountId]);

  const pairs = useMemo(() => data?.account?.currencyAccountPairs ?? [], [data]);
  const names = useMemo(() => new Map((data?.nftNetworks ?? []).map((network) => [network.code, network.name])), [data]);
  const visible = useMemo(() => pairs.filter((pair) => matchesSearch(pair, query, names)), [pairs, query, names]);
  const groups = useMemo(() => groupByNetwork(visible, names), [visible, names]);
  const changes = changedPairs(pairs, draft);
  const counts = countsOf(pairs, draft, field);
  const selectedPairs = pairs.filter((pair) => selected.has(pair.id));
  useUnsavedChanges(canManage && changes.length > 0);

  function toggleSelected(ids: readonly string[], value: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (value) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }

  function bulk(value: boolean) {
    const skipped = value ? selectedPairs.filter((pair) => lockedReason(pair, field)).length : 0;
    setDraft((current) => setFieldOf(current, selectedPairs, field, value));
    setSelected(new Set());
    if (skipped)
      toast({
        title: `${skipped} selected ${skipped === 1 ? 'asset was' : 'assets were'} left off`,
        description: 'Suspended assets, and assets the provider cannot buy back, cannot be switched on.',
      });
  }

  async function submit() {
    setSaveError(null);
    try {
      await save({ variables: { accountId: accountId!, pairs: changes } });
      setDraft({});
      toast({
        title: 'Cryptocurrencies saved',
        description: `${changes.length} ${changes.length === 1 ? 'change' : 'changes'} saved. The widget offers them from now on.`,
      });
    } catch (caught) {
      setSaveError(describeApiError(caught).message);
    }
  }

  return (
    <RampFrame product={product} section="cryptos" description={copy.description}>
      {!accountId ? (
        <p className="text-sm text-muted-foreground">Choose an account first.</p>
      ) : (
        <QueryBoundary
          query={{ data, loading, error, refetch }}
          errorTitle="Could not load the cryptocurrencies"
          skeleton={<Skeleton className="h-96 w-full" />}
        >
          {() => (
            <>
              {!canManage && (
                <Alert>
                  <InfoIcon aria-hidden />
                  <AlertDescription>You can see what the account offers; an administrator changes it.</AlertDescription>
                </Alert>
              )}
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="relative w-full sm:max-w-xs">
                  <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
                  <Input
                    type="search"
                    aria-label="Search cryptocurrencies"
                    placeholder="Search name, code or network"
                    value={query}
                    onChange={(event) => setQuery(event.target.value)}
                    className="pl-9"
                  />
                </div>
                <p className="text-sm text-muted-foreground" aria-live="polite">
                  <span className="font-medium text-foreground tabular-nums">{counts.enabled}</span> of {counts.available} available assets offered for{' '}
                  {copy.verb}
                  {query.trim() ? ` · ${visible.length} match` : ''}
                </p>
              </div>
              {canManage && selected.size > 0 && (
                <div role="toolbar" aria-label="Selected assets" className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/40 px-3 py-2 text-sm">
                  <span className="mr-auto font-medium">{selected.size} selected</span>
                  <Button size="sm" onClick={() => bulk(true)}>
                    Enable selected
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => bulk(false)}>
                    Disable selected
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
                    Clear selection
                  </Button>
                </div>
              )}
              {groups.length === 0 && (
                <p className="rounded-lg border px-4 py-10 text-center text-sm text-muted-foreground">No asset matches “{query.trim()}”.</p>
              )}
              {groups.map((group) => {
                const ids = group.pairs.map((pair) => pair.id);
                const allSelected = ids.every((id) => selected.has(id));
                const someSelected = !allSelected && ids.some((id) => selected.has(id));
                const enabledHere = group.pairs.filter((pair) => stateOf(pair, draft)[field]).length;
                return (
                  <Card key={group.networkCode} className="gap-0 py-0" role="region" aria-label={`${group.networkName} network`}>
                    <CardHeader className="flex flex-row items-center gap-3 border-b px-4 py-3 [.border-b]:pb-3">
                      {canManage && (
                        <Checkbox
                          aria-label={`Select every ${group.networkName} asset`}
                          checked={allSelected ? true : someSelected ? 'indeterminate' : false}
                          onCheckedChange={(value) => toggleSelected(ids, value === true)}
                        />
                      )}
                      <CardTitle className="text-base">{group.networkName}</CardTitle>
                      <span className="ml-auto text-xs text-muted-foreground tabular-nums">
                        {enabledHere} of {group.pairs.length} on
                      </span>
                    </CardHeader>
                    <CardContent className="px-0">
                      <ul className="divide-y">
                        {group.pairs.map((pair) => {
                          const state = stateOf(pair, draft);
                          const locked = lockedReason(pair, field);
                          const on = state[field];
                          const changed = Boolean(draft[pair.id]) && state[field] !== pair[field];
                          const label = `Offer ${pair.currency.name} (${pair.currency.code.toUpperCase()}) for ${copy.verb}`;
                          const control = (
                            <Switch
                              aria-label={label}
                              checked={on}
                              disabled={!canManage || (locked !== null && !on)}
                              onCheckedChange={(value) => setDraft((current) => setField(current, pair, field, value))}
                            />
                          );
                          return (
                            <li key={pair.id} className={changed ? 'flex items-center gap-3 bg-primary/5 px-4 py-2.5' : 'flex items-center gap-3 px-4 py-2.5'}>
                              {canManage && (
                                <Checkbox
                                  aria-label={`Select ${pair.currency.name} on ${group.networkName}`}
                                  checked={selected.has(pair.id)}
                                  onCheckedChange={(value) => toggleSelected([pair.id], value === true)}
                                />
                              )}
                              <img src={pair.currency.icon} alt="" width={24} height={24} loading="lazy" className="size-6 shrink-0 rounded-full" />
                              <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
                                <span className="truncate text-sm font-medium">
                                  {pair.currency.name} <span className="font-normal text-muted-foreground">{pair.currency.code.toUpperCase()}</span>
                                </span>
                                <span className="flex flex-wrap gap-1">
                                  {pair.currency.isSuspended && <Badge variant="destructive">Suspended</Badge>}
                                  {pair.currency.isSuspendedUS && (
                                    <Badge variant="warning" title="US customers are not offered this asset">
                                      Not offered in the US
                                    </Badge>
                                  )}
                                  {field === 'isSellEnabled' && !pair.currency.isSellSupported && <Badge variant="outline">Buy only</Badge>}
                                  {!pair.currency.supportsTestMode && <Badge variant="outline">Live only</Badge>}
                                  {changed && <Badge variant="secondary">Unsaved</Badge>}
                                </span>
                              </div>
                              {locked && !on ? (
                                <Tooltip>
                                  <TooltipTrigger asChild>
                                    {/* A disabled switch gets no pointer events; the wrapper carries the explanation. */}
                                    <span
                                      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable so keyboard users reach the tooltip saying why the switch is locked
                                      tabIndex={0}
                                      aria-label={`${label}: unavailable. ${locked}`}
                                      className="rounded-full focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                                    >
                                      {control}
                                    </span>
                                  </TooltipTrigger>
                                  <TooltipContent className="max-w-64">{locked}</TooltipContent>
                                </Tooltip>
                              ) : (
                                control
                              )}
                            </li>
                          );
                        })}
                      </ul>
                    </CardContent>
                  </Card>
                );
              })}
              {canManage && changes.length > 0 && (
                <div
                  role="region"
                  aria-label="Unsaved changes"
                  className="sticky bottom-4 z-20 flex flex-col gap-2 rounded-lg border bg-card/95 p-3 shadow-lg backdrop-blur sm:flex-row sm:items-center"
                >
                  <p className="text-sm font-medium sm:mr-auto">
                    {changes.length} unsaved {changes.length === 1 ? 'change' : 'changes'}
                  </p>
                  {saveError && <p className="text-sm text-destructive">{saveError}</p>}
                  <div className="flex gap-2">
                    <Button
                      variant="outline"
                      onClick={() => {
                        setDraft({});
                        setSaveError(null);
                      }}
                      disabled={saving.loading}
                    >
                      Discard
                    </Button>
                    <Button onClick={() => void submit()} disabled={saving.loading}>
                      {saving.loading && <Spinner label="Saving" />}
                      Save changes
                    </Button>
                  </div>
                </div>
              )}
            </>
          )}
        </QueryBoundary>
      )}
    </RampFrame>
  );
}
