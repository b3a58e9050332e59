import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { HeadedTable } from '@/components/data-table/headed-table';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import {
  applyingRule,
  CALCULATOR_METHODS,
  describeCharge,
  PAYMENT_METHOD_LABEL,
  regionLabel,
  RULE_TYPE_LABEL,
  RULE_TYPES,
  SPECIFICITY_LABEL,
} from '@/features/ramp/lib/pricing';
import type { PricingRegion, Ramp_PricingRuleFragment } from '@/gql/graphql';

/** For one region: which rule of each type a customer paying by each method gets, and at what level it matched. */
export function AppliesMatrix({
  region,
  transactionType,
  rules,
}: {
  region: PricingRegion;
  transactionType: 'buy' | 'sell';
  rules: readonly Ramp_PricingRuleFragment[];
}) {
  const methods = CALCULATOR_METHODS[transactionType];
  return (
    <Card className="gap-3" role="region" aria-label="Which rule applies where">
      <CardHeader>
        <CardTitle className="text-base">Which rule applies where · {regionLabel(region)}</CardTitle>
        <CardDescription>
          The most specific rule wins: region and payment method, then region, then Global with the method, then Global. At the same level your account’s rule
          replaces the default.
        </CardDescription>
      </CardHeader>
      <CardContent className="px-0 sm:px-6">
        <HeadedTable label={`Rules applying in ${regionLabel(region)}`} columns={['Payment method', ...RULE_TYPES.map((type) => RULE_TYPE_LABEL[type])]}>
          {methods.map((method) => (
            <TableRow key={method}>
              <TableHead scope="row" className="font-medium text-foreground">
                {PAYMENT_METHOD_LABEL[method]}
              </TableHead>
              {RULE_TYPES.map((type) => {
                const found = applyingRule(rules, { type, region, paymentMethod: method, transactionType });
                return (
                  <TableCell key={type} className="align-top whitespace-normal">
                    {found ? (
                      <div className="flex min-w-32 flex-col">
                        <span className="tabular-nums">{describeCharge(found.rule)}</span>
                        <span className="text-xs text-muted-foreground">
                          by {SPECIFICITY_LABEL[found.specificity]}
                          {found.rule.source === 'ACCOUNT' ? ' · this account' : ''}
                        </span>
                      </div>
                    ) : (
                      <span className="text-muted-foreground">None</span>
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </HeadedTable>
      </CardContent>
    </Card>
  );
}
