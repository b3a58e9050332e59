import { useMutation, useQuery, useReactiveVar } from '@apollo/client/react';
import { BanIcon, RocketIcon, ShieldAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/form-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { kybPath, NFT_COMMERCE_PATH, type GoLiveProductKey } from '@/config/routes';
import { GoLiveBlockedStatusQuery, GoLiveScreenQuery, RequestGoLiveMutation } from '@/features/go-live/api/go-live';
import { ChecklistCard } from '@/features/go-live/components/checklist-card';
import { TestingInstructionsCard } from '@/features/go-live/components/testing-instructions-card';
import { blockingItems, canRequestGoLive, READINESS_FIELD, unmetItemsOf, type UnmetItem } from '@/features/go-live/lib/checklist';
import type { GoLive_ReadinessFragment, GoLive_BlockedStatusQuery } from '@/gql/graphql';
import { usePermission } from '@/hooks/use-permission';
import { toast } from '@/hooks/use-toast';
import { ReviewBadge, StatusBadge } from '@/components/status-badge';
import { BLOCKED_ACTION_LABEL, formatCountry, labelOf, PRODUCT_LABEL } from '@/lib/format';
import { describeApiError } from '@/lib/graphql-errors';
import { selectedAccountIdVar } from '@/lib/local-state';
import { PageLayout } from '@/components/layouts/page-layout';
import { RampProductTabs } from '@/components/layouts/ramp-product-tabs';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { QueryErrorAlert } from '@/components/query-boundary';

const STATUS_TEXT: Record<string, string> = {
  NotStarted: 'Not requested yet. Complete the required items, then request go-live.',
  Pending: 'Your request is waiting for the provider’s review.',
  InProgress: 'The provider is reviewing your request.',
  OnHold: 'The provider needs something from you. Fix what the reason describes, then request go-live again.',
  Approved: 'Approved: the product is live for your account.',
  Rejected: 'The provider rejected the request. Fix what the reason describes before asking again, or contact support.',
};

/** The selected account's path to live for one product: status, blocked list, checklist, testing instructions, request. */
export function GoLiveScreen({ product }: { product: GoLiveProductKey }) {
  const accountId = useReactiveVar(selectedAccountIdVar);
  const canUpdate = usePermission('account:update');
  const canReadKyb = usePermission('kyb:read');
  const productLabel = PRODUCT_LABEL[product] ?? product;
  const screen = useQuery(GoLiveScreenQuery, { variables: { accountId: accountId ?? '', product }, skip: !accountId, fetchPolicy: 'cache-and-network' });
  const blocked = useQuery(GoLiveBlockedStatusQuery, { variables: { accountId: accountId ?? '' }, skip: !accountId || !canReadKyb });
  const [request, requesting] = useMutation(RequestGoLiveMutation, { refetchQueries: ['GoLive_Screen'], awaitRefetchQueries: true });
  const [refusal, setRefusal] = useState<{ message: string; items: UnmetItem[] } | null>(null);

  useDocumentTitle(`${productLabel} · Go live · Rampart`);

  const status = screen.data?.productStatus ?? null;
  if (!accountId) return <Frame product={product}>{<p className="text-sm text-muted-foreground">Choose an account to see its go-live checklist.</p>}</Frame>;
  if (!status) {
    return (
      <Frame product={product}>
        {screen.error ? (
          <QueryErrorAlert title="Could not load the go-live checklist" error={screen.error} onRetry={screen.refetch} />
        ) : (
          <Skeleton className="h-96 w-full" />
        )}
      </Frame>
    );
  }

  const readiness: GoLive_ReadinessFragment = status[READINESS_FIELD[product]];
  const items = status.checklist;
  const blocking = blockingItems(items);
  const requestable = canRequestGoLive(readiness.goLiveStatus, items) && !blocked.data?.blockedCountryAndIndustryStatus.isBlocked;

  async function send() {
    setRefusal(null);
    try {
      await request({ variables: { accountId: accountId!, product } });
      toast({ title: 'Go-live requested', description: `The provider reviews ${productLabel} and e-mails your administrators with the decision.` });
    } catch (error) {
      setRefusal({ message: describeApiError(error).message, items: unmetItemsOf(error) });
    }
  }

  return (
    <Frame product={product} enabled={readiness.isEnabled}>
      {screen.error && <ErrorAlert title="Could not refresh the checklist" message={describeApiError(screen.error).message} />}
      {!readiness.isOffered && (
        <Alert>
          <AlertTitle>{productLabel} is not set up for this account</AlertTitle>
          <AlertDescription>
            <p>
              Turn on a flow under{' '}
              <Link to={NFT_COMMERCE_PATH} className="font-medium text-foreground underline underline-offset-4">
                Developers › NFT commerce
              </Link>{' '}
              to start; the checklist below is what it will need.
            </p>
          </AlertDescription>
        </Alert>
      )}
      <Card aria-label="Go-live status" role="region" className="gap-3 py-5">
        <CardContent className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-medium">Go-live status</p>
            <ReviewBadge status={readiness.goLiveStatus} />
          </div>
          <p className="text-sm text-muted-foreground">{STATUS_TEXT[readiness.goLiveStatus]}</p>
          {readiness.reason && (
            <div className="rounded-md border bg-muted/40 px-3 py-2 text-sm">
              <p className="text-xs font-medium text-muted-foreground">Reason from the reviewer</p>
              <p className="whitespace-pre-line [overflow-wrap:anywhere]">{readiness.reason}</p>
            </div>
          )}
        </CardContent>
      </Card>
      {blocked.data && <BlockedNotice status={blocked.data.blockedCountryAndIndustryStatus} />}
      <ChecklistCard items={items} productLabel={productLabel} />
      <TestingInstructionsCard
        key={screen.data?.testingInstructions?.updatedAt ?? 'none'}
        accountId={accountId}
        instructions={screen.data?.testingInstructions ?? null}
        canUpdate={canUpdate}
      />
      {readiness.goLiveStatus !== 'Approved' && (
        <Card className="gap-4">
          <CardHeader>
            <CardTitle className="text-base">Request go-live</CardTitle>
            <CardDescription>The provider reviews your integration and, once approved, enables {productLabel} for live customers.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            {refusal && (
              <Alert variant="destructive">
                <AlertTitle>The request was not sent</AlertTitle>
                <AlertDescription>
                  {refusal.items.length > 0 ? (
                    <ul className="list-disc pl-4">
                      {refusal.items.map((item) => (
                        <li key={item.key}>{item.detail ? `${item.label}: ${item.detail}` : item.label}</li>
                      ))}
                    </ul>
                  ) : (
                    <p>{refusal.message}</p>
                  )}
                </AlertDescription>
              </Alert>
            )}
            {blocking.length > 0 ? (
              <div className="text-sm">
                <p className="text-muted-foreground">Before you can request go-live:</p>
                <ul aria-label="Still to do" className="mt-1 list-disc pl-5">
                  {blocking.map((item) => (
                    <li key={item.key}>{item.label}</li>
                  ))}
                </ul>
              </div>
            ) : readiness.goLiveStatus === 'Pending' || readiness.goLiveStatus === 'InProgress' ? (
              <p className="text-sm text-muted-foreground">Your request is with the provider.</p>
            ) : null}
            {!canUpdate && <p className="text-sm text-muted-foreground">Only members who can change the account (administrators) can request go-live.</p>}
          </CardContent>
          {canUpdate && (
            <CardFooter className="justify-end">
              <Button type="button" onClick={() => void send()} disabled={!requestable || requesting.loading}>
                {requesting.loading ? <Spinner label="Requesting" /> : <RocketIcon aria-hidden />}
                {readiness.goLiveStatus === 'OnHold' || readiness.goLiveStatus === 'Rejected' ? 'Request go-live again' : 'Request go-live'}
              </Button>
            </CardFooter>
          )}
        </Card>
      )}
      <p className="text-sm text-muted-foreground">
        Business verification is part of the checklist:{' '}
        <Link to={kybPath(product)} className="font-medium text-foreground underline underline-offset-4">
          open business verification
        </Link>
        .
      </p>
    </Frame>
  );
}

function BlockedNotice({ status }: { status: GoLive_BlockedStatusQuery['blockedCountryAndIndustryStatus'] }) {
  const matches = [
    status.country && { what: `Country: ${formatCountry(status.country.value)}`, ...status.country },
    status.industry && { what: `Industry: ${status.industry.value}`, ...status.industry },
  ].filter((match): match is NonNullable<typeof match> => Boolean(match));
  if (matches.length === 0) return null;
  return (
    <Alert variant={status.isBlocked ? 'destructive' : 'default'}>
      {status.isBlocked ? <BanIcon aria-hidden /> : <ShieldAlertIcon aria-hidden />}
      <AlertTitle>{status.isBlocked ? 'Your business cannot go live' : 'Some of your customers will be redirected'}</AlertTitle>
      <AlertDescription>
        <p>
          {status.isBlocked
            ? 'The country or industry of your business verification is on the provider’s blocked list.'
            : 'The country or industry of your business verification is on the provider’s list: its customers are sent to another provider.'}
        </p>
        <ul className="list-disc pl-4">
          {matches.map((match) => (
            <li key={match.what}>
              {match.what} ({labelOf(BLOCKED_ACTION_LABEL, match.action)}): {match.reason}
            </li>
          ))}
        </ul>
        {status.isBlocked && <p>Contact support if you think this is a mistake.</p>}
      </AlertDescription>
    </Alert>
  );
}

function Frame({ product, enabled, children }: { product: GoLiveProductKey; enabled?: boolean; children: React.ReactNode }) {
  const productLabel = PRODUCT_LABEL[product] ?? product;
  return (
    <PageLayout width="form">
      <RampProductTabs product={product} />
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">Go live</h1>
          <Badge variant="outline">{productLabel}</Badge>
          {enabled && <StatusBadge meaning="success">Live</StatusBadge>}
        </div>
        <p className="text-sm text-muted-foreground">What {productLabel} needs before real customers can use it, and your request for the provider’s review.</p>
      </div>
      {children}
    </PageLayout>
  );
}
