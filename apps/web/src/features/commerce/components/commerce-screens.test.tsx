import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { HelioOnboardingQuery } from '@/features/commerce/api/commerce';
import { CommerceAccountScreen } from '@/features/commerce/components/account-screen';
import { CommerceIntroScreen } from '@/features/commerce/components/intro-screen';
import { CommerceOnboardingScreen } from '@/features/commerce/components/onboarding-screen';
import { ViewerProvider } from '@/hooks/use-permission';
import { selectedAccountIdVar } from '@/lib/local-state';

// The commerce tab bar measures its scroller; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

type Provider = 'helio' | 'builtin';
type Status = 'created' | 'pendingReview' | 'active' | 'rejected';

function renderScreen(screenElement: React.ReactNode, provider: Provider, status: Status | null) {
  selectedAccountIdVar('acc_1');
  const merchantAccount = status && {
    __typename: 'HelioMerchantAccount' as const,
    accountId: 'acc_1',
    provider,
    merchantId: 'mer_1',
    status,
    businessName: 'Acme Ltd',
    contactEmail: 'payments@acme.example.com',
    createdAt: '2026-11-01T10:00:00.000Z',
    onboardingCompletedAt: null,
  };
  const data = {
    getPartnerHelioOnboarding: { __typename: 'HelioOnboarding' as const, provider, redirectUrl: null, redirectUrlExpiresAt: null, merchantAccount },
  };
  render(
    <MockedProvider mocks={[{ request: { query: HelioOnboardingQuery, variables: { accountId: 'acc_1' } }, result: { data } }]}>
      <MemoryRouter>
        <ViewerProvider viewer={{ role: 'administrator', adminRole: null }}>{screenElement}</ViewerProvider>
      </MemoryRouter>
    </MockedProvider>,
  );
}

afterEach(() => {
  cleanup();
  selectedAccountIdVar(null);
});

describe('the commerce screens say what onboarding does', () => {
  it('with Helio: no promise of coming back, of a review or of settling payments', async () => {
    renderScreen(<CommerceIntroScreen />, 'helio', null);
    expect(await screen.findByText(/Rampart creates no pay links and sees no payments or payouts/)).toBeTruthy();
    expect(screen.getByText(/Helio does not send you back/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/come back here|settles each payment|approval can take a review/);
    cleanup();

    renderScreen(<CommerceOnboardingScreen />, 'helio', null);
    expect(await screen.findByText(/Helio does not bring you back: when you are done, open Commerce in Rampart again/)).toBeTruthy();
    cleanup();

    renderScreen(<CommerceAccountScreen />, 'helio', 'created');
    expect(await screen.findByText(/^Helio has not reported the business as verified yet/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('Onboarding with Helio is not finished yet.');
  });

  it('without Helio: review and rejection are the built-in page’s, not Helio’s', async () => {
    renderScreen(<CommerceAccountScreen />, 'builtin', 'pendingReview');
    expect(await screen.findByText(/^Sent to review on the built-in onboarding page/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('Helio is reviewing your business');
    cleanup();

    renderScreen(<CommerceOnboardingScreen />, 'builtin', 'rejected');
    expect(await screen.findByText('The business was rejected')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Helio did not approve');
  });
});
