import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { SearchIcon, TicketIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { FilterSelect } from '@/components/filter-select';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { TableCell, TableRow } from '@/components/ui/table';
import { PassesQuery } from '@/features/passes/api/passes';
import { PassStatusBadge } from '@/features/passes/components/pass-status-badge';
import { CardTable } from '@/components/data-table/card-table';
import { EmptyState } from '@/components/empty-state';
import { ProjectFrame, SectionList } from '@/features/passes/components/passes-frame';
import { IssueTestPassButton } from '@/features/passes/components/test-pass-dialog';
import { labelOfInvalidationReason } from '@/features/passes/lib/labels';
import { passPath, projectPath, shortHex } from '@/features/passes/lib/passes';
import type { PassStatus } from '@/gql/graphql';
import { usePermission } from '@/hooks/use-permission';
import { formatCount, formatDateTime } from '@/lib/format';

const PAGE = 25;
const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'invalidated', label: 'Invalidated' },
] as const satisfies ReadonlyArray<{ value: PassStatus | ''; label: string }>;

/** The project's passes: search, status filter, "Load more" by cursor, a link to each pass. */
export function PassesListScreen() {
  const { projectId = '' } = useParams();
  const canManage = usePermission('passes:manage');
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const status = (params.get('status') === 'active' || params.get('status') === 'invalidated' ? params.get('status') : null) as PassStatus | null;
  const [typed, setTyped] = useState(search);
  useEffect(() => setTyped(search), [search]);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (typed.trim() === search) return;
      const next = new URLSearchParams(params);
      if (typed.trim()) next.set('q', typed.trim());
      else next.delete('q');
      setParams(next, { replace: true });
    }, 300);
    return () => window.clearTimeout(timer);
  }, [typed, search, params, setParams]);

  const { data, loading, error, fetchMore, networkStatus } = useQuery(PassesQuery, {
    variables: { projectId, search: search || null, status, first: PAGE },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const page = data?.passes;
  const items = page?.items ?? [];
  const filtered = Boolean(search || status);

  async function loadMore() {
    if (!page?.nextCursor) return;
    await fetchMore({
      variables: { after: page.nextCursor },
      updateQuery: (previous, { fetchMoreResult }) => ({
        passes: { ...fetchMoreResult.passes, items: [...previous.passes.items, ...fetchMoreResult.passes.items] },
      }),
    });
  }

  return (
    <ProjectFrame
      projectId={projectId}
      section="passes"
      description="Every pass of this project; open one for its holder, fields, history and files."
      actions={canManage && <IssueTestPassButton projectId={projectId} />}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="relative w-full sm:max-w-sm">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="Holder address, serial, token id or external id"
            aria-label="Search passes"
            className="pl-8"
          />
        </div>
        <FilterSelect
          label="Status"
          hideLabel
          className="w-full sm:w-44"
          value={status ?? ''}
          onChange={(value) => {
            const next = new URLSearchParams(params);
            if (value) next.set('status', value);
            else next.delete('status');
            setParams(next, { replace: true });
          }}
          options={STATUS_OPTIONS}
        />
        {page && (
          <p className="text-sm text-muted-foreground sm:ml-auto" aria-live="polite">
            {formatCount(page.totalCount)} {page.totalCount === 1 ? 'pass' : 'passes'}
          </p>
        )}
      </div>
      <SectionList
        query={{ data, loading, error }}
        errorTitle="Could not load the passes"
        skeletonClassName="h-64"
        isEmpty={items.length === 0}
        empty={
          filtered ? (
            <EmptyState icon={<SearchIcon />} title="No passes match">
              Try the start of a holder address, a serial number, a token id or your external id, or clear the status filter.
            </EmptyState>
          ) : (
            <EmptyState
              icon={<TicketIcon />}
              title="No passes issued yet"
              action={
                <Button asChild variant="outline">
                  <Link to={projectPath(projectId, 'keys')}>Create an API key</Link>
                </Button>
              }
            >
              Passes appear here as your server issues them: it gets a nonce, the holder signs a sign-in message with their wallet, and{' '}
              <code className="font-mono">POST /passes</code> creates the pass. To try one first, issue a test pass to your own wallet.
            </EmptyState>
          )
        }
      >
        <CardTable
          columns={[
            'Holder',
            'Status',
            { heading: 'NFT', className: 'hidden md:table-cell' },
            { heading: 'Template', className: 'hidden lg:table-cell' },
            { heading: 'Scans', className: 'hidden sm:table-cell text-right' },
            { heading: 'Issued', className: 'hidden md:table-cell' },
          ]}
        >
          {items.map((pass) => (
            <TableRow key={pass.id} data-testid="pass-row" className="relative">
              <TableCell>
                <Link
                  to={passPath(projectId, pass.id)}
                  className="font-mono text-sm font-medium after:absolute after:inset-0 hover:underline"
                  title={pass.holderAddress}
                >
                  {shortHex(pass.holderAddress)}
                </Link>
                <span className="block text-xs text-muted-foreground">{pass.serialNumber}</span>
              </TableCell>
              <TableCell>
                <PassStatusBadge status={pass.status} reason={pass.invalidatedReason} />
                {pass.invalidatedReason && (
                  <span className="mt-1 block text-xs text-muted-foreground">{labelOfInvalidationReason(pass.invalidatedReason)}</span>
                )}
              </TableCell>
              <TableCell className="hidden text-sm md:table-cell">
                {pass.contractAddress ? (
                  <span className="font-mono" title={pass.contractAddress}>
                    {shortHex(pass.contractAddress)} #{pass.tokenId}
                  </span>
                ) : (
                  <span className="text-muted-foreground">Wallet only</span>
                )}
              </TableCell>
              <TableCell className="hidden text-sm lg:table-cell">{pass.template.name}</TableCell>
              <TableCell className="hidden text-right tabular-nums sm:table-cell">{formatCount(pass.scanCount)}</TableCell>
              <TableCell className="hidden text-sm whitespace-nowrap text-muted-foreground md:table-cell">{formatDateTime(pass.createdAt)}</TableCell>
            </TableRow>
          ))}
        </CardTable>
      </SectionList>
      {page?.nextCursor && (
        <div className="flex justify-center">
          <Button type="button" variant="outline" onClick={() => void loadMore()} disabled={networkStatus === NetworkStatus.fetchMore}>
            {networkStatus === NetworkStatus.fetchMore && <Spinner label="Loading" />}
            Load more
          </Button>
        </div>
      )}
    </ProjectFrame>
  );
}
