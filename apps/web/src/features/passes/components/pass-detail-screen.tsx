import { useMutation, useQuery } from '@apollo/client/react';
import { PASS_FIELD_GROUPS } from '@rampart/shared/passes';
import { BanIcon, ScanLineIcon, SmartphoneIcon, TicketCheckIcon, TicketXIcon } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageLayout } from '@/components/layouts/page-layout';
import { Button } from '@/components/ui/button';

import { Skeleton } from '@/components/ui/skeleton';
import { Forbidden } from '@/components/forbidden';
import { ROUTES } from '@/config/routes';
import { InvalidatePassMutation, PassDetailQuery, PassProjectHeaderQuery } from '@/features/passes/api/passes';
import { PassStatusBadge } from '@/features/passes/components/pass-status-badge';
import { PassPreviews } from '@/features/passes/components/pass-preview';
import { PageHeading } from '@/components/layouts/page-heading';
import { DetailRow } from '@/components/detail-field';
import { Breadcrumbs, MonoValue, WalletLinks } from '@/features/passes/components/passes-frame';
import { labelOfBarcodeFormat, labelOfInvalidationReason, labelOfNetwork, labelOfPassEvent, labelOfPolicyKind } from '@/features/passes/lib/labels';
import { FIELD_GROUP_LABEL, projectPath, shortHex } from '@/features/passes/lib/passes';
import type { Passes_PassQuery } from '@/gql/graphql';
import { usePermission } from '@/hooks/use-permission';
import { toast } from '@/hooks/use-toast';
import { formatCount, formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { QueryErrorAlert } from '@/components/query-boundary';
import { SectionCard } from '@/components/section-card';

type PassEventRow = Passes_PassQuery['pass']['events'][number];

const EVENT_ICON: Record<string, typeof TicketCheckIcon> = {
  created: TicketCheckIcon,
  addedToAppleWallet: SmartphoneIcon,
  removedFromAppleWallet: SmartphoneIcon,
  scanned: ScanLineIcon,
  invalidated: TicketXIcon,
};

function eventDetail(event: PassEventRow): string | null {
  if (event.type === 'invalidated') {
    const reason = labelOfInvalidationReason(event.reason);
    return event.toAddress ? `${reason}: the token moved to ${event.toAddress}` : reason;
  }
  if (event.type === 'scanned') return event.valid === false ? `Refused: ${event.refusal ?? 'not valid'}` : 'Valid';
  if (event.deviceLibraryIdentifier) return `Device ${shortHex(event.deviceLibraryIdentifier, 8)}`;
  return null;
}

function Timeline({ events }: { events: PassEventRow[] }) {
  if (events.length === 0)
    return (
      <p className="text-sm text-muted-foreground">Nothing has happened to this pass yet. Issuing, wallet registrations, scans and invalidation show here.</p>
    );
  return (
    <ol className="flex flex-col" aria-label="Status history and scans">
      {events.map((event, index) => {
        const Icon = EVENT_ICON[event.type] ?? TicketCheckIcon;
        const bad = event.type === 'invalidated' || (event.type === 'scanned' && event.valid === false);
        const detail = eventDetail(event);
        return (
          <li key={event.id} className="relative flex gap-3 pb-5 last:pb-0" data-testid="pass-event" data-type={event.type}>
            {index < events.length - 1 && <span className="absolute top-8 bottom-0 left-4 w-px bg-border" aria-hidden />}
            <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-full border bg-card', bad ? 'text-destructive' : 'text-primary')}>
              <Icon className="size-4" aria-hidden />
            </span>
            <div className="min-w-0 pt-1">
              <p className="text-sm font-medium">{labelOfPassEvent(event.type)}</p>
              {detail && <p className="text-sm break-words text-muted-foreground">{detail}</p>}
              {event.transactionHash && (
                <p className="text-xs text-muted-foreground">
                  Transaction{' '}
                  <MonoValue value={event.transactionHash} label="Copy the transaction hash">
                    {shortHex(event.transactionHash, 10)}
                  </MonoValue>
                </p>
              )}
              <p className="text-xs text-muted-foreground">{formatDateTime(event.createdAt, { seconds: true })}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function InvalidateDialog({ passId, open, onOpenChange }: { passId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [invalidate] = useMutation(InvalidatePassMutation);
  return (
    <ConfirmDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title="Invalidate this pass?"
      description="Scans will refuse it from now on and your webhooks get pass.invalidated. This cannot be undone: the holder needs a new pass."
      confirmLabel="Invalidate pass"
      busyLabel="Invalidating"
      destructive
      errorTitle="Could not invalidate the pass"
      onConfirm={async () => {
        await invalidate({ variables: { id: passId } });
        toast({ title: 'Pass invalidated', description: 'Scans now refuse it and wallets show it as void at their next update.' });
      }}
    />
  );
}

/** One pass: holder, NFT, status, fields as rendered, files, history and scans. */
export function PassDetailScreen() {
  const { projectId = '', passId = '' } = useParams();
  const canRead = usePermission('passes:read');
  const canManage = usePermission('passes:manage');
  const [confirming, setConfirming] = useState(false);
  const { data, error, loading, refetch } = useQuery(PassDetailQuery, {
    variables: { id: passId },
    skip: !canRead,
    fetchPolicy: 'cache-and-network',
    pollInterval: 5000,
  });
  const project = useQuery(PassProjectHeaderQuery, { variables: { id: projectId }, skip: !canRead }).data?.passProject;
  const pass = data?.pass;
  useDocumentTitle(`Passes · Pass ${pass?.serialNumber ?? ''} · Rampart`);
  if (!canRead) return <Forbidden reason="Passes are open to every role of the account." />;
  return (
    <PageLayout>
      <Breadcrumbs
        items={[
          { label: 'Passes', to: ROUTES.passes },
          { label: project?.name ?? 'Project', to: projectPath(projectId, 'overview') },
          { label: 'Passes', to: projectPath(projectId, 'passes') },
          { label: pass?.serialNumber ?? '…' },
        ]}
      />
      {error && <QueryErrorAlert title="Could not load the pass" error={error} onRetry={refetch} />}
      {loading && !pass ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        pass && (
          <>
            <PageHeading
              eyebrow={<span className="text-sm text-muted-foreground">Pass</span>}
              title={
                <span className="flex flex-wrap items-center gap-3">
                  <span className="font-mono text-xl sm:text-2xl">{pass.serialNumber}</span>
                  <PassStatusBadge status={pass.status} reason={pass.invalidatedReason} />
                </span>
              }
              description={`Issued ${formatDateTime(pass.createdAt)} from the ${pass.template.name} template.`}
              actions={
                <>
                  <WalletLinks pass={pass} />
                  {canManage && pass.status === 'active' && (
                    <Button type="button" variant="destructive" onClick={() => setConfirming(true)}>
                      <BanIcon aria-hidden /> Invalidate
                    </Button>
                  )}
                </>
              }
            />
            {pass.status === 'invalidated' && (
              <div
                role="status"
                className="flex items-start gap-2 rounded-lg border border-red-600/30 bg-red-500/10 px-4 py-3 text-sm text-red-800 dark:text-red-200"
                data-testid="pass-invalidated"
              >
                <TicketXIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
                <span>
                  Invalidated {formatDateTime(pass.invalidatedAt)}: {labelOfInvalidationReason(pass.invalidatedReason)}. Scans refuse it and wallets show it as
                  void.
                </span>
              </div>
            )}
            <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
              <div className="flex min-w-0 flex-col gap-6">
                <SectionCard title="Holder and entitlement" className="gap-0">
                  <dl className="divide-y">
                    <DetailRow label="Holder wallet">
                      <MonoValue value={pass.holderAddress} label="Copy the holder address" />
                    </DetailRow>
                    <DetailRow label="NFT">
                      {pass.contractAddress ? (
                        <span className="flex flex-col gap-0.5">
                          <MonoValue value={pass.contractAddress} label="Copy the contract address" />
                          <span>
                            Token id <span className="font-mono">{pass.tokenId}</span>
                            {pass.networkCode && (
                              <span className="text-muted-foreground">
                                {' '}
                                · {labelOfNetwork(pass.networkCode)}
                                {pass.chainId != null && ` (chain ${pass.chainId})`}
                              </span>
                            )}
                          </span>
                        </span>
                      ) : (
                        <span className="text-muted-foreground">Not bound to an NFT (admitted by a wallets policy)</span>
                      )}
                    </DetailRow>
                    <DetailRow label="Status">
                      <span className="flex flex-col gap-1">
                        <PassStatusBadge status={pass.status} reason={pass.invalidatedReason} />
                        {pass.invalidatedReason && <span className="text-muted-foreground">{labelOfInvalidationReason(pass.invalidatedReason)}</span>}
                      </span>
                    </DetailRow>
                    <DetailRow label="Policies">
                      {pass.policies.length === 0 ? '—' : pass.policies.map((policy) => `${policy.name} (${labelOfPolicyKind(policy.kind)})`).join(', ')}
                    </DetailRow>
                    <DetailRow label="Barcode">
                      <span className="flex flex-col gap-0.5">
                        <MonoValue value={pass.barcodeMessage} label="Copy the barcode message" />
                        <span className="text-muted-foreground">{labelOfBarcodeFormat(pass.barcodeFormat)}</span>
                      </span>
                    </DetailRow>
                    {pass.externalId && (
                      <DetailRow label="External id" mono>
                        {pass.externalId}
                      </DetailRow>
                    )}
                    <DetailRow label="Apple Wallet">{pass.addedToAppleWallet ? 'Added on a device' : 'Not added yet'}</DetailRow>
                    <DetailRow label="Scans">
                      {formatCount(pass.scanCount)}
                      {pass.lastScannedAt && <span className="text-muted-foreground"> · last {formatDateTime(pass.lastScannedAt)}</span>}
                    </DetailRow>
                  </dl>
                </SectionCard>
                <SectionCard title="Fields as rendered" className="gap-0">
                  <dl className="divide-y">
                    {PASS_FIELD_GROUPS.flatMap((group) =>
                      pass.fields[group].map((field) => (
                        <DetailRow key={`${group}-${field.key}`} label={`${FIELD_GROUP_LABEL[group]} · ${field.label || field.key}`}>
                          {field.value}
                        </DetailRow>
                      )),
                    )}
                  </dl>
                </SectionCard>
                <SectionCard title="Signed message" className="gap-3">
                  <pre className="max-h-56 overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre-wrap break-all">{pass.signedMessage}</pre>
                </SectionCard>
              </div>
              <div className="flex min-w-0 flex-col gap-6">
                <SectionCard title="In the wallets" className="gap-4">
                  <PassPreviews
                    template={{ ...pass.template, fields: pass.fields }}
                    images={{ logo: pass.template.logoImageUrl, icon: pass.template.iconImageUrl, strip: pass.template.stripImageUrl }}
                    values={{}}
                    barcodeMessage={pass.barcodeMessage}
                    voided={pass.status === 'invalidated'}
                  />
                </SectionCard>
                <SectionCard title="Status history and scans" className="gap-4">
                  <Timeline events={pass.events} />
                </SectionCard>
              </div>
            </div>
            {canManage && <InvalidateDialog passId={pass.id} open={confirming} onOpenChange={setConfirming} />}
          </>
        )
      )}
    </PageLayout>
  );
}
