import { useMutation, useQuery, useReactiveVar } from '@apollo/client/react';
import { HELIO_WALLETS_PER_ACCOUNT } from '@rampart/shared/commerce';
import { PlusIcon, WalletIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ConfirmItemDialog } from '@/components/confirm-dialog';
import { RowIconButton } from '@/components/row-icon-button';
import { CopyButton } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import { CardTable } from '@/components/data-table/card-table';
import { EmptyState } from '@/components/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { DeleteHelioWalletMutation, HelioWalletsQuery } from '@/features/commerce/api/commerce';
import { CommerceFrame } from '@/features/commerce/components/commerce-frame';
import { WalletDialog, type EditedWallet } from '@/features/commerce/components/wallet-dialog';
import { middleTruncate } from '@/features/commerce/lib/commerce';
import { walletDeleteDescription, walletsDescription, type PayoutSituation } from '@/features/commerce/lib/payout-words';
import { Badge } from '@/components/ui/badge';
import { CurrencyIcon } from '@/components/currency-icon';
import { usePermission } from '@/hooks/use-permission';
import { formatDate } from '@/lib/format';
import { selectedAccountIdVar } from '@/lib/local-state';
import { QueryErrorAlert } from '@/components/query-boundary';

interface WalletRow extends EditedWallet {
  createdAt: string;
}

function DeleteWalletDialog({ wallet, situation, onClose }: { wallet: WalletRow | null; situation: PayoutSituation; onClose: () => void }) {
  const [remove] = useMutation(DeleteHelioWalletMutation, { refetchQueries: [HelioWalletsQuery], awaitRefetchQueries: true });
  return (
    <ConfirmItemDialog
      noun="wallet"
      item={wallet && { id: wallet.id, name: `${wallet.currency.name} ${middleTruncate(wallet.walletAddress)}` }}
      title="Delete this payout wallet?"
      description={
        wallet && (
          <>
            The {wallet.currency.name} wallet <span className="font-mono break-all">{wallet.walletAddress}</span> {walletDeleteDescription(situation, wallet)}
          </>
        )
      }
      onConfirm={(id) => remove({ variables: { id } })}
      onClose={onClose}
    />
  );
}

/** Payout wallets: one address per currency (and tag where the network uses one). */
export function CommerceWalletsScreen() {
  const accountId = useReactiveVar(selectedAccountIdVar);
  const canManage = usePermission('commerce:manage');
  const { data, loading, error, refetch } = useQuery(HelioWalletsQuery, {
    variables: { accountId: accountId ?? '' },
    skip: !accountId,
    fetchPolicy: 'cache-and-network',
  });
  const wallets: WalletRow[] = data?.getHelioWallets ?? [];
  const currencies = useMemo(() => (data?.cryptoCurrencies ?? []).filter((currency) => !currency.isSuspended), [data]);
  const [dialog, setDialog] = useState<{ wallet: WalletRow | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<WalletRow | null>(null);
  const full = wallets.length >= HELIO_WALLETS_PER_ACCOUNT;
  const status = data?.getPartnerHelioOnboarding.merchantAccount?.status ?? null;
  const situation: PayoutSituation = {
    provider: data?.getPartnerHelioOnboarding.provider ?? 'helio',
    hasMerchantAccount: Boolean(data?.getPartnerHelioOnboarding.merchantAccount),
  };

  return (
    <CommerceFrame
      title="Payout wallets"
      description={data ? walletsDescription(situation) : 'Where your customers’ payments are paid out, per currency.'}
      actions={
        canManage && (
          <Button
            type="button"
            size="sm"
            disabled={!data || full}
            onClick={() => setDialog({ wallet: null, key: Date.now() })}
            title={full ? `At most ${HELIO_WALLETS_PER_ACCOUNT} wallets` : undefined}
          >
            <PlusIcon aria-hidden /> Add wallet
          </Button>
        )
      }
    >
      {error && <QueryErrorAlert title="Could not load the wallets" error={error} onRetry={refetch} />}
      {status === 'active' && wallets.length === 1 && (
        <p className="text-sm text-muted-foreground">The merchant account is active, so its last wallet cannot be deleted: add another first.</p>
      )}
      {loading && !data ? (
        <Skeleton className="h-48 w-full" />
      ) : (
        data &&
        (wallets.length === 0 ? (
          <EmptyState icon={<WalletIcon />} title="No payout wallets yet">
            Add a wallet for each currency you accept. Payments in a currency without one cannot be paid out.
          </EmptyState>
        ) : (
          <CardTable
            actions={canManage}
            columns={['Currency', 'Address', { heading: 'Tag', className: 'hidden sm:table-cell' }, { heading: 'Added', className: 'hidden md:table-cell' }]}
          >
            {wallets.map((wallet) => (
              <TableRow key={wallet.id} data-testid="helio-wallet-row">
                <TableCell>
                  <span className="flex items-center gap-2">
                    <CurrencyIcon icon={wallet.currency.icon} />
                    <span className="font-medium">{wallet.currency.name}</span>
                  </span>
                </TableCell>
                <TableCell>
                  <span className="flex items-center gap-1">
                    <code className="font-mono text-xs sm:text-sm" title={wallet.walletAddress} aria-label={wallet.walletAddress}>
                      {middleTruncate(wallet.walletAddress)}
                    </code>
                    <CopyButton value={wallet.walletAddress} label="Copy the address" />
                  </span>
                  {wallet.walletAddressTag && <span className="block text-xs text-muted-foreground sm:hidden">Tag {wallet.walletAddressTag}</span>}
                  {wallet.heldByHelio && (
                    <span className="mt-1 block">
                      <Badge variant="secondary" title="Helio received this address with your merchant account">
                        At Helio
                      </Badge>
                    </span>
                  )}
                </TableCell>
                <TableCell className="hidden font-mono text-sm sm:table-cell">
                  {wallet.walletAddressTag ?? <span className="text-muted-foreground">—</span>}
                </TableCell>
                <TableCell className="hidden text-sm text-muted-foreground md:table-cell">{formatDate(wallet.createdAt)}</TableCell>
                {canManage && (
                  <TableCell>
                    <span className="flex justify-end gap-1">
                      <RowIconButton action="edit" label={`Edit the ${wallet.currency.name} wallet`} onClick={() => setDialog({ wallet, key: Date.now() })} />
                      <RowIconButton action="delete" label={`Delete the ${wallet.currency.name} wallet`} onClick={() => setDeleting(wallet)} />
                    </span>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </CardTable>
        ))
      )}
      {accountId && dialog && (
        <WalletDialog
          key={dialog.key}
          accountId={accountId}
          currencies={currencies}
          wallet={dialog.wallet}
          situation={situation}
          open
          onOpenChange={(open) => !open && setDialog(null)}
          onSaved={() => void refetch()}
        />
      )}
      <DeleteWalletDialog wallet={deleting} situation={situation} onClose={() => setDeleting(null)} />
    </CommerceFrame>
  );
}
