import { useQuery } from '@apollo/client/react';
import { PencilIcon } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { PageLayout } from '@/components/layouts/page-layout';
import { QueryErrorAlert } from '@/components/query-boundary';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { HorizontalScroll } from '@/components/ui/horizontal-scroll';
import { Skeleton } from '@/components/ui/skeleton';
import { HeadedTable, type TableColumn } from '@/components/data-table/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { AdminPricing_Rules } from '@/features/admin-pricing/api/admin-pricing';
import { AccountChoice, useChosenAccount } from '@/features/admin-pricing/components/account-picker';
import { PricingEditDialog } from '@/features/admin-pricing/components/pricing-edit-dialog';
import { RULE_TYPE_TITLE } from '@/features/admin-pricing/lib/rule-types';
import type { PricingRuleType } from '@/gql/graphql';
import { useAdminPermission } from '@/hooks/use-permission';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { labelOfPaymentMethod, PRICING_REGION_LABEL } from '@/lib/labels';

export const STAFF_RULE_TYPES = ['fee', 'networkFee', 'spread'] as const satisfies readonly PricingRuleType[];
const RULE_TYPE_NOTE: Record<PricingRuleType, string> = {
  fee: 'Charged by the provider for processing the payment. Editing needs fee editing.',
  networkFee: 'The cost of delivering the crypto on its network. Editing needs fee editing.',
  spread: 'The margin on the exchange rate, paid through the rate. Editing needs spread editing.',
  partnerFee: 'Set by the partner’s administrators on their Fees screen; shown here for reference.',
};
const RULE_COLUMNS: readonly TableColumn[] = [
  'Transaction',
  'Region',
  'Payment method',
  { heading: 'Percentage', className: 'text-right' },
  { heading: 'Fixed', className: 'text-right' },
  { heading: 'Minimum', className: 'text-right' },
  'Source',
];

/** /admin/pricing: a partner account's pricing rules, edited by staff with a sample-quote preview. The route checks pricingRule:view. */
export function PricingPage() {
  const chosen = useChosenAccount();
  const { accountId, accountName } = chosen;
  const canEdit = useAdminPermission('pricingRule:edit');
  // What the dialog edits is taken when it opens, so a refetch of the rules (the preview shares their cache) cannot
  // close it and drop the rows being written.
  const [editing, setEditing] = useState<Omit<ComponentProps<typeof PricingEditDialog>, 'accountId' | 'open' | 'onOpenChange'> | null>(null);
  const { data, loading, error, refetch } = useQuery(AdminPricing_Rules, { variables: { accountId: accountId ?? '' }, skip: !accountId });
  useDocumentTitle('Pricing · Rampart');
  const pricing = data?.accountPricingRules;

  return (
    <PageLayout>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Pricing{accountName ? ` · ${accountName}` : ''}</h1>
        <p className="text-sm text-muted-foreground">
          The provider’s fee, network fee and spread of one partner account, per region, payment method and transaction type. An account’s rule beats the
          default at the same place.
        </p>
      </div>
      <AccountChoice chosen={chosen} />
      {accountId && error ? <QueryErrorAlert title="Could not load the rules" error={error} onRetry={() => void refetch()} /> : null}
      {accountId && loading && !pricing ? <Skeleton className="h-64 w-full" /> : null}
      {pricing
        ? ([...STAFF_RULE_TYPES, 'partnerFee'] as const).map((type) => {
            const rules = pricing.rules.filter((rule) => rule.type === type);
            const editable = type !== 'partnerFee' && canEdit && pricing.editableTypes.includes(type);
            return (
              <Card key={type} className="gap-3 py-4">
                <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2 px-5">
                  <div className="min-w-0">
                    <CardTitle className="text-base">{RULE_TYPE_TITLE[type]}</CardTitle>
                    <CardDescription>{RULE_TYPE_NOTE[type]}</CardDescription>
                  </div>
                  {editable ? (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setEditing({ type, limits: pricing.limits, saved: rules.filter((rule) => rule.source === 'ACCOUNT') })}
                      aria-label={`Edit ${RULE_TYPE_TITLE[type].toLowerCase()} rules`}
                    >
                      <PencilIcon aria-hidden /> Edit
                    </Button>
                  ) : null}
                </CardHeader>
                <CardContent className="px-5">
                  <HorizontalScroll>
                    <HeadedTable label={`${RULE_TYPE_TITLE[type]} rules`} columns={RULE_COLUMNS}>
                      {rules.length === 0 ? (
                        <TableRow>
                          <TableCell colSpan={7} className="text-center text-muted-foreground">
                            No rules: nothing is charged.
                          </TableCell>
                        </TableRow>
                      ) : (
                        rules.map((rule) => (
                          <TableRow key={rule.id}>
                            <TableCell className="capitalize">{rule.transactionType}</TableCell>
                            <TableCell>{PRICING_REGION_LABEL[rule.region]}</TableCell>
                            <TableCell>{rule.paymentMethod ? labelOfPaymentMethod(rule.paymentMethod) : 'All methods'}</TableCell>
                            <TableCell className="text-right tabular-nums">{rule.percentage} %</TableCell>
                            <TableCell className="text-right tabular-nums">{rule.fixedValue}</TableCell>
                            <TableCell className="text-right tabular-nums">{rule.minValue}</TableCell>
                            <TableCell>
                              <Badge variant={rule.source === 'ACCOUNT' ? 'secondary' : 'outline'}>
                                {rule.source === 'ACCOUNT' ? 'This account' : 'Default'}
                              </Badge>
                            </TableCell>
                          </TableRow>
                        ))
                      )}
                    </HeadedTable>
                  </HorizontalScroll>
                </CardContent>
              </Card>
            );
          })
        : null}
      {editing && accountId ? (
        <PricingEditDialog
          accountId={accountId}
          {...editing}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      ) : null}
    </PageLayout>
  );
}
