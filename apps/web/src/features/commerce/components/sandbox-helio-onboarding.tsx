import { FlaskConicalIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ROUTES } from '@/config/routes';
import { CompleteSandboxHelioOnboardingMutation, SandboxHelioOnboardingQuery } from '@/features/commerce/api/commerce';
import type { SandboxHelioOutcome } from '@/gql/graphql';
import { formatDateTime } from '@/lib/format';
import { describeApiError } from '@/lib/graphql-errors';
import { usePublicMutation, usePublicQuery } from '@/lib/public-graphql';
import { useDocumentTitle } from '@/hooks/use-document-title';

const OUTCOMES: { outcome: SandboxHelioOutcome; label: string; text: string; variant: 'default' | 'outline' | 'destructive' }[] = [
  { outcome: 'approve', label: 'Approve', text: 'The merchant account becomes active.', variant: 'default' },
  { outcome: 'review', label: 'Send to review', text: 'The account waits in review.', variant: 'outline' },
  { outcome: 'reject', label: 'Reject', text: 'The business is not approved.', variant: 'destructive' },
];

/** Rampart's stand-in for Helio's hosted onboarding page: pick the outcome, go back to the dashboard's /helio. */
export function SandboxHelioOnboardingPage() {
  const { token = '' } = useParams();
  const { data, error, loading } = usePublicQuery(SandboxHelioOnboardingQuery, { variables: { token } });
  const [complete] = usePublicMutation(CompleteSandboxHelioOnboardingMutation);
  const [busy, setBusy] = useState<SandboxHelioOutcome | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const onboarding = data?.sandboxHelioOnboarding;
  useDocumentTitle('Commerce sandbox · Onboarding · Rampart');

  async function choose(outcome: SandboxHelioOutcome) {
    setSubmitError(null);
    setBusy(outcome);
    try {
      const { data: result } = await complete({ variables: { token, outcome } });
      window.location.assign(result.completeSandboxHelioOnboarding);
    } catch (caught) {
      setSubmitError(describeApiError(caught).message);
      setBusy(null);
    }
  }

  return (
    <div className="flex w-full max-w-lg flex-col gap-4">
      <div className="flex items-start gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-900 dark:text-amber-100" role="note">
        <FlaskConicalIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>
          <span className="font-semibold">Rampart commerce sandbox</span> — stands in for Helio's hosted onboarding. No business is checked and no merchant
          account is opened with Helio.
        </p>
      </div>
      <Card>
        <CardHeader>
          <h1 className="text-xl leading-tight font-semibold tracking-tight">Merchant onboarding</h1>
          <CardDescription>Choose how onboarding ends to try each state of the merchant account.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {loading ? (
            <Skeleton className="h-32 w-full" />
          ) : error || !onboarding ? (
            <>
              <ErrorAlert message={describeApiError(error).message} title="This onboarding link cannot be used" />
              <p className="text-sm text-muted-foreground">Open onboarding again from the dashboard to get a new link.</p>
            </>
          ) : (
            <>
              <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_1fr] sm:gap-y-3">
                <dt className="text-muted-foreground">Rampart account</dt>
                <dd className="pb-2 font-medium break-words sm:pb-0">{onboarding.accountName}</dd>
                <dt className="text-muted-foreground">Business name</dt>
                <dd className="pb-2 font-medium break-words sm:pb-0">{onboarding.businessName}</dd>
                <dt className="text-muted-foreground">Contact e-mail</dt>
                <dd className="pb-2 font-medium break-all sm:pb-0">{onboarding.contactEmail}</dd>
                <dt className="text-muted-foreground">Link expires</dt>
                <dd className="pb-2 sm:pb-0">{formatDateTime(onboarding.expiresAt)}</dd>
              </dl>
              <ErrorAlert message={submitError} title="Could not finish onboarding" />
              <ul className="flex flex-col gap-2">
                {OUTCOMES.map((item) => (
                  <li key={item.outcome} className="flex flex-col gap-2 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between">
                    <span className="text-sm text-muted-foreground">{item.text}</span>
                    <Button type="button" variant={item.variant} disabled={busy !== null} onClick={() => void choose(item.outcome)} className="sm:w-36">
                      {busy === item.outcome && <Spinner label="Finishing" />}
                      {item.label}
                    </Button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </CardContent>
        <CardFooter>
          <Link to={`${ROUTES.commerce}/onboarding`} className="text-sm text-muted-foreground underline-offset-4 hover:underline">
            Back to the dashboard
          </Link>
        </CardFooter>
      </Card>
    </div>
  );
}
