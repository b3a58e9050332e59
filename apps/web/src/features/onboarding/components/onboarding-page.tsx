import { useApolloClient, useMutation, useQuery, useReactiveVar } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { ROUTES } from '@/config/routes';
import {
  OnboardingAccountQuery,
  OnboardingCreateMutation,
  OnboardingMarkFaqAsReadMutation,
  OnboardingOptionsQuery,
  OnboardingUpdateMutation,
} from '@/features/onboarding/api/onboarding';
import { FaqCard } from '@/features/onboarding/components/faq-card';
import { OnboardingForm } from '@/features/onboarding/components/onboarding-form';
import { EMPTY_ONBOARDING_FORM, formValuesFromDetails, type OnboardingInfoInput } from '@/features/onboarding/lib/onboarding-form';
import { toast } from '@/hooks/use-toast';
import { describeApiError } from '@/lib/graphql-errors';
import { selectedAccountIdVar, setSelectedAccountId, setTestMode } from '@/lib/local-state';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { QueryErrorAlert } from '@/components/query-boundary';

/**
 * /onboarding: a user without an account creates their organization and first account here; a member coming back
 * completes the selected account's details. The FAQ's "Mark as read" is sent with (or after) the account.
 */
export function OnboardingPage() {
  const navigate = useNavigate();
  const client = useApolloClient();
  const selectedAccountId = useReactiveVar(selectedAccountIdVar);
  const options = useQuery(OnboardingOptionsQuery);
  const existing = useQuery(OnboardingAccountQuery, { variables: { accountId: selectedAccountId ?? '' }, skip: !selectedAccountId });
  const [create] = useMutation(OnboardingCreateMutation);
  const [update] = useMutation(OnboardingUpdateMutation);
  const [markFaqAsRead, { loading: markingFaq }] = useMutation(OnboardingMarkFaqAsReadMutation);
  const [faqRead, setFaqRead] = useState(false);
  const [generalError, setGeneralError] = useState<string | null>(null);

  useDocumentTitle('Onboarding · Rampart');

  // A stale or foreign selection (another user's account on this browser) simply means "create".
  const account = existing.error ? null : (existing.data?.account ?? null);
  const hasReadFaq = faqRead || (account?.onboardingInfo.hasReadFaq ?? false);

  async function markRead() {
    if (!account) {
      setFaqRead(true);
      return;
    }
    try {
      await markFaqAsRead({ variables: { accountId: account.id } });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Could not save', description: describeApiError(error).message });
    }
  }

  async function submit(input: OnboardingInfoInput) {
    if (account) {
      await update({ variables: { accountId: account.id, input } });
      toast({ title: 'Details saved', description: `${input.accountName} is up to date.` });
      void navigate(ROUTES.dashboard);
      return;
    }
    const { data } = await create({ variables: { input } });
    const created = data?.createOnboardingInfo;
    if (!created) throw new Error('The server did not return the new account');
    if (faqRead) await markFaqAsRead({ variables: { accountId: created.id } }).catch(() => undefined);
    // The new account is selected; it is not verified yet, so it starts in test mode.
    setSelectedAccountId(created.id);
    setTestMode(true);
    client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'me' });
    toast({ title: 'Your account is ready', description: `${created.name} starts in test mode until we verify your business.` });
    void navigate(ROUTES.dashboard, { replace: true });
  }

  if (options.loading || (existing.loading && !existing.data)) return <PageSpinner />;
  if (options.error || !options.data) {
    return <QueryErrorAlert title="Could not load the form" error={options.error} onRetry={options.refetch} />;
  }

  const lists = {
    productInterests: options.data.productInterests,
    volumes: options.data.expectedMonthlyVolumes,
  };
  const details = account?.onboardingDetails;

  return (
    <div className="flex w-full max-w-5xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{account ? `Complete ${account.name}` : 'Set up your business account'}</h1>
        <p className="text-sm text-muted-foreground">
          {account
            ? 'Keep your business details current; we use them to verify your account.'
            : 'Tell us about your business. You start in test mode right away and go live once we verify you.'}
        </p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <OnboardingForm
          key={account?.id ?? 'new'}
          options={lists}
          defaultValues={details ? formValuesFromDetails(details) : { ...EMPTY_ONBOARDING_FORM, accountName: account?.name ?? '' }}
          submitLabel={account ? 'Save details' : 'Create account'}
          onSubmit={submit}
          generalError={generalError}
          onGeneralError={setGeneralError}
        />
        <div className="lg:sticky lg:top-6">
          <FaqCard read={hasReadFaq} pending={markingFaq} onMarkAsRead={() => void markRead()} />
        </div>
      </div>
    </div>
  );
}
