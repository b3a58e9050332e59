import { useMutation, useQuery, useReactiveVar } from '@apollo/client/react';
import { ArrowRightIcon, ShieldCheckIcon } from 'lucide-react';

import { useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/form-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { goLivePath, type GoLiveProductKey } from '@/config/routes';
import { InitiateKybMutation, KYB_REFETCH, KybScreenQuery, KybStepsQuery } from '@/features/kyb/api/kyb';
import { CompanyDetailsStep } from '@/features/kyb/components/company-details-step';
import { DocumentsStep } from '@/features/kyb/components/documents-step';
import { KybStepper } from '@/features/kyb/components/kyb-stepper';
import { OwnershipStep } from '@/features/kyb/components/ownership-step';
import { QuestionnaireStep } from '@/features/kyb/components/questionnaire-step';
import { ReviewStatusCard } from '@/features/kyb/components/review-status-card';
import { ReviewStep } from '@/features/kyb/components/review-step';
import { SumSubStep } from '@/features/kyb/components/sumsub-step';
import { currentStep, isApplicationEditable, nextStep } from '@/features/kyb/lib/steps';
import type { KybStepKey } from '@/gql/graphql';
import { usePermission } from '@/hooks/use-permission';
import { toast } from '@/hooks/use-toast';
import { KYB_LEVEL_LABEL, labelOf, PRODUCT_LABEL } from '@/lib/format';
import { describeApiError } from '@/lib/graphql-errors';
import { selectedAccountIdVar } from '@/lib/local-state';
import { PageLayout } from '@/components/layouts/page-layout';
import { RampProductTabs } from '@/components/layouts/ramp-product-tabs';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { QueryErrorAlert } from '@/components/query-boundary';

/** The selected account's business verification for one product: where the review stands, and the steps. */
export function KybScreen({ product }: { product: GoLiveProductKey }) {
  const accountId = useReactiveVar(selectedAccountIdVar);
  const canManage = usePermission('kyb:manage');
  const [searchParams, setSearchParams] = useSearchParams();
  const screen = useQuery(KybScreenQuery, { variables: { accountId: accountId ?? '' }, skip: !accountId, fetchPolicy: 'cache-and-network' });
  const organizationId = screen.data?.account?.organization.id ?? null;
  const stepsQuery = useQuery(KybStepsQuery, { variables: { organizationId: organizationId ?? '' }, skip: !organizationId, fetchPolicy: 'cache-and-network' });
  const [initiate, initiating] = useMutation(InitiateKybMutation, { refetchQueries: KYB_REFETCH, awaitRefetchQueries: true });

  useDocumentTitle(`${PRODUCT_LABEL[product]} · Business verification · Rampart`);

  const application = screen.data?.kybApplication ?? null;
  const review = screen.data?.reviewStatus ?? null;
  const steps = stepsQuery.data?.getApplicantVerificationSteps ?? [];
  const error = screen.error ?? stepsQuery.error;

  if (!accountId) {
    return <Frame product={product}>{<p className="text-sm text-muted-foreground">Choose an account to see its business verification.</p>}</Frame>;
  }
  if (!application || !review || (steps.length === 0 && !error)) {
    return (
      <Frame product={product}>
        {error ? <QueryErrorAlert title="Could not load the business verification" error={error} /> : <Skeleton className="h-96 w-full" />}
      </Frame>
    );
  }

  const editable = canManage && isApplicationEditable(application.status);
  // initiateKyb leaves the status NotStarted, so a step in the URL (set by Start) counts as started too.
  const started = searchParams.has('step') || application.status !== 'NotStarted' || steps.some((step) => step.state !== 'notStarted');
  // With SumSub configured, its WebSDK is the application: Rampart's own steps are not shown.
  const viaSumSub = application.provider === 'SumSub';
  const needsEnhanced = product === 'OffRamp' && application.level === 'Basic' && editable && !viaSumSub;
  const active = currentStep(steps, searchParams.get('step'));
  const activeStep = steps.find((step) => step.key === active);

  function go(key: KybStepKey | null) {
    if (!key) return;
    const next = new URLSearchParams(searchParams);
    next.set('step', key);
    setSearchParams(next);
    window.scrollTo({ top: 0 });
  }

  async function start() {
    try {
      await initiate({ variables: { accountId: accountId!, product } });
      if (!started) go('companyDetails');
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Could not start the verification', description: describeApiError(caught).message });
    }
  }

  const stepProps = { accountId, application, editable, onContinue: () => go(nextStep(steps, active)) };

  return (
    <Frame product={product} level={application.level}>
      {error && <ErrorAlert title="Could not refresh the business verification" message={describeApiError(error).message} />}
      <ReviewStatusCard review={review} goLiveHref={goLivePath(product)} />
      {!canManage && (
        <Alert>
          <ShieldCheckIcon aria-hidden />
          <AlertTitle>Read-only</AlertTitle>
          <AlertDescription>Only members who manage business verification (the account’s administrators) can change the application.</AlertDescription>
        </Alert>
      )}
      {started && needsEnhanced && (
        <Alert>
          <ShieldCheckIcon aria-hidden />
          <AlertTitle>Off-ramp needs enhanced verification</AlertTitle>
          <AlertDescription>
            <p>Selling crypto for fiat asks for more about your business than buying. Your answers so far are kept.</p>
            <Button type="button" size="sm" variant="outline" onClick={() => void start()} disabled={initiating.loading}>
              {initiating.loading && <Spinner label="Starting" />}
              Start enhanced verification
            </Button>
          </AlertDescription>
        </Alert>
      )}
      {viaSumSub ? (
        <SumSubStep accountId={accountId} status={review.status} canManage={canManage} />
      ) : !started && canManage ? (
        <Card className="gap-4">
          <CardHeader>
            <CardTitle className="text-base">Verify your business to go live</CardTitle>
            <CardDescription>
              Tell us about the company, its owners and directors, upload its documents and answer a short questionnaire. You can stop at any step and carry on
              later; any administrator of your organization can continue where you left off.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button type="button" onClick={() => void start()} disabled={initiating.loading}>
              {initiating.loading && <Spinner label="Starting" />}
              Start verification <ArrowRightIcon aria-hidden />
            </Button>
          </CardContent>
        </Card>
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <KybStepper steps={steps} active={active} onSelect={go} />
          {/* Another account's application starts from its saved values. */}
          <section key={accountId} aria-label={activeStep?.title} className="flex min-w-0 flex-col gap-4">
            {/* The review's reason is already in the status card. */}
            {activeStep?.message && activeStep.state === 'actionRequired' && active !== 'review' && (
              <Alert>
                <AlertTitle>What this step needs</AlertTitle>
                <AlertDescription>{activeStep.message}</AlertDescription>
              </Alert>
            )}
            {active === 'companyDetails' && <CompanyDetailsStep {...stepProps} />}
            {active === 'ownership' && <OwnershipStep {...stepProps} />}
            {active === 'documents' && <DocumentsStep {...stepProps} />}
            {active === 'questionnaire' && <QuestionnaireStep {...stepProps} />}
            {active === 'review' && <ReviewStep {...stepProps} steps={steps} onGoTo={go} />}
          </section>
        </div>
      )}
    </Frame>
  );
}

function Frame({ product, level, children }: { product: GoLiveProductKey; level?: string; children: React.ReactNode }) {
  return (
    <PageLayout>
      <RampProductTabs product={product} />
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">Business verification</h1>
          <Badge variant="outline">{PRODUCT_LABEL[product]}</Badge>
          {level && <Badge variant="secondary">{labelOf(KYB_LEVEL_LABEL, level)}</Badge>}
        </div>
        <p className="text-sm text-muted-foreground">
          We verify your business (KYB) once for your whole organization. When the provider approves it you can create live keys and request go-live.
        </p>
      </div>
      {children}
    </PageLayout>
  );
}
