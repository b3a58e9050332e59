import { useReactiveVar } from '@apollo/client/react';
import { AccountDataHeading } from '@/components/layouts/account-data-heading';
import { useLocation } from 'react-router';
import { DataTablePager } from '@/components/data-table/data-table-pager';
import { PageLayout } from '@/components/layouts/page-layout';
import { QueryErrorAlert } from '@/components/query-boundary';
import { ShortSearchHint } from '@/components/search-hint';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { TIME_ZONE, formatCount } from '@/lib/format';
import { selectedAccountIdVar, testModeVar } from '@/lib/local-state';
import { useTransactionList } from '@/features/transactions/api/use-transaction-list';
import { TransactionFilterForm } from '@/features/transactions/components/transaction-filter-form';
import { TransactionTypeNav } from '@/features/transactions/components/transaction-type-nav';
import { TransactionsTable } from '@/features/transactions/components/transactions-table';
import { isFiltered, PAGE_SIZES, TAB_LABEL, TABS, useTransactionFilters, type Tab, type TransactionFilters } from '@/features/transactions/lib/search-params';

/** /transactions/:tab — filters, sort, page and page size in the URL; test or live mode from the shell. */
export function TransactionsScreen({ actions }: { actions?: React.ReactNode }) {
  const rawTab = useLocation().pathname.split('/')[2];
  const tab: Tab = (TABS as readonly string[]).includes(rawTab ?? '') ? (rawTab as Tab) : 'on-ramp';
  const accountId = useReactiveVar(selectedAccountIdVar);
  const testMode = useReactiveVar(testModeVar);
  const { filters, setFilters } = useTransactionFilters();
  const { page, rows, loading, error, refetch } = useTransactionList({ tab, filters, accountId, testMode });
  const total = page ? `${formatCount(page.totalCount)}${page.isTotalExact ? '' : '+'}` : '…';
  const lastPage = page ? Math.max(0, Math.ceil(page.totalCount / filters.take) - 1) : 0;
  const sortBy = (sort: TransactionFilters['sort']) => setFilters({ sort });

  useDocumentTitle(`${TAB_LABEL[tab]} · Transactions · Rampart`);

  return (
    <PageLayout className="gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <AccountDataHeading title="Transactions" description="Every buy, sell, swap, NFT and balance transaction." />
        {actions}
      </div>
      <TransactionTypeNav tab={tab} />
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
          <TransactionFilterForm
            tab={tab}
            filters={filters}
            setFilters={setFilters}
            accountId={accountId}
            testMode={testMode}
            expectedRows={page?.isTotalExact ? page.totalCount : null}
          />
          <ShortSearchHint term={filters.q} />
          {error && !page ? (
            <QueryErrorAlert title="Could not load transactions" error={error} onRetry={refetch} />
          ) : (
            <TransactionsTable
              tab={tab}
              rows={rows}
              loaded={page !== null}
              loading={loading}
              testMode={testMode}
              filtered={isFiltered(filters)}
              sort={filters.sort}
              onSort={sortBy}
            />
          )}
          <DataTablePager
            pageSizes={PAGE_SIZES}
            pageSize={filters.take}
            page={filters.page + 1}
            pageCount={page?.isTotalExact ? lastPage + 1 : null}
            hasNext={page !== null && rows.length >= filters.take && !(page.isTotalExact && filters.page >= lastPage)}
            onPageChange={(next) => setFilters({ page: next - 1 })}
            onPageSizeChange={(take) => setFilters({ take })}
          />
        </CardContent>
      </Card>
    </PageLayout>
  );
}
