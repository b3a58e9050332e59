import { useQuery, useReactiveVar } from '@apollo/client/react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SelectItems } from '@/components/select-items';
import { Skeleton } from '@/components/ui/skeleton';
import type { RampProductKey } from '@/config/routes';
import { CurrencyPairsQuery } from '@/features/ramp/api/currencies';
import { PricingRulesQuery } from '@/features/ramp/api/pricing';
import { AppliesMatrix } from '@/features/ramp/components/applies-matrix';
import { QuoteCalculator } from '@/features/ramp/components/quote-calculator';
import { RampFrame } from '@/features/ramp/components/ramp-frame';
import { RuleEditorDialog } from '@/features/ramp/components/rule-editor-dialog';
import { RuleTable } from '@/features/ramp/components/rule-table';
import { REGIONS, regionLabel, RULE_TYPES } from '@/features/ramp/lib/pricing';
import type { PricingRegion, PricingRuleType } from '@/gql/graphql';
import { selectedAccountIdVar, testModeVar } from '@/lib/local-state';
import { QueryErrorAlert } from '@/components/query-boundary';

const ALL_REGIONS = 'all';

/** The region filter lives in the URL (?region=EEA), so a view can be shared. */
function useRegionParam(): [PricingRegion | null, (region: PricingRegion | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('region');
  const region = raw && (REGIONS as readonly string[]).includes(raw) ? (raw as PricingRegion) : null;
  const set = (next: PricingRegion | null) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set('region', next);
        else copy.delete('region');
        return copy;
      },
      { replace: true },
    );
  return [region, set];
}

/** /dashboard/{on-ramp,off-ramp}/fees: the rules of each type, which applies where, editing where allowed, the calculator. */
export function FeesScreen({ product }: { product: Extract<RampProductKey, 'OnRamp' | 'OffRamp'> }) {
  const transactionType = product === 'OnRamp' ? 'buy' : 'sell';
  const accountId = useReactiveVar(selectedAccountIdVar);
  const testMode = useReactiveVar(testModeVar);
  const [region, setRegion] = useRegionParam();
  const [editing, setEditing] = useState<PricingRuleType | null>(null);
  const rules = useQuery(PricingRulesQuery, { variables: { accountId: accountId ?? '', region }, skip: !accountId, fetchPolicy: 'cache-and-network' });
  const pairs = useQuery(CurrencyPairsQuery, { variables: { accountId: accountId ?? '' }, skip: !accountId });
  const data = rules.data?.pricingRules;
  const pageRules = useMemo(() => (data?.rules ?? []).filter((rule) => rule.transactionType === transactionType), [data, transactionType]);
  const assets = useMemo(
    () =>
      (pairs.data?.account?.currencyAccountPairs ?? [])
        .filter(
          (pair) =>
            (transactionType === 'buy' ? pair.isEnabled : pair.isSellEnabled) && !pair.currency.isSuspended && (!testMode || pair.currency.supportsTestMode),
        )
        .map((pair) => ({ code: pair.currency.code, name: pair.currency.name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [pairs.data, transactionType, testMode],
  );

  const description =
    transactionType === 'buy'
      ? 'What customers pay when they buy crypto: the provider’s fees, the network fee, your fee and the spread.'
      : 'What customers pay when they sell crypto: the provider’s fees, your fee and the spread, taken from the payout.';

  return (
    <RampFrame
      product={product}
      section="fees"
      description={description}
      actions={
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="fees-region" className="text-xs text-muted-foreground">
            Region
          </Label>
          <Select value={region ?? ALL_REGIONS} onValueChange={(value) => setRegion(value === ALL_REGIONS ? null : (value as PricingRegion))}>
            <SelectTrigger id="fees-region" className="w-full sm:w-56">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_REGIONS}>All regions</SelectItem>
              <SelectItems options={REGIONS} labelOf={regionLabel} />
            </SelectContent>
          </Select>
        </div>
      }
    >
      {!accountId ? (
        <p className="text-sm text-muted-foreground">Choose an account first.</p>
      ) : !data ? (
        rules.error ? (
          <QueryErrorAlert title="Could not load the pricing rules" error={rules.error} onRetry={rules.refetch} />
        ) : (
          <Skeleton className="h-96 w-full" />
        )
      ) : (
        <>
          <QuoteCalculator key={`${accountId}-${assets.map((a) => a.code).join()}`} accountId={accountId} transactionType={transactionType} assets={assets} />
          <AppliesMatrix region={region ?? 'Global'} transactionType={transactionType} rules={pageRules} />
          {!region && <p className="-mt-3 text-xs text-muted-foreground">Choose a region above to see what applies there; Global is shown.</p>}
          {RULE_TYPES.map((type) => (
            <RuleTable
              key={type}
              type={type}
              rules={pageRules.filter((rule) => rule.type === type)}
              fiatHint="customer’s currency"
              editable={data.editableTypes.includes(type)}
              onEdit={() => setEditing(type)}
            />
          ))}
          {editing && (
            <RuleEditorDialog
              accountId={accountId}
              type={editing}
              transactionType={transactionType}
              limits={data.limits}
              open
              onOpenChange={(open) => !open && setEditing(null)}
            />
          )}
        </>
      )}
    </RampFrame>
  );
}
