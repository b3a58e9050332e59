import type { HelioMerchantStatus } from '@rampart/shared/commerce';
import type { PayoutProvider } from '@/features/commerce/lib/payout-words';

// What onboarding actually does, in words. Helio's sign-up takes no return address, so nothing brings the partner back
// from Helio; Rampart asks Helio for the account's state when Commerce is opened, and Helio reports only whether the
// business is verified (active) or not yet (created): no review, no rejection. The review and rejected states come only
// from the built-in sandbox page, which returns to /helio. Rampart creates no pay links and sees no payments or payouts.

const SANDBOX_PAGE = 'on the built-in onboarding page';
const NOT_CONNECTED = 'Helio is not connected to this Rampart';

/** The Commerce page's one-line description. */
export function commercePageDescription(provider: PayoutProvider): string {
  if (provider === 'builtin') return `A Helio merchant account for crypto payments. ${NOT_CONNECTED}: the built-in sandbox takes no payment.`;
  return 'Crypto payments through a Helio merchant account, paid out by Helio to your own wallets.';
}

/** The merchant account page's one-line description; `provider` is the one that made the account. */
export function merchantAccountDescription(provider: PayoutProvider): string {
  if (provider === 'builtin') return "The built-in sandbox's stand-in for a Helio merchant account: it takes no payment.";
  return "The Helio merchant account that takes this account's crypto payments, at Helio.";
}

/** The title of the onboarding step: finished at Helio, or on the built-in page standing in for it. */
export function finishOnboardingTitle(provider: PayoutProvider): string {
  return provider === 'builtin' ? 'Finish onboarding on the built-in page' : 'Finish onboarding with Helio';
}

/** The introduction's description. */
export function commerceIntroDescription(provider: PayoutProvider): string {
  if (provider === 'builtin') {
    return `Commerce opens a Helio merchant account for this account. ${NOT_CONNECTED}: the built-in sandbox stands in for Helio, so no payment is taken and nothing is paid out.`;
  }
  return 'Commerce opens a Helio merchant account for this account and sends Helio the payout wallets you have added by then. Payments are taken and paid out at Helio, through what you set up in your Helio dashboard: Rampart creates no pay links and sees no payments or payouts.';
}

/** The introduction's "Finish onboarding" step. */
export function onboardingStepText(provider: PayoutProvider): string {
  if (provider === 'builtin') return `You choose how onboarding ends ${SANDBOX_PAGE}, which stands in for Helio's and brings you back here.`;
  return "Helio's hosted onboarding opens in this tab. Helio does not send you back: when you are done there, open Commerce in Rampart again to see whether Helio has verified the business.";
}

/** Under "Create the merchant account". */
export function createMerchantNote(provider: PayoutProvider): string {
  if (provider === 'builtin') return `Then you continue ${SANDBOX_PAGE}, which brings you back here.`;
  return "Then Helio's onboarding page opens in this tab. Helio does not bring you back: when you are done, open Commerce in Rampart again.";
}

/** Under "Finish onboarding with Helio" while the account is created. */
export function unfinishedOnboardingNote(provider: PayoutProvider): string {
  if (provider === 'builtin') return `The merchant account exists. Finish onboarding ${SANDBOX_PAGE}.`;
  return 'The merchant account exists at Helio, which has not reported the business as verified yet. Rampart asks Helio each time Commerce is opened; Helio reports no review or rejection, so see your Helio dashboard for where onboarding stands.';
}

/** The merchant account's status in a sentence; `provider` is the one that made the account. */
export function merchantStatusText(status: HelioMerchantStatus, provider: PayoutProvider): string {
  switch (status) {
    case 'created':
      return provider === 'builtin'
        ? `Onboarding ${SANDBOX_PAGE} is not finished yet.`
        : 'Helio has not reported the business as verified yet. Rampart asks Helio each time this page opens; see your Helio dashboard for where onboarding stands.';
    case 'active':
      return provider === 'builtin'
        ? `Approved ${SANDBOX_PAGE}. ${NOT_CONNECTED}, so no payment is taken and nothing is paid out.`
        : 'Helio reports the business as verified. Payments are taken and paid out at Helio; Rampart sees none of them.';
    case 'pendingReview':
      return `Sent to review ${SANDBOX_PAGE}. ${NOT_CONNECTED}, so nothing reviews it: it stays in review.`;
    case 'rejected':
      return `Rejected ${SANDBOX_PAGE}. ${NOT_CONNECTED}: no business was checked.`;
  }
}

/** The onboarding screen's card once onboarding has ended (any state but created). */
export function onboardingOutcome(status: Exclude<HelioMerchantStatus, 'created'>, provider: PayoutProvider): { title: string; description: string } {
  switch (status) {
    case 'active':
      return { title: 'Onboarding is finished', description: merchantStatusText('active', provider) };
    case 'pendingReview':
      return { title: 'Onboarding is in review', description: merchantStatusText('pendingReview', provider) };
    case 'rejected':
      return {
        title: 'The business was rejected',
        description: `${merchantStatusText('rejected', provider)} A rejected merchant account cannot continue onboarding.`,
      };
  }
}
