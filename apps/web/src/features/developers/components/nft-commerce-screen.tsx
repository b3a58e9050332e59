import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@apollo/client/react';
import { checkHttpsUrl, WALLET_DISPLAY_MODES } from '@rampart/shared/developer-settings';
import { ImageIcon, RocketIcon, Trash2Icon } from 'lucide-react';
import { Link } from 'react-router';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { CardSaveFooter } from '@/components/form/submit-button';
import { SwitchField } from '@/components/form/switch-field';
import { SelectField } from '@/components/form/select-field';
import { UrlField } from '@/components/form/input-field';
import { ErrorAlert } from '@/components/form-alert';
import { AlertDialogAction, AlertDialogFrame } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { HyperMintEmbedQuery, MintingQuery } from '@/features/developers/api/minting';
import { DeleteNftCollectionMutation, NftGoLiveQuery, NftSettingsQuery, UpdateNftAccountMutation } from '@/features/developers/api/settings';
import { goLivePath } from '@/config/routes';
import { ReviewBadge, StatusBadge } from '@/components/status-badge';
import { CopyButton } from '@/components/copy-button';
import { DevelopersFrame } from '@/features/developers/components/developers-frame';
import { CheckoutPreviewDialog } from '@/features/developers/components/checkout-preview-dialog';
import { CollectionMints } from '@/features/developers/components/collection-mints';
import { CollectionPriceDialog } from '@/features/developers/components/collection-price-dialog';
import { MintDialog } from '@/features/developers/components/mint-dialog';
import { MintingCard } from '@/features/developers/components/minting-card';
import { NftCollectionDialog } from '@/features/developers/components/nft-collection-dialog';
import { useAccountQuery, useAccountSettings } from '@/features/developers/lib/scope';
import type { Developers_NftCollectionFragment, Developers_NftSettingsQuery, WalletDisplayMode } from '@/gql/graphql';
import { useAdminPermission, usePermission } from '@/hooks/use-permission';
import { toastChange } from '@/hooks/toast-change';
import { toast } from '@/hooks/use-toast';
import { useServerSubmit } from '@/hooks/use-server-submit';
import { QueryErrorAlert } from '@/components/query-boundary';

/** The page of the embedding host (HYPERMINT_HOST, Rampart's own signed format) framed as the minting screen when one is configured. */
const HYPERMINT_PATH = '/collections';

const MODE_TEXT: Record<WalletDisplayMode, string> = {
  EDITABLE: 'Editable — the buyer sees the wallet address and may change it',
  READONLY: 'Read-only — the buyer sees the address you pass but cannot change it',
  HIDDEN: 'Hidden — the address you pass is used and not shown',
};

const optionalUrl = (allowLocalHttp: boolean) =>
  z.string().superRefine((value, ctx) => {
    if (!value.trim()) return;
    const checked = checkHttpsUrl(value, { allowLocalHttp });
    if ('problem' in checked) ctx.addIssue({ code: 'custom', message: checked.problem });
  });

const nftSchema = z.object({
  walletDisplayMode: z.enum(WALLET_DISPLAY_MODES),
  isLiteNftFlowAllowed: z.boolean(),
  isNftCommerceFlowAllowed: z.boolean(),
  baseNftUrl: optionalUrl(false),
  baseNftTestnetUrl: optionalUrl(true),
});
type NftValues = z.infer<typeof nftSchema>;
type NftAccount = NonNullable<Developers_NftSettingsQuery['account']>['nftAccount'];
type SettingsCollection = NonNullable<Developers_NftSettingsQuery['account']>['nftCollections'][number];

function toValues(account: NftAccount): NftValues {
  return {
    walletDisplayMode: account.walletDisplayMode,
    isLiteNftFlowAllowed: account.isLiteNftFlowAllowed,
    isNftCommerceFlowAllowed: account.isNftCommerceFlowAllowed,
    baseNftUrl: account.baseNftUrl ?? '',
    baseNftTestnetUrl: account.baseNftTestnetUrl ?? '',
  };
}

