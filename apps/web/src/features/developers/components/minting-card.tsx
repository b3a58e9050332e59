import { useMutation } from '@apollo/client/react';
import { nftPriceCurrencyOf } from '@rampart/shared/developer-settings';
import { FlaskConicalIcon, LockIcon } from 'lucide-react';
import { useId } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { CopyButton } from '@/components/copy-button';
import { DetailField } from '@/components/detail-field';
import { SetAccountMintingEnabledMutation } from '@/features/developers/api/minting';
import { ValueBox } from '@/features/developers/components/developers-frame';
import { DeployCollectionDialog } from '@/features/developers/components/deploy-collection-dialog';
import type { Developers_EvmChainFragment } from '@/gql/graphql';
import { toastChange } from '@/hooks/toast-change';

/** The chain minting uses: network, chain id, the local-chain warning with its RPC URL, and the minter address. */
function ChainFacts({ chain, networkName }: { chain: Developers_EvmChainFragment; networkName: string }) {
  return (
    <section aria-label="Chain" className="flex flex-col gap-4 rounded-lg border p-4">
      {chain.isLocal && (
        <Badge variant="warning" className="whitespace-normal">
          <FlaskConicalIcon aria-hidden className="size-3.5" /> Local development chain — tokens have no value
        </Badge>
      )}
      <dl className="flex flex-col gap-4">
        <div className="flex flex-wrap gap-x-12 gap-y-4">
          <DetailField label="Network">{networkName}</DetailField>
          <DetailField label="Chain id">
            <span className="font-mono">{chain.chainId}</span>
          </DetailField>
        </div>
        {chain.isLocal && chain.rpcUrl && (
          <div>
            <DetailField label="RPC URL">
              <ValueBox value={chain.rpcUrl} label="RPC URL">
                <CopyButton value={chain.rpcUrl} label="Copy the RPC URL" />
              </ValueBox>
            </DetailField>
          </div>
        )}
        <div>
          <DetailField label="Minter address">
            {chain.minterAddress ? (
              <>
                <ValueBox value={chain.minterAddress} label="Minter address">
                  <CopyButton value={chain.minterAddress} label="Copy the minter address" />
                </ValueBox>
                <p className="mt-1.5 text-xs text-muted-foreground">
                  {chain.isLocal
                    ? 'The local chain’s first development account deploys and mints. Its key is publicly known: never send it anything of value.'
                    : 'Deploys your collections and mints their tokens; it owns the contracts Rampart deploys.'}
                </p>
              </>
            ) : (
              <span className="text-muted-foreground">None: this deployment has no deployer key, so collections cannot be deployed or minted.</span>
            )}
          </DetailField>
        </div>
      </dl>
    </section>
  );
}

/** Staff only: turns minting on or off for the account they opened (onboardingInfo.isMintingEnabled). */
function StaffMintingSwitch({ accountId, isEnabled }: { accountId: string; isEnabled: boolean }) {
  const id = useId();
  const [setEnabled, { loading }] = useMutation(SetAccountMintingEnabledMutation);
  async function change(next: boolean) {
    const done = { title: next ? 'Minting turned on' : 'Minting turned off', description: 'For this account.' };
    await toastChange(() => setEnabled({ variables: { accountId, isEnabled: next } }), done, 'Could not change minting');
  }

  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border border-dashed p-3">
      <div className="flex flex-col gap-1">
        <Label htmlFor={id}>Minting for this account</Label>
        <p className="text-xs text-muted-foreground">Staff only. Lets the account deploy collections and mint tokens.</p>
      </div>
      <Switch id={id} checked={isEnabled} disabled={loading} onCheckedChange={(next) => void change(next)} />
    </div>
  );
}

export interface MintingCardProps {
  accountId: string;
  chain: Developers_EvmChainFragment;
  networkName: string;
  isMintingEnabled: boolean;
  /** minting:manage in the account. */
  canMint: boolean;
  /** Staff whose role may turn minting on or off. */
  canToggle: boolean;
  /** The embedding host's URL signed in Rampart's own format (HYPERMINT_HOST); when set it replaces the built-in create screen. */
  hyperMintUrl: string | null;
  onDeployed: () => void;
}

/** Minting on the NFT commerce screen: the chain, and creating a collection (or why it is not possible). */
export function MintingCard({ accountId, chain, networkName, isMintingEnabled, canMint, canToggle, hyperMintUrl, onDeployed }: MintingCardProps) {
  const builtIn = isMintingEnabled && canMint && !hyperMintUrl && chain.minterAddress !== null;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Minting</CardTitle>
          <CardDescription>Deploy your own ERC-721 collections and mint their tokens to your buyers’ wallets.</CardDescription>
        </div>
        {builtIn && (
          <DeployCollectionDialog
            accountId={accountId}
            networkName={networkName}
            priceCurrency={nftPriceCurrencyOf(chain.networkCode)}
            onDeployed={onDeployed}
          />
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!isMintingEnabled && (
          <Alert>
            <LockIcon aria-hidden />
            <AlertTitle>Minting is not turned on for this account</AlertTitle>
            <AlertDescription>
              <p>
                {canToggle
                  ? 'Partners ask their account manager for it. As staff, you can turn it on for this account with the switch below.'
                  : 'Your account manager turns minting on. Ask them, and you can then create collections here and mint their tokens.'}
              </p>
            </AlertDescription>
          </Alert>
        )}
        {canToggle && <StaffMintingSwitch accountId={accountId} isEnabled={isMintingEnabled} />}
        {isMintingEnabled && hyperMintUrl ? (
          <>
            <iframe
              title={`Minting at ${new URL(hyperMintUrl).host}`}
              src={hyperMintUrl}
              className="h-[640px] w-full rounded-lg border bg-background"
              allow="clipboard-write"
            />
            <p className="text-sm text-muted-foreground">
              Served by {new URL(hyperMintUrl).host}, opened with a link Rampart signs for this account; that host checks the signature.
            </p>
          </>
        ) : (
          <ChainFacts chain={chain} networkName={networkName} />
        )}
        {isMintingEnabled && !canMint && !hyperMintUrl && (
          <p className="text-sm text-muted-foreground">Administrators and developers of the account create collections and mint.</p>
        )}
      </CardContent>
    </Card>
  );
}
