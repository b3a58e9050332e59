import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ChecklistCard } from '@/features/go-live/components/checklist-card';
import type { GoLive_ChecklistItemFragment } from '@/gql/graphql';

const ITEMS: GoLive_ChecklistItemFragment[] = [
  {
    key: 'kyb',
    label: 'Business verification (KYB) approved',
    state: 'actionRequired',
    detail: 'On hold: the proof of address is older than 3 months',
    route: '/dashboard/off-ramp/kyb',
    requiredToGoLive: true,
  },
  { key: 'domains', label: 'Domains set and cleared', state: 'done', detail: null, route: '/onboarding', requiredToGoLive: true },
  {
    key: 'testingInstructions',
    label: 'Testing instructions provided',
    state: 'actionRequired',
    detail: 'Tell Rampart’s reviewers how to test your integration.',
    route: '/dashboard/off-ramp/go-live#testing',
    requiredToGoLive: true,
  },
  {
    key: 'subscription',
    label: 'Subscription',
    state: 'pending',
    detail: 'Free plan: a paid plan is not required to request go-live; choose one under Subscribe when you need it.',
    route: '/dashboard/off-ramp/subscribe',
    requiredToGoLive: false,
  },
  {
    key: 'rampSetup',
    label: 'Ramp setup: currencies and fees',
    state: 'notApplicable',
    detail: 'Swaps need no currency or fee setup.',
    route: null,
    requiredToGoLive: false,
  },
];

function renderAt(pathname: string) {
  return render(
    <MemoryRouter initialEntries={[pathname]}>
      <ChecklistCard items={ITEMS} productLabel="Off-ramp" />
    </MemoryRouter>,
  );
}

describe('ChecklistCard', () => {
  it('lists every item in the server’s order with its state in words and why it is not done', () => {
    renderAt('/dashboard/off-ramp/go-live');
    const list = screen.getByRole('list', { name: 'Go-live checklist' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(ITEMS.map((item) => item.label));
    const kyb = within(list).getByRole('listitem', { name: 'Business verification (KYB) approved' });
    expect(within(kyb).getByText('Action required')).toBeTruthy();
    expect(within(kyb).getByText('On hold: the proof of address is older than 3 months')).toBeTruthy();
    expect(within(within(list).getByRole('listitem', { name: 'Domains set and cleared' })).getByText('Done')).toBeTruthy();
    expect(within(within(list).getByRole('listitem', { name: 'Ramp setup: currencies and fees' })).getByText('Not applicable')).toBeTruthy();
    // Every area exists: the card says what the marker means, not that areas are missing (issue 36).
    expect(screen.getByText('1 of 5 done for Off-ramp. Items marked “Not required” do not hold back your request.')).toBeTruthy();
  });

  it('links unfinished items to where they are done (an item of this page as an anchor) and marks the ones not required', () => {
    renderAt('/dashboard/off-ramp/go-live');
    const list = screen.getByRole('list', { name: 'Go-live checklist' });
    expect(
      within(list)
        .getByRole('link', { name: /Business verification \(KYB\) approved/ })
        .getAttribute('href'),
    ).toBe('/dashboard/off-ramp/kyb');
    expect(
      within(list)
        .getByRole('link', { name: /Testing instructions provided/ })
        .getAttribute('href'),
    ).toBe('#testing');
    expect(
      within(list)
        .getByRole('link', { name: /Subscription/ })
        .getAttribute('href'),
    ).toBe('/dashboard/off-ramp/subscribe');
    // Done and not-applicable items need no link.
    expect(within(list).queryByRole('link', { name: /Domains set and cleared/ })).toBeNull();
    expect(within(list).getAllByRole('link')).toHaveLength(3);
    const subscription = within(list).getByRole('listitem', { name: 'Subscription' });
    expect(within(subscription).getByText('Not required', { exact: true })).toBeTruthy();
    expect(
      within(within(list).getByRole('listitem', { name: 'Business verification (KYB) approved' })).queryByText('Not required', { exact: true }),
    ).toBeNull();
  });
});
