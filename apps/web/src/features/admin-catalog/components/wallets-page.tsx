import { useMutation, useQuery } from '@apollo/client/react';
import { BanIcon, SearchIcon, ShieldCheckIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageLayout } from '@/components/layouts/page-layout';
import { QueryErrorAlert } from '@/components/query-boundary';
import { SearchInput } from '@/components/search-input';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { AdminCatalog_WalletAddressFragment } from '@/gql/graphql';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useDraft } from '@/hooks/use-draft';
import { useAdminPermission } from '@/hooks/use-permission';
import { toast } from '@/hooks/use-toast';
import { formatDateTime } from '@/lib/format';
import {
  BlockWalletAddressMutation,
  TrustWalletAddressMutation,
  UnblockWalletAddressMutation,
  UntrustWalletAddressMutation,
} from '@/features/admin-catalog/api/wallets';
import { WalletAddressesQuery } from '@/features/admin-catalog/api/wallets';
import { ReasonDialog, type ReasonRequest } from '@/features/admin-catalog/components/reason-dialog';

type Wallet = AdminCatalog_WalletAddressFragment;
type Change = 'block' | 'unblock' | 'trust' | 'untrust';

const PAGE_SIZE = 25;

// What each mark does, exactly as the server applies it (modules/wallets, the widget's test-mode engine).
const CHANGE: Record<Change, { title: string; description: string; confirm: string; done: string; destructive?: boolean }> = {
  block: {
    title: 'Block a wallet address',
    description:
      'The widget and test transactions made through /v1 refuse it as a destination or refund address, naming it as blocked. It matches on any network; an EVM address in any letter case.',
    confirm: 'Block',
    done: 'blocked',
    destructive: true,
  },
  unblock: { title: 'Unblock this address?', description: 'Transactions may use it again.', confirm: 'Unblock', done: 'unblocked' },
  trust: {
    title: 'Trust a wallet address',
    description: 'A test-mode swap to a trusted address skips the address screening step. Trust does not lift a block.',
    confirm: 'Trust',
    done: 'marked as trusted',
  },
  untrust: { title: 'Stop trusting this address?', description: 'Swaps to it are screened again.', confirm: 'Untrust', done: 'marked as untrusted' },
};

const short = (address: string) => (address.length > 20 ? `${address.slice(0, 10)}…${address.slice(-6)}` : address);

