import { useMutation, useQuery } from '@apollo/client/react';
import { BanIcon, ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { ListCard } from '@/components/data-table/list-card';
import { PrevNextPager } from '@/components/data-table/prev-next-pager';
import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { SearchSubmitForm } from '@/components/search-submit-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { AdminCatalog_WalletAddressFragment } from '@/gql/graphql';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAdminPermission } from '@/hooks/use-permission';
import { toast } from '@/hooks/use-toast';
import { useUrlSearchPage } from '@/hooks/use-url-search-page';
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
  const { search, page, draft, setDraft, applySearch, goToPage } = useUrlSearchPage();
  const query = useQuery(WalletAddressesQuery, {
    variables: { search: search || null, skip: (page - 1) * PAGE_SIZE, take: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const result = (query.data ?? query.previousData)?.walletAddresses;
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

  const hasMore = (result?.totalCount ?? 0) > page * PAGE_SIZE;

  return (
    <PageLayout>
      <PageHeading
        title="Wallets"
        description={
          <>
            Addresses staff have marked. <strong className="font-medium text-foreground">Blocked</strong>: the widget and test-mode transactions refuse it as a
            destination or refund address. <strong className="font-medium text-foreground">Trusted</strong>: a test-mode swap to it skips the address screening
            step. Each change needs a reason and is written to the audit trail.
          </>
        }
        actions={
          <>
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
          </>
        }
      />
      <SearchSubmitForm label="Search wallet addresses" placeholder="Search addresses" value={draft} onChange={setDraft} onSearch={applySearch} />
      <ListCard
        label="Wallet addresses"
        items={wallets}
        query={query}
        errorTitle="Could not load the wallet addresses"
        empty={search ? 'No marked address matches this search.' : 'No address is blocked or trusted yet.'}
        columns={[
          { header: 'Address', cell: (wallet) => wallet.address, className: 'max-w-xs font-mono text-xs break-all whitespace-normal' },
          { header: 'Marks', cell: badges },
          { header: 'Reasons', cell: reasons, className: 'max-w-sm whitespace-normal' },
        ]}
        stacked={(wallet) => (
          <>
            <span className="font-mono text-xs break-all">{wallet.address}</span>
            {badges(wallet)}
            {reasons(wallet)}
          </>
        )}
        actions={Object.values(can).some(Boolean) ? actions : undefined}
        footer={
          <PrevNextPager
            page={page}
            hasMore={hasMore}
            onPageChange={goToPage}
            summary={`${result?.totalCount === 1 ? '1 address' : `${result?.totalCount ?? 0} addresses`}${page > 1 || hasMore ? ` · page ${page}` : ''}`}
          />
        }
      />
      <ReasonDialog request={request} onClose={() => setRequest(null)} />
    </PageLayout>
  );
}
