import { Link, useLocation, useNavigate } from 'react-router';
import { useQuery, useReactiveVar } from '@apollo/client/react';
import { DemoDataBadge } from '@/components/demo-data-badge';
import { CopyId } from '@/components/copy-id';
import { ErrorAlert } from '@/components/form-alert';
import { ShortSearchHint, TRANSACTION_SEARCH_PLACEHOLDER } from '@/components/search-hint';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { TransactionKind } from '@rampart/shared/transactions';
import { useIsDemoAccount } from '@/hooks/use-demo-account';
import { useDraft } from '@/hooks/use-draft';
import { toast } from '@/hooks/use-toast';
import { describeApiError } from '@/lib/graphql-errors';
import { selectedAccountIdVar, testModeVar } from '@/lib/local-state';
import {
  TransactionsBalanceListQuery,
  TransactionsBuyListQuery,
  TransactionsSellListQuery,
  TransactionsSwapListQuery,
} from '@/features/transactions/api/transactions';
import { TIME_ZONE, formatAmount, formatCount, formatDateTime } from '@/lib/format';
import { labelOfBalanceType } from '@/lib/labels';
import { TransactionStatusBadge } from '@/components/status-badge';
import { PAGE_SIZES, TABS, listVariables, useTransactionFilters, type Tab } from '@/features/transactions/lib/search-params';
import { ExportButton } from '@/features/transactions/components/export-button';
import { StatusFilter } from '@/features/transactions/components/status-filter';
import { PageLayout } from '@/components/layouts/page-layout';
import { useDocumentTitle } from '@/hooks/use-document-title';

const TAB_LABEL: Record<Tab, string> = { 'on-ramp': 'On-ramp', 'off-ramp': 'Off-ramp', swaps: 'Swaps', nft: 'NFT', balance: 'Balance' };
const NO_FILTERS = { q: '', status: '', min: '', max: '', from: '', to: '' } as const;
const KIND: Record<Tab, TransactionKind> = { 'on-ramp': 'buy', 'off-ramp': 'sell', swaps: 'swap', nft: 'buy', balance: 'balance' };

interface Row {
  id: string;
  createdAt: string;
  status: string;
  externalTransactionId?: string | null;
  amount: string | null;
  currency: string | null;
  secondary: string | null;
}