/** /admin/wallets: addresses staff blocked or trusted (the route checks wallet:view); each change per the viewer's role. */
export function WalletsPage() {
  const can: Record<Change, boolean> = {
    block: useAdminPermission('wallet:block'),
    unblock: useAdminPermission('wallet:unblock'),
    trust: useAdminPermission('wallet:trust'),
    untrust: useAdminPermission('wallet:untrust'),
  };
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [draft, setDraft] = useDraft(search, search);
  const { data, previousData, loading, error, refetch } = useQuery(WalletAddressesQuery, {
    variables: { search: search || null, skip: (page - 1) * PAGE_SIZE, take: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const result = (data ?? previousData)?.walletAddresses;
  const wallets = result?.items ?? [];
  const options = { refetchQueries: ['AdminCatalog_WalletAddresses'], awaitRefetchQueries: true };
  const [block] = useMutation(BlockWalletAddressMutation, options);
  const [unblock] = useMutation(UnblockWalletAddressMutation, options);
  const [trust] = useMutation(TrustWalletAddressMutation, options);
  const [untrust] = useMutation(UntrustWalletAddressMutation, options);
  const run: Record<Change, (variables: { address: string; reason: string }) => Promise<unknown>> = {
    block: (variables) => block({ variables }),
    unblock: (variables) => unblock({ variables }),
    trust: (variables) => trust({ variables }),
    untrust: (variables) => untrust({ variables }),
  };
  const [request, setRequest] = useState<ReasonRequest | null>(null);
  useDocumentTitle('Wallets · Rampart');

  function ask(change: Change, address: string | null) {
    const words = CHANGE[change];
    setRequest({
      title: words.title,
      description: words.description,
      confirmLabel: words.confirm,
      destructive: words.destructive,
      address,
      asksAddress: true,
      async submit(values) {
        await run[change](values);
        toast({ title: `${short(values.address.trim())} ${words.done}` });
      },
    });
  }

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  }

  const actions = (wallet: Wallet) => {
    const buttons: Array<[Change, string]> = [];
    if (wallet.isBlocked ? can.unblock : can.block) buttons.push([wallet.isBlocked ? 'unblock' : 'block', wallet.isBlocked ? 'Unblock' : 'Block']);
    if (wallet.isTrusted ? can.untrust : can.trust) buttons.push([wallet.isTrusted ? 'untrust' : 'trust', wallet.isTrusted ? 'Untrust' : 'Trust']);
    if (buttons.length === 0) return null;
    return (
      <div className="flex flex-wrap justify-end gap-1.5">
        {buttons.map(([change, label]) => (
          <Button key={change} size="sm" variant="outline" aria-label={`${label} ${wallet.address}`} onClick={() => ask(change, wallet.address)}>
            {label}
          </Button>
        ))}
      </div>
    );
  };

  const badges = (wallet: Wallet) => (
    <span className="flex flex-wrap gap-1">
      {wallet.isBlocked ? <Badge variant="destructive">Blocked</Badge> : null}
      {wallet.isTrusted ? <Badge variant="info">Trusted</Badge> : null}
      {!wallet.isBlocked && !wallet.isTrusted ? <Badge variant="outline">No mark</Badge> : null}
    </span>
  );

  const reasons = (wallet: Wallet) => (
    <span className="flex flex-col gap-0.5">
      {wallet.blockReason ? <span className="break-words">{`${wallet.isBlocked ? 'Blocked' : 'Unblocked'}: ${wallet.blockReason}`}</span> : null}
      {wallet.trustReason ? <span className="break-words">{`${wallet.isTrusted ? 'Trusted' : 'Untrusted'}: ${wallet.trustReason}`}</span> : null}
      <span className="text-xs text-muted-foreground">
        {wallet.updatedBy ?? 'A former staff member'} · {formatDateTime(wallet.updatedAt)}
      </span>
    </span>
  );

  const anyChange = Object.values(can).some(Boolean);
  const hasMore = (result?.totalCount ?? 0) > page * PAGE_SIZE;

  return (
    <PageLayout>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex max-w-3xl flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Wallets</h1>
          <p className="text-sm text-muted-foreground">
            Addresses staff have marked. <strong className="font-medium text-foreground">Blocked</strong>: the widget and test-mode transactions refuse it as a
            destination or refund address. <strong className="font-medium text-foreground">Trusted</strong>: a test-mode swap to it skips the address screening
            step. Each change needs a reason and is written to the audit trail.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {can.block ? (
            <Button variant="destructive" onClick={() => ask('block', null)}>
              <BanIcon aria-hidden /> Block an address
            </Button>
          ) : null}
          {can.trust ? (
            <Button variant="outline" onClick={() => ask('trust', null)}>
              <ShieldCheckIcon aria-hidden /> Trust an address
            </Button>
          ) : null}
        </div>
      </div>
      <form onSubmit={submitSearch} role="search" className="flex gap-2">
        <SearchInput
          aria-label="Search wallet addresses"
          placeholder="Search addresses"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          wrapperClassName="w-full max-w-md"
        />
        <Button type="submit" variant="outline">
          <SearchIcon aria-hidden /> Search
        </Button>
      </form>
      <Card className="min-w-0 gap-4 py-5">
        <CardContent className="flex min-w-0 flex-col gap-4 px-3 sm:px-5">
          {error && !result ? <QueryErrorAlert title="Could not load the wallet addresses" error={error} onRetry={refetch} /> : null}
          {loading && !result ? <Skeleton className="h-32 w-full" /> : null}
          {result && wallets.length === 0 ? (
            <p className="px-3 py-10 text-center text-sm text-muted-foreground">
              {search ? 'No marked address matches this search.' : 'No address is blocked or trusted yet.'}
            </p>
          ) : null}
          {wallets.length > 0 ? (
            <>
              <ul aria-label="Wallet addresses (list)" className="flex flex-col divide-y rounded-md border md:hidden">
                {wallets.map((wallet) => (
                  <li key={wallet.id} className="flex flex-col gap-2 px-3 py-2.5 text-sm">
                    <span className="font-mono text-xs break-all">{wallet.address}</span>
                    {badges(wallet)}
                    {reasons(wallet)}
                    {actions(wallet)}
                  </li>
                ))}
              </ul>
              <Table aria-label="Wallet addresses" className="hidden md:table">
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead>Address</TableHead>
                    <TableHead>Marks</TableHead>
                    <TableHead>Reasons</TableHead>
                    {anyChange ? (
                      <TableHead>
                        <span className="sr-only">Actions</span>
                      </TableHead>
                    ) : null}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {wallets.map((wallet) => (
                    <TableRow key={wallet.id}>
                      <TableCell className="max-w-xs font-mono text-xs break-all whitespace-normal">{wallet.address}</TableCell>
                      <TableCell>{badges(wallet)}</TableCell>
                      <TableCell className="max-w-sm whitespace-normal">{reasons(wallet)}</TableCell>
                      {anyChange ? <TableCell>{actions(wallet)}</TableCell> : null}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
                <span>
                  {result?.totalCount === 1 ? '1 address' : `${result?.totalCount ?? 0} addresses`}
                  {page > 1 || hasMore ? ` · page ${page}` : ''}
                </span>
                {page > 1 || hasMore ? (
                  <span className="flex gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={page <= 1}
                      onClick={() => setParams({ ...(search ? { q: search } : {}), page: String(page - 1) })}
                    >
                      Previous
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={!hasMore}
                      onClick={() => setParams({ ...(search ? { q: search } : {}), page: String(page + 1) })}
                    >
                      Next
                    </Button>
                  </span>
                ) : null}
              </div>
            </>
          ) : null}
        </CardContent>
      </Card>
      <ReasonDialog request={request} onClose={() => setRequest(null)} />
    </PageLayout>
  );
}
