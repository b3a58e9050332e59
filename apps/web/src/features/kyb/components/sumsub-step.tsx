import { useEffect, useRef, useState } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { ArrowRightIcon } from 'lucide-react';
import { ErrorAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { GenerateSumSubTokenMutation, KYB_REFETCH } from '@/features/kyb/api/kyb';
import { launchSumSubWebSdk, type SumSubToken } from '@/features/kyb/lib/sumsub';
import type { ReviewStatusValue } from '@/gql/graphql';
import { describeApiError } from '@/lib/graphql-errors';

/** Statuses in which the partner has something to send in SumSub's form. */
const OPEN: ReviewStatusValue[] = ['NotStarted', 'Draft', 'OnHold'];

/** With SumSub configured, verification happens in SumSub's WebSDK, embedded here; its reviews come back by webhook. */
export function SumSubStep({ accountId, status, canManage }: { accountId: string; status: ReviewStatusValue; canManage: boolean }) {
  const client = useApolloClient();
  const [generate] = useMutation(GenerateSumSubTokenMutation);
  const container = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<'closed' | 'loading' | 'ready'>('closed');
  const [error, setError] = useState<string | null>(null);
  const sdk = useRef<{ destroy(): void } | null>(null);

  useEffect(() => () => sdk.current?.destroy(), []);

  async function fetchToken(): Promise<SumSubToken> {
    const result = await generate({ variables: { accountId } });
    return result.data!.generateSumSubSdkAccessToken;
  }

  async function open() {
    setError(null);
    setPhase('loading');
    try {
      const first = await fetchToken();
      sdk.current?.destroy();
      sdk.current = launchSumSubWebSdk(container.current!, first, fetchToken, {
        theme: document.documentElement.classList.contains('dark') ? 'dark' : 'light',
        onReady: () => setPhase('ready'),
        onSubmitted: () => void client.refetchQueries({ include: KYB_REFETCH }),
        onError: (message) => setError(message),
      });
    } catch (caught) {
      setPhase('closed');
      setError(describeApiError(caught).message);
    }
  }

  const canOpen = canManage && OPEN.includes(status);
  return (
    <Card className="gap-4" aria-label="Verification with SumSub" role="region">
      <CardHeader>
        <CardTitle className="text-base">Verify your business with SumSub</CardTitle>
        <CardDescription>
          Our verification partner SumSub checks your business. Its form asks for the company’s details, its owners and directors, and their documents; what you
          enter goes to SumSub. When SumSub decides, the status above changes and your administrators get an e-mail.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {error && <ErrorAlert title="The verification form could not be opened" message={error} />}
        {canOpen && phase === 'closed' && (
          <Button type="button" className="self-start" onClick={() => void open()}>
            {status === 'OnHold' ? 'Open the verification form again' : 'Open the verification form'} <ArrowRightIcon aria-hidden />
          </Button>
        )}
        {phase === 'loading' && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner label="Loading" /> Loading SumSub’s verification form…
          </p>
        )}
        {!canOpen && phase === 'closed' && (
          <p className="text-sm text-muted-foreground">
            {canManage ? 'Nothing to send now: SumSub has the verification.' : 'Only members who manage business verification can open the form.'}
          </p>
        )}
        <div ref={container} className={phase === 'closed' ? 'hidden' : 'min-h-[600px]'} data-testid="sumsub-websdk" />
      </CardContent>
    </Card>
  );
}
