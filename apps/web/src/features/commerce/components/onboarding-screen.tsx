import { zodResolver } from '@hookform/resolvers/zod';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { HELIO_MERCHANT_STATUS_LABEL } from '@rampart/shared/commerce';
import { ExternalLinkIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { InputField } from '@/components/form/input-field';
import { ErrorAlert } from '@/components/form-alert';
import { StatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { CreateHelioMerchantAccountMutation, RefreshedHelioRedirectQuery } from '@/features/commerce/api/commerce';
import { CommerceFrame } from '@/features/commerce/components/commerce-frame';
import { useHelioOnboarding } from '@/features/commerce/components/use-helio-onboarding';
import { commercePath, HELIO_STATUS_MEANING } from '@/features/commerce/lib/commerce';
import { createMerchantNote, finishOnboardingTitle, onboardingOutcome, unfinishedOnboardingNote } from '@/features/commerce/lib/onboarding-words';
import { walletsDuringOnboardingNote, type PayoutProvider } from '@/features/commerce/lib/payout-words';
import { usePermission } from '@/hooks/use-permission';
import { applyServerErrors } from '@/lib/form-errors';
import { describeApiError } from '@/lib/graphql-errors';
import { QueryErrorAlert } from '@/components/query-boundary';

const merchantSchema = z.object({
  businessName: z.string().trim().min(1, 'Enter the business name').min(2, 'At least 2 characters').max(100, 'At most 100 characters'),
  contactEmail: z
    .string()
    .trim()
    .min(1, 'Enter a contact e-mail')
    .max(254, 'At most 254 characters')
    .email('Enter an e-mail address such as finance@example.com'),
});
type MerchantValues = z.infer<typeof merchantSchema>;

/** The browser leaves for the provider's hosted onboarding page (Helio's, or the built-in sandbox page). */
function goTo(url: string) {
  window.location.assign(url);
}

function CreateMerchantForm({ accountId, provider }: { accountId: string; provider: PayoutProvider }) {
  const [create] = useMutation(CreateHelioMerchantAccountMutation);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const form = useForm<MerchantValues>({ resolver: zodResolver(merchantSchema), defaultValues: { businessName: '', contactEmail: '' }, mode: 'onTouched' });
  const submit = form.handleSubmit(async (values) => {
    setGeneralError(null);
    try {
      const { data } = await create({
        variables: { accountId, input: { businessName: values.businessName.trim(), contactEmail: values.contactEmail.trim() } },
      });
      const url = data?.createHelioMerchantAccount.redirectUrl;
      if (url) goTo(url);
    } catch (error) {
      setGeneralError(applyServerErrors(form, error, { businessName: 'businessName', contactEmail: 'contactEmail' }));
    }
  });
  const submitting = form.formState.isSubmitting || form.formState.isSubmitSuccessful;
  return (
    <Card>
      <Form {...form}>
        <form noValidate onSubmit={submit} className="flex flex-col gap-6">
          <CardHeader>
            <CardTitle>Create the merchant account</CardTitle>
            <CardDescription>{createMerchantNote(provider)}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <ErrorAlert message={generalError} title="Could not create the merchant account" />
            <InputField
              control={form.control}
              name="businessName"
              label="Business name"
              description="The legal name Helio verifies."
              autoComplete="organization"
              placeholder="Acme Ltd"
            />
            <InputField
              control={form.control}
              name="contactEmail"
              label="Contact e-mail"
              description="Where Helio writes about the merchant account."
              type="email"
              autoComplete="email"
              placeholder="payments@example.com"
            />
          </CardContent>
          <CardFooter>
            <Button type="submit" disabled={submitting}>
              {submitting && <Spinner label="Creating" />}
              Create and continue to onboarding
            </Button>
          </CardFooter>
        </form>
      </Form>
    </Card>
  );
}

function ContinueOnboarding({
  accountId,
  redirectUrl,
  expiresAt,
  canManage,
  provider,
}: {
  accountId: string;
  redirectUrl: string | null;
  expiresAt: string | null;
  canManage: boolean;
  provider: PayoutProvider;
}) {
  const client = useApolloClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function resume() {
    setError(null);
    setBusy(true);
    try {
      const fresh = redirectUrl && expiresAt && new Date(expiresAt).getTime() - Date.now() > 60_000;
      if (fresh) return goTo(redirectUrl);
      const { data } = await client.query({ query: RefreshedHelioRedirectQuery, variables: { accountId }, fetchPolicy: 'network-only' });
      const url = data?.getRefreshedHelioRedirectUrl.redirectUrl;
      if (url) goTo(url);
      else setError('Onboarding is already finished. Reload the page to see the account.');
    } catch (caught) {
      setError(describeApiError(caught).message);
      setBusy(false);
    }
  }
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-3">
          <CardTitle>{finishOnboardingTitle(provider)}</CardTitle>
          <StatusBadge meaning={HELIO_STATUS_MEANING.created}>{HELIO_MERCHANT_STATUS_LABEL.created}</StatusBadge>
        </div>
        <CardDescription>{unfinishedOnboardingNote(provider)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <ErrorAlert message={error} title="Could not open onboarding" />
        {canManage ? (
          <div>
            <Button type="button" onClick={() => void resume()} disabled={busy}>
              {busy ? <Spinner label="Opening onboarding" /> : <ExternalLinkIcon aria-hidden />}
              Continue onboarding
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">An administrator of this account can continue onboarding.</p>
        )}
        <p className="text-sm text-muted-foreground">{walletsDuringOnboardingNote(provider)}</p>
      </CardContent>
    </Card>
  );
}

/** Creates the merchant account and sends the browser through the provider's hosted onboarding. */
export function CommerceOnboardingScreen() {
  const canManage = usePermission('commerce:manage');
  const { accountId, onboarding, loading, error } = useHelioOnboarding();
  const account = onboarding?.merchantAccount ?? null;
  return (
    <CommerceFrame width="form" title="Onboarding" description="Create the Helio merchant account and complete Helio's onboarding.">
      {error && <QueryErrorAlert title="Could not load onboarding" error={error} />}
      {loading && !onboarding ? (
        <Skeleton className="h-72 w-full" />
      ) : !onboarding || !accountId ? null : !account ? (
        canManage ? (
          <CreateMerchantForm accountId={accountId} provider={onboarding.provider} />
        ) : (
          <Card>
            <CardHeader>
              <CardTitle>No merchant account yet</CardTitle>
              <CardDescription>An administrator of this account can set up commerce.</CardDescription>
            </CardHeader>
          </Card>
        )
      ) : account.status === 'created' ? (
        <ContinueOnboarding
          accountId={accountId}
          redirectUrl={onboarding.redirectUrl ?? null}
          expiresAt={onboarding.redirectUrlExpiresAt ?? null}
          canManage={canManage}
          provider={onboarding.provider}
        />
      ) : (
        <Card>
          <CardHeader>
            <div className="flex flex-wrap items-center gap-3">
              <CardTitle>{onboardingOutcome(account.status, account.provider).title}</CardTitle>
              <StatusBadge meaning={HELIO_STATUS_MEANING[account.status]}>{HELIO_MERCHANT_STATUS_LABEL[account.status]}</StatusBadge>
            </div>
            <CardDescription>{onboardingOutcome(account.status, account.provider).description}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to={commercePath('account')}>View the merchant account</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={commercePath('wallets')}>Payout wallets</Link>
            </Button>
          </CardContent>
        </Card>
      )}
    </CommerceFrame>
  );
}
