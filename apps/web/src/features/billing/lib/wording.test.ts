import { describe, expect, it } from 'vitest';
import {
  cancelSentence,
  catalogPrice,
  changeSentence,
  changeTitle,
  isUpgrade,
  pastDueSentence,
  renewalSentence,
  resumeLabel,
  type SubscriptionInfo,
} from './wording';

const GB = { locale: 'en-GB', timeZone: 'UTC' };
const END = '2026-12-23T10:00:00.000Z';

function subscription(overrides: Partial<SubscriptionInfo> = {}): SubscriptionInfo {
  return { plan: 'Pro', priceLookupKey: 'pro_monthly', status: 'active', currentPeriodEnd: END, cancelAtPeriodEnd: false, ...overrides };
}

describe('what a plan change does', () => {
  it('an upgrade starts now and charges the prorated difference today', () => {
    const sentence = changeSentence(catalogPrice('basic_monthly'), catalogPrice('pro_monthly'), END, GB);
    expect(sentence).toBe('Pro starts now; you are charged the prorated difference today, then US$199.00 a month from 23 Dec 2026.');
    expect(changeTitle(catalogPrice('basic_monthly'), catalogPrice('pro_monthly'))).toBe('Upgrade to Pro');
  });

  it('a downgrade waits for the end of the period', () => {
    expect(changeSentence(catalogPrice('pro_monthly'), catalogPrice('basic_monthly'), END, GB)).toBe(
      'You keep Pro until 23 Dec 2026, then Basic at US$49.00 a month.',
    );
    expect(changeTitle(catalogPrice('pro_monthly'), catalogPrice('basic_monthly'))).toBe('Downgrade to Basic');
  });

  it('yearly billing of the same plan is paid up front, so it starts now; monthly again waits', () => {
    expect(isUpgrade(catalogPrice('basic_monthly'), catalogPrice('basic_yearly'))).toBe(true);
    expect(isUpgrade(catalogPrice('basic_yearly'), catalogPrice('basic_monthly'))).toBe(false);
    expect(changeTitle(catalogPrice('basic_monthly'), catalogPrice('basic_yearly'))).toBe('Switch to yearly billing');
    expect(changeSentence(catalogPrice('basic_monthly'), catalogPrice('basic_yearly'), END, GB)).toBe(
      'Basic billed yearly starts now; you are charged the prorated difference today, then US$490.00 a year from 23 Dec 2026.',
    );
    // Pro monthly to Basic yearly is still a downgrade: the plan ranks first.
    expect(isUpgrade(catalogPrice('pro_monthly'), catalogPrice('basic_yearly'))).toBe(false);
  });

  it('a cancellation keeps the plan until the period ends', () => {
    expect(cancelSentence('Pro', END, GB)).toBe('You keep Pro until 23 Dec 2026, then your organization moves to the Free plan. You are not charged again.');
  });
});

describe('the renewal line', () => {
  it('renews, ends, or moves to the scheduled plan', () => {
    expect(renewalSentence(subscription(), GB)).toBe('Renews on 23 Dec 2026');
    expect(renewalSentence(subscription({ cancelAtPeriodEnd: true }), GB)).toBe('Ends on 23 Dec 2026');
    expect(renewalSentence(subscription({ scheduledPlan: 'Basic', scheduledPriceLookupKey: 'basic_monthly' }), GB)).toBe('Moves to Basic on 23 Dec 2026');
    expect(
      renewalSentence(subscription({ plan: 'Basic', priceLookupKey: 'basic_yearly', scheduledPlan: 'Basic', scheduledPriceLookupKey: 'basic_monthly' }), GB),
    ).toBe('Moves to monthly billing on 23 Dec 2026');
  });

  it('a failed payment says when the plan returns to Free', () => {
    expect(renewalSentence(subscription({ status: 'past_due', dunningEndsAt: '2026-12-07T00:00:00.000Z' }), GB)).toBe(
      'Payment failed: moves to Free on 7 Dec 2026 unless a payment succeeds',
    );
    expect(pastDueSentence('Pro', '2026-12-07T00:00:00.000Z', GB)).toBe('Your last payment failed. Update your payment method by 7 Dec 2026 to keep Pro.');
  });

  it('resuming names what it undoes', () => {
    expect(resumeLabel(subscription({ cancelAtPeriodEnd: true }))).toBe('Resume subscription');
    expect(resumeLabel(subscription({ scheduledPlan: 'Basic', scheduledPriceLookupKey: 'basic_monthly' }))).toBe('Keep Pro');
  });
});
