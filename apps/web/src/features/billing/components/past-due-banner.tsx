import { Link } from 'react-router';
import { ROUTES } from '@/config/routes';
import { pastDueSentence } from '@/features/billing/lib/wording';
import type { Billing_BannerAccountFragment } from '@/gql/graphql';

/** The shell's failed-payment banner: the plan stays until the dunning period ends; the link leads to the fix. */
export function PastDueBanner({ account, canManage }: { account: Billing_BannerAccountFragment | null; canManage: boolean }) {
  const until = account?.organization.billingPastDueUntil;
  if (!account || !until) return null;
  return (
    <div
      role="status"
      data-slot="past-due-banner"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-0.5 border-b border-red-600/30 bg-red-500/10 px-4 py-1.5 text-center text-xs leading-5 font-medium text-red-800 sm:px-6 dark:text-red-200"
    >
      <span>{pastDueSentence(account.organization.subscriptionPlanType, until)}</span>
      {canManage ? (
        <Link to={ROUTES.subscription} className="underline underline-offset-4 hover:no-underline">
          Update payment method
        </Link>
      ) : (
        <span className="font-normal">Ask an administrator of your account to update it.</span>
      )}
    </div>
  );
}
