import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import type { ConfirmRequest } from '@/features/billing/components/confirm-dialog';
import type { PlanChoice } from '@/features/billing/components/plans-grid';
import { toPriceInfo } from '@/features/billing/components/plans-grid';
import {
  CancelSubscriptionMutation,
  ChangePlanMutation,
  CreateBillingPortalMutation,
  CreateCheckoutMutation,
  ResumeSubscriptionMutation,
  SHELL_ACCOUNT_QUERY_NAME,
} from '@/features/billing/api/billing';
import { cancelSentence, changeSentence, changeTitle, resumeLabel, type PriceInfo } from '@/features/billing/lib/wording';
import type { Billing_BillingFragment } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { describeApiError } from '@/lib/graphql-errors';

/** Where the browser goes for Stripe Checkout, the portal, or the sandbox's hosted pages. */
export function goTo(url: string) {
  window.location.assign(url);
}

/**
 * The plan actions of the subscription page and the sandbox portal. Every change refetches the shell's account so the
 * support chat and the failed-payment banner follow the plan without a reload.
 */
export function useBillingActions(
  accountId: string,
  billing: Billing_BillingFragment | null,
  currentPrice: PriceInfo | null,
  refetch: string[],
  { inShell = true } = {},
) {
  // Outside the shell (the sandbox portal) its query is not mounted; naming it would only warn.
  const refetchQueries = inShell ? [SHELL_ACCOUNT_QUERY_NAME, ...refetch] : refetch;
  const [createCheckout] = useMutation(CreateCheckoutMutation);
  const [createPortal] = useMutation(CreateBillingPortalMutation);
  const [changePlan] = useMutation(ChangePlanMutation, { refetchQueries, awaitRefetchQueries: true });
  const [cancel] = useMutation(CancelSubscriptionMutation, { refetchQueries, awaitRefetchQueries: true });
  const [resume] = useMutation(ResumeSubscriptionMutation, { refetchQueries, awaitRefetchQueries: true });
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [busyPriceId, setBusyPriceId] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const subscription = billing?.subscription ?? null;

  async function checkout(priceId: string, returnPath: string) {
    setError(null);
    setBusyPriceId(priceId);
    try {
      const { data } = await createCheckout({ variables: { accountId, priceId, returnPath } });
      if (data) goTo(data.createStripeSession.url);
    } catch (caught) {
      setError(describeApiError(caught).message);
      setBusyPriceId(null);
    }
  }

  async function openPortal(returnPath: string) {
    setError(null);
    setOpening(true);
    try {
      const { data } = await createPortal({ variables: { accountId, returnPath } });
      if (data) goTo(data.createStripeBillingSession.url);
    } catch (caught) {
      setError(describeApiError(caught).message);
      setOpening(false);
    }
  }

  function askCancel() {
    if (!subscription) return;
    setConfirm({
      title: `Cancel ${subscription.plan}?`,
      description: cancelSentence(subscription.plan, subscription.currentPeriodEnd),
      confirmLabel: 'Cancel at period end',
      cancelLabel: `Keep ${subscription.plan}`,
      destructive: true,
      run: async () => {
        await cancel({ variables: { accountId } });
        toast({ title: 'Cancellation scheduled', description: cancelSentence(subscription.plan, subscription.currentPeriodEnd) });
      },
    });
  }

  function askResume() {
    if (!subscription) return;
    const label = resumeLabel(subscription);
    setConfirm({
      title: `${label}?`,
      description: subscription.cancelAtPeriodEnd
        ? `${subscription.plan} renews as usual at the end of the period; nothing is charged today.`
        : `The scheduled change is dropped: ${subscription.plan} renews as usual at the end of the period; nothing is charged today.`,
      confirmLabel: label,
      run: async () => {
        await resume({ variables: { accountId } });
        toast({ title: subscription.cancelAtPeriodEnd ? 'Subscription resumed' : `You keep ${subscription.plan}` });
      },
    });
  }

  function choose(choice: PlanChoice, returnPath: string) {
    if (choice.kind === 'checkout') {
      void checkout(choice.product.priceId, returnPath);
      return;
    }
    if (choice.kind === 'free') {
      askCancel();
      return;
    }
    if (!subscription || !currentPrice) return;
    const target = toPriceInfo(choice.product);
    const title = changeTitle(currentPrice, target);
    const description = changeSentence(currentPrice, target, subscription.currentPeriodEnd);
    setConfirm({
      title,
      description,
      confirmLabel: title,
      run: async () => {
        await changePlan({ variables: { accountId, priceLookupKey: target.lookupKey } });
        toast({ title: title.startsWith('Downgrade') ? 'Downgrade scheduled' : 'Plan changed', description });
      },
    });
  }

  return { confirm, closeConfirm: () => setConfirm(null), choose, askCancel, askResume, openPortal, opening, busyPriceId, error };
}
