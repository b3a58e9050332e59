import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '@/components/form-alert';
import { PageLayout } from '@/components/layouts/page-layout';
import { Spinner } from '@/components/ui/spinner';
import { useHelioOnboarding } from '@/features/commerce/components/use-helio-onboarding';
import { helioLandingOutcome } from '@/features/commerce/lib/commerce';
import { toast } from '@/hooks/use-toast';
import { describeApiError } from '@/lib/graphql-errors';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /helio: where the browser lands back from hosted onboarding; reads the new state and routes to its section. */
export function HelioLanding() {
  const navigate = useNavigate();
  const { onboarding, error, loading } = useHelioOnboarding({ fetchPolicy: 'network-only' });
  const done = useRef(false);
  useDocumentTitle('Commerce · Finishing onboarding · Rampart');
  useEffect(() => {
    if (done.current || loading || !onboarding) return;
    done.current = true;
    const outcome = helioLandingOutcome(onboarding.merchantAccount?.status);
    toast({ title: outcome.title, description: outcome.description, variant: outcome.variant });
    void navigate(outcome.path, { replace: true });
  }, [loading, onboarding, navigate]);
  return (
    <PageLayout>
      {error ? (
        <ErrorAlert message={describeApiError(error).message} title="Could not read the merchant account" />
      ) : (
        <div className="flex flex-col items-center gap-3 py-20 text-center" role="status">
          <Spinner className="size-8 text-muted-foreground" label="Finishing onboarding" />
          <h1 className="text-xl font-semibold tracking-tight">Finishing onboarding…</h1>
          <p className="text-sm text-muted-foreground">Reading the merchant account's new state.</p>
        </div>
      )}
    </PageLayout>
  );
}
