import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { ListCard } from '@/components/data-table/list-card';
import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { SearchInput } from '@/components/search-input';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import type { AdminCatalog_CurrencySuspensionFragment, CurrencySuspensionScope } from '@/gql/graphql';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAdminPermission } from '@/hooks/use-permission';
import { toast } from '@/hooks/use-toast';
import { formatDateTime } from '@/lib/format';
import { CurrencySuspensionsQuery, ResumeCurrencyMutation, SuspendCurrencyMutation } from '@/features/admin-catalog/api/currencies';
import { ReasonDialog, type ReasonRequest } from '@/features/admin-catalog/components/reason-dialog';

type Currency = AdminCatalog_CurrencySuspensionFragment;

const EFFECT: Record<CurrencySuspensionScope, { suspend: string; resume: string }> = {
  ALL: {
    suspend: 'No widget offers it, quotes and transactions for it are refused, and partners see it suspended and cannot enable it.',
    resume: 'Partners who had it enabled offer it again in their widget.',
  },
  US: {
    suspend: 'Customers in the United States are not offered it and their quotes and transactions for it are refused; partners see it marked.',
    resume: 'Customers in the United States are offered it again.',
  },
};

function StatusBadges({ currency }: { currency: Currency }) {
  if (!currency.isSuspended && !currency.isSuspendedUS) return <Badge variant="outline">Offered</Badge>;
  return (
    <span className="flex flex-wrap gap-1">
      {currency.isSuspended ? <Badge variant="destructive">Suspended</Badge> : null}
      {currency.isSuspendedUS ? <Badge variant="warning">Suspended for US customers</Badge> : null}
    </span>
  );
}

/** /admin/currencies: the catalogue's suspensions; staff holding currency:suspend change them (the route checks currency:view). */
export function CurrenciesPage() {
  const canSuspend = useAdminPermission('currency:suspend');
  const query = useQuery(CurrencySuspensionsQuery, { fetchPolicy: 'cache-and-network' });
  const [suspend] = useMutation(SuspendCurrencyMutation);
  const [resume] = useMutation(ResumeCurrencyMutation);
  const [request, setRequest] = useState<ReasonRequest | null>(null);
  const [filter, setFilter] = useState('');
  const [suspendedOnly, setSuspendedOnly] = useState(false);
  useDocumentTitle('Currencies · Rampart');

  const term = filter.trim().toLowerCase();
  const currencies = (query.data?.currencySuspensions ?? []).filter(
    (currency) =>
      (!suspendedOnly || currency.isSuspended || currency.isSuspendedUS) &&
      (!term || [currency.name, currency.code, currency.networkCode].some((value) => value.toLowerCase().includes(term))),
  );

  function ask(currency: Currency, scope: CurrencySuspensionScope, action: 'suspend' | 'resume') {
    const whom = scope === 'US' ? ' for US customers' : '';
    setRequest({
      title: `${action === 'suspend' ? 'Suspend' : 'Resume'} ${currency.name}${whom}?`,
      description: EFFECT[scope][action],
      confirmLabel: action === 'suspend' ? `Suspend${whom}` : `Resume${whom}`,
      destructive: action === 'suspend',
      asksAddress: false,
      async submit({ reason }) {
        const variables = { currencyId: currency.id, scope, reason };
        await (action === 'suspend' ? suspend({ variables }) : resume({ variables }));
        toast({ title: `${currency.name} ${action === 'suspend' ? 'suspended' : 'resumed'}${whom}` });
      },
    });
  }

  const actions = (currency: Currency) => (
    <div className="flex flex-wrap justify-end gap-1.5 md:flex-nowrap">
      <Button
        size="sm"
        variant="outline"
        aria-label={`${currency.isSuspended ? 'Resume' : 'Suspend'} ${currency.name}`}
        onClick={() => ask(currency, 'ALL', currency.isSuspended ? 'resume' : 'suspend')}
      >
        {currency.isSuspended ? 'Resume' : 'Suspend'}
      </Button>
      <Button
        size="sm"
        variant="outline"
        aria-label={`${currency.isSuspendedUS ? 'Resume' : 'Suspend'} ${currency.name} for US customers`}
        onClick={() => ask(currency, 'US', currency.isSuspendedUS ? 'resume' : 'suspend')}
      >
        {currency.isSuspendedUS ? 'Resume for US' : 'Suspend for US'}
      </Button>
    </div>
  );

  const changed = (currency: Currency) =>
    currency.changedAt ? (
      <span className="flex flex-col gap-0.5">
        <span className="break-words">{currency.reason}</span>
        <span className="text-xs text-muted-foreground">
          {currency.changedBy ?? 'A former staff member'} · {formatDateTime(currency.changedAt)}
        </span>
      </span>
    ) : (
      <span className="text-muted-foreground">As in the catalogue</span>
    );

  return (
    <PageLayout>
      <PageHeading
        title="Currencies"
        description="Suspend an asset for every customer, or only for customers in the United States. A suspended asset is not offered in any widget, its quotes and test transactions are refused, and partners see it suspended in their currency settings. Each change needs a reason and is written to the audit trail."
      />
      <ListCard
        label="Currencies"
        items={currencies}
        query={query}
        errorTitle="Could not load the currencies"
        skeletonClassName="h-48"
        toolbar={
          <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
            <SearchInput
              aria-label="Filter currencies"
              placeholder="Filter by name, code or network"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              wrapperClassName="w-full max-w-sm"
            />
            <div className="flex items-center gap-2">
              <Switch id="suspended-only" checked={suspendedOnly} onCheckedChange={setSuspendedOnly} />
              <Label htmlFor="suspended-only">Suspended only</Label>
            </div>
          </div>
        }
        empty={suspendedOnly && !term ? 'No currency is suspended.' : 'No currency matches this filter.'}
        columns={[
          {
            header: 'Currency',
            cell: (currency) => (
              <>
                <span className="font-medium">{currency.name}</span> <span className="text-xs text-muted-foreground uppercase">{currency.code}</span>
              </>
            ),
          },
          { header: 'Network', cell: (currency) => currency.networkCode, className: 'text-muted-foreground' },
          { header: 'Status', cell: (currency) => <StatusBadges currency={currency} /> },
          { header: 'Last change', cell: changed, className: 'max-w-sm whitespace-normal' },
        ]}
        stacked={(currency) => (
          <>
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{currency.name}</span>
              <span className="text-xs text-muted-foreground uppercase">{currency.code}</span>
              <StatusBadges currency={currency} />
            </span>
            <span className="text-sm">{changed(currency)}</span>
          </>
        )}
        actions={canSuspend ? actions : undefined}
      />
      <ReasonDialog request={request} onClose={() => setRequest(null)} />
    </PageLayout>
  );
}
