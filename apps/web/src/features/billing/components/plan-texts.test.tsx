import { render } from '@testing-library/react';
import { hasSupportChat, PLAN_FEATURES } from '@rampart/shared/billing';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { catalogProducts, PlansGrid } from '@/features/billing/components/plans-grid';
import { SubscriptionCard } from '@/features/billing/components/subscription-card';
import { SubscriptionScreen } from '@/features/billing/components/subscription-screen';
import type { Billing_BillingFragment } from '@/gql/graphql';

// Issue 36: the go-live checklist says "a paid plan is not required to request go-live"; billing's words must agree,
// and a plan may list only what the product really changes with it.

const FREE = {
  __typename: 'Billing',
  plan: 'Free',
  provider: 'sandbox',
  canManage: true,
  subscription: null,
  invoices: [],
} as unknown as Billing_BillingFragment;

function billingTexts(): string {
  const views = [
    render(<SubscriptionCard billing={FREE} price={null} />),
    render(
      <MemoryRouter>
        <SubscriptionScreen productLabel="On-ramp" />
      </MemoryRouter>,
    ),
    render(<PlansGrid products={catalogProducts()} currentPlan="Free" currentPrice={null} interval="month" onIntervalChange={() => {}} onChoose={null} />),
  ];
  return views.map((view) => view.container.textContent ?? '').join('\n');
}

describe('the plan texts', () => {
  it('never tie going live to a plan: every sentence about going live says it needs business verification, not a plan', () => {
    const text = billingTexts();
    const sentences = text.split(/(?<=[.!?])\s*|\n/).filter((sentence) => /\bgo(es|ing)? live\b|\blive\b/i.test(sentence));
    for (const sentence of sentences) expect(sentence).toMatch(/business verification, not a paid plan|once your business is verified/);
    expect(text).toContain('Going live needs business verification, not a paid plan.');
  });

  it('list only what a plan changes: its team size and, where the support chat is shown, the support chat', () => {
    const teamSize = { Free: 'Up to 3 team members', Basic: 'Up to 10 team members', Pro: 'Unlimited team members' };
    for (const plan of ['Free', 'Basic', 'Pro'] as const) {
      // The same rule the support chat follows (features/support/lib/support-identity.ts).
      const chat = hasSupportChat(plan);
      expect(PLAN_FEATURES[plan].features).toEqual(chat ? [teamSize[plan], 'Support chat'] : [teamSize[plan]]);
    }
  });
});
