import { useMutation, useQuery } from '@apollo/client/react';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { ErrorAlert } from '@/components/form-alert';
import { PageLayout } from '@/components/layouts/page-layout';
import { QueryErrorAlert } from '@/components/query-boundary';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { HorizontalScroll } from '@/components/ui/horizontal-scroll';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { HeadedTable } from '@/components/data-table/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import {
  AdminPaymentMethods_Disable,
  AdminPaymentMethods_Enable,
  AdminPaymentMethods_Matrix,
  AdminRouting_Rules,
  AdminRouting_Save,
} from '@/features/admin-pricing/api/admin-pricing';
import { AccountChoice, useChosenAccount } from '@/features/admin-pricing/components/account-picker';
import {
  PAYMENT_METHODS,
  regionOptions,
  RemoveRowButton,
  RowField,
  RowSelect,
  RULE_METHOD_OPTIONS,
  RuleRowList,
  useRowsProblem,
  useRuleRows,
} from '@/features/admin-pricing/components/rule-rows';
import type { PaymentMethod, PricingRegion } from '@/gql/graphql';
import { useAdminPermission } from '@/hooks/use-permission';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { toast } from '@/hooks/use-toast';
import { describeApiError } from '@/lib/graphql-errors';
import { PAYMENT_METHOD_LABEL, PRICING_REGION_LABEL } from '@/lib/labels';

// Global first: it is what every region without its own choice follows.
const REGIONS: PricingRegion[] = ['Global', 'US', 'EEA', 'UK', 'CA', 'Australia', 'BR', 'NG', 'AsiaEast'];
const REGION_OPTIONS = regionOptions(REGIONS);

/** /admin/payment-methods: methods × regions of one partner account, and its routing rules. The route checks paymentMethod:view. */
export function PaymentMethodsPage() {
  const chosen = useChosenAccount();
  const { accountId, accountName } = chosen;
  useDocumentTitle('Payment methods · Rampart');
  return (
    <PageLayout>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Payment methods{accountName ? ` · ${accountName}` : ''}</h1>
        <p className="text-sm text-muted-foreground">
          Which payment methods the account’s customers may use in each region, and which processor route each takes. The widget offers only what is on.
        </p>
      </div>
      <AccountChoice chosen={chosen} />
      {accountId ? <MethodMatrix accountId={accountId} /> : null}
      {accountId ? <RoutingRulesCard accountId={accountId} /> : null}
    </PageLayout>
  );
}

