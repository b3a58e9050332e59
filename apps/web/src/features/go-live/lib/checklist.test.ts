import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';
import { blockingItems, canRequestGoLive, itemLink, unmetItemsOf } from '@/features/go-live/lib/checklist';
import type { GoLive_ChecklistItemFragment } from '@/gql/graphql';

function item(key: string, state: GoLive_ChecklistItemFragment['state'], requiredToGoLive: boolean): GoLive_ChecklistItemFragment {
  return { key, label: key, state, detail: null, route: null, requiredToGoLive };
}

describe('go-live request rules', () => {
  const ready = [item('kyb', 'done', true), item('subscription', 'pending', false), item('rampSetup', 'notApplicable', false)];
  const notReady = [item('kyb', 'pending', true), item('testingInstructions', 'actionRequired', true), item('subscription', 'pending', false)];

  it('is held back only by required items that are not done', () => {
    expect(blockingItems(ready)).toEqual([]);
    expect(blockingItems(notReady).map((entry) => entry.key)).toEqual(['kyb', 'testingInstructions']);
  });

  it('can be sent when nothing blocks it and no request is open or approved; again after on hold or rejected', () => {
    expect(canRequestGoLive('NotStarted', ready)).toBe(true);
    expect(canRequestGoLive('OnHold', ready)).toBe(true);
    expect(canRequestGoLive('Rejected', ready)).toBe(true);
    expect(canRequestGoLive('Pending', ready)).toBe(false);
    expect(canRequestGoLive('InProgress', ready)).toBe(false);
    expect(canRequestGoLive('Approved', ready)).toBe(false);
    expect(canRequestGoLive('NotStarted', notReady)).toBe(false);
  });

  it('reads the server’s list of unmet items from a refused request, skipping malformed entries', () => {
    const error = new CombinedGraphQLErrors({
      errors: [
        {
          message: 'Before requesting go-live for On-ramp, complete: Testing instructions provided.',
          extensions: {
            code: 'BAD_USER_INPUT',
            unmetItems: [
              {
                key: 'testingInstructions',
                label: 'Testing instructions provided',
                detail: 'Tell Rampart’s reviewers how to test your integration.',
                route: '/dashboard/on-ramp/go-live#testing',
              },
              { nope: true },
            ],
          },
        },
      ],
    });
    expect(unmetItemsOf(error)).toEqual([
      {
        key: 'testingInstructions',
        label: 'Testing instructions provided',
        detail: 'Tell Rampart’s reviewers how to test your integration.',
        route: '/dashboard/on-ramp/go-live#testing',
      },
    ]);
    expect(unmetItemsOf(new Error('offline'))).toEqual([]);
  });

  it('turns a route on the current page into an anchor', () => {
    expect(itemLink('/dashboard/swaps/go-live#testing', '/dashboard/swaps/go-live')).toEqual({ kind: 'anchor', href: '#testing' });
    expect(itemLink('/dashboard/swaps/kyb', '/dashboard/swaps/go-live')).toEqual({ kind: 'route', href: '/dashboard/swaps/kyb' });
    expect(itemLink(null, '/dashboard/swaps/go-live')).toBeNull();
  });
});
