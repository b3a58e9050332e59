import { describe, expect, it } from 'vitest';
import {
  commerceIntroDescription,
  commercePageDescription,
  finishOnboardingTitle,
  merchantAccountDescription,
  createMerchantNote,
  merchantStatusText,
  onboardingOutcome,
  onboardingStepText,
  unfinishedOnboardingNote,
} from '@/features/commerce/lib/onboarding-words';

describe('what onboarding does, in words', () => {
  it('with Helio: nothing brings the partner back, Helio reports only verified or not, and Rampart sees no payments', () => {
    for (const text of [onboardingStepText('helio'), createMerchantNote('helio')]) {
      expect(text).toContain('Helio does not');
      expect(text).toContain('open Commerce in Rampart again');
      expect(text).not.toMatch(/come back here|brings you back here/);
    }
    expect(unfinishedOnboardingNote('helio')).toContain('Helio reports no review or rejection');
    expect(merchantStatusText('created', 'helio')).toBe(
      'Helio has not reported the business as verified yet. Rampart asks Helio each time this page opens; see your Helio dashboard for where onboarding stands.',
    );
    expect(merchantStatusText('active', 'helio')).toBe(
      'Helio reports the business as verified. Payments are taken and paid out at Helio; Rampart sees none of them.',
    );
    expect(commerceIntroDescription('helio')).toContain('Rampart creates no pay links and sees no payments or payouts');
    expect(commerceIntroDescription('helio')).toContain('sends Helio the payout wallets you have added by then');
    expect(commerceIntroDescription('helio')).not.toContain('settles each payment to the payout wallet you set');
  });

  it('without Helio: the built-in page brings the partner back, and review or rejection are its outcomes, not Helio’s', () => {
    expect(onboardingStepText('builtin')).toContain('brings you back here');
    expect(createMerchantNote('builtin')).toContain('brings you back here');
    expect(commerceIntroDescription('builtin')).toContain('no payment is taken and nothing is paid out');
    expect(merchantStatusText('active', 'builtin')).toContain('no payment is taken and nothing is paid out');
    for (const status of ['pendingReview', 'rejected'] as const) {
      const texts = [merchantStatusText(status, 'builtin'), onboardingOutcome(status, 'builtin').title, onboardingOutcome(status, 'builtin').description];
      for (const text of texts) expect(text).not.toMatch(/Helio (is reviewing|is checking|did not approve)/);
      expect(merchantStatusText(status, 'builtin')).toContain('on the built-in onboarding page');
    }
    expect(onboardingOutcome('rejected', 'builtin').title).toBe('The business was rejected');
    expect(merchantStatusText('pendingReview', 'builtin')).toBe(
      'Sent to review on the built-in onboarding page. Helio is not connected to this Rampart, so nothing reviews it: it stays in review.',
    );
  });

  it('the page descriptions and the step title promise payments only where a merchant account at Helio takes them', () => {
    expect(commercePageDescription('helio')).toBe('Crypto payments through a Helio merchant account, paid out by Helio to your own wallets.');
    expect(merchantAccountDescription('helio')).toContain('at Helio');
    expect(finishOnboardingTitle('helio')).toBe('Finish onboarding with Helio');
    expect(commercePageDescription('builtin')).toContain('the built-in sandbox takes no payment');
    expect(merchantAccountDescription('builtin')).toContain('it takes no payment');
    expect(finishOnboardingTitle('builtin')).toBe('Finish onboarding on the built-in page');
  });
});