function NftAccountForm({ accountId, nftAccount, canManage }: { accountId: string; nftAccount: NftAccount; canManage: boolean }) {
  // Turning a flow on or off changes whether NFT checkout has a go-live checklist.
  const [save] = useMutation(UpdateNftAccountMutation, { refetchQueries: ['Developers_NftGoLive'] });
  const form = useForm<NftValues>({ resolver: zodResolver(nftSchema), defaultValues: toValues(nftAccount) });
  const walletDisplayMode = useWatch({ control: form.control, name: 'walletDisplayMode' });
  useEffect(() => form.reset(toValues(nftAccount)), [nftAccount, form]);

  const { onSubmit, generalError } = useServerSubmit(
    form,
    { baseNftUrl: 'baseNftUrl', baseNftTestnetUrl: 'baseNftTestnetUrl', walletDisplayMode: 'walletDisplayMode' },
    async (values) => {
      const input = { ...values, baseNftUrl: values.baseNftUrl.trim() || null, baseNftTestnetUrl: values.baseNftTestnetUrl.trim() || null };
      await save({ variables: { accountId, input } });
      toast({ title: 'NFT settings saved' });
    },
  );

  const flag = (name: 'isLiteNftFlowAllowed' | 'isNftCommerceFlowAllowed', label: string, description: string) => (
    <SwitchField control={form.control} name={name} label={label} description={description} disabled={!canManage} />
  );

  return (
    <Card>
      <Form {...form}>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
          <CardHeader>
            <CardTitle>Checkout settings</CardTitle>
            <CardDescription>How the NFT checkout behaves for your buyers.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            <ErrorAlert message={generalError} title="Could not save the NFT settings" />
            <SelectField
              control={form.control}
              name="walletDisplayMode"
              label="Wallet display mode"
              description={MODE_TEXT[walletDisplayMode]}
              options={WALLET_DISPLAY_MODES.map((mode) => ({ value: mode, label: mode[0] + mode.slice(1).toLowerCase() }))}
              triggerClassName="w-full sm:w-96"
              disabled={!canManage}
            />
            <div className="grid gap-3 md:grid-cols-2">
              {flag('isLiteNftFlowAllowed', 'Lite NFT flow', 'A shorter checkout with lighter identity checks for low-value items.')}
              {flag('isNftCommerceFlowAllowed', 'NFT commerce flow', 'Sell NFTs from your collections through the checkout widget.')}
            </div>
            <div className="grid gap-4 md:grid-cols-2">
              <UrlField control={form.control} name="baseNftUrl" label="Base NFT URL (live)" placeholder="https://nft.example.com" readOnly={!canManage} />
              <UrlField
                control={form.control}
                name="baseNftTestnetUrl"
                label="Base NFT URL (testnet)"
                description="http is accepted for localhost."
                placeholder="https://testnet.nft.example.com"
                readOnly={!canManage}
              />
            </div>
          </CardContent>
          <CardSaveFooter shown={canManage}>Save settings</CardSaveFooter>
        </form>
      </Form>
    </Card>
  );
}

interface CollectionItemProps {
  collection: SettingsCollection;
  canManage: boolean;
  /** The built-in Mint dialog is offered (minting on, minting:manage, no HyperMint embed). */
  canMint: boolean;
  onDelete: () => void;
  onMinted: () => void;
}

function CollectionItem({ collection, canManage, canMint, onDelete, onMinted }: CollectionItemProps) {
  // An image that does not load shows the placeholder instead of a broken-image icon.
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          {collection.imageUrl && !imageFailed ? (
            <img src={collection.imageUrl} alt="" className="size-10 shrink-0 rounded-md border object-cover" onError={() => setImageFailed(true)} />
          ) : (
            <span className="flex size-10 shrink-0 items-center justify-center rounded-md border bg-muted text-muted-foreground">
              <ImageIcon className="size-4" aria-hidden />
            </span>
          )}
          <div className="flex min-w-0 flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{collection.name}</span>
              {collection.symbol && <span className="font-mono text-xs text-muted-foreground">{collection.symbol}</span>}
              <Badge variant="outline">{collection.network.name}</Badge>
              <Badge variant="secondary">{collection.contractType}</Badge>
              {collection.isMintable ? (
                <Badge variant="outline">Deployed by Rampart</Badge>
              ) : (
                <Badge variant="outline" className="text-muted-foreground" title="Rampart did not deploy this contract, so it cannot mint its tokens.">
                  Not mintable
                </Badge>
              )}
            </div>
            <span className="font-mono text-xs break-all text-muted-foreground">{collection.contractAddress}</span>
            <span className="text-xs text-muted-foreground">
              Price {collection.priceAmount} {collection.priceCurrencyCode.toUpperCase()} ·{' '}
              {collection.isMintable ? (
                <a href={collection.widgetUrl} target="_blank" rel="noreferrer noopener" className="font-medium text-foreground underline underline-offset-2">
                  Open checkout
                </a>
              ) : (
                'its checkout link explains why it cannot be bought here'
              )}
            </span>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-1 sm:shrink-0">
          {canMint && collection.isMintable && <MintDialog collection={collection} onMinted={onMinted} />}
          {canManage && <CollectionPriceDialog collection={collection} />}
          {collection.isMintable && <CheckoutPreviewDialog name={collection.name} url={collection.widgetUrl} />}
          <CopyButton value={collection.widgetUrl} label="Copy checkout link" size="sm" />
          {canManage && (
            <Button type="button" variant="ghost" size="icon" aria-label={`Remove ${collection.name}`} onClick={onDelete}>
              <Trash2Icon aria-hidden />
            </Button>
          )}
        </div>
      </div>
      {collection.isMintable ? (
        <CollectionMints collectionName={collection.name} mints={collection.mints} />
      ) : (
        <p className="text-xs text-muted-foreground">Added by address: Rampart did not deploy this contract, so it cannot mint its tokens.</p>
      )}
    </li>
  );
}

