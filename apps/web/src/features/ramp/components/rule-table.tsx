import { PencilIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { HeadedTable } from '@/components/data-table/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import {
  appliesWhere,
  paymentMethodLabel,
  REGIONS,
  regionLabel,
  RULE_TYPE_DESCRIPTION,
  RULE_TYPE_LABEL,
  SOURCE_LABEL,
  trimZeros,
} from '@/features/ramp/lib/pricing';
import type { PricingRuleType, Ramp_PricingRuleFragment } from '@/gql/graphql';

/** Specific rules first (region before Global, a method before every method), then by method name. */
function sortRules(rules: readonly Ramp_PricingRuleFragment[]): Ramp_PricingRuleFragment[] {
  const regionRank = (rule: Ramp_PricingRuleFragment) => (rule.region === 'Global' ? REGIONS.length : REGIONS.indexOf(rule.region));
  return [...rules].sort(
    (a, b) =>
      regionRank(a) - regionRank(b) ||
      Number(a.paymentMethod === null) - Number(b.paymentMethod === null) ||
      paymentMethodLabel(a.paymentMethod).localeCompare(paymentMethodLabel(b.paymentMethod)) ||
      Number(a.source === 'PROVIDER_DEFAULT') - Number(b.source === 'PROVIDER_DEFAULT'),
  );
}

/** One rule type's rules for the page's transaction type: values, source and where each applies. */
export function RuleTable({
  type,
  rules,
  fiatHint,
  editable,
  onEdit,
}: {
  type: PricingRuleType;
  rules: readonly Ramp_PricingRuleFragment[];
  fiatHint: string;
  editable: boolean;
  onEdit: () => void;
}) {
  const sorted = sortRules(rules);
  return (
    <Card className="gap-3" role="region" aria-label={RULE_TYPE_LABEL[type]}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <CardTitle className="flex items-center gap-2 text-base">
            {RULE_TYPE_LABEL[type]} {!editable && <Badge variant="outline">Read-only</Badge>}
          </CardTitle>
          <CardDescription>{RULE_TYPE_DESCRIPTION[type]}</CardDescription>
        </div>
        {editable && (
          <Button size="sm" variant="outline" onClick={onEdit}>
            <PencilIcon aria-hidden /> Edit {RULE_TYPE_LABEL[type].toLowerCase()}
          </Button>
        )}
      </CardHeader>
      <CardContent className="px-0 sm:px-6">
        {sorted.length === 0 ? (
          <p className="px-6 text-sm text-muted-foreground sm:px-0">
            {type === 'partnerFee' ? 'You charge no fee of your own yet: customers pay only the provider’s fees.' : 'No rule: nothing is charged.'}
          </p>
        ) : (
          <HeadedTable
            label={`${RULE_TYPE_LABEL[type]} rules`}
            columns={[
              'Region',
              'Payment method',
              { heading: 'Percentage', className: 'text-right' },
              { heading: `Fixed (${fiatHint})`, className: 'text-right' },
              { heading: `Minimum (${fiatHint})`, className: 'text-right' },
              'Source',
              { heading: 'Applies to', className: 'min-w-56' },
            ]}
          >
            {sorted.map((rule) => (
              <TableRow key={rule.id}>
                <TableCell>{regionLabel(rule.region)}</TableCell>
                <TableCell>{paymentMethodLabel(rule.paymentMethod)}</TableCell>
                <TableCell className="text-right tabular-nums">{trimZeros(rule.percentage)} %</TableCell>
                <TableCell className="text-right tabular-nums">{trimZeros(rule.fixedValue)}</TableCell>
                <TableCell className="text-right tabular-nums">{trimZeros(rule.minValue)}</TableCell>
                <TableCell>
                  <Badge variant={rule.source === 'ACCOUNT' ? 'default' : 'secondary'}>{SOURCE_LABEL[rule.source]}</Badge>
                </TableCell>
                <TableCell className="text-sm whitespace-normal text-muted-foreground">{appliesWhere(rule)}</TableCell>
              </TableRow>
            ))}
          </HeadedTable>
        )}
      </CardContent>
    </Card>
  );
}