function MethodMatrix({ accountId }: { accountId: string }) {
  const canEnable = useAdminPermission('paymentMethod:enable');
  const canDisable = useAdminPermission('paymentMethod:disable');
  const { data, loading, error, refetch } = useQuery(AdminPaymentMethods_Matrix, { variables: { accountId } });
  const options = { refetchQueries: ['AdminPaymentMethods_Matrix'], awaitRefetchQueries: true };
  const [enable] = useMutation(AdminPaymentMethods_Enable, options);
  const [disable] = useMutation(AdminPaymentMethods_Disable, options);
  const [busy, setBusy] = useState<string | null>(null);
  const settings = data?.accountPaymentMethods.settings ?? [];
  const find = (method: PaymentMethod, region: PricingRegion) => settings.find((each) => each.paymentMethod === method && each.region === region);

  async function toggle(method: PaymentMethod, region: PricingRegion, on: boolean) {
    const key = `${method}|${region}`;
    setBusy(key);
    try {
      await (on ? enable : disable)({ variables: { accountId, paymentMethod: method, region } });
      toast({
        title: `${PAYMENT_METHOD_LABEL[method]} ${on ? 'enabled' : 'disabled'}`,
        description: `${PRICING_REGION_LABEL[region]} · takes effect on the next quote.`,
      });
    } catch (failure) {
      toast({ title: 'Could not change the payment method', description: describeApiError(failure).message, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card className="gap-3 py-4">
      <CardHeader className="px-5">
        <CardTitle className="text-base">Methods by region</CardTitle>
        <CardDescription>
          A region without a choice of its own follows Global; its own choices are outlined. Changes apply at once and are audited.
        </CardDescription>
      </CardHeader>
      <CardContent className="px-5">
        {error ? <QueryErrorAlert title="Could not load the payment methods" error={error} onRetry={() => void refetch()} /> : null}
        {loading && !data ? <Skeleton className="h-96 w-full" /> : null}
        {data ? (
          <HorizontalScroll>
            <HeadedTable
              label="Payment methods by region"
              columns={[
                { heading: 'Method', className: 'sticky left-0 bg-card' },
                ...REGIONS.map((region) => ({ heading: PRICING_REGION_LABEL[region], className: 'text-center' })),
              ]}
            >
              {PAYMENT_METHODS.map((method) => (
                <TableRow key={method}>
                  <TableCell className="sticky left-0 bg-card font-medium whitespace-nowrap">{PAYMENT_METHOD_LABEL[method]}</TableCell>
                  {REGIONS.map((region) => {
                    const setting = find(method, region);
                    const on = setting?.isEnabled ?? true;
                    const allowed = on ? canDisable : canEnable;
                    return (
                      <TableCell key={region} className="text-center">
                        <Switch
                          checked={on}
                          disabled={!allowed || busy !== null}
                          aria-label={`${PAYMENT_METHOD_LABEL[method]} in ${PRICING_REGION_LABEL[region]}`}
                          className={setting?.isConfigured ? 'ring-2 ring-primary ring-offset-2 ring-offset-card' : undefined}
                          onCheckedChange={(checked) => void toggle(method, region, checked)}
                        />
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </HeadedTable>
          </HorizontalScroll>
        ) : null}
      </CardContent>
    </Card>
  );
}

interface RouteRow {
  key: number;
  paymentMethod: PaymentMethod | '';
  region: PricingRegion;
  route: string;
}

function RoutingRulesCard({ accountId }: { accountId: string }) {
  const canView = useAdminPermission('routingRule:view');
  const canEdit = useAdminPermission('routingRule:edit');
  const { data, loading, error, refetch } = useQuery(AdminRouting_Rules, { variables: { accountId }, skip: !canView });
  const [save, saving] = useMutation(AdminRouting_Save, { refetchQueries: ['AdminRouting_Rules'], awaitRefetchQueries: true });
  const ruleRows = useRuleRows<RouteRow>(() => []);
  const { rows, update, reset } = ruleRows;
  const { problem, clear, fail } = useRowsProblem();
  const loadedKey = JSON.stringify(data?.routingRules.rules ?? null);
  useEffect(() => {
    const rules = JSON.parse(loadedKey) as Array<{ paymentMethod?: PaymentMethod | null; region: PricingRegion; route: string }> | null;
    if (rules) reset(rules.map((rule) => ({ paymentMethod: rule.paymentMethod ?? '', region: rule.region, route: rule.route })));
  }, [loadedKey, reset]);

  if (!canView) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    clear();
    try {
      await save({
        variables: { accountId, rules: rows.map((row) => ({ paymentMethod: row.paymentMethod || null, region: row.region, route: row.route.trim() })) },
      });
      toast({ title: 'Routing rules saved', description: `${rows.length} ${rows.length === 1 ? 'rule' : 'rules'}, tried in this order.` });
    } catch (failure) {
      fail(failure);
    }
  }

  return (
    <Card className="gap-3 py-4">
      <CardHeader className="px-5">
        <CardTitle className="text-base">Routing rules</CardTitle>
        <CardDescription>
          The first rule, top to bottom, matching a quote’s method (or all methods) and region (or Global) names its processor route; with none, the provider’s
          default route is used.
        </CardDescription>
      </CardHeader>
      <CardContent className="px-5">
        {error ? <QueryErrorAlert title="Could not load the routing rules" error={error} onRetry={() => void refetch()} /> : null}
        {loading && !data ? <Skeleton className="h-24 w-full" /> : null}
        {data ? (
          <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
            <ErrorAlert title="Could not save the routing rules" message={problem.message ?? problem.fields.rules ?? null} />
            <RuleRowList label="Routing rules" rows={rows} empty="No rules: every method uses the default route." fields={problem.fields} className="p-2">
              {(row, index) => (
                <div className="grid items-end gap-2 sm:grid-cols-[2rem_minmax(10rem,1fr)_9rem_minmax(10rem,1fr)_auto]">
                  <span className="text-sm font-semibold tabular-nums text-muted-foreground" aria-label={`Priority ${index + 1}`}>
                    {index + 1}
                  </span>
                  <RowSelect
                    label="Payment method"
                    disabled={!canEdit}
                    value={row.paymentMethod}
                    options={RULE_METHOD_OPTIONS}
                    onChange={(paymentMethod) => update(row.key, { paymentMethod })}
                  />
                  <RowSelect
                    label="Region"
                    disabled={!canEdit}
                    value={row.region}
                    options={REGION_OPTIONS}
                    onChange={(region) => update(row.key, { region })}
                  />
                  <RowField htmlFor={`route-${row.key}`} label="Route">
                    <Input
                      id={`route-${row.key}`}
                      disabled={!canEdit}
                      value={row.route}
                      placeholder="card-acquirer-eu"
                      aria-invalid={problem.fields[`rules.${index}.route`] ? true : undefined}
                      onChange={(e) => update(row.key, { route: e.target.value })}
                    />
                  </RowField>
                  {canEdit ? (
                    <div className="flex gap-1">
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        disabled={index === 0}
                        aria-label={`Move rule ${index + 1} up`}
                        onClick={() => ruleRows.move(index, -1)}
                      >
                        <ArrowUpIcon aria-hidden />
                      </Button>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        disabled={index === rows.length - 1}
                        aria-label={`Move rule ${index + 1} down`}
                        onClick={() => ruleRows.move(index, 1)}
                      >
                        <ArrowDownIcon aria-hidden />
                      </Button>
                      <RemoveRowButton index={index} onRemove={() => ruleRows.remove(row.key)} />
                    </div>
                  ) : null}
                </div>
              )}
            </RuleRowList>
            {canEdit ? (
              <div className="flex flex-wrap gap-2">
                <Button type="button" variant="outline" size="sm" onClick={() => ruleRows.add({ paymentMethod: '', region: 'Global', route: '' })}>
                  <PlusIcon aria-hidden /> Add rule
                </Button>
                <Button type="submit" size="sm" disabled={saving.loading}>
                  Save routing rules
                </Button>
              </div>
            ) : null}
          </form>
        ) : null}
      </CardContent>
    </Card>
  );
}
