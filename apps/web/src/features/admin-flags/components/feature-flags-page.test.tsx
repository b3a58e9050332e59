import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StaffFeatureFlagsQuery } from '@/features/admin-flags/api/feature-flags';
import { FeatureFlagsPage } from '@/features/admin-flags/components/feature-flags-page';
import { ViewerProvider } from '@/hooks/use-permission';

const flags = {
  staffFeatureFlags: [
    {
      __typename: 'StaffFeatureFlag' as const,
      key: 'passes',
      description: 'Passes area (NFT passes and projects)',
      defaultValue: true,
      otherRuleCount: 0,
      updatedAt: '2026-11-23T02:00:00.000Z',
      overrides: [{ __typename: 'FeatureFlagOverride' as const, contextKind: 'account' as const, contextKey: 'acc-1', contextName: 'Pilot', enabled: false }],
    },
  ],
};

function renderPage() {
  render(
    <MockedProvider mocks={[{ request: { query: StaffFeatureFlagsQuery }, result: { data: flags } }]}>
      <ViewerProvider viewer={{ role: null, adminRole: 'Engineer' }}>
        <FeatureFlagsPage />
      </ViewerProvider>
    </MockedProvider>,
  );
}

describe('FeatureFlagsPage', () => {
  afterEach(() => {
    delete window.__RAMPART_CONFIG__;
  });

  it('offers edits with the built-in flags; with LaunchDarkly configured, says the values apply to no one and offers none', async () => {
    renderPage();
    expect(await screen.findByRole('button', { name: 'Change passes for Pilot' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set passes for an organization or account' })).toBeTruthy();
    expect(screen.queryByTestId('launchdarkly-note')).toBeNull();
    cleanup();

    window.__RAMPART_CONFIG__ = { featureFlagSource: 'launchdarkly' };
    renderPage();
    expect(await screen.findByText('Pilot')).toBeTruthy();
    expect(screen.getByTestId('launchdarkly-note').textContent).toContain('come from LaunchDarkly on this server');
    expect(screen.queryByRole('button', { name: /Change|Set passes|Default/ })).toBeNull();
  });
});