/** /transactions/:tab — filters, sort, page and page size in the URL; test or live mode from the shell. */
export function TransactionsScreen({ actions }: { actions?: React.ReactNode }) {
  const isDemo = useIsDemoAccount();
  const rawTab = useLocation().pathname.split('/')[2];
  const tab: Tab = (TABS as readonly string[]).includes(rawTab ?? '') ? (rawTab as Tab) : 'on-ramp';
  const accountId = useReactiveVar(selectedAccountIdVar);
  const testMode = useReactiveVar(testModeVar);
  const { filters, setFilters } = useTransactionFilters();
  const navigate = useNavigate();
  // Another tab starts from its own (empty) filters, so no status of another kind lingers.
  const [draft, setDraft] = useDraft(filters, JSON.stringify([tab, filters.q, filters.status, filters.min, filters.max, filters.from, filters.to]));
  const apply = () => setFilters({ ...draft, page: 0 });
  const common = { accountId: accountId ?? '', liveMode: !testMode, ...listVariables(filters) };
  const skip = !accountId;
  const buy = useQuery(TransactionsBuyListQuery, {
    variables: { ...common, transactionType: tab === 'nft' ? 'nft' : null } as never, // one filter object for the four lists; the buy query reads only its own status values
    skip: skip || KIND[tab] !== 'buy',
  });
  const sell = useQuery(TransactionsSellListQuery, { variables: common as never, skip: skip || tab !== 'off-ramp' }); // one filter object for the four lists; the sell query reads only its own status values
  const swap = useQuery(TransactionsSwapListQuery, { variables: common as never, skip: skip || tab !== 'swaps' }); // one filter object for the four lists; the swap query reads only its own status values
  const balance = useQuery(TransactionsBalanceListQuery, { variables: common as never, skip: skip || tab !== 'balance' }); // one filter object for the four lists; the balance query reads only its own status values
  const active = { buy, sell, swap, balance }[KIND[tab]];
  const page = buy.data?.transactions ?? sell.data?.sellTransactions ?? swap.data?.swapTransactions ?? balance.data?.balanceTransactions ?? null;
  const rows: Row[] = (page?.items ?? []).map((item) =>
    'amount' in item
      ? {
          id: item.id,
          createdAt: item.createdAt,
          status: item.status,
          externalTransactionId: item.externalTransactionId,
          amount: item.amount,
          currency: item.currency.code,
          secondary: labelOfBalanceType(item.type),
        }
      : {
          id: item.id,
          createdAt: item.createdAt,
          status: item.status,
          externalTransactionId: item.externalTransactionId,
          amount: item.baseCurrencyAmount,
          currency: item.baseCurrency.code,
          secondary: item.quoteCurrencyAmount ? formatAmount(item.quoteCurrencyAmount, item.quoteCurrency?.code) : null,
        },
  );
  const total = page ? `${formatCount(page.totalCount)}${page.isTotalExact ? '' : '+'}` : '…';
  const lastPage = page ? Math.max(0, Math.ceil(page.totalCount / filters.take) - 1) : 0;

  useDocumentTitle(`${TAB_LABEL[tab]} · Transactions · Rampart`);

  return (
    <PageLayout className="gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold tracking-tight">Transactions</h1>
            {isDemo && <DemoDataBadge />}
          </div>
          <p className="text-sm text-muted-foreground">Every buy, sell, swap, NFT and balance transaction.</p>
        </div>
        {actions}
      </div>
      <nav aria-label="Transaction types" className="flex flex-wrap gap-2">
        {TABS.map((t) => (
          <Button key={t} asChild size="sm" variant={t === tab ? 'default' : 'outline'}>
            <Link to={`/transactions/${t}`}>{TAB_LABEL[t]}</Link>
          </Button>
        ))}
      </nav>
      <Card className="min-w-0 gap-4 py-5">
        <CardHeader className="px-5">
          <CardTitle className="text-base">
            {TAB_LABEL[tab]} transactions {testMode ? <Badge variant="outline">Test mode</Badge> : null}
          </CardTitle>
          <CardDescription>
            {total} transactions · times in {TIME_ZONE}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex min-w-0 flex-col gap-4 px-3 sm:px-5">
          <form
            // Two columns on a phone; from 768 px search and status share a row above the amounts and dates; from 1280 px one row.
            className="grid grid-cols-2 items-end gap-x-2 gap-y-3 md:grid-cols-4 xl:grid-cols-[minmax(0,2fr)_minmax(0,1.5fr)_repeat(2,minmax(0,1fr))_repeat(2,minmax(0,1.25fr))]"
            onSubmit={(event) => {
              event.preventDefault();
              apply();
            }}
          >
            <Input
              aria-label="Search"
              placeholder={TRANSACTION_SEARCH_PLACEHOLDER}
              title={TRANSACTION_SEARCH_PLACEHOLDER}
              className="col-span-2 xl:col-span-1"
              value={draft.q}
              onChange={(e) => setDraft({ ...draft, q: e.target.value })}
            />
            <StatusFilter
              kind={KIND[tab]}
              className="col-span-2 xl:col-span-1"
              value={draft.status}
              onChange={(status) => setDraft({ ...draft, status })}
              onApply={apply}
            />
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor="transactions-min" className="text-xs text-muted-foreground">
                Min amount
              </Label>
              <Input
                id="transactions-min"
                inputMode="decimal"
                placeholder="Any"
                value={draft.min}
                onChange={(e) => setDraft({ ...draft, min: e.target.value })}
              />
            </div>
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor="transactions-max" className="text-xs text-muted-foreground">
                Max amount
              </Label>
              <Input
                id="transactions-max"
                inputMode="decimal"
                placeholder="Any"
                value={draft.max}
                onChange={(e) => setDraft({ ...draft, max: e.target.value })}
              />
            </div>
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor="transactions-from" className="text-xs text-muted-foreground">
                Created from
              </Label>
              <Input id="transactions-from" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
            </div>
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor="transactions-to" className="text-xs text-muted-foreground">
                Created to
              </Label>
              <Input id="transactions-to" type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
            </div>
            <div className="col-span-full flex flex-wrap gap-2">
              <Button type="submit" size="sm">
                Apply filters
              </Button>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                onClick={() => {
                  setDraft({ ...filters, ...NO_FILTERS });
                  setFilters(NO_FILTERS);
                }}
              >
                Clear
              </Button>
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() =>
                  void navigator.clipboard
                    ?.writeText(window.location.href)
                    .then(() => toast({ title: 'Link copied', description: 'Anyone in this account opening it sees this view.' }))
                }
              >
                Copy link
              </Button>
              <ExportButton
                kind={KIND[tab]}
                accountId={accountId}
                liveMode={!testMode}
                filters={filters}
                nft={tab === 'nft'}
                expectedRows={page?.isTotalExact ? page.totalCount : null}
              />
            </div>
          </form>
          <ShortSearchHint term={filters.q} />
          {active.error && !page ? (
            <ErrorAlert title="Could not load transactions" message={describeApiError(active.error).message} />
          ) : (
            <>
              {/* Narrow screens: stacked rows (amount, status, date, id); the table from 640 px. */}
              <ul aria-label="Transactions (list)" className="flex flex-col divide-y rounded-md border sm:hidden">
                {!page && active.loading
                  ? Array.from({ length: 6 }, (_, i) => (
                      <li key={i} className="px-3 py-3">
                        <Skeleton className="h-9 w-full" />
                      </li>
                    ))
                  : null}
                {page && rows.length === 0 ? (
                  <li className="px-3 py-8 text-center text-sm text-muted-foreground">No transactions match these filters{testMode ? ' in test mode' : ''}.</li>
                ) : null}
                {rows.map((row) => (
                  <li key={row.id}>
                    <Link to={`/transactions/${row.id}`} className="flex flex-col gap-1 px-3 py-2.5 text-sm hover:bg-muted/50">
                      <span className="flex items-center justify-between gap-2">
                        <span className="font-medium whitespace-nowrap tabular-nums">{formatAmount(row.amount, row.currency)}</span>
                        <TransactionStatusBadge kind={KIND[tab]} status={row.status} />
                      </span>
                      <span className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
                        <span>{formatDateTime(row.createdAt)}</span>
                        <span className="truncate">{row.secondary ?? ''}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
              <Table aria-label="Transactions" aria-busy={active.loading} className="hidden sm:table">
                <TableHeader>
                  <TableRow>
                    <TableHead>
                      <button
                        type="button"
                        className="font-medium"
                        onClick={() => setFilters({ sort: filters.sort === 'createdAt_DESC' ? 'createdAt_ASC' : 'createdAt_DESC' })}
                      >
                        Created {filters.sort === 'createdAt_ASC' ? '↑' : filters.sort === 'createdAt_DESC' ? '↓' : ''}
                      </button>
                    </TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead className="text-right">
                      <button
                        type="button"
                        className="font-medium"
                        onClick={() => setFilters({ sort: filters.sort === 'amount_DESC' ? 'amount_ASC' : 'amount_DESC' })}
                      >
                        Amount {filters.sort === 'amount_ASC' ? '↑' : filters.sort === 'amount_DESC' ? '↓' : ''}
                      </button>
                    </TableHead>
                    <TableHead className="hidden md:table-cell">{tab === 'balance' ? 'Type' : 'Receives'}</TableHead>
                    <TableHead className="hidden md:table-cell">External id</TableHead>
                    <TableHead>Id</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {active.loading && !page
                    ? Array.from({ length: 8 }, (_, i) => (
                        <TableRow key={i}>
                          <TableCell colSpan={6}>
                            <Skeleton className="h-5 w-full" />
                          </TableCell>
                        </TableRow>
                      ))
                    : null}
                  {page && rows.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={6} className="py-10 text-center text-muted-foreground">
                        No transactions match these filters{testMode ? ' in test mode' : ''}.
                      </TableCell>
                    </TableRow>
                  ) : null}
                  {rows.map((row) => (
                    <TableRow key={row.id} className="cursor-pointer" onClick={() => navigate(`/transactions/${row.id}`)}>
                      <TableCell className="whitespace-nowrap">{formatDateTime(row.createdAt)}</TableCell>
                      <TableCell>
                        <TransactionStatusBadge kind={KIND[tab]} status={row.status} />
                      </TableCell>
                      <TableCell className="text-right whitespace-nowrap tabular-nums">{formatAmount(row.amount, row.currency)}</TableCell>
                      <TableCell className="hidden whitespace-nowrap tabular-nums md:table-cell">{row.secondary ?? '—'}</TableCell>
                      <TableCell className="hidden font-mono text-xs md:table-cell">{row.externalTransactionId ?? '—'}</TableCell>
                      <TableCell>
                        <CopyId id={row.id} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          )}
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <label className="flex items-center gap-2">
              Rows
              <select
                aria-label="Rows per page"
                className="rounded border bg-background px-2 py-1"
                value={filters.take}
                onChange={(e) => setFilters({ take: Number(e.target.value) })}
              >
                {PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </label>
            <div className="flex items-center gap-2">
              <span>
                Page {filters.page + 1}
                {page?.isTotalExact ? ` of ${lastPage + 1}` : ''}
              </span>
              <Button size="sm" variant="outline" disabled={filters.page === 0} onClick={() => setFilters({ page: filters.page - 1 })}>
                Previous
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={!page || rows.length < filters.take || (page.isTotalExact && filters.page >= lastPage)}
                onClick={() => setFilters({ page: filters.page + 1 })}
              >
                Next
              </Button>
            </div>
          </div>
        </CardContent>
      </Card>
    </PageLayout>
  );
}