/** NFT checkout's way to live: its go-live status and the checklist's page, once the account takes the product up. */
function GoLiveCard() {
  const { data } = useAccountQuery(NftGoLiveQuery);
  const readiness = data?.productStatus.nftCommerce;
  if (!readiness?.isOffered) return null;
  return (
    <Card aria-label="NFT checkout go-live" role="region" className="gap-3 py-5">
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-medium">Go live with NFT checkout</p>
            {readiness.isEnabled ? <StatusBadge meaning="success">Live</StatusBadge> : <ReviewBadge status={readiness.goLiveStatus} />}
          </div>
          <p className="text-sm text-muted-foreground">
            {readiness.isEnabled
              ? 'The provider approved NFT checkout for your account.'
              : readiness.isReady
                ? 'Every required item is done: request the provider’s review.'
                : 'Business verification, testing instructions, a flow and a collection come before the provider’s review.'}
          </p>
        </div>
        <Button asChild variant="outline" size="sm" className="shrink-0 self-start sm:self-center">
          <Link to={goLivePath('NftCheckout')}>
            <RocketIcon aria-hidden />
            Open the go-live checklist
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** NFT checkout settings of the selected account, minting on the configured chain, and its collections. */
export function NftCommerceScreen() {
  const { accountId, canManage, data, loading, error, refetch } = useAccountSettings(NftSettingsQuery);
  const canMintHere = usePermission('minting:manage');
  const canToggleMinting = useAdminPermission('nftCollection:edit');
  const minting = useAccountQuery(MintingQuery);
  const hyperMint = useQuery(HyperMintEmbedQuery, { variables: { accountId: accountId ?? '', url: HYPERMINT_PATH }, skip: !accountId || !canMintHere });
  const [remove, { loading: removing }] = useMutation(DeleteNftCollectionMutation);
  const [deleting, setDeleting] = useState<Developers_NftCollectionFragment | null>(null);
  const account = data?.account;
  const chain = minting.data?.evmChain;
  const isMintingEnabled = minting.data?.account?.onboardingInfo.isMintingEnabled ?? false;
  const hyperMintUrl = hyperMint.data?.getHyperMintEmbedUrl ?? null;
  // The chain's network by name: from the catalogue, else from a collection on it (the local chain is not in the catalogue).
  const networkName = chain
    ? (data?.nftNetworks.find((network) => network.code === chain.networkCode)?.name ??
      account?.nftCollections.find((collection) => collection.network.code === chain.networkCode)?.network.name ??
      (chain.isLocal ? 'Rampart local chain (development)' : chain.networkCode))
    : '';
  const canMint = canMintHere && isMintingEnabled && !hyperMintUrl && Boolean(chain?.minterAddress);

  async function confirmDelete(collection: Developers_NftCollectionFragment) {
    const removal = () => remove({ variables: { id: collection.id } }).then(() => refetch());
    await toastChange(removal, { title: 'Collection removed', description: collection.name }, 'Could not remove the collection');
    setDeleting(null);
  }

  return (
    <DevelopersFrame title="NFT commerce" description="Checkout settings, minting, and the collections you sell through the NFT checkout.">
      {error && <QueryErrorAlert title="Could not load the NFT settings" error={error} onRetry={refetch} />}
      {minting.error && <QueryErrorAlert title="Could not load the minting settings" error={minting.error} onRetry={minting.refetch} />}
      {loading && !data ? (
        <Skeleton className="h-72 w-full" />
      ) : (
        account &&
        accountId && (
          <>
            <GoLiveCard />
            <NftAccountForm accountId={accountId} nftAccount={account.nftAccount} canManage={canManage} />
            {chain ? (
              <MintingCard
                accountId={accountId}
                chain={chain}
                networkName={networkName}
                isMintingEnabled={isMintingEnabled}
                canMint={canMintHere}
                canToggle={canToggleMinting}
                hyperMintUrl={hyperMintUrl}
                onDeployed={() => void refetch()}
              />
            ) : (
              minting.loading && <Skeleton className="h-48 w-full" />
            )}
            <Card>
              <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
                <div className="flex flex-col gap-1.5">
                  <CardTitle>Collections</CardTitle>
                  <CardDescription>
                    Contracts whose NFTs buyers can pay for with the checkout: the ones Rampart deployed for you and the ones you added by address.
                  </CardDescription>
                </div>
                {canManage && <NftCollectionDialog accountId={accountId} networks={data.nftNetworks} onAdded={() => void refetch()} />}
              </CardHeader>
              <CardContent>
                {account.nftCollections.length === 0 ? (
                  <p className="rounded-md border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">No collection yet.</p>
                ) : (
                  <ul aria-label="Collections" className="divide-y">
                    {account.nftCollections.map((collection) => (
                      <CollectionItem
                        key={collection.id}
                        collection={collection}
                        canManage={canManage}
                        canMint={canMint}
                        onDelete={() => setDeleting(collection)}
                        onMinted={() => void refetch()}
                      />
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
          </>
        )
      )}
      <AlertDialogFrame
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={<>Remove {deleting?.name}?</>}
        description="Buyers can no longer pay for its NFTs through the checkout. The contract itself is not touched."
        action={
          <AlertDialogAction onClick={() => deleting && void confirmDelete(deleting)} disabled={removing}>
            Remove
          </AlertDialogAction>
        }
      />
    </DevelopersFrame>
  );
}
